#include "io/PlanFiles.h"

#include <filesystem>

#include "io/AtomicFile.h"
#include "io/CapacitySchedulerXml.h"
#include "io/SlsTrace.h"
#include "io/SubmitScript.h"

namespace mr {

std::vector<WrittenFile> writePlanFiles(const Workload& w, const PoolPlan& plan,
                                        const RunResult& result, const PlanFiles& files) {
    std::vector<WrittenFile> written;
    if (!files.capacityScheduler.empty()) {
        writeFileAtomically(files.capacityScheduler, capacitySchedulerXml(w, plan));
        written.push_back({files.capacityScheduler, "Capacity-scheduler queues"});
    }
    if (!files.submitScript.empty()) {
        writeFileAtomically(files.submitScript, submitScript(w, plan));
        namespace fs = std::filesystem;
        std::error_code ignored;  // not executable is no reason to fail: `sh FILE` works
        fs::permissions(files.submitScript,
                        fs::perms::owner_exec | fs::perms::group_exec | fs::perms::others_exec,
                        fs::perm_options::add, ignored);
        written.push_back({files.submitScript,
                           "submit script, " + std::to_string(plan.submissions.size()) + " jobs"});
    }
    if (!files.sls.empty()) {
        writeFileAtomically(files.sls, slsTrace(w, plan, result));
        written.push_back({files.sls, "SLS trace"});
    }
    if (!files.slsNodes.empty()) {
        writeFileAtomically(files.slsNodes, slsTopology(w));
        written.push_back(
            {files.slsNodes, "SLS topology, " + std::to_string(w.cluster.nodes) + " nodes"});
    }
    return written;
}

}  // namespace mr
