#include "cost/Plan.h"

#include <algorithm>

namespace mr::cost {

std::vector<WorkUnit> workUnits(const CostModel& model) {
    std::vector<WorkUnit> units;
    for (int k = 0; k < static_cast<int>(model.jobs.size()); ++k) {
        const CostJob& job = model.jobs[static_cast<std::size_t>(k)];
        const double cpu = model.jobCpuS(k);
        if (job.data.empty()) {
            units.push_back({k, -1, cpu, 0.0, model.jobTasks(k)});
            continue;
        }
        const double size = model.jobSizeMb(k);
        for (int d : job.data) {
            const double dataSize = model.data[static_cast<std::size_t>(d)].sizeMb;
            // Without any input bytes the CPU is shared equally among the (empty) objects.
            const double share =
                size > 0.0 ? dataSize / size : 1.0 / static_cast<double>(job.data.size());
            units.push_back({k, d, cpu * share, dataSize, model.dataBlocks(d)});
        }
    }
    return units;
}

CostBreakdown& CostBreakdown::operator+=(const CostBreakdown& other) {
    dataTransfer += other.dataTransfer;
    execution += other.execution;
    runtimeTransfer += other.runtimeTransfer;
    return *this;
}

CostBreakdown planCost(const CostModel& model, const TransferTable& transfer,
                       const std::vector<WorkUnit>& units, const Plan& plan) {
    CostBreakdown cost;
    for (const DataShare& p : plan.placement) {
        const DataObject& d = model.data[static_cast<std::size_t>(p.data)];
        cost.dataTransfer += p.fraction * d.sizeMb * transfer.costPerMb(d.origin, p.store);
    }
    for (const UnitShare& w : plan.work) {
        const WorkUnit& u = units[static_cast<std::size_t>(w.unit)];
        const Machine& m = model.machines[static_cast<std::size_t>(w.machine)];
        cost.execution += w.fraction * u.cpuS * m.cpuCostPerS;
        if (u.data >= 0) {
            cost.runtimeTransfer += w.fraction * u.sizeMb * transfer.costPerMb(m.store, w.store);
        }
    }
    return cost;
}

std::vector<double> cpuSecondsPerMachine(const CostModel& model, const std::vector<WorkUnit>& units,
                                         const Plan& plan) {
    std::vector<double> cpu(model.machines.size(), 0.0);
    for (const UnitShare& w : plan.work) {
        cpu[static_cast<std::size_t>(w.machine)] +=
            w.fraction * units[static_cast<std::size_t>(w.unit)].cpuS;
    }
    return cpu;
}

double busyMakespan(const CostModel& model, const std::vector<double>& cpuSeconds) {
    double makespan = 0.0;
    for (std::size_t l = 0; l < cpuSeconds.size(); ++l) {
        makespan = std::max(makespan, cpuSeconds[l] / model.machines[l].cpuUnits);
    }
    return makespan;
}

double locality(const CostModel& model, const std::vector<WorkUnit>& units, const Plan& plan) {
    double local = 0.0;
    double total = 0.0;
    for (const UnitShare& w : plan.work) {
        const WorkUnit& u = units[static_cast<std::size_t>(w.unit)];
        const double mb = w.fraction * u.sizeMb;
        total += mb;
        if (w.store == model.machines[static_cast<std::size_t>(w.machine)].store) {
            local += mb;
        }
    }
    return total > 0.0 ? local / total : 1.0;
}

}  // namespace mr::cost
