#include "io/PlanVerify.h"

#include <algorithm>
#include <memory>

#include "io/CapacityQueuesXml.h"
#include "io/CapacitySchedulerXml.h"
#include "schedulers/DeadlineRun.h"
#include "sim/CapacityPolicy.h"

namespace mr {

namespace {

void makeElastic(std::vector<CapacityQueueSpec>& queues) {
    for (CapacityQueueSpec& q : queues) {
        q.maximumCapacity = 100.0;
        q.userLimitFactor = kNoUserLimit;
        makeElastic(q.children);
    }
}

// The last end among each queue's jobs (and, at the back, among all jobs).
std::vector<double> queueEnds(const PoolPlan& plan, const SimResult& sim) {
    std::vector<double> ends(plan.queues.size() + 1, 0.0);
    for (std::size_t j = 0; j < plan.queueOfJob.size(); ++j) {
        const double end = sim.jobs[j].end;
        auto& queueEnd = ends[static_cast<std::size_t>(plan.queueOfJob[j])];
        queueEnd = std::max(queueEnd, end);
        ends.back() = std::max(ends.back(), end);
    }
    return ends;
}

std::vector<double> simulateQueues(const Workload& workload, const PoolPlan& plan,
                                   const RunOptions& options) {
    std::vector<int> order;
    for (const PlanSubmission& s : plan.submissions) {
        order.push_back(s.job);
    }
    RunOptions run = options;
    run.recordTasks = false;
    auto policy = std::make_unique<CapacityPolicy>(
        resolveCapacityTree(workload, workload.capacityQueues), order);
    const RunResult r = runPolicy(workload, "capacity", order, std::move(policy), run,
                                  makeLocalityModel(workload, run, false), false, nullptr);
    return queueEnds(plan, r.sim);
}

}  // namespace

PlanVerification verifyPlan(const Workload& w, const PoolPlan& plan, const RunResult& result,
                            const RunOptions& options) {
    Workload queued = w;
    queued.capacityQueues =
        readCapacityQueuesXml(capacitySchedulerXml(w, plan), "the exported capacity-scheduler.xml");
    for (std::size_t j = 0; j < queued.jobs.size(); ++j) {
        queued.jobs[j].queue = plan.queues[static_cast<std::size_t>(plan.queueOfJob[j])].name;
    }
    const std::vector<double> planned = queueEnds(plan, result.sim);
    const std::vector<double> simulated = simulateQueues(queued, plan, options);
    makeElastic(queued.capacityQueues);
    const std::vector<double> elastic = simulateQueues(queued, plan, options);
    PlanVerification out;
    for (std::size_t q = 0; q < plan.queues.size(); ++q) {
        out.queues.push_back({plan.queues[q].name, planned[q], simulated[q], elastic[q]});
    }
    out.planned = planned.back();
    out.simulated = simulated.back();
    out.elastic = elastic.back();
    return out;
}

}  // namespace mr
