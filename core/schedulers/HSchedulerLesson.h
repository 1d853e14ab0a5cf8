// HSchedulerLesson — [Tian16] Algorithms 3.2 (HScheduler) and 3.3 (OnHScheduler) as steps for the
// Teach tab, taken from the algorithms' own runs, never re-implemented: the jobs as they are
// (fixed: a job of 20 tasks leaves 10 of 30 slots idle), each job's work re-split over all slots
// (m = Σmap / SM, r = Σreduce / SR), the order (Johnson's for the offline algorithm, arrival
// order for the online one), each job served in turn (its map and reduce waves, from the
// simulation), and the result beside plain Johnson on the fixed jobs — why elastic jobs win.
#pragma once

#include <vector>

#include "schedulers/Algorithm.h"

namespace mr {

struct ResplitLessonJob {
    int maps = 0;  // the job's own tasks
    int reduces = 0;
    double mapWork = 0.0;  // Σ map task times (seconds of one slot)
    double reduceWork = 0.0;
    StageDurations fixed;    // (m, r) with its own tasks on the whole cluster
    StageDurations resplit;  // (m, r) re-split over all SM map and SR reduce slots
    double arrival = 0.0;
    JobTimes times;  // in the algorithm's simulation
    // Its reduce wave's start: one wave of r over all reduce slots ends at times.end.
    double reduceStart = 0.0;
};

struct ResplitLessonStep {
    enum class Kind {
        Fixed,    // the jobs with their own tasks: slots left idle
        Resplit,  // one job's work re-split over all slots (`job`)
        Order,    // the order: Johnson's on the re-split (m, r), or by arrival (online)
        Serve,    // one job's map and reduce waves in the simulation (`job`)
        Result,   // the makespan against plain Johnson on the fixed jobs
    };
    Kind kind = Kind::Fixed;
    int job = -1;  // Resplit, Serve: a workload job index
};

struct ResplitLesson {
    bool online = false;  // OnHScheduler (Alg. 3.3) rather than HScheduler (Alg. 3.2)
    int mapSlots = 0;     // SM
    int reduceSlots = 0;  // SR
    std::vector<ResplitLessonJob> jobs;  // indexed like the workload's
    RunResult result;                    // the algorithm's own run (order, stages, simulation)
    double fixedJohnson = 0.0;           // `johnson` on the jobs as they are (simulated)
    // Online only: offline HScheduler on the same jobs, as if every arrival were known upfront.
    double offline = 0.0;
    std::vector<ResplitLessonStep> steps;
    double makespan() const { return result.makespan(); }
};

// `online`: OnHScheduler. Runs the algorithm (and Johnson, and offline HScheduler for the online
// lesson) with `options`; throws Cancelled when options.cancel is set.
ResplitLesson hschedulerLesson(const Workload& workload, bool online, const RunOptions& options);

}  // namespace mr
