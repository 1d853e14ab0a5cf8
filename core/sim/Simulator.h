// Simulator — the event-driven, SimMR-like engine of DESIGN.md "Simulator".
//  * Events: job arrival, task end, policy wake-up (kills happen inside policy hooks).
//  * Events within a few ulps of the same time form one instant: every ending task frees its slot
//    and completes its stage first, then policies see arrivals and wake-ups, then free slots are
//    offered, map slots before reduce slots, pool by pool, lowest free slot first.
//  * A job's reduce tasks are eligible only when all its map tasks are done (the barrier).
//  * Pools partition the nodes (and the jobs); each has its own Policy.
// Deterministic: the same input gives the same result, bit for bit.
#pragma once

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "model/Cancelled.h"
#include "model/Workload.h"
#include "sim/Policy.h"
#include "sim/SimResult.h"

namespace mr {

struct PoolSetup {
    std::string name = "default";
    int firstNode = 0;
    int nodes = 0;
    std::vector<int> jobs;  // the pool's jobs (each job of the workload in exactly one pool)
    std::unique_ptr<Policy> policy;
};

// How long a task takes when started on a node (locality, node speed...). Default: its duration.
class TaskDurationModel {
public:
    virtual ~TaskDurationModel() = default;
    virtual double duration(const Workload& workload, int job, TaskKind kind, int task,
                            int node) const = 0;
};

struct SimOptions {
    bool recordTasks = true;  // false: only times and makespan (optimisers' inner loops)
    const TaskDurationModel* durations = nullptr;
    const CancelFlag* cancel = nullptr;  // polled now and then; set -> simulate() throws Cancelled
};

// A policy misbehaved (picked a job that cannot run, left jobs unfinished for ever, ...).
class SimulationError : public std::logic_error {
public:
    using std::logic_error::logic_error;
};

// Simulate `pools` (which must partition the cluster's nodes and the workload's jobs).
SimResult simulate(const Workload& workload, std::vector<PoolSetup> pools,
                   const SimOptions& options = {});

// One pool over the whole cluster, served in `order` (FIFO by that order; see OrderPolicy).
SimResult simulateOrder(const Workload& workload, const std::vector<int>& order,
                        const SimOptions& options = {});

}  // namespace mr
