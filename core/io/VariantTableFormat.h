// VariantTableFormat — a VariantTable (experiments/VariantTable.h) as CSV: `variants.csv` of
// `mrx --export-all` and the Comparison tab's export.
#pragma once

#include <string>
#include <vector>

#include "experiments/VariantTable.h"

namespace mr {

// variant,algorithm,makespan,delta,delta_percent,map_utilization,reduce_utilization,
// jct_mean,jct_p95,slowdown_mean,fairness,deadlines,missed,relative_deadline_exceeded,
// extra_map_tasks,extra_reduce_tasks,killed_tasks,killed_work,data_local_fraction,status — empty
// fields where a value does not exist.
std::string variantTableCsv(const std::vector<VariantRow>& rows);

}  // namespace mr
