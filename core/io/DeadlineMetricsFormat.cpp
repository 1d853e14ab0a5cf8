#include "io/DeadlineMetricsFormat.h"

#include <cstdio>

#include "io/TextTable.h"
#include "model/Numbers.h"

namespace mr {

nlohmann::ordered_json deadlineMetricsJson(const DeadlineMetrics& m) {
    nlohmann::ordered_json out;
    putDeadlineMetrics(out, m);
    out["jobs_with_deadline"] = m.jobsWithDeadline;
    out["missed_jobs"] = m.missed;
    out["killed_work"] = m.killedWork;
    return out;
}

std::string deadlineMetricsText(const DeadlineMetrics& m) {
    char buffer[256];
    std::string out;
    if (m.jobsWithDeadline > 0) {
        std::snprintf(buffer, sizeof buffer,
                      "deadlines    %d of %d missed (%s), relative deadline exceeded %.4g\n",
                      m.missed, m.jobsWithDeadline, percentText(*m.missedFraction).c_str(),
                      m.relativeDeadlineExceeded);
        out += buffer;
    }
    out += "completion   average " + formatTime(m.avgCompletionTime) + " s after arrival\n";
    if (m.extraMapTasks || m.killedMapTasks + m.killedReduceTasks > 0) {
        std::snprintf(
            buffer, sizeof buffer,
            "spare slots  %lld extra map tasks, %lld extra reduce tasks; killed %lld map, "
            "%lld reduce (%s slot-s of work lost)\n",
            m.extraMapTasks.value_or(0), m.extraReduceTasks.value_or(0), m.killedMapTasks,
            m.killedReduceTasks, formatTime(m.killedWork).c_str());
        out += buffer;
    }
    if (m.dataLocalFraction) {
        out += "locality     " + percentText(*m.dataLocalFraction) + " of map tasks data-local\n";
    }
    return out;
}

}  // namespace mr
