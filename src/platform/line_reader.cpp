#include "platform/line_reader.hpp"

namespace reversi {

bool readBoundedLine(std::istream& in, std::string& line, std::size_t maxKept) {
    line.clear();
    if (!in.good()) return false;
    bool any = false;
    std::streambuf* buf = in.rdbuf();
    while (true) {
        const int ch = buf->sbumpc();
        if (ch == std::char_traits<char>::eof()) {
            in.setstate(std::ios::eofbit);
            return any;
        }
        any = true;
        if (ch == '\n') break;
        if (line.size() < maxKept) line.push_back(static_cast<char>(ch));
    }
    if (!line.empty() && line.back() == '\r') line.pop_back();
    return true;
}

}  // namespace reversi
