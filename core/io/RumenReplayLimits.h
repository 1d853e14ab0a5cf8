// RumenReplayLimits — what in a Rumen history a replay of its successful task attempts cannot
// reproduce, measured from the trace's own timestamps, internal to RumenImport and
// printed by `mrsim validate` for a job it cannot match:
//   retried tasks   a task whose failed and killed attempts the import could not keep as
//                   traced attempts (one without its times, an attempt overlapping the next one,
//                   a failed or a second killed attempt beside the successful one): their slot
//                   time and wait are not replayed;
//   idle waits      a successful attempt that started later than it could have while a slot of
//                   its kind was free in the trace's cluster the whole time: a map after its job's
//                   first task started, a reduce after its job's last map ended. The cluster's
//                   capacity is nodes × slots per node; busy slots are every attempt of that kind
//                   the trace shows (failed and killed ones too) and, for maps, the
//                   ApplicationMasters' slots of the jobs between submission and finish. Such a
//                   wait is reported when it is longer than the trace's mean assignment gap (the
//                   replay's own idle time after a task ends).
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "io/RumenJobReader.h"
#include "model/Cluster.h"

namespace mr {

// One imported job's attempt times (ms), as the analysis needs them.
struct JobAttempts {
    long long submit = 0;
    std::optional<long long> finish;
    int amSlots = 0;  // resolved: the job's own or the cluster's
    std::vector<long long> mapStarts;
    std::vector<long long> mapFinishes;
    std::vector<long long> reduceStarts;
    std::vector<RetriedTask> retried;
};

using HostEvents = std::vector<std::vector<std::pair<long long, int>>>;

// One list of sentences per job (empty: nothing found). `mapEvents` / `reduceEvents` are the
// reader's per-host attempt events; `assignGap` the workload's mean gap (seconds).
std::vector<std::vector<std::string>> replayLimits(const std::vector<JobAttempts>& jobs,
                                                   const HostEvents& mapEvents,
                                                   const HostEvents& reduceEvents,
                                                   const Cluster& cluster, double assignGap);

}  // namespace mr
