#include "cli.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <sstream>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <new>
#include <string>

#include "platform/version.hpp"
#include "platform/printable.hpp"

namespace reversi::app {

const char* versionText() { return "reversi " REVERSI_VERSION; }

bool parseCommandLine(CLI::App& app, int argc, char** argv, int& status) {
    try {
        app.parse(argc, argv);
        return true;
    } catch (const CLI::Success& e) {  // --help, --version
        status = app.exit(e);
        return false;
    } catch (const CLI::ParseError& e) {
        const std::string name = commandPath(app);
        std::cerr << name << ": " << printable(e.what(), 300) << " (" << name << " --help lists the options)\n";
        status = kExitUsage;
        return false;
    }
}

CLI::Validator FiniteRange(double min, double max) {
    std::ostringstream description;
    description << "FLOAT in [" << min << " - " << max << "]";
    return CLI::Validator(
        [min, max](std::string& text) -> std::string {
            char* end = nullptr;
            const double value = std::strtod(text.c_str(), &end);
            if (text.empty() || *end != '\0') return "";  // not a number: the conversion to double says so
            if (!std::isfinite(value)) return "Value " + text + " is not a finite number";
            if (value < min || value > max) {
                std::ostringstream message;
                message << "Value " << text << " not in range " << min << " to " << max;
                return message.str();
            }
            return "";
        },
        description.str());
}

std::string commandPath(const CLI::App& app) {
    std::string name = app.get_name().empty() ? "reversi" : app.get_name();
    for (const CLI::App* at = &app; !at->get_subcommands().empty();) {
        at = at->get_subcommands().front();
        name += " " + at->get_name();
    }
    return name;
}

namespace {

// Standard output's stream buffer, wrapped to remember why a write failed: the error shows when stdio
// flushes its buffer (inside a write, long before the end), and errno is gone by the time the run
// ends. Unbuffered, so that it passes every character straight on, in order with printf.
class FailureRecordingBuffer : public std::streambuf {
public:
    explicit FailureRecordingBuffer(std::streambuf* inner) : inner_(inner) {}
    int error() const { return error_; }
    std::streambuf* inner() const { return inner_; }

protected:
    int_type overflow(int_type c) override {
        if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
        errno = 0;
        const int_type r = inner_->sputc(traits_type::to_char_type(c));
        if (traits_type::eq_int_type(r, traits_type::eof())) note();
        return r;
    }
    std::streamsize xsputn(const char* s, std::streamsize n) override {
        errno = 0;
        const std::streamsize r = inner_->sputn(s, n);
        if (r < n) note();
        return r;
    }
    int sync() override {
        errno = 0;
        const int r = inner_->pubsync();
        if (r != 0) note();
        return r;
    }

private:
    void note() {
        if (!error_) error_ = errno ? errno : EIO;
    }
    std::streambuf* inner_;
    int error_ = 0;
};

int g_outputError = 0;  // the reason standard output failed, when a write saw it

}  // namespace

void noteOutputError(int err) {
    if (!g_outputError) g_outputError = err ? err : EIO;
}

int checkStandardOutput(const std::string& command, int status) {
    std::cout.flush();
    errno = 0;
    const bool flushFailed = std::fflush(stdout) != 0;
    int err = flushFailed ? errno : 0;
    if (!flushFailed && std::cout.good() && !std::ferror(stdout)) return status;
    if (g_outputError) err = g_outputError;
    std::cerr << command << ": cannot write standard output" << (err ? std::string(": ") + std::strerror(err) : "")
              << "\n";
    return status != 0 ? status : kExitUsage;
}

int runCommand(const CLI::App& app, const std::function<int()>& action) {
    const std::string name = commandPath(app);
    FailureRecordingBuffer recorder(std::cout.rdbuf());
    std::cout.rdbuf(&recorder);
    struct Restore {
        std::streambuf* buffer;
        FailureRecordingBuffer& recorder;
        ~Restore() { std::cout.rdbuf(buffer); }
    } restore{recorder.inner(), recorder};
    int status = 0;
    try {
        status = action();
    } catch (const std::bad_alloc&) {
        std::cerr << name << ": out of memory\n";
        return kExitUsage;
    } catch (const std::exception& e) {
        std::cerr << name << ": " << printable(e.what(), 300) << "\n";
        return kExitUsage;
    }
    std::cout.flush();
    if (!g_outputError) g_outputError = recorder.error();
    return checkStandardOutput(name, status);
}

void addExamples(CLI::App& command, std::initializer_list<const char*> examples) {
    std::string text = "\nExamples:";
    for (const char* example : examples) text += std::string("\n  ") + example;
    command.footer(text + "\n");
}

int runTool(const char* command, const std::function<void()>& work) {
    try {
        work();
        return 0;
    } catch (const std::exception& e) {
        std::cerr << command << ": " << e.what() << "\n";
        return 1;
    }
}

int runChecked(const std::string& command, const std::function<int()>& work) {
    try {
        return work();
    } catch (const std::invalid_argument& e) {
        std::cerr << command << ": " << printable(e.what(), 400) << "\n";
        return kExitUsage;
    } catch (const std::exception& e) {
        std::cerr << command << ": " << printable(e.what(), 400) << "\n";
        return 1;
    }
}

}  // namespace reversi::app
