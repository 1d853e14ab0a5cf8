// RumenJobReader — the streaming half of RumenImport, internal to it: reads a Rumen trace one job
// object at a time through nlohmann's SAX interface, keeps only what the import needs (the job's
// id, name, submit time, outcome and totals; each successful map and reduce attempt's times and
// its failed and killed attempts) and skips everything else (job configuration, counters, CDFs)
// without building it. It counts the skipped attempts and tasks into the report and remembers
// when attempts ran on each host.
#pragma once

#include <iosfwd>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "io/RumenImport.h"
#include "model/TaskKind.h"
#include "model/TracedAttempt.h"

namespace mr {

inline constexpr long long kRumenUnknown = -1;  // Rumen's own "not recorded" value

// A successful reduce attempt; shuffleEnd is sortFinished (or shuffleFinished), kRumenUnknown if
// neither was recorded.
struct ReduceTimes {
    long long start = 0;
    long long finish = 0;
    long long shuffleEnd = kRumenUnknown;
};

// A task with failed or killed attempts beside its successful one (kind, its index among the
// job's imported tasks of that kind, how many attempts failed and were killed, the first
// attempt's start, the success's start). `replayed`: they are kept as the job's TracedDrafts (a
// chain of retries before the success, each with its times and ending before the next attempt
// starts, then at most one killed attempt running beside the success: RumenAttemptChain.h);
// otherwise the replay leaves them out.
struct RetriedTask {
    TaskKind kind = TaskKind::Map;
    int index = 0;
    int failedAttempts = 0;
    long long firstStart = 0;
    long long successStart = 0;
    bool replayed = false;
    int killedAttempts = 0;
};

// A failed or killed attempt of a task as model/TracedAttempt.h keeps it (ms, the reader's host
// ids; -1: no host): before the success, nextStart is the start of the task's next attempt; a
// speculative one ran beside the successful attempt, which started at successStart.
struct TracedDraft {
    TaskKind kind = TaskKind::Map;
    int index = 0;
    long long start = 0;
    long long finish = 0;
    long long nextStart = 0;
    int host = -1;
    TracedResult result = TracedResult::Failed;
    long long successStart = 0;
    int successHost = -1;
};

struct JobDraft {
    std::optional<std::string> id;
    std::string name;
    std::optional<long long> submit;
    std::optional<long long> finish;  // the job's finishTime (kRumenUnknown when not recorded)
    std::optional<long long> jobMapMB;
    // The few configuration keys the overheads need (RumenOverheads.h), from jobProperties.
    std::map<std::string, std::string> properties;
    std::optional<std::string> outcome;
    std::optional<long long> totalMaps;
    std::optional<long long> totalReduces;
    std::vector<long long> mapStarts, mapFinishes;
    std::vector<ReduceTimes> reduces;
    std::vector<RetriedTask> retried;
    std::vector<TracedDraft> traced;  // by kind, task and start
};

// How much one read may take from the stream: the blank space before a job and one job's text.
// Past either the trace is refused, so that a pipe that never ends (or a string that never
// closes) is an error, not a hang or an out-of-memory. A Rumen job of 1 GiB has about
// 1.5 million tasks with their attempts.
struct RumenReadLimits {
    long long gapBytes = 64LL << 20;
    long long jobBytes = 1LL << 30;
};

// One job object after another.
class RumenJobReader {
public:
    // `trackHosts`: keep every attempt's host and times (16 bytes each) for hostEvents(); without
    // it memory is bounded by the largest job, and hostEvents() stays empty.
    RumenJobReader(std::istream& in, std::string source, RumenImportReport& report, bool trackHosts,
                   RumenReadLimits limits = {});
    ~RumenJobReader();
    RumenJobReader(const RumenJobReader&) = delete;
    RumenJobReader& operator=(const RumenJobReader&) = delete;

    // The next job, or nullptr at the end of the stream; valid until the next call. Throws
    // InputError for bad JSON (naming the line) or a bad field (naming the job and its path).
    const JobDraft* next();
    std::string jobLabel() const;  // the current job's jobID, or "#N" before it is known
    // Forget the job next() returned last: its attempts leave hostEvents() and its skipped
    // attempts and tasks leave the report's counts (a job the trace holds twice).
    void discardLast();

    int hostCount() const;
    // Per host: (time, +1 start / −1 end) of every attempt of that kind that ran there.
    const std::vector<std::vector<std::pair<long long, int>>>& hostEvents(TaskKind kind) const;

private:
    struct State;
    std::unique_ptr<State> m_state;
};

}  // namespace mr
