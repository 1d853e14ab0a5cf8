// SimResult — what one simulation produced: every task execution, per-job and per-pool times,
// makespan and utilisation (docs/simulator.md, "Output").
#pragma once

#include <string>
#include <vector>

#include "sim/TaskRecords.h"

namespace mr {

struct JobTimes {
    double arrival = 0.0;
    double start = 0.0;   // first task start
    double mapEnd = 0.0;  // last map task end
    double end = 0.0;     // completion (last reduce end, or mapEnd without reduce tasks)
    int killedMaps = 0;
    int killedReduces = 0;
    double killedWork = 0.0;  // slot-seconds the killed executions had run (work lost)
    // Under a scenario (model/Scenario.h): the job failed at `end` (a task failed max_attempts
    // times, or the nodes it may use are gone); its other tasks were stopped.
    bool failed = false;
    int failedAttempts = 0;       // attempts that failed (each retried, up to max_attempts)
    int speculativeAttempts = 0;  // speculative attempts started
    int lostOutputs = 0;          // completed map outputs lost with their node and recomputed
};

// Under a scenario: a node's slots were unavailable from `from` to `to` (infinity: never back);
// a node added later is unavailable from 0 to its addition.
struct NodeDowntime {
    int node = 0;
    double from = 0.0;
    double to = 0.0;
};

// Under a scenario: the output of `job`'s map `task`, completed on `node`, was lost at `time`.
struct LostOutput {
    int job = 0;
    int task = 0;
    int node = 0;
    double time = 0.0;
};

struct PoolTimes {
    std::string name;
    int firstNode = 0;
    int nodes = 0;
    std::vector<int> jobs;  // the pool's jobs, in the order its policy was given
    double makespan = 0.0;  // last completion among the pool's jobs (from time 0)
};

struct SimResult {
    TaskRecords tasks;           // empty when the run did not record tasks
    std::vector<JobTimes> jobs;  // indexed like the workload's jobs
    std::vector<PoolTimes> pools;
    double makespan = 0.0;  // last completion − first arrival
    double mapBusy = 0.0;   // slot-seconds occupied by map tasks (killed ones included)
    double reduceBusy = 0.0;
    int mapSlots = 0;
    int reduceSlots = 0;
    long long events = 0;  // task starts + ends + kills + arrivals, for throughput figures
    std::vector<NodeDowntime> downtime;   // scenario only
    std::vector<LostOutput> lostOutputs;  // scenario only
    int failedJobs = 0;

    double mapUtilization() const;
    double reduceUtilization() const;
};

}  // namespace mr
