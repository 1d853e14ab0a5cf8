// Test support: sample paths, the papers' example workloads built in code, seeded random
// workloads for invariant tests, and a way to run the real mrsim binary.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "model/Workload.h"
#include "sim/SimResult.h"

namespace mr::test {

std::string samplePath(const std::string& name);  // samples/<name>

// Seed 000 Figure 4 on 30 nodes × (1 map + 1 reduce slot): scenario 1 (all jobs 30+30 tasks)
// or 2 (J3, J4 with 20+20 tasks). Jobs J1..J5 in that order.
Workload figure4(int scenario);

struct RandomWorkloadOptions {
    int minJobs = 1, maxJobs = 8;
    int maxMaps = 12, maxReduces = 8;  // reduces may be 0
    int minNodes = 1, maxNodes = 6;
    int maxSlotsPerNode = 2;
    bool arrivals = false;
    bool integerDurations = false;
};
Workload randomWorkload(std::uint64_t seed, const RandomWorkloadOptions& options = {});

// The executions of one job's tasks of a kind, by start time (then slot).
std::vector<TaskRecord> tasksOf(const SimResult& result, int job, TaskKind kind = TaskKind::Map);

struct Completed {
    int exitCode = -1;
    std::string out;
    std::string err;
};
// Runs the built mrsim with `args` (each shell-quoted), capturing stdout and stderr.
Completed runMrsimBinary(const std::vector<std::string>& args);

// A scratch directory unique to this test process.
std::string scratchDir();
void writeText(const std::string& path, const std::string& text);

}  // namespace mr::test
