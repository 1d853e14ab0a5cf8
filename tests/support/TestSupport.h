// Test support: sample paths, the papers' example workloads built in code, seeded random
// workloads for invariant tests, and a way to run the real mrsim binary.
#pragma once

#include <cstdint>
#include <streambuf>
#include <string>
#include <thread>
#include <vector>

#include "model/Workload.h"
#include "schedulers/Algorithm.h"
#include "sim/SimResult.h"

namespace mr::test {

std::string samplePath(const std::string& name);    // samples/<name>
std::string testDataPath(const std::string& name);  // tests/data/<name> (our own fixtures)
// MRX_TRACE_DIR/<relative> (tests/data/traces by default): the public traces (Rumen, SWIM, SLS)
// copied into the repository with their licences (tests/data/traces/README.md), so no test depends
// on a folder outside it.
std::string tracePath(const std::string& relative);

// [Verma12] Figure 4 on 30 nodes × (1 map + 1 reduce slot): scenario 1 (all jobs 30+30 tasks)
// or 2 (J3, J4 with 20+20 tasks). Jobs J1..J5 in that order.
Workload figure4(int scenario);

// A pooled RunResult as a pool algorithm reports it: figure4(2) simulated with [Verma12]
// Fig. 6(b)'s pools, "small" = {J2, J5, J1} on nodes 0–9 and "big" = {J4, J3} on nodes 10–29.
RunResult twoPoolResult(const Workload& figure4Scenario2);

struct RandomWorkloadOptions {
    int minJobs = 1, maxJobs = 8;
    int maxMaps = 12, maxReduces = 8;  // reduces may be 0
    int minNodes = 1, maxNodes = 6;
    int maxSlotsPerNode = 2;
    bool arrivals = false;
    bool deadlines = false;  // every job gets one, between its lower bound and a few times it
    bool integerDurations = false;
};
Workload randomWorkload(std::uint64_t seed, const RandomWorkloadOptions& options = {});
// The registry-wide invariant tests' run options: `seed`, and for `manual` the file order reversed.
RunOptions invariantRunOptions(const Workload& workload, std::uint64_t seed);
// `algorithm` on `workload` with invariantRunOptions(seed), its schedule checked (checkSchedule on
// the workload it simulated): each problem fails the calling test.
RunResult runChecked(const Workload& workload, const std::string& algorithm, std::uint64_t seed);
// A GoogleTest parameter name from an algorithm id (letters, digits and '_': '-' becomes '_').
std::string parameterName(std::string algorithmId);
// The same as INSTANTIATE_TEST_SUITE_P's name generator for suites over algorithm ids.
struct AlgorithmParamName {
    template <class Info>
    std::string operator()(const Info& info) const {
        return parameterName(info.param);
    }
};

// The executions of one job's tasks of a kind, by start time (then slot).
std::vector<TaskRecord> tasksOf(const SimResult& result, int job, TaskKind kind = TaskKind::Map);

struct Completed {
    int exitCode = -1;
    std::string out;
    std::string err;
};
// Runs the built mrsim with `args` (each shell-quoted), capturing stdout and stderr.
Completed runMrsimBinary(const std::vector<std::string>& args);
std::string mrsimPath();  // the built mrsim, for tests that start it themselves

// A scratch directory unique to this test process, removed (with its files) when it exits.
std::string scratchDir();
void writeText(const std::string& path, const std::string& text);
std::string readText(const std::string& path);
std::size_t lineCount(const std::string& text);  // newline characters
// A Rumen trace's text with every recorded time stamp (submit, launch, start, finish, shuffle,
// sort; not -1) moved by `ms`: the same jobs, another history (not a duplicate of the first).
std::string shiftRumenTimes(const std::string& text, long long ms);

// While it lives, records through the parallel-for's test hook (setParallelIndexObserver) every
// thread that runs a loop index and the largest bound a loop was given: what a computation bounded
// to one thread must keep to one. One at a time.
class LoopThreads {
public:
    LoopThreads();
    ~LoopThreads();
    LoopThreads(const LoopThreads&) = delete;
    LoopThreads& operator=(const LoopThreads&) = delete;

    std::size_t threads() const;            // distinct threads that ran an index
    int largestBound() const;               // 0 when no loop ran
    std::size_t indices() const;            // indices run
    bool onlyOn(std::thread::id id) const;  // every index ran on that thread
};

// A stream that never ends, like a pipe from `yes`: `start`, then `repeated` for ever.
class EndlessBuffer : public std::streambuf {
public:
    EndlessBuffer(std::string start, const std::string& repeated);

protected:
    int_type underflow() override;

private:
    std::string m_start;
    std::string m_chunk;
};

}  // namespace mr::test
