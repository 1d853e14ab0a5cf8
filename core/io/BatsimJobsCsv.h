// BatsimJobsCsv — a run as Batsim's out_jobs.csv, so that evalys (JobSet.from_csv) and any
// notebook written for Batsim read it unchanged (`mrsim run --jobs-csv FILE --columns batsim`,
// the Python module's Result.to_batsim_csv). Columns, in this order:
//   job_id                         the job's name
//   workload_name                  the workload's name
//   submission_time                arrival (s)
//   requested_number_of_resources  slots the job ran on over its life (size of the set below)
//   requested_time                 -1: a MapReduce job asks for no walltime
//   success                        1: every job completes in the simulator
//   starting_time                  first task start (s)
//   execution_time                 finish_time − starting_time
//   finish_time                    completion: last task end (s)
//   waiting_time                   starting_time − submission_time
//   turnaround_time                finish_time − submission_time
//   stretch                        turnaround_time / execution_time (Batsim's definition; empty
//                                  when execution_time is 0). Not the slowdown of
//                                  experiments/JobMetrics.h, which divides by the job's time alone.
//   allocated_resources            every slot a task (or killed execution) of the job ran on, as
//                                  Batsim's interval text "0-3 7 12-15", ascending
// Slot numbering: map slots 0 … M−1 (the cluster's map slots, node by node), then reduce slots
// M … M+R−1 (reduce slot s is resource M + s), M and R the cluster's map and reduce slots
// (docs/metrics.md, "Batsim output"). One row per job, in file order; numbers exact.
#pragma once

#include <string>

#include "model/Workload.h"
#include "schedulers/Algorithm.h"

namespace mr {

inline constexpr const char* kBatsimJobColumns =
    "job_id,workload_name,submission_time,requested_number_of_resources,requested_time,success,"
    "starting_time,execution_time,finish_time,waiting_time,turnaround_time,stretch,"
    "allocated_resources";

// The CSV text. Needs the run's task records (RunOptions::recordTasks, the default); throws
// InputError (field "allocated_resources") when a job with tasks has none recorded.
std::string batsimJobsCsv(const Workload& workload, const RunResult& result);
// The same, saved to `path` atomically (io/AtomicFile.h); throws InputError naming the path.
void writeBatsimJobsCsv(const std::string& path, const Workload& workload, const RunResult& result);

// A set of resource indices as Batsim's interval text: sorted, merged, "a-b" for a run of more
// than one index, single indices alone, separated by spaces ("1-2 5 10-50"). `intervals` are
// closed [first, last] pairs in any order, overlapping or not.
std::string batsimIntervals(std::vector<std::pair<long long, long long>> intervals);

}  // namespace mr
