// SweepParts — a sweep's results as JSON lines, the file format that sharded runs
// write and `mrsim merge` reads:
//   {"format": "mrx-sweep-points", "version": 1, "command": "sweep", "fingerprint": "…",
//    "points": P, "order": "…", "definition": {…}}                   the header, first line
//   {"fingerprint": "…", "index": 17, <the point's arguments>, <its results>}
//                                                                      one line per point
// The fingerprint is a hash of the command, the definition (every argument that shapes a result,
// the workload's or model's contents included), the program version and the results revisions
// (model/Revisions.h: the engine's and the generators'): parts merge only with parts of the same
// sweep computed by the same revisions. Lines are appended whole, one write() each, as points
// finish, so a killed writer leaves complete lines and at most one torn last line (readers ignore
// it).
//
// One writer per part: a PartWriter holds an exclusive flock() on its file while it lives, and a
// second writer of the same part is refused (an orphaned shard still appending must not be joined
// by a rerun). Points are deterministic, so the same point computed twice gives the same line:
// readers keep one of such repeats and refuse only repeats whose results differ (informational
// fields such as a solver's wall time left out of the comparison).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "io/FieldReader.h"
#include "model/Revisions.h"

namespace mr {

inline constexpr const char* kSweepPartsFormat = "mrx-sweep-points";
// Version 2: the header has "revisions" (version 1 had none: its results cannot be placed).
inline constexpr int kSweepPartsVersion = 2;

struct SweepHeader {
    std::string command;                // "sweep", "sweep-load", "cost-sweep"
    nlohmann::ordered_json definition;  // the sweep's result-shaping arguments
    std::size_t points = 0;             // indices 0 … points−1
    std::string order;                  // how an index maps to a point, in words
    std::string program;                // the writing program and version
    ResultRevisions revisions;          // what computed the results (model/Revisions.h)
    std::string fingerprint;            // sweepFingerprint(command, definition, program, revisions)
};

// 16 hex digits (64-bit FNV-1a) of the command, definition, program and revisions.
std::string sweepFingerprint(const std::string& command, const nlohmann::ordered_json& definition,
                             const std::string& program, const ResultRevisions& revisions);
// 16 hex digits (64-bit FNV-1a) of `text`: names a workload's or model's contents in a definition.
std::string contentHash(const std::string& text);
// With this program's revisions unless told otherwise (tests).
SweepHeader makeSweepHeader(std::string command, nlohmann::ordered_json definition,
                            std::size_t points, std::string order, std::string program,
                            ResultRevisions revisions = {});
// "engine revision 3, generator revision 1"
std::string describeRevisions(const ResultRevisions& revisions);

std::string headerLine(const SweepHeader& header);  // with the newline
// {"fingerprint", "index", then `fields` in their order}, with the newline.
std::string pointLine(const SweepHeader& header, std::size_t index,
                      const nlohmann::ordered_json& fields);

// Numbers in point lines: finite values as JSON numbers (they read back exactly), the others as
// the strings "inf", "-inf" and "nan".
nlohmann::ordered_json partNumber(double value);
double partNumber(const FieldReader& fields, const char* key);
std::optional<double> optionalPartNumber(const FieldReader& fields, const char* key);  // null: none

// Throws InputError (naming the field) unless the line holds each of `arguments` (the point's
// arguments as the sweep defines them) with the same value: a line of another point, or of an
// index order that is not this sweep's, is refused.
void checkPointArguments(const FieldReader& line, const nlohmann::ordered_json& arguments,
                         std::size_t index);

// Appends whole lines to a part file or a stream, one line at a time from any thread.
class PartWriter {
public:
    // Takes the file's exclusive lock first (throws InputError naming `path`, and the writer's
    // pid where /proc/locks tells it, when another process holds it), then with `append` keeps
    // what the file holds (cut after its last complete line: a torn line from a killed writer
    // goes); otherwise empties it. The lock is released when the writer is destroyed (or its
    // process dies). Throws InputError naming `path`.
    PartWriter(const std::string& path, bool append);
    explicit PartWriter(std::ostream& out);  // flushed after every line
    ~PartWriter();
    PartWriter(const PartWriter&) = delete;
    PartWriter& operator=(const PartWriter&) = delete;

    void write(const std::string& line);  // throws InputError (disk full, ...)

private:
    void lock();
    void cutTornLine();

    std::mutex m_mutex;
    std::string m_path;
    int m_fd = -1;
    std::ostream* m_out = nullptr;
};

// Fields of a point line that are information only (a solver's wall time): two lines of the same
// point that differ only in these hold the same results.
inline constexpr const char* kInformationalPointFields[] = {"solver_seconds"};

// What reading part files found, besides the lines handed to the callbacks.
struct PartsReport {
    std::optional<SweepHeader> header;  // the first header read
    std::vector<std::uint8_t> seen;     // times each index was read (size: header->points)
    // Points given more than once with different results (an error for a merge).
    std::vector<std::size_t> duplicates;
    // Points given more than once with the same results (two writers of one point, a rerun with
    // another shard layout): one is kept, nothing is wrong.
    std::vector<std::size_t> repeated;
    std::vector<std::string> tornFiles;  // files whose last line was cut (a killed writer)
    // A 64-bit hash of each read point's line without its informational fields: repeats are
    // compared by it.
    std::vector<std::uint64_t> resultHashes;

    std::vector<std::size_t> missing() const;  // indices never read
    std::size_t pointsRead() const;
};

struct PartsCallbacks {
    // Called for the first header; may throw InputError to refuse the sweep.
    std::function<void(const SweepHeader&)> header;
    // Called for each point line whose index was not read before (repeats are compared with the
    // first line and counted, not passed on). `where` is "FILE line N" for error messages.
    std::function<void(std::size_t index, const nlohmann::json& line, const std::string& where)>
        point;
};

// Reads part files in order. Every header must carry the first one's fingerprint, every point
// line too; a point before any header, a line that is not JSON, an index out of range or a line
// over 64 MB throws InputError naming the file and line. A missing file is an error unless
// `missingIsEmpty`.
PartsReport readSweepParts(const std::vector<std::string>& paths, const PartsCallbacks& callbacks,
                           bool missingIsEmpty = false);

// "4-9, 17, 20-21" (at most `limit` ranges, then "… (N more)").
std::string indexRanges(const std::vector<std::size_t>& indices, std::size_t limit = 20);

}  // namespace mr
