// Generators — synthetic workloads by kind (`mrsim generate KIND`, the UI's generator menu).
// Every generator is seeded: the same options give a byte-identical file. Adding one: a function
// in its own file and one line in Generators.cpp.
// Changing what it makes for a seed? Bump kGeneratorRevision (model/Revisions.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/Workload.h"

namespace mr {

struct GenerateOptions {
    int jobs = 100;
    std::uint64_t seed = 1;
    int nodes = 64;
    int slotsPerNode = 1;  // map slots and reduce slots per node
    // facebook and facebook-1000 only: the spread (sigma of ln ms) of a job's task times around
    // the job's own level (workloads/Facebook1000.h). None: every task drawn on its own.
    std::optional<double> withinJobSigma;
};

// The kinds that take GenerateOptions::withinJobSigma.
bool takesWithinJobSigma(std::string_view kind);
// A within-job sigma as typed (`--within-job-sigma`, the generator dialog); throws InputError
// (field "within-job-sigma") unless it is a finite number >= 0.
double parseWithinJobSigma(const std::string& text);

struct GeneratorInfo {
    std::string kind;
    std::string summary;
    Workload (*generate)(const GenerateOptions& options);
};

const std::vector<GeneratorInfo>& generators();
std::vector<std::string> generatorKinds();
// Exactly options.jobs jobs. Throws InputError (field "kind") for an unknown kind, (field
// "jobs"/"nodes"/"slots_per_node") for bad sizes, (field "within-job-sigma") for a negative or
// non-finite sigma or one given to a kind that does not take it, and (field "jobs") when the jobs
// would hold more tasks than a workload may (model/Limits.h) — found before the rest is generated.
Workload generateWorkload(std::string_view kind, const GenerateOptions& options);

// Counts the tasks of the jobs a generator makes, one job at a time; throws InputError (field
// "jobs") as soon as a job passes kMaxTasksPerJob or the task times drawn so far (one double
// each) pass the memory limit (exec/MemoryBudget.h), before any time is drawn for them.
class TaskBudget {
public:
    explicit TaskBudget(int jobs) : m_jobs(jobs) {}
    void add(long long maps, long long reduces);

private:
    int m_jobs;
    int m_made = 0;
    long long m_tasks = 0;
};

}  // namespace mr
