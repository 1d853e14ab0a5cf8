// capacity — YARN's Capacity scheduler ([Verma12] §IV-C enforced BalancedPools' pools with it):
// the workload's "capacity_queues" (or a capacity-scheduler.xml given with --queues), each job in
// the leaf queue it names, jobs submitted in arrival order (file order among equal arrivals).
// Capacities, maximum capacities and user-limit factors as YARN reads them, FIFO or fair inside a
// leaf, elastic up to each queue's ceiling, no preemption (sim/CapacityPolicy.h).
#include "schedulers/DeadlineRun.h"
#include "sim/CapacityPolicy.h"
#include "sim/JobOrders.h"

namespace mr {

namespace {

class CapacityAlgorithm : public Algorithm {
public:
    CapacityAlgorithm()
        : Algorithm({.id = "capacity",
                     .name = "Capacity Scheduler",
                     .description = "YARN Capacity scheduler: queue tree with capacity and "
                                    "maximum-capacity, FIFO or fair in a queue",
                     .source = "[Verma12] §IV-C; YARN's CapacityScheduler"}) {}
    RunResult run(const Workload& w, const RunOptions& options) const override {
        std::vector<int> order = arrivalOrder(w, fileOrder(w));
        auto policy =
            std::make_unique<CapacityPolicy>(resolveCapacityTree(w, w.capacityQueues), order);
        return runPolicy(w, id(), std::move(order), std::move(policy), options,
                         makeLocalityModel(w, options, false), false, nullptr);
    }
};

}  // namespace

std::unique_ptr<Algorithm> makeCapacity() {
    return std::make_unique<CapacityAlgorithm>();
}

}  // namespace mr
