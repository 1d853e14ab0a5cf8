#include "io/ResultFormat.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "io/NumberFormat.h"

namespace mr {

using nlohmann::ordered_json;

std::string formatTime(double seconds) {
    char buffer[64];
    // Six significant digits, but never scientific notation for large times.
    std::snprintf(buffer, sizeof buffer, std::fabs(seconds) >= 1e6 ? "%.0f" : "%.6g", seconds);
    return buffer;
}

double improvementPercent(double baseline, double value) {
    return baseline > 0.0 ? (baseline - value) / baseline * 100.0 : 0.0;
}

std::string describeWorkload(const Workload& w) {
    const Cluster& c = w.cluster;
    const bool plural = c.mapSlotsPerNode > 1 || c.reduceSlotsPerNode > 1;
    return std::to_string(w.jobCount()) + " jobs, " + std::to_string(w.taskCount()) + " tasks; " +
           std::to_string(c.nodes) + " nodes with " + std::to_string(c.mapSlotsPerNode) +
           " map and " + std::to_string(c.reduceSlotsPerNode) +
           (plural ? " reduce slots" : " reduce slot") + " per node";
}

std::string csvField(const std::string& text) {
    if (text.find_first_of(",\"\n\r") == std::string::npos) {
        return text;
    }
    std::string quoted = "\"";
    for (char ch : text) {
        quoted += ch == '"' ? std::string("\"\"") : std::string(1, ch);
    }
    return quoted + "\"";
}

std::string textTable(const std::vector<std::vector<std::string>>& rows, const std::string& align) {
    std::vector<std::size_t> width;
    for (const auto& row : rows) {
        width.resize(std::max(width.size(), row.size()), 0);
        for (std::size_t c = 0; c < row.size(); ++c) {
            width[c] = std::max(width[c], row[c].size());
        }
    }
    std::string out;
    for (const auto& row : rows) {
        std::string line;
        for (std::size_t c = 0; c < row.size(); ++c) {
            const std::string pad(width[c] - row[c].size(), ' ');
            const bool last = c + 1 == row.size();
            if (c < align.size() && align[c] == 'l') {
                line += row[c] + (last ? "" : pad);
            } else {
                line += pad + row[c];
            }
            line += last ? "" : "  ";
        }
        while (!line.empty() && line.back() == ' ') {
            line.pop_back();
        }
        out += line + "\n";
    }
    return out;
}

namespace {

std::vector<std::string> jobNames(const Workload& w, const std::vector<int>& jobs) {
    std::vector<std::string> names;
    for (int j : jobs) {
        names.push_back(w.jobs[static_cast<std::size_t>(j)].name);
    }
    return names;
}

std::string joined(const std::vector<std::string>& items, const char* separator) {
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i) {
        out += (i == 0 ? "" : separator) + items[i];
    }
    return out;
}

// At most `limit` names, then "… (+N more)": tables stay readable for 1000-job batches.
std::string abbreviated(const std::vector<std::string>& names, std::size_t limit) {
    if (names.size() <= limit) {
        return joined(names, " ");
    }
    const std::vector<std::string> head(names.begin(),
                                        names.begin() + static_cast<std::ptrdiff_t>(limit));
    return joined(head, " ") + " ... (+" + std::to_string(names.size() - limit) + " more)";
}

std::string percent(double fraction) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.1f%%", fraction * 100.0);
    return buffer;
}

// "deadlines    ..." lines of the run text (seed 004 §IV-A).
std::string deadlineMetricsText(const DeadlineMetrics& m) {
    char buffer[256];
    std::string out;
    if (m.jobsWithDeadline > 0) {
        std::snprintf(buffer, sizeof buffer,
                      "deadlines    %d of %d missed (%s), relative deadline exceeded %.4g\n",
                      m.missed, m.jobsWithDeadline, percent(*m.missedFraction).c_str(),
                      m.relativeDeadlineExceeded);
        out += buffer;
    }
    out += "completion   average " + formatTime(m.avgCompletionTime) + " s after arrival\n";
    if (m.extraMapTasks || m.killedMapTasks + m.killedReduceTasks > 0) {
        std::snprintf(
            buffer, sizeof buffer,
            "spare slots  %lld extra map tasks, %lld extra reduce tasks; killed %lld map, "
            "%lld reduce\n",
            m.extraMapTasks.value_or(0), m.extraReduceTasks.value_or(0), m.killedMapTasks,
            m.killedReduceTasks);
        out += buffer;
    }
    if (m.dataLocalFraction) {
        out += "locality     " + percent(*m.dataLocalFraction) + " of map tasks data-local\n";
    }
    return out;
}

std::string signedPercent(double value) {
    if (std::fabs(value) < 0.05) {
        return "0.0%";
    }
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%+.1f%%", value);
    return buffer;
}

bool anyDeadline(const Workload& w) {
    return std::any_of(w.jobs.begin(), w.jobs.end(),
                       [](const Job& job) { return job.deadline.has_value(); });
}

}  // namespace

bool hasDeadlineMetrics(const Workload& w, const RunResult& r) {
    return anyDeadline(w) || r.extraTasks || r.locality;
}

std::string csvNumber(double value) {
    return formatNumber(value);
}

ordered_json deadlineMetricsJson(const DeadlineMetrics& m) {
    ordered_json out;
    putDeadlineMetrics(out, m);
    out["jobs_with_deadline"] = m.jobsWithDeadline;
    out["missed_jobs"] = m.missed;
    return out;
}

ordered_json runResultJson(const Workload& w, const RunResult& r) {
    const Workload& simulated = r.simulatedWorkload ? *r.simulatedWorkload : w;
    ordered_json out;
    out["algorithm"] = r.algorithm;
    out["workload"] = w.name;
    out["order"] = jobNames(w, r.order);
    out["makespan"] = r.sim.makespan;
    out["model_makespan"] = r.modelMakespan ? ordered_json(*r.modelMakespan) : ordered_json();
    if (r.sim.pools.size() > 1) {
        ordered_json pools = ordered_json::array();
        for (const auto& p : r.sim.pools) {
            pools.push_back({{"name", p.name},
                             {"nodes", p.nodes},
                             {"first_node", p.firstNode},
                             {"jobs", jobNames(w, p.jobs)},
                             {"makespan", p.makespan}});
        }
        out["pools"] = pools;
    }
    const bool deadlines = hasDeadlineMetrics(simulated, r);
    const TraceComparison trace = compareWithTrace(w, r.sim);
    std::vector<const TracedJob*> tracedOf(r.sim.jobs.size(), nullptr);
    for (const TracedJob& t : trace.jobs) {
        tracedOf[static_cast<std::size_t>(t.job)] = &t;
    }
    ordered_json jobs = ordered_json::array();
    for (std::size_t j = 0; j < r.sim.jobs.size(); ++j) {
        const JobTimes& t = r.sim.jobs[j];
        ordered_json job{{"name", simulated.jobs[j].name},
                         {"arrival", t.arrival},
                         {"start", t.start},
                         {"map_end", t.mapEnd},
                         {"end", t.end}};
        if (j < r.stages.size()) {
            job["m"] = r.stages[j].map;
            job["r"] = r.stages[j].reduce;
        }
        if (j < r.inputStages.size()) {
            job["m_before"] = r.inputStages[j].map;
            job["r_before"] = r.inputStages[j].reduce;
        }
        if (deadlines) {
            const auto& deadline = simulated.jobs[j].deadline;
            job["deadline"] = deadline ? ordered_json(t.arrival + *deadline) : ordered_json();
            job["late"] = deadline && missedDeadline(t.arrival, *deadline, t.end);
            if (t.killedMaps + t.killedReduces > 0) {
                job["killed_maps"] = t.killedMaps;
                job["killed_reduces"] = t.killedReduces;
            }
        }
        if (!trace.empty()) {
            const TracedJob* traced = tracedOf[j];
            job["trace_end"] = traced ? ordered_json(traced->tracedEnd) : ordered_json();
            job["trace_error"] = traced ? ordered_json(traced->error()) : ordered_json();
        }
        jobs.push_back(job);
    }
    out["jobs"] = jobs;
    out["utilization"] = {{"map", r.sim.mapUtilization()}, {"reduce", r.sim.reduceUtilization()}};
    if (deadlines) {
        out["deadline_metrics"] = deadlineMetricsJson(deadlineMetrics(simulated, r));
    }
    if (!trace.empty()) {
        out["trace"] = traceComparisonJson(trace);
    }
    if (!r.notes.empty()) {
        out["notes"] = r.notes;
    }
    return out;
}

std::string runResultText(const Workload& w, const RunResult& r) {
    std::string out;
    out += "workload     " + (w.name.empty() ? std::string("(unnamed)") : w.name) + " — " +
           describeWorkload(w) + "\n";
    out += "algorithm    " + r.algorithm + "\n";
    out += "order        " + abbreviated(jobNames(w, r.order), 30) + "\n";
    out += "makespan     " + formatTime(r.sim.makespan);
    if (r.modelMakespan) {
        out += "   (two-stage model: " + formatTime(*r.modelMakespan) + ")";
    }
    out += "\nutilization  map " + percent(r.sim.mapUtilization()) + ", reduce " +
           percent(r.sim.reduceUtilization()) + "\n";
    for (const auto& p : r.sim.pools.size() > 1 ? r.sim.pools : std::vector<PoolTimes>{}) {
        out += "pool " + p.name + "  " + std::to_string(p.nodes) + " nodes, makespan " +
               formatTime(p.makespan) + ": " + joined(jobNames(w, p.jobs), " ") + "\n";
    }
    for (const auto& note : r.notes) {
        out += "note         " + note + "\n";
    }
    const Workload& simulated = r.simulatedWorkload ? *r.simulatedWorkload : w;
    const bool deadlines = hasDeadlineMetrics(simulated, r);
    if (deadlines) {
        out += deadlineMetricsText(deadlineMetrics(simulated, r));
    }
    const bool changed = !r.inputStages.empty();  // (m, r) before the algorithm changed the jobs
    std::vector<std::vector<std::string>> rows{
        {"job", "m", "r", "arrival", "start", "map end", "end"}};
    if (changed) {
        rows[0].insert(rows[0].begin() + 1, {"m before", "r before"});
    }
    if (deadlines) {
        rows[0].insert(rows[0].end(), {"deadline", "late"});
    }
    const TraceComparison trace = compareWithTrace(w, r.sim);
    std::vector<const TracedJob*> tracedOf(r.sim.jobs.size(), nullptr);
    for (const TracedJob& t : trace.jobs) {
        tracedOf[static_cast<std::size_t>(t.job)] = &t;
    }
    if (!trace.empty()) {
        rows[0].insert(rows[0].end(), {"traced end", "error"});
        out += traceComparisonText(trace);
    }
    const auto stageText = [](const std::vector<StageDurations>& stages, int j, bool map) {
        if (static_cast<std::size_t>(j) >= stages.size()) {
            return std::string("-");
        }
        const StageDurations& s = stages[static_cast<std::size_t>(j)];
        return formatTime(map ? s.map : s.reduce);
    };
    for (int j : r.order) {
        const JobTimes& t = r.sim.jobs[static_cast<std::size_t>(j)];
        const Job& job = simulated.jobs[static_cast<std::size_t>(j)];
        std::vector<std::string> row{job.name,
                                     stageText(r.stages, j, true),
                                     stageText(r.stages, j, false),
                                     formatTime(t.arrival),
                                     formatTime(t.start),
                                     formatTime(t.mapEnd),
                                     formatTime(t.end)};
        if (changed) {
            row.insert(row.begin() + 1,
                       {stageText(r.inputStages, j, true), stageText(r.inputStages, j, false)});
        }
        if (deadlines) {
            row.push_back(job.deadline ? formatTime(t.arrival + *job.deadline) : "-");
            row.push_back(job.deadline && missedDeadline(t.arrival, *job.deadline, t.end) ? "late"
                                                                                          : "");
        }
        if (!trace.empty()) {
            const TracedJob* traced = tracedOf[static_cast<std::size_t>(j)];
            row.push_back(traced ? formatTime(traced->tracedEnd) : "-");
            row.push_back(traced ? errorPercent(traced->error()) : "-");
        }
        rows.push_back(std::move(row));
    }
    return out + "\n" + textTable(rows, std::string(rows[0].size() - 1, 'r').insert(0, "l"));
}

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

ordered_json comparisonJson(const Workload& w, const std::vector<RunResult>& results) {
    ordered_json out;
    out["workload"] = w.name;
    out["baseline"] = results.empty() ? ordered_json() : ordered_json(results.front().algorithm);
    ordered_json list = ordered_json::array();
    for (const auto& r : results) {
        ordered_json item = runResultJson(w, r);
        item["improvement_over_baseline_pct"] =
            improvementPercent(results.front().sim.makespan, r.sim.makespan);
        list.push_back(item);
    }
    out["results"] = list;
    return out;
}

std::string comparisonText(const Workload& w, const std::vector<RunResult>& results) {
    std::string out = "workload  " + (w.name.empty() ? std::string("(unnamed)") : w.name) + " — " +
                      describeWorkload(w) + "\n\n";
    const std::string baseline = results.empty() ? "" : results.front().algorithm;
    std::vector<std::vector<std::string>> rows{
        {"algorithm", "makespan", "model", "vs " + baseline, "map util", "reduce util", "order"}};
    for (const auto& r : results) {
        rows.push_back(
            {r.algorithm, formatTime(r.sim.makespan),
             r.modelMakespan ? formatTime(*r.modelMakespan) : "-",
             signedPercent(-improvementPercent(results.front().sim.makespan, r.sim.makespan)),
             percent(r.sim.mapUtilization()), percent(r.sim.reduceUtilization()),
             abbreviated(jobNames(w, r.order), 12)});
    }
    out += textTable(rows, "lrrrrrl");
    if (std::any_of(results.begin(), results.end(),
                    [&](const RunResult& r) { return hasDeadlineMetrics(w, r); })) {
        std::vector<std::vector<std::string>> deadlineRows{
            {"algorithm", "missed", "rel. exceeded", "avg completion", "extra maps",
             "extra reduces", "killed maps", "killed reduces", "data-local"}};
        for (const auto& r : results) {
            const DeadlineMetrics m = deadlineMetrics(w, r);
            char relative[32];
            std::snprintf(relative, sizeof relative, "%.4g", m.relativeDeadlineExceeded);
            const auto count = [](const std::optional<long long>& v) {
                return v ? std::to_string(*v) : std::string("-");
            };
            deadlineRows.push_back(
                {r.algorithm, m.missedFraction ? percent(*m.missedFraction) : "-", relative,
                 formatTime(m.avgCompletionTime), count(m.extraMapTasks), count(m.extraReduceTasks),
                 std::to_string(m.killedMapTasks), std::to_string(m.killedReduceTasks),
                 m.dataLocalFraction ? percent(*m.dataLocalFraction) : "-"});
        }
        out += "\n" + textTable(deadlineRows, "lrrrrrrrr");
    }
    return out;
}

std::string comparisonCsv(const Workload& w, const std::vector<RunResult>& results) {
    // Deadline columns only when some run has deadline metrics (older scripts see no change).
    const bool deadlines = std::any_of(results.begin(), results.end(), [&](const RunResult& r) {
        return hasDeadlineMetrics(w, r);
    });
    std::string out =
        "algorithm,makespan,model_makespan,improvement_over_baseline_pct,map_utilization,"
        "reduce_utilization,order";
    out += deadlines ? std::string(",") + kDeadlineCsvColumns + "\n" : std::string("\n");
    for (const auto& r : results) {
        char numbers[256];
        std::snprintf(numbers, sizeof numbers, "%.10g,%s,%.6g,%.6g,%.6g", r.sim.makespan,
                      r.modelMakespan ? formatTime(*r.modelMakespan).c_str() : "",
                      improvementPercent(results.front().sim.makespan, r.sim.makespan),
                      r.sim.mapUtilization(), r.sim.reduceUtilization());
        out += csvField(r.algorithm) + "," + numbers + "," +
               csvField(joined(jobNames(w, r.order), " "));
        if (deadlines) {
            out += "," + deadlineCsvFields(deadlineMetrics(w, r));
        }
        out += "\n";
    }
    return out;
}

}  // namespace mr
