#include "experiments/ComparisonTable.h"

#include <algorithm>

namespace mr {

double improvementPercent(double baseline, double value) {
    return baseline > 0.0 ? (baseline - value) / baseline * 100.0 : 0.0;
}

namespace {

ComparisonRow rowOf(const Workload& w, const ComparisonEntry& entry,
                    const std::vector<ComparisonEntry>& baselines) {
    ComparisonRow row;
    row.algorithm = entry.id;
    if (entry.result == nullptr) {
        row.error = entry.note;
        row.vs.resize(baselines.size());
        return row;
    }
    const RunResult& r = *entry.result;
    row.makespan = r.sim.makespan;
    row.modelMakespan = r.modelMakespan;
    for (const ComparisonEntry& b : baselines) {
        row.vs.push_back(b.result != nullptr ? std::optional<double>(improvementPercent(
                                                   b.result->sim.makespan, r.sim.makespan))
                                             : std::nullopt);
    }
    row.mapUtilization = r.sim.mapUtilization();
    row.failedJobs = r.sim.failedJobs;
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
    row.metrics = runMetrics(w, r);
    row.deadlines = deadlineMetrics(simulated, r);
    row.hasDeadlineMetrics = hasDeadlineMetrics(simulated, r);
    return row;
}

}  // namespace

ComparisonTable comparisonTable(const Workload& w, const std::vector<ComparisonEntry>& rows,
                                const std::vector<ComparisonEntry>& baselines) {
    ComparisonTable table;
    table.workload = w.name;
    table.description = describeWorkload(w);
    for (const ComparisonEntry& b : baselines) {
        table.baselines.push_back(b.id);
    }
    for (const ComparisonEntry& e : rows) {
        table.rows.push_back(rowOf(w, e, baselines));
        table.deadlines = table.deadlines || table.rows.back().hasDeadlineMetrics;
    }
    return table;
}

ComparisonTable comparisonTable(const Workload& w, const std::vector<RunResult>& results) {
    std::vector<ComparisonEntry> rows;
    for (const RunResult& r : results) {
        rows.push_back({r.algorithm, &r, ""});
    }
    return comparisonTable(w, rows);
}

std::vector<ComparisonEntry> comparisonEntries(const std::vector<AlgorithmOutcome>& outcomes) {
    std::vector<ComparisonEntry> entries;
    for (const AlgorithmOutcome& o : outcomes) {
        entries.push_back({o.id, o.result ? &*o.result : nullptr, o.error});
    }
    return entries;
}

ComparisonTable comparisonTable(const Workload& w, const std::vector<ComparisonEntry>& entries) {
    std::vector<ComparisonEntry> baselines;
    const auto ran = std::find_if(entries.begin(), entries.end(),
                                  [](const ComparisonEntry& e) { return e.result != nullptr; });
    if (ran != entries.end()) {
        baselines.push_back(*ran);
    }
    return comparisonTable(w, entries, baselines);
}

}  // namespace mr
