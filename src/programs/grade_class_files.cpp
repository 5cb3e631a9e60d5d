#include "programs/grade_class_files.hpp"

#include <unistd.h>

#include <filesystem>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

#include "platform/atomic_file.hpp"
#include "platform/text_file.hpp"

namespace reversi {

namespace {

namespace fs = std::filesystem;

// The path can be written: its folder exists and it is no directory. Returns whether the file exists.
bool checkWritable(const std::string& path, const char* option) {
    std::error_code ec;
    const fs::path parent = fs::path(path).parent_path();
    const std::string folder = parent.empty() ? "." : parent.string();
    if (!fs::is_directory(folder, ec))
        throw std::invalid_argument(std::string(option) + " " + path + ": there is no folder " + folder);
    if (fs::is_directory(path, ec)) throw std::invalid_argument(std::string(option) + " " + path + " is a directory");
    if (access(folder.c_str(), W_OK) != 0)
        throw std::invalid_argument(std::string(option) + " " + path + ": cannot write in " + folder);
    return fs::exists(path, ec);
}

// The first field of a CSV line (quoted as gradesCsv quotes it, or not).
std::string firstField(const std::string& line) {
    if (line.empty() || line[0] != '"') return line.substr(0, line.find(','));
    std::string field;
    for (std::size_t i = 1; i < line.size(); ++i) {
        if (line[i] == '"' && i + 1 < line.size() && line[i + 1] == '"') {
            field += '"';
            ++i;
        } else if (line[i] == '"') {
            break;
        } else {
            field += line[i];
        }
    }
    return field;
}

// A marks file is a few KiB a student: a file far larger is not one.
std::string readMarks(const std::string& path) { return readWholeFile(path, std::size_t{256} << 20); }

}  // namespace

ClassFiles::ClassFiles(std::string csv, std::string json) : csv_(std::move(csv)), json_(std::move(json)) {
    const auto notOurs = [](const std::string& option, const std::string& path, const std::string& what) {
        return std::invalid_argument(option + " " + path + " is not a marks file of reversi grade (" + what +
                                     "); name a new file or one it wrote");
    };
    if (!csv_.empty() && checkWritable(csv_, "--csv")) {
        std::istringstream lines(readMarks(csv_));
        std::string line;
        if (std::getline(lines, line) && line != kGradesCsvHeader) throw notOurs("--csv", csv_, "its first line differs");
        while (std::getline(lines, line))
            if (!line.empty()) csvRows_.emplace_back(firstField(line), line);
    }
    if (!json_.empty() && checkWritable(json_, "--json")) {
        const std::string text = readMarks(json_);
        if (text.find_first_not_of(" \t\r\n") == std::string::npos) return;
        try {
            const Json document = parseJsonText(text);
            for (const Json& row : jsonArray(document, "submissions"))
                jsonRows_.emplace_back(jsonString(row, "submission"), row);
        } catch (const std::exception& e) {
            throw notOurs("--json", json_, e.what());
        }
    }
}

void ClassFiles::write(const std::vector<ClassRow>& finished, Json document, mode_t mode) const {
    std::map<std::string, const ClassRow*> byName;
    for (const ClassRow& row : finished) byName[row.name] = &row;
    std::set<std::string> written;
    if (!csv_.empty()) {
        std::string text = kGradesCsvHeader + "\n";
        for (const auto& [name, line] : csvRows_)
            if (written.insert(name).second) text += (byName.count(name) ? byName[name]->csv : line) + "\n";
        for (const ClassRow& row : finished)
            if (written.insert(row.name).second) text += row.csv + "\n";
        writeFileAtomically(csv_, text, mode);
    }
    if (!json_.empty()) {
        document["submissions"] = Json::array();
        written.clear();
        for (const auto& [name, object] : jsonRows_)
            if (written.insert(name).second) document["submissions"].push_back(byName.count(name) ? byName[name]->json : object);
        for (const ClassRow& row : finished)
            if (written.insert(row.name).second) document["submissions"].push_back(row.json);
        writeFileAtomically(json_, jsonDocument(document), mode);
    }
}

}  // namespace reversi
