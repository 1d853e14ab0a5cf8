#include "io/SweepParts.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>

#include "experiments/SweepPoints.h"
#include "io/JsonParse.h"
#include "model/InputError.h"

namespace mr {

using nlohmann::json;
using nlohmann::ordered_json;

namespace {

constexpr std::size_t kMaxLineBytes = 64u << 20;
constexpr std::uint64_t kFnvOffset = 0xcbf29ce484222325ULL;

std::uint64_t fnv1a(std::uint64_t hash, const std::string& text) {
    for (const char c : text) {
        hash ^= static_cast<unsigned char>(c);
        hash *= 0x100000001b3ULL;
    }
    return hash;
}

InputError writeError(const std::string& path, const std::string& what) {
    return InputError(path, "", "", what + ": " + std::strerror(errno));
}

// The pid holding a flock() on the file open as `fd`, from /proc/locks (Linux); 0 when unknown.
long lockHolder(int fd) {
    struct stat info {};
    if (::fstat(fd, &info) != 0) {
        return 0;
    }
    std::ifstream locks("/proc/locks");
    char wanted[64];
    std::snprintf(wanted, sizeof wanted, "%02x:%02x:%llu", ::major(info.st_dev),
                  ::minor(info.st_dev), static_cast<unsigned long long>(info.st_ino));
    // "1: FLOCK  ADVISORY  WRITE 12345 08:01:654321 0 EOF"
    std::string number, kind, mode, access, device;
    long pid = 0;
    std::string rest;
    while (locks >> number >> kind) {
        if (kind == "->") {  // a waiter: "1: -> FLOCK ..."
            locks >> kind;
        }
        if (!(locks >> mode >> access >> pid >> device)) {
            break;
        }
        std::getline(locks, rest);
        if (kind == "FLOCK" && device == wanted) {
            return pid;
        }
    }
    return 0;
}

}  // namespace

std::string contentHash(const std::string& text) {
    const std::uint64_t hash = fnv1a(kFnvOffset, text);
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(hash));
    return hex;
}

std::string sweepFingerprint(const std::string& command, const ordered_json& definition,
                             const std::string& program, const ResultRevisions& revisions) {
    return contentHash(command + "\n" + definition.dump() + "\n" + program + "\nengine " +
                       std::to_string(revisions.engine) + " generators " +
                       std::to_string(revisions.generators));
}

std::string describeRevisions(const ResultRevisions& revisions) {
    return "engine revision " + std::to_string(revisions.engine) + ", generator revision " +
           std::to_string(revisions.generators);
}

SweepHeader makeSweepHeader(std::string command, ordered_json definition, std::size_t points,
                            std::string order, std::string program, ResultRevisions revisions) {
    SweepHeader h;
    h.fingerprint = sweepFingerprint(command, definition, program, revisions);
    h.revisions = revisions;
    h.command = std::move(command);
    h.definition = std::move(definition);
    h.points = points;
    h.order = std::move(order);
    h.program = std::move(program);
    return h;
}

std::string headerLine(const SweepHeader& h) {
    ordered_json line;
    line["format"] = kSweepPartsFormat;
    line["version"] = kSweepPartsVersion;
    line["command"] = h.command;
    line["fingerprint"] = h.fingerprint;
    line["program"] = h.program;
    line["revisions"] = {{"engine", h.revisions.engine}, {"generators", h.revisions.generators}};
    line["points"] = h.points;
    line["order"] = h.order;
    line["definition"] = h.definition;
    return line.dump() + "\n";
}

std::string pointLine(const SweepHeader& h, std::size_t index, const ordered_json& fields) {
    ordered_json line;
    line["fingerprint"] = h.fingerprint;
    line["index"] = index;
    for (const auto& [key, value] : fields.items()) {
        line[key] = value;
    }
    return line.dump() + "\n";
}

ordered_json partNumber(double value) {
    if (std::isfinite(value)) {
        return value;
    }
    return std::isnan(value) ? "nan" : (value > 0 ? "inf" : "-inf");
}

std::optional<double> optionalPartNumber(const FieldReader& fields, const char* key) {
    if (!fields.has(key) || fields.raw(key).is_null()) {
        return std::nullopt;
    }
    const json& v = fields.raw(key);
    if (v.is_number()) {
        return v.get<double>();
    }
    if (v.is_string()) {
        const std::string text = v.get<std::string>();
        if (text == "inf") {
            return HUGE_VAL;
        }
        if (text == "-inf") {
            return -HUGE_VAL;
        }
        if (text == "nan") {
            return std::nan("");
        }
    }
    fields.fail(key, "must be a number (or \"inf\", \"-inf\", \"nan\")");
}

double partNumber(const FieldReader& fields, const char* key) {
    const auto value = optionalPartNumber(fields, key);
    if (!value) {
        fields.fail(key, "is missing");
    }
    return *value;
}

void checkPointArguments(const FieldReader& line, const ordered_json& arguments,
                         std::size_t index) {
    for (const auto& [key, value] : arguments.items()) {
        if (!line.has(key.c_str()) || line.raw(key.c_str()).dump() != value.dump()) {
            line.fail(key, "does not match point " + std::to_string(index) + " of the sweep (" +
                               value.dump() + " expected)");
        }
    }
}

PartWriter::PartWriter(const std::string& path, bool append) : m_path(path) {
    struct stat info {};
    if (::stat(path.c_str(), &info) == 0 && !S_ISREG(info.st_mode)) {
        throw InputError(path, "", "", "is not a regular file");
    }
    // Not O_TRUNC: the file is emptied only once its lock is ours (another writer may own it).
    m_fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (m_fd < 0) {
        throw writeError(path, "cannot open for writing");
    }
    try {
        lock();
        if (append) {
            cutTornLine();
        } else if (::ftruncate(m_fd, 0) != 0) {
            throw writeError(path, "cannot empty");
        }
    } catch (...) {
        ::close(m_fd);  // the lock goes with it
        m_fd = -1;
        throw;
    }
}

void PartWriter::lock() {
    while (::flock(m_fd, LOCK_EX | LOCK_NB) != 0) {
        if (errno == EINTR) {
            continue;
        }
        if (errno != EWOULDBLOCK) {
            throw writeError(m_path, "cannot lock");
        }
        const long holder = lockHolder(m_fd);
        throw InputError(
            m_path, "", "",
            "is being written by another mrsim" +
                (holder > 0 ? " (pid " + std::to_string(holder) + ")" : std::string()) +
                ": a part has one writer at a time; let it finish or stop it, then "
                "run again");
    }
}

void PartWriter::cutTornLine() {
    // Cut a torn last line (a writer killed inside write()): appending after it would glue the
    // next line to it.
    const off_t size = ::lseek(m_fd, 0, SEEK_END);
    off_t keep = size;
    const int reader = ::open(m_path.c_str(), O_RDONLY | O_CLOEXEC);
    if (reader < 0) {
        throw writeError(m_path, "cannot read");
    }
    char block[4096];
    while (keep > 0) {
        const off_t from = std::max<off_t>(0, keep - static_cast<off_t>(sizeof block));
        const ssize_t got = ::pread(reader, block, static_cast<std::size_t>(keep - from), from);
        if (got <= 0) {
            break;
        }
        const char* end = block + got;
        const char* newline = end;
        while (newline != block && newline[-1] != '\n') {
            --newline;
        }
        if (newline != block) {
            keep = from + (newline - block);
            break;
        }
        keep = from;
    }
    ::close(reader);
    if (keep != size && ::ftruncate(m_fd, keep) != 0) {
        throw writeError(m_path, "cannot cut the torn last line");
    }
}

PartWriter::PartWriter(std::ostream& out) : m_out(&out) {}

PartWriter::~PartWriter() {
    if (m_fd >= 0) {
        ::close(m_fd);
    }
}

void PartWriter::write(const std::string& line) {
    const std::lock_guard lock(m_mutex);
    if (m_out != nullptr) {
        m_out->write(line.data(), static_cast<std::streamsize>(line.size()));
        m_out->flush();
        if (!*m_out) {
            throw InputError("", "", "output", "cannot write the results");
        }
        return;
    }
    // One write() for the whole line: O_APPEND places it at the end in one piece.
    std::size_t done = 0;
    while (done < line.size()) {
        const ssize_t n = ::write(m_fd, line.data() + done, line.size() - done);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            throw writeError(m_path, "cannot write");
        }
        done += static_cast<std::size_t>(n);
    }
}

std::vector<std::size_t> PartsReport::missing() const {
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < seen.size(); ++i) {
        if (seen[i] == 0) {
            out.push_back(i);
        }
    }
    return out;
}

std::size_t PartsReport::pointsRead() const {
    return static_cast<std::size_t>(
        std::count_if(seen.begin(), seen.end(), [](std::uint8_t n) { return n > 0; }));
}

namespace {

SweepHeader parseHeader(const std::string& text, const std::string& where) {
    const ordered_json line = ordered_json::parse(text);
    const auto need = [&](const char* key) -> const ordered_json& {
        if (!line.contains(key)) {
            throw InputError(where, "", key, "the header line has no '" + std::string(key) + "'");
        }
        return line[key];
    };
    if (need("format") != kSweepPartsFormat) {
        throw InputError(where, "", "format",
                         "not a sweep results file (expected \"format\": \"" +
                             std::string(kSweepPartsFormat) + "\")");
    }
    if (need("version") == 1) {
        throw InputError(where, "", "version",
                         "written by an older mrsim whose parts did not record the revisions that "
                         "computed them (format version 1): compute the sweep again");
    }
    if (need("version") != kSweepPartsVersion) {
        throw InputError(where, "", "version",
                         "sweep results format version " + need("version").dump() +
                             ", this mrsim reads version " + std::to_string(kSweepPartsVersion));
    }
    SweepHeader h;
    try {
        h.command = need("command").get<std::string>();
        h.fingerprint = need("fingerprint").get<std::string>();
        h.program = need("program").get<std::string>();
        h.points = need("points").get<std::size_t>();
        h.order = need("order").get<std::string>();
        h.definition = need("definition");
        const ordered_json& revisions = need("revisions");
        h.revisions.engine = revisions.at("engine").get<int>();
        h.revisions.generators = revisions.at("generators").get<int>();
    } catch (const nlohmann::json::exception&) {
        throw InputError(where, "", "header", "a header field has the wrong type");
    }
    if (sweepFingerprint(h.command, h.definition, h.program, h.revisions) != h.fingerprint) {
        throw InputError(where, "", "fingerprint",
                         "does not match the header's definition (the line was edited)");
    }
    if (h.points < 1 || h.points > kMaxSweepPoints) {
        throw InputError(where, "", "points",
                         "must be between 1 and " + std::to_string(kMaxSweepPoints));
    }
    return h;
}

// What two lines of one point must share to hold the same results: the line without its
// informational fields, keys sorted (nlohmann::json), hashed.
std::uint64_t resultsHash(const json& line) {
    const auto informational = [&] {
        for (const char* key : kInformationalPointFields) {
            if (line.contains(key)) {
                return true;
            }
        }
        return false;
    };
    if (!informational()) {
        return fnv1a(kFnvOffset, line.dump());
    }
    json results = line;
    for (const char* key : kInformationalPointFields) {
        results.erase(key);
    }
    return fnv1a(kFnvOffset, results.dump());
}

// Calls onLine(text, lineNumber) for every complete line of `path`; returns false when the file
// ends with an incomplete line (which is skipped).
bool forEachLine(const std::string& path,
                 const std::function<void(const std::string&, std::size_t)>& onLine) {
    std::ifstream in(path, std::ios::binary);
    std::string pending;
    std::size_t number = 0;
    std::vector<char> block(1u << 20);
    while (in) {
        in.read(block.data(), static_cast<std::streamsize>(block.size()));
        const std::size_t got = static_cast<std::size_t>(in.gcount());
        std::size_t start = 0;
        for (std::size_t i = 0; i < got; ++i) {
            if (block[i] != '\n') {
                continue;
            }
            pending.append(block.data() + start, i - start);
            onLine(pending, ++number);
            pending.clear();
            start = i + 1;
        }
        pending.append(block.data() + start, got - start);
        if (pending.size() > kMaxLineBytes) {
            throw InputError(path + " line " + std::to_string(number + 1), "", "",
                             "line longer than 64 MB: not a sweep results file");
        }
    }
    if (in.bad()) {
        throw InputError(path, "", "", "cannot read: " + std::string(std::strerror(errno)));
    }
    return pending.empty();
}

}  // namespace

namespace {

// Whether `path` can be read as a part: false when it is missing and that means empty.
bool openablePart(const std::string& path, bool missingIsEmpty) {
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0) {
        if (missingIsEmpty && errno == ENOENT) {
            return false;
        }
        throw InputError(path, "", "", "cannot open: " + std::string(std::strerror(errno)));
    }
    if (!S_ISREG(info.st_mode)) {
        throw InputError(path, "", "", "is not a regular file");
    }
    if (::access(path.c_str(), R_OK) != 0) {
        throw InputError(path, "", "", "cannot open: " + std::string(std::strerror(errno)));
    }
    return true;
}

// A header line: the first one sets the sweep, later ones must be of the same revisions and sweep.
void readHeaderLine(const std::string& text, const std::string& where,
                    const PartsCallbacks& callbacks, PartsReport& report) {
    SweepHeader h = parseHeader(text, where);
    if (!report.header) {
        if (callbacks.header) {
            callbacks.header(h);
        }
        report.seen.assign(h.points, 0);
        report.resultHashes.assign(h.points, 0);
        report.header = std::move(h);
    } else if (h.revisions != report.header->revisions) {
        throw InputError(where, "", "revisions",
                         "computed by " + describeRevisions(h.revisions) + ", the first part by " +
                             describeRevisions(report.header->revisions) +
                             ": parts of different revisions do not merge (compute "
                             "the sweep again with one mrsim)");
    } else if (h.fingerprint != report.header->fingerprint) {
        throw InputError(where, "", "fingerprint",
                         "from another sweep (" + h.command + " " + h.fingerprint +
                             "; the first part is " + report.header->command + " " +
                             report.header->fingerprint + ")");
    }
}

}  // namespace

PartsReport readSweepParts(const std::vector<std::string>& paths, const PartsCallbacks& callbacks,
                           bool missingIsEmpty) {
    PartsReport report;
    for (const std::string& path : paths) {
        if (!openablePart(path, missingIsEmpty)) {
            continue;
        }
        bool headerInFile = false;
        const bool complete = forEachLine(path, [&](const std::string& text, std::size_t number) {
            const std::string where = path + " line " + std::to_string(number);
            if (text.find_first_not_of(" \t\r") == std::string::npos) {
                return;
            }
            // Strict: nesting depth, repeated keys and huge numbers refused, naming the line.
            const json line = parseJsonText(text, where);
            if (!line.is_object()) {
                throw InputError(where, "", "", "not a JSON object");
            }
            if (line.contains("format")) {
                readHeaderLine(text, where, callbacks, report);
                headerInFile = true;
                return;
            }
            if (!headerInFile) {
                throw InputError(where, "", "", "a point before the file's header line");
            }
            const FieldReader fields(line, where, "");
            const std::string fingerprint = fields.requiredString("fingerprint");
            if (fingerprint != report.header->fingerprint) {
                throw InputError(where, "", "fingerprint",
                                 "from another sweep (" + fingerprint + "; the header says " +
                                     report.header->fingerprint + ")");
            }
            const auto index = static_cast<std::size_t>(
                fields.requiredInt("index", 0, static_cast<long long>(report.header->points) - 1));
            const std::uint64_t hash = resultsHash(line);
            if (report.seen[index] > 0) {
                (hash == report.resultHashes[index] ? report.repeated : report.duplicates)
                    .push_back(index);
                report.seen[index] =
                    static_cast<std::uint8_t>(std::min<int>(report.seen[index] + 1, 255));
                return;
            }
            report.seen[index] = 1;
            report.resultHashes[index] = hash;
            if (callbacks.point) {
                callbacks.point(index, line, where);
            }
        });
        if (!complete) {
            report.tornFiles.push_back(path);
        }
    }
    // Each index once; a point with different results is a duplicate even if some repeats agree.
    for (std::vector<std::size_t>* list : {&report.duplicates, &report.repeated}) {
        std::sort(list->begin(), list->end());
        list->erase(std::unique(list->begin(), list->end()), list->end());
    }
    std::erase_if(report.repeated, [&](std::size_t i) {
        return std::binary_search(report.duplicates.begin(), report.duplicates.end(), i);
    });
    return report;
}

std::string indexRanges(const std::vector<std::size_t>& indices, std::size_t limit) {
    std::string out;
    std::size_t ranges = 0;
    std::size_t i = 0;
    while (i < indices.size()) {
        std::size_t j = i;
        while (j + 1 < indices.size() && indices[j + 1] == indices[j] + 1) {
            ++j;
        }
        if (ranges == limit) {
            std::size_t rest = 0;
            for (std::size_t k = i; k < indices.size(); ++k) {
                rest += k == i || indices[k] != indices[k - 1] + 1 ? 1 : 0;
            }
            return out + ", … (" + std::to_string(rest) + " more ranges)";
        }
        out += (out.empty() ? "" : ", ") + std::to_string(indices[i]);
        if (j > i) {
            out += "-" + std::to_string(indices[j]);
        }
        ++ranges;
        i = j + 1;
    }
    return out;
}

}  // namespace mr
