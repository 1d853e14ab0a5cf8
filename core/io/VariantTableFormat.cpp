#include "io/VariantTableFormat.h"

#include "io/Csv.h"

namespace mr {

std::string variantTableCsv(const std::vector<VariantRow>& rows) {
    const auto number = [](const std::optional<double>& v) {
        return v ? csvNumber(*v) : std::string();
    };
    const auto count = [](const auto& v) { return v ? std::to_string(*v) : std::string(); };
    std::string out =
        "variant,algorithm,makespan,delta,delta_percent,map_utilization,reduce_utilization,"
        "jct_mean,jct_p95,slowdown_mean,fairness,deadlines,missed,relative_deadline_exceeded,extra_"
        "map_tasks,"
        "extra_reduce_tasks,killed_tasks,killed_work,data_local_fraction,status\n";
    for (const VariantRow& r : rows) {
        out += csvRow({r.variant,
                       r.algorithm,
                       number(r.makespan),
                       number(r.delta),
                       number(r.deltaPercent),
                       number(r.mapUtilization),
                       number(r.reduceUtilization),
                       number(r.jctMean),
                       number(r.jctP95),
                       number(r.slowdownMean),
                       number(r.fairness),
                       count(r.deadlines),
                       count(r.missed),
                       number(r.relativeExceeded),
                       count(r.extraMapTasks),
                       count(r.extraReduceTasks),
                       count(r.killedTasks),
                       number(r.killedWork),
                       number(r.dataLocalFraction),
                       r.status});
    }
    return out;
}

}  // namespace mr
