// TraceFormat — a simulation against a traced run (experiments/TraceValidation.h) as JSON and as
// text: the summary `mrsim run` adds when jobs carry a traced end, and `mrsim validate`'s table.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "experiments/TraceValidation.h"
#include "model/Workload.h"

namespace mr {

// {"jobs", "makespan", "trace_makespan", "makespan_error", "mean_abs_error", "max_abs_error"}
// (errors as fractions), and one text line.
nlohmann::ordered_json traceComparisonJson(const TraceComparison& comparison);
std::string traceComparisonText(const TraceComparison& comparison);
// A relative error as a percentage: "+0.70%", "-21.24%" (without the sign: "0.70%").
std::string errorPercent(double fraction, bool withSign = true);
// Per traced job: submit, traced and simulated completion time (submit -> finish), error; then
// the makespans (mrsim validate's table).
std::string traceTableText(const Workload& workload, const TraceComparison& comparison);

}  // namespace mr
