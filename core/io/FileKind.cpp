#include "io/FileKind.h"

#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

namespace mr {

namespace {

constexpr std::size_t kSniffBytes = 64 * 1024;

// The value of the first "format": "..." in `text`, or empty.
std::string formatField(const std::string& text) {
    const std::string key = "\"format\"";
    for (std::size_t at = text.find(key); at != std::string::npos; at = text.find(key, at + 1)) {
        std::size_t i = at + key.size();
        const auto skipSpace = [&] {
            while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) {
                ++i;
            }
        };
        skipSpace();
        if (i >= text.size() || text[i] != ':') {
            continue;
        }
        ++i;
        skipSpace();
        if (i >= text.size() || text[i] != '"') {
            continue;
        }
        const std::size_t end = text.find('"', i + 1);
        return end == std::string::npos ? std::string() : text.substr(i + 1, end - i - 1);
    }
    return {};
}

bool hasKey(const std::string& text, const char* key) {
    return text.find(std::string("\"") + key + "\"") != std::string::npos;
}

// A SWIM row: id, then five non-negative numbers, tab-separated.
bool isSwimRow(const std::string& line) {
    std::vector<std::string> cells;
    std::string cell;
    std::istringstream in(line);
    while (std::getline(in, cell, '\t')) {
        cells.push_back(cell);
    }
    if (cells.size() != 6 || cells[0].empty()) {
        return false;
    }
    for (std::size_t i = 1; i < cells.size(); ++i) {
        std::string c = cells[i];
        if (!c.empty() && c.back() == '\r') {
            c.pop_back();
        }
        if (c.empty() || c.find_first_not_of("0123456789.eE+") != std::string::npos) {
            return false;
        }
    }
    return true;
}

}  // namespace

FileKind detectFileKindOfText(const std::string& start) {
    std::size_t i = 0;
    if (start.compare(0, 3, "\xEF\xBB\xBF") == 0) {
        i = 3;  // UTF-8 byte order mark
    }
    while (i < start.size() && std::isspace(static_cast<unsigned char>(start[i]))) {
        ++i;
    }
    if (i == start.size()) {
        return FileKind::Empty;
    }
    if (start[i] == '{') {
        const std::string format = formatField(start);
        if (format == "mrx-workload") {
            return FileKind::Workload;
        }
        if (format == "mrx-costmodel") {
            return FileKind::CostModel;
        }
        if (format == "mrx-session") {
            return FileKind::Session;
        }
        if (format.rfind("mrx-", 0) == 0) {
            return FileKind::OtherMrx;
        }
        if (hasKey(start, "jobID") && (hasKey(start, "mapTasks") || hasKey(start, "submitTime"))) {
            return FileKind::RumenTrace;
        }
        // SLS's native trace, or the workload description its synthetic generator reads.
        if (hasKey(start, "am.type") || hasKey(start, "job.tasks") ||
            (hasKey(start, "workloads") && hasKey(start, "job_classes"))) {
            return FileKind::SlsTrace;
        }
        return FileKind::Unknown;
    }
    const std::size_t end = start.find('\n', i);
    if (isSwimRow(start.substr(i, end == std::string::npos ? std::string::npos : end - i))) {
        return FileKind::SwimTrace;
    }
    return FileKind::Unknown;
}

FileKind detectFileKind(const std::string& path) {
    namespace fs = std::filesystem;
    std::error_code error;
    const fs::file_status status = fs::status(path, error);
    if (error || !fs::exists(status)) {
        return FileKind::Missing;
    }
    if (fs::is_directory(status)) {
        return FileKind::Directory;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        return FileKind::Unreadable;
    }
    std::string start(kSniffBytes, '\0');
    in.read(start.data(), static_cast<std::streamsize>(start.size()));
    if (in.bad()) {
        return FileKind::Unreadable;
    }
    start.resize(static_cast<std::size_t>(in.gcount()));
    return detectFileKindOfText(start);
}

std::string describeFileKind(FileKind kind) {
    switch (kind) {
        case FileKind::Missing:
            return "missing";
        case FileKind::Directory:
            return "a folder, not a file";
        case FileKind::Unreadable:
            return "a file that cannot be read";
        case FileKind::Empty:
            return "empty";
        case FileKind::Workload:
            return "a workload";
        case FileKind::CostModel:
            return "a LiPS cost model";
        case FileKind::Session:
            return "an explorer session (variants and view)";
        case FileKind::OtherMrx:
            return "a file of this program that is not a workload";
        case FileKind::RumenTrace:
            return "a Rumen job trace (Hadoop job history), not a workload";
        case FileKind::SwimTrace:
            return "a SWIM workload trace (tab-separated job rows), not a workload";
        case FileKind::SlsTrace:
            return "a Hadoop SLS trace, which this program cannot import (import the Rumen "
                   "trace it was made from)";
        case FileKind::Unknown:
            break;
    }
    return "not a workload, cost model or trace this program knows";
}

std::string importFormatOf(FileKind kind) {
    return kind == FileKind::RumenTrace ? "rumen" : kind == FileKind::SwimTrace ? "swim" : "";
}

}  // namespace mr
