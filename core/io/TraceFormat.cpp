#include "io/TraceFormat.h"

#include <cstdio>
#include <optional>
#include <vector>

#include "io/TextTable.h"
#include "model/Numbers.h"

namespace mr {

using nlohmann::ordered_json;

std::string errorPercent(double fraction, bool withSign) {
    char text[32];
    std::snprintf(text, sizeof text, withSign ? "%+.2f%%" : "%.2f%%", fraction * 100.0);
    return text;
}

ordered_json traceComparisonJson(const TraceComparison& c) {
    const auto nullable = [](const std::optional<double>& v) {
        return v ? ordered_json(*v) : ordered_json();
    };
    ordered_json out;
    out["jobs"] = c.jobs.size();
    out["makespan"] = nullable(c.simulatedMakespan);
    out["trace_makespan"] = nullable(c.tracedMakespan);
    out["makespan_error"] = nullable(c.makespanError);
    out["mean_abs_error"] = c.meanAbsError;
    out["max_abs_error"] = c.maxAbsError;
    return out;
}

std::string traceComparisonText(const TraceComparison& c) {
    std::string out =
        "trace        " + std::to_string(c.jobs.size()) + " jobs with a traced end: mean |error| " +
        errorPercent(c.meanAbsError, false) + ", max |error| " + errorPercent(c.maxAbsError, false);
    if (c.makespanError) {
        out += "; makespan " + formatTime(*c.simulatedMakespan) + " against " +
               formatTime(*c.tracedMakespan) + " traced (" + errorPercent(*c.makespanError) + ")";
    }
    return out + "\n";
}

std::string traceTableText(const Workload& w, const TraceComparison& c) {
    std::vector<std::vector<std::string>> rows{{"job", "submit", "traced", "simulated", "error"}};
    for (const TracedJob& t : c.jobs) {
        rows.push_back(std::vector<std::string>{
            w.jobs[static_cast<std::size_t>(t.job)].name, formatTime(t.arrival),
            formatTime(t.traced()), formatTime(t.simulated()), errorPercent(t.error())});
    }
    if (c.makespanError) {
        rows.push_back(std::vector<std::string>{"makespan", "", formatTime(*c.tracedMakespan),
                                                formatTime(*c.simulatedMakespan),
                                                errorPercent(*c.makespanError)});
    }
    return textTable(rows, "lrrrr");
}

}  // namespace mr
