#include "experiments/ComparisonTable.h"

namespace mr {

double improvementPercent(double baseline, double value) {
    return baseline > 0.0 ? (baseline - value) / baseline * 100.0 : 0.0;
}

namespace {

ComparisonRow rowOf(const Workload& w, const AlgorithmOutcome& outcome,
                    const std::vector<AlgorithmOutcome>& baselines) {
    ComparisonRow row;
    row.algorithm = outcome.id;
    row.error = outcome.error;
    if (!outcome.result) {
        row.vs.resize(baselines.size());
        return row;
    }
    const RunResult& r = *outcome.result;
    row.makespan = r.sim.makespan;
    row.modelMakespan = r.modelMakespan;
    for (const AlgorithmOutcome& b : baselines) {
        row.vs.push_back(b.result ? std::optional<double>(
                                        improvementPercent(b.result->sim.makespan, r.sim.makespan))
                                  : std::nullopt);
    }
    row.mapUtilization = r.sim.mapUtilization();
    row.reduceUtilization = r.sim.reduceUtilization();
    const Workload& simulated = r.simulatedWorkload ? *r.simulatedWorkload : w;
    for (int j : r.order) {
        row.order.push_back(simulated.jobs[static_cast<std::size_t>(j)].name);
    }
    if (r.sim.pools.size() > 1) {
        for (const PoolTimes& p : r.sim.pools) {
            row.pools.push_back(p.name + ": " + std::to_string(p.nodes) + " nodes");
        }
    }
    row.deadlines = deadlineMetrics(simulated, r);
    row.hasDeadlineMetrics = hasDeadlineMetrics(simulated, r);
    return row;
}

}  // namespace

ComparisonTable comparisonTable(const Workload& w, const std::vector<AlgorithmOutcome>& outcomes,
                                const std::vector<AlgorithmOutcome>& baselines) {
    ComparisonTable table;
    table.workload = w.name;
    table.description = describeWorkload(w);
    for (const AlgorithmOutcome& b : baselines) {
        table.baselines.push_back(b.id);
    }
    for (const AlgorithmOutcome& o : outcomes) {
        table.rows.push_back(rowOf(w, o, baselines));
        table.deadlines = table.deadlines || table.rows.back().hasDeadlineMetrics;
    }
    return table;
}

ComparisonTable comparisonTable(const Workload& w, const std::vector<RunResult>& results) {
    std::vector<AlgorithmOutcome> outcomes;
    for (const RunResult& r : results) {
        outcomes.push_back({r.algorithm, r, ""});
    }
    std::vector<AlgorithmOutcome> baselines;
    if (!outcomes.empty()) {
        baselines.push_back(outcomes.front());
    }
    return comparisonTable(w, outcomes, baselines);
}

}  // namespace mr
