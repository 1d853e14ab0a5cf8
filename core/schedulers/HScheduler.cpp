#include "schedulers/HScheduler.h"

#include <memory>

#include "model/Numbers.h"
#include "schedulers/Algorithm.h"
#include "schedulers/Johnson.h"
#include "sim/JobOrders.h"

namespace mr {

Workload resplitOverAllSlots(const Workload& workload) {
    Workload out = workload;
    const int mapSlots = workload.cluster.mapSlots();
    const int reduceSlots = workload.cluster.reduceSlots();
    for (Job& job : out.jobs) {
        const double mapWork = job.totalWork(TaskKind::Map);
        const double reduceWork = job.totalWork(TaskKind::Reduce);
        job.mapDurations.assign(static_cast<std::size_t>(mapSlots), mapWork / mapSlots);
        if (!job.reduceDurations.empty()) {
            job.reduceDurations.assign(static_cast<std::size_t>(reduceSlots),
                                       reduceWork / reduceSlots);
        }
        job.perTaskDurations = false;
        job.profile.reset();
        job.tracedAttempts.clear();  // a trace's attempts belong to tasks it no longer has
    }
    return out;
}

namespace {

// Notes listing how (m, r) changed, for the first few jobs that changed.
std::vector<std::string> changeNotes(const Workload& w, const std::vector<StageDurations>& before,
                                     const std::vector<StageDurations>& after) {
    constexpr int kListed = 8;
    std::vector<std::string> notes;
    notes.push_back("every job's work re-split over all " + std::to_string(w.cluster.mapSlots()) +
                    " map and " + std::to_string(w.cluster.reduceSlots()) +
                    " reduce slots ([Tian16] Claim 1); (m, r) before -> after:");
    int changed = 0;
    for (std::size_t j = 0; j < before.size(); ++j) {
        if (before[j] == after[j]) {
            continue;
        }
        if (++changed <= kListed) {
            notes.push_back("  " + w.jobs[j].name + ": (" + formatTime(before[j].map) + ", " +
                            formatTime(before[j].reduce) + ") -> (" + formatTime(after[j].map) +
                            ", " + formatTime(after[j].reduce) + ")");
        }
    }
    if (changed > kListed) {
        notes.push_back("  ... and " + std::to_string(changed - kListed) +
                        " more (all in the job table: m before, r before)");
    } else if (changed == 0) {
        notes.push_back("  no job changed");
    }
    return notes;
}

class HSchedulerAlgorithm : public Algorithm {
public:
    HSchedulerAlgorithm(AlgorithmInfo info, bool online)
        : Algorithm(std::move(info)), m_online(online) {}

    RunResult run(const Workload& workload, const RunOptions& options) const override {
        const Cluster& c = workload.cluster;
        auto resplit = std::make_shared<const Workload>(resplitOverAllSlots(workload));
        auto before = allStageDurations(workload, c.mapSlots(), c.reduceSlots(), options.estimator);
        auto stages = allStageDurations(*resplit, c.mapSlots(), c.reduceSlots(), options.estimator);
        auto order = m_online ? arrivalOrder(*resplit, fileOrder(*resplit)) : johnsonOrder(stages);
        RunResult result = runOrder(*resplit, id(), std::move(order), stages, options);
        result.notes = changeNotes(workload, before, stages);
        result.simulatedWorkload = std::move(resplit);
        result.inputStages = std::move(before);
        return result;
    }

private:
    bool m_online;
};

constexpr const char* kHSchedulerOnUnequalNodes =
    "its re-split formula ([Tian16] Claim 1) spreads each job over identical slots";

}  // namespace

std::unique_ptr<Algorithm> makeHScheduler() {
    return std::make_unique<HSchedulerAlgorithm>(
        AlgorithmInfo{.id = "hscheduler",
                      .name = "HScheduler",
                      .description = "jobs re-split over all slots, then Johnson",
                      .source = "[Tian16] §3.2, Alg. 3.2",
                      .options = {"estimator"},
                      .byDefault = true,
                      .lesson = "hscheduler",
                      .memory = {.resplitsJobs = true},
                      .unequalNodes = kHSchedulerOnUnequalNodes},
        false);
}
std::unique_ptr<Algorithm> makeOnlineHScheduler() {
    return std::make_unique<HSchedulerAlgorithm>(
        AlgorithmInfo{.id = "online-hscheduler",
                      .name = "Online HScheduler",
                      .description = "jobs re-split over all slots, served FIFO by arrival",
                      .source = "[Tian16] §3.3, Alg. 3.3",
                      .options = {"estimator"},
                      .needs = {.arrivals = true},
                      .lesson = "online-hscheduler",
                      .memory = {.resplitsJobs = true},
                      .unequalNodes = kHSchedulerOnUnequalNodes},
        true);
}

}  // namespace mr
