// PlanFiles — a plan written out as the files a real cluster uses (what `mrsim plan` and the
// explorer's File > Export plan… both write): capacity-scheduler.xml (one queue per pool), a POSIX
// submit script (executable) and an SLS trace of the simulated schedule, plus the SLS topology.
#pragma once

#include <string>
#include <vector>

#include "io/PoolPlan.h"

namespace mr {

struct PlanFiles {
    std::string capacityScheduler;  // each path: empty = not written
    std::string submitScript;
    std::string sls;
    std::string slsNodes;
};

struct WrittenFile {
    std::string path;
    std::string what;  // "Capacity-scheduler queues", "submit script, 5 jobs", ...
};

// Writes every requested file atomically (a failure leaves the old file); the submit script is
// made executable. `result` must hold task records (the SLS trace replays them). Throws
// InputError naming the file that could not be written.
std::vector<WrittenFile> writePlanFiles(const Workload& workload, const PoolPlan& plan,
                                        const RunResult& result, const PlanFiles& files);

}  // namespace mr
