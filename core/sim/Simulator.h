// Simulator — the event-driven, SimMR-like engine of docs/simulator.md.
//  * Events: job arrival, task end, policy wake-up (kills happen inside policy hooks).
//  * Events within a few ulps of the same time form one instant: every ending task frees its slot
//    and completes its stage first, then policies see arrivals and wake-ups, then free slots are
//    offered, map slots before reduce slots, pool by pool, lowest free slot first.
//  * A job's reduce tasks are eligible only when all its map tasks are done (the barrier).
//  * Pools partition the nodes (and the jobs); each has its own Policy.
//  * Waves: when a policy hands a job several consecutive free slots (Pick::count) and
//    the job's next pending tasks take bit-identical times, the engine starts them as one wave —
//    one end event, one TaskRecord with count > 1. Results are bit-identical to starting the tasks
//    one by one (SimOptions::waves = false); expandWaves() gives the per-task records.
// Deterministic: the same input gives the same result, bit for bit.
// Changing a result? Bump kEngineRevision (model/Revisions.h).
#pragma once

#include <functional>
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
    // Above 0: records whose estimate (a record per task) takes more bytes than this are written
    // to a temporary file as they come (TaskRecords), not kept in memory.
    std::uint64_t spillRecordsAbove = 0;
    const TaskDurationModel* durations = nullptr;  // none: waves of equal tasks are possible
    const CancelFlag* cancel = nullptr;  // polled now and then; set -> simulate() throws Cancelled
    bool waves = true;  // false: one record and one event per task (same results, for checks)
    // true: the pools may leave nodes idle and jobs out (those jobs are not simulated; their
    // JobTimes stay at -1 and the makespan covers the pooled jobs only). BalancedPools simulates
    // one pool of a split this way without copying the workload.
    bool partial = false;
    // true: keep, instant by instant, the latest end among the tasks started so far
    // (Simulation::committedEndBefore).
    bool traceCommitted = false;
    // Called now and then (every 1024 instants) with the task starts and ends since the call
    // before: a long computation's progress (BalancedPools counts its simulations' steps).
    std::function<void(long long steps)> onSteps;
};

// A policy misbehaved (picked a job that cannot run, left jobs unfinished for ever, ...).
class SimulationError : public std::logic_error {
public:
    using std::logic_error::logic_error;
};

// Simulate `pools` (which must partition the cluster's nodes and the workload's jobs).
SimResult simulate(const Workload& workload, std::vector<PoolSetup> pools,
                   const SimOptions& options = {});

namespace detail {
class Engine;
}

// A simulation that runs in steps: advance(t) processes every instant up to time t, so a search
// can stop a simulation as soon as it knows enough (BalancedPools: "this pool ends after t") and
// resume it later. `workload` must outlive it.
class Simulation {
public:
    Simulation(const Workload& workload, std::vector<PoolSetup> pools,
               const SimOptions& options = {});
    ~Simulation();
    Simulation(const Simulation&) = delete;
    Simulation& operator=(const Simulation&) = delete;

    // Processes the instants at or before `time`; true when every (pooled) job has finished.
    // Unfinished afterwards means some job ends after `time`.
    bool advance(double time);
    bool finished() const;
    // The latest end among the pooled jobs (from time 0); the simulation must have finished.
    double lastEnd() const;
    // Runs to the end and returns the result (once).
    SimResult result();

    // What a run says about the same run without some of its jobs (BalancedPools).
    // When the job's first task started (-1: not yet).
    double firstStart(int job) const;
    // With SimOptions::traceCommitted: the latest end among the tasks started at the instants
    // before `time` (0 if none). Until a job's first task starts, the job has changed nothing for
    // the others under policies that only pick among jobs in a fixed order (OrderPolicy) and
    // without overheads (an ApplicationMaster acts before its job's first task). So the same run
    // without jobs none of which started before `time` is the same up to then, and ends no earlier.
    double committedEndBefore(double time) const;

private:
    std::vector<PoolSetup> m_pools;
    SimOptions m_options;
    std::unique_ptr<detail::Engine> m_engine;
};

// One pool over the whole cluster, served in `order` (FIFO by that order; see OrderPolicy).
SimResult simulateOrder(const Workload& workload, const std::vector<int>& order,
                        const SimOptions& options = {});

}  // namespace mr
