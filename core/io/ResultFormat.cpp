#include "io/ResultFormat.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

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

std::string signedPercent(double value) {
    if (std::fabs(value) < 0.05) {
        return "0.0%";
    }
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%+.1f%%", value);
    return buffer;
}

}  // namespace

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
        jobs.push_back(job);
    }
    out["jobs"] = jobs;
    out["utilization"] = {{"map", r.sim.mapUtilization()}, {"reduce", r.sim.reduceUtilization()}};
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
    std::vector<std::vector<std::string>> rows{
        {"job", "m", "r", "arrival", "start", "map end", "end"}};
    const Workload& simulated = r.simulatedWorkload ? *r.simulatedWorkload : w;
    for (int j : r.order) {
        const JobTimes& t = r.sim.jobs[static_cast<std::size_t>(j)];
        const StageDurations s = static_cast<std::size_t>(j) < r.stages.size()
                                     ? r.stages[static_cast<std::size_t>(j)]
                                     : StageDurations{};
        rows.push_back({simulated.jobs[static_cast<std::size_t>(j)].name, formatTime(s.map),
                        formatTime(s.reduce), formatTime(t.arrival), formatTime(t.start),
                        formatTime(t.mapEnd), formatTime(t.end)});
    }
    return out + "\n" + textTable(rows, "lrrrrrr");
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
    return out + textTable(rows, "lrrrrrl");
}

std::string comparisonCsv(const Workload& w, const std::vector<RunResult>& results) {
    std::string out =
        "algorithm,makespan,model_makespan,improvement_over_baseline_pct,map_utilization,"
        "reduce_utilization,order\n";
    for (const auto& r : results) {
        char numbers[256];
        std::snprintf(numbers, sizeof numbers, "%.10g,%s,%.6g,%.6g,%.6g", r.sim.makespan,
                      r.modelMakespan ? formatTime(*r.modelMakespan).c_str() : "",
                      improvementPercent(results.front().sim.makespan, r.sim.makespan),
                      r.sim.mapUtilization(), r.sim.reduceUtilization());
        out += csvField(r.algorithm) + "," + numbers + "," +
               csvField(joined(jobNames(w, r.order), " ")) + "\n";
    }
    return out;
}

}  // namespace mr
