// RumenOverheads — the overheads model (model/Overheads.h) of one Rumen job, estimated from the
// trace's own timestamps, internal to RumenImport:
//   am_start     first successful task attempt's start − submitTime (YARN: the ApplicationMaster's
//                launch and start; Hadoop 0.20: the JobTracker's setup task, in otherTasks);
//   commit       finishTime − the last successful attempt's finish (output commit, cleanup task);
//   am_slots     YARN histories: the AM container over a map container, both rounded up to the
//                scheduler's minimum allocation (jobProperties yarn.app.mapreduce.am.resource.mb,
//                mapreduce.map.memory.mb or jobMapMB, yarn.scheduler.minimum-allocation-mb);
//                0 without them (Hadoop 0.20 has no AM container);
//   slowstart    only when a reduce attempt started before the last map finished: the job's
//                mapreduce.job.reduce.slowstart.completedmaps (0.20: mapred.reduce.slowstart.
//                completed.maps), else the fraction of maps completed when the first reduce
//                started;
//   reduce_tail  with slowstart: the least time such an early reduce ran after the last map
//                finished (so that replaying the trace's own timing gives its own reduce ends);
//   assign gaps  per stage, the k-th attempt that started after the stage's first attempt ended
//                is matched with the k-th end (the simulator's rule: the slot freed first is
//                taken first); start − end is one gap sample when not negative. The workload's
//                assign_gap is the mean over every sample of the trace (a cluster default).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "io/RumenJobReader.h"
#include "model/Overheads.h"

namespace mr {

struct JobOverheadEstimate {
    Overheads overheads;              // am_start, commit, am_slots, slowstart, reduce_tail
    std::vector<double> gaps;         // assignment-gap samples (seconds)
    std::optional<long long> finish;  // the job's finishTime (ms), when usable
};

// The job's finishTime when it is usable as its traced end: recorded, and not before its last
// successful attempt ends; otherwise none, and `notes` gets one line saying why.
std::optional<long long> tracedFinish(const JobDraft& draft, const std::string& label,
                                      std::vector<std::string>& notes);

// `notes` gets one line per estimate that could not be made (naming the job by `label`).
JobOverheadEstimate estimateOverheads(const JobDraft& draft, const std::string& label,
                                      std::vector<std::string>& notes);

// The workload's cluster defaults from its jobs' estimates: am_start and commit the medians,
// am_slots the most common value, assign_gap the mean of all gap samples (absent without any).
Overheads clusterOverheads(const std::vector<Overheads>& jobs, const std::vector<double>& gaps);

}  // namespace mr
