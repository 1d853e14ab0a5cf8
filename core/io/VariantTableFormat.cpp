#include "io/VariantTableFormat.h"

#include "io/Csv.h"

namespace mr {

std::string variantTableCsv(const std::vector<VariantRow>& rows) {
    const auto number = [](const std::optional<double>& v) {
        return v ? csvNumber(*v) : std::string();
    };
    const auto count = [](const std::optional<int>& v) {
        return v ? std::to_string(*v) : std::string();
    };
    std::string out =
        "variant,algorithm,makespan,delta,delta_percent,map_utilization,reduce_utilization,"
        "avg_completion,deadlines,missed,status\n";
    for (const VariantRow& r : rows) {
        out += csvField(r.variant) + ',' + csvField(r.algorithm) + ',' + number(r.makespan) + ',' +
               number(r.delta) + ',' + number(r.deltaPercent) + ',' + number(r.mapUtilization) +
               ',' + number(r.reduceUtilization) + ',' + number(r.avgCompletion) + ',' +
               count(r.deadlines) + ',' + count(r.missed) + ',' + csvField(r.status) + '\n';
    }
    return out;
}

}  // namespace mr
