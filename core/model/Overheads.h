// Overheads — what a real Hadoop/YARN cluster adds around a job's tasks: the
// ApplicationMaster's start, the container it holds, the commit/cleanup tail, the gap between a
// task's end and the next task on that slot, and reduce slow-start. A workload gives them per
// cluster (defaults) and per job (overriding the cluster's value field by field); absent fields
// are zero (slow-start: the barrier), so hand-written and paper workloads simulate exactly as the
// papers' model. `mrsim import rumen` estimates them from a trace's own timestamps.
#pragma once

#include <algorithm>
#include <cmath>
#include <optional>

namespace mr {

struct Overheads {
    // Seconds from the job's arrival (its submission) — or from the moment its ApplicationMaster
    // got its slots, when it had to wait for them — until its tasks may start.
    std::optional<double> amStart;
    // Map slots of one node the ApplicationMaster holds from its start until the job completes
    // (YARN: the AM container's memory over a map container's). The engine gives it at most a
    // node's map slots and always leaves its pool one map slot for the tasks.
    std::optional<int> amSlots;
    // Seconds after the job's last task ends until the job completes (output commit, cleanup).
    std::optional<double> commit;
    // Seconds a slot stays idle after a task of this job ends before it takes the next task
    // (heartbeat and container launch). Not after a kill: the killing scheduler reuses the slot.
    std::optional<double> assignGap;
    // Fraction of the job's map tasks that must have completed before its reduce tasks may start
    // (Hadoop's mapreduce.job.reduce.slowstart.completedmaps); absent: 1, the barrier.
    std::optional<double> slowstart;
    // With slow-start: a reduce task that started before the job's last map ended completes no
    // earlier than this many seconds after that map's end (the part of its shuffle that cannot
    // overlap the maps, its sort and its reduce).
    std::optional<double> reduceTail;

    bool empty() const {
        return !amStart && !amSlots && !commit && !assignGap && !slowstart && !reduceTail;
    }
    bool operator==(const Overheads&) const = default;
};

// One job's overheads after the cluster's defaults were applied; every field has its value.
struct ResolvedOverheads {
    double amStart = 0.0;
    int amSlots = 0;
    double commit = 0.0;
    double assignGap = 0.0;
    double slowstart = 1.0;
    double reduceTail = 0.0;

    bool none() const {
        return amStart == 0.0 && amSlots == 0 && commit == 0.0 && assignGap == 0.0 &&
               slowstart >= 1.0;
    }
};

// The job's own value of each field, else the cluster's, else the neutral one.
inline ResolvedOverheads resolveOverheads(const Overheads& cluster, const Overheads& job) {
    ResolvedOverheads r;
    r.amStart = job.amStart.value_or(cluster.amStart.value_or(0.0));
    r.amSlots = job.amSlots.value_or(cluster.amSlots.value_or(0));
    r.commit = job.commit.value_or(cluster.commit.value_or(0.0));
    r.assignGap = job.assignGap.value_or(cluster.assignGap.value_or(0.0));
    r.slowstart = job.slowstart.value_or(cluster.slowstart.value_or(1.0));
    r.reduceTail = job.reduceTail.value_or(cluster.reduceTail.value_or(0.0));
    return r;
}

// Slow-start fractions compare to six decimals: imports write them so (2 of 3 maps is 0.666667).
inline constexpr double kSlowstartPrecision = 1e-6;

// Completed maps a job of `maps` map tasks waits for before its reduces may start: Hadoop opens
// them once completed maps / maps >= slowstart; all of them (the barrier) at slowstart 1.
inline int slowstartThreshold(double slowstart, int maps) {
    return slowstart >= 1.0
               ? maps
               : std::max(0, static_cast<int>(std::ceil((slowstart - kSlowstartPrecision) * maps)));
}

}  // namespace mr
