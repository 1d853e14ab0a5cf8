// DeadlineMetricsFormat — [Verma12b]'s deadline metrics (experiments/DeadlineMetrics.h) as JSON,
// CSV fields and text lines, for one run and for a load sweep's means alike.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "experiments/DeadlineMetrics.h"
#include "io/Csv.h"

namespace mr {

// {"relative_deadline_exceeded", "missed_fraction", "avg_completion_time", "extra_map_tasks",
//  "extra_reduce_tasks", "killed_map_tasks", "killed_reduce_tasks", ["data_local_fraction"],
//  "jobs_with_deadline", "missed_jobs"}; metrics a run does not have are null.
nlohmann::ordered_json deadlineMetricsJson(const DeadlineMetrics& metrics);

// The "deadlines ...", "completion ...", "spare slots ...", "locality ..." lines of a run's text.
std::string deadlineMetricsText(const DeadlineMetrics& metrics);

// The [Verma12b] metrics under their JSON names, of one run (DeadlineMetrics) or of a load
// sweep's means (LoadPoint): both have these members; a missing optional one is null
// (data_local_fraction is left out instead).
template <class Metrics>
void putDeadlineMetrics(nlohmann::ordered_json& out, const Metrics& m) {
    const auto nullable = [](const auto& v) {
        return v ? nlohmann::ordered_json(*v) : nlohmann::ordered_json();
    };
    out["relative_deadline_exceeded"] = m.relativeDeadlineExceeded;
    out["missed_fraction"] = nullable(m.missedFraction);
    out["avg_completion_time"] = m.avgCompletionTime;
    out["extra_map_tasks"] = nullable(m.extraMapTasks);
    out["extra_reduce_tasks"] = nullable(m.extraReduceTasks);
    out["killed_map_tasks"] = m.killedMapTasks;
    out["killed_reduce_tasks"] = m.killedReduceTasks;
    if (m.dataLocalFraction) {
        out["data_local_fraction"] = *m.dataLocalFraction;
    }
}

// The same as CSV fields in the order of kDeadlineCsvColumns (missing ones empty).
inline constexpr const char* kDeadlineCsvColumns =
    "relative_deadline_exceeded,missed_fraction,avg_completion_time,extra_map_tasks,"
    "extra_reduce_tasks,killed_map_tasks,killed_reduce_tasks,data_local_fraction";
template <class Metrics>
std::string deadlineCsvFields(const Metrics& m) {
    const auto optional = [](const auto& v) {
        return v ? csvNumber(static_cast<double>(*v)) : std::string();
    };
    return csvNumber(m.relativeDeadlineExceeded) + "," + optional(m.missedFraction) + "," +
           csvNumber(m.avgCompletionTime) + "," + optional(m.extraMapTasks) + "," +
           optional(m.extraReduceTasks) + "," + csvNumber(static_cast<double>(m.killedMapTasks)) +
           "," + csvNumber(static_cast<double>(m.killedReduceTasks)) + "," +
           optional(m.dataLocalFraction);
}

}  // namespace mr
