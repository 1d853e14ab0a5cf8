#include "experiments/VariantTable.h"

#include "experiments/DeadlineMetrics.h"
#include "experiments/JobMetrics.h"

namespace mr {

std::vector<VariantRow> variantTable(const std::vector<VariantCell>& cells,
                                     const std::string& reference) {
    const auto referenceMakespan = [&](const std::string& algorithm) -> std::optional<double> {
        for (const VariantCell& c : cells) {
            if (c.variant == reference && c.algorithm == algorithm && c.result) {
                return c.result->makespan();
            }
        }
        return std::nullopt;
    };
    std::vector<VariantRow> rows;
    rows.reserve(cells.size());
    for (const VariantCell& c : cells) {
        VariantRow row;
        row.variant = c.variant;
        row.algorithm = c.algorithm;
        row.status = c.status;
        if (c.result) {
            const RunResult& r = *c.result;
            row.makespan = r.makespan();
            row.mapUtilization = r.sim.mapUtilization();
            row.reduceUtilization = r.sim.reduceUtilization();
            if (c.workload) {
                const RunMetrics metrics = runMetrics(*c.workload, r);
                row.jctMean = metrics.completion.mean;
                row.jctP95 = metrics.completion.p95;
                row.slowdownMean = metrics.slowdown.mean;
                row.fairness = metrics.fairness;
                const DeadlineMetrics m = deadlineMetrics(*c.workload, r);
                if (m.jobsWithDeadline > 0) {
                    row.deadlines = m.jobsWithDeadline;
                    row.missed = m.missed;
                    row.relativeExceeded = m.relativeDeadlineExceeded;
                }
                row.extraMapTasks = m.extraMapTasks;
                row.extraReduceTasks = m.extraReduceTasks;
                const long long killed = m.killedMapTasks + m.killedReduceTasks;
                if (killed > 0 || m.extraMapTasks) {
                    row.killedTasks = killed;
                    row.killedWork = m.killedWork;
                }
                row.dataLocalFraction = m.dataLocalFraction;
            }
            if (const auto base = referenceMakespan(c.algorithm)) {
                row.delta = r.makespan() - *base;
                if (*base > 0.0) {
                    row.deltaPercent = *row.delta / *base * 100.0;
                }
            }
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

}  // namespace mr
