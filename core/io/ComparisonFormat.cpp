#include "io/ComparisonFormat.h"

#include <algorithm>
#include <cstdio>

#include "io/Csv.h"
#include "io/DeadlineMetricsFormat.h"
#include "io/RunFormat.h"
#include "io/TextTable.h"
#include "model/Numbers.h"

namespace mr {

using nlohmann::ordered_json;

namespace {

bool anyPools(const ComparisonTable& t) {
    return std::any_of(t.rows.begin(), t.rows.end(),
                       [](const ComparisonRow& r) { return !r.pools.empty(); });
}

std::string csvColumnName(std::string id) {
    std::replace(id.begin(), id.end(), '-', '_');
    return id;
}

// Under a scenario (model/Scenario.h) some run has failed jobs: then their count is shown.
bool anyFailedJobs(const ComparisonTable& t) {
    return std::any_of(t.rows.begin(), t.rows.end(),
                       [](const ComparisonRow& r) { return r.failedJobs > 0; });
}

}  // namespace

std::vector<std::vector<std::string>> comparisonCells(const ComparisonTable& t,
                                                      std::size_t orderNames,
                                                      std::optional<MetricColumns> metrics) {
    const bool pools = anyPools(t);
    // Under a scenario jobs may fail: their count follows the makespan (which counts a failed
    // job's end as its failure time).
    const bool failures = anyFailedJobs(t);
    std::vector<std::string> header{"algorithm", "makespan"};
    if (failures) {
        header.push_back("failed jobs");
    }
    header.push_back("model");
    for (const auto& b : t.baselines) {
        header.push_back("vs " + b);
    }
    if (metrics) {
        const auto names = runMetricsHeader(*metrics);
        header.insert(header.end(), names.begin(), names.end());
    }
    header.insert(header.end(), {"map util", "reduce util", "order"});
    if (pools) {
        header.push_back("pools");
    }
    std::vector<std::vector<std::string>> cells{header};
    for (const ComparisonRow& r : t.rows) {
        std::vector<std::string> row{r.algorithm};
        if (!r.makespan) {
            row.resize(header.size(), "-");
            row[header.size() - (pools ? 2 : 1)] = r.error;
            cells.push_back(std::move(row));
            continue;
        }
        row.push_back(formatTime(*r.makespan));
        if (failures) {
            row.push_back(std::to_string(r.failedJobs));
        }
        row.push_back(r.modelMakespan ? formatTime(*r.modelMakespan) : "-");
        for (const auto& vs : r.vs) {
            row.push_back(vs ? signedPercentText(*vs) : "-");
        }
        if (metrics) {
            const auto cells = runMetricsCells(*r.metrics, *metrics);
            row.insert(row.end(), cells.begin(), cells.end());
        }
        row.push_back(percentText(r.mapUtilization));
        row.push_back(percentText(r.reduceUtilization));
        row.push_back(abbreviatedNames(r.order, orderNames));
        if (pools) {
            row.push_back(joinedNames(r.pools, "; "));
        }
        cells.push_back(std::move(row));
    }
    return cells;
}

std::vector<std::vector<std::string>> comparisonMetricsCells(const ComparisonTable& t,
                                                             MetricColumns columns) {
    std::vector<std::string> header{"algorithm"};
    const auto names = runMetricsHeader(columns);
    header.insert(header.end(), names.begin(), names.end());
    std::vector<std::vector<std::string>> cells{header};
    for (const ComparisonRow& r : t.rows) {
        std::vector<std::string> row{r.algorithm};
        if (r.metrics) {
            const auto values = runMetricsCells(*r.metrics, columns);
            row.insert(row.end(), values.begin(), values.end());
        } else {
            row.resize(header.size(), "-");
        }
        cells.push_back(std::move(row));
    }
    return cells;
}

std::vector<std::vector<std::string>> comparisonDeadlineCells(const ComparisonTable& t) {
    if (!t.deadlines) {
        return {};
    }
    std::vector<std::vector<std::string>> cells{{"algorithm", "missed", "rel. exceeded",
                                                 "avg completion", "extra maps", "extra reduces",
                                                 "killed maps", "killed reduces", "data-local"}};
    const auto count = [](const std::optional<long long>& v) {
        return v ? std::to_string(*v) : std::string("-");
    };
    for (const ComparisonRow& r : t.rows) {
        if (!r.deadlines) {
            cells.push_back({r.algorithm, "-", "-", "-", "-", "-", "-", "-", "-"});
            continue;
        }
        const DeadlineMetrics& m = *r.deadlines;
        char relative[32];
        std::snprintf(relative, sizeof relative, "%.4g", m.relativeDeadlineExceeded);
        cells.push_back({r.algorithm, m.missedFraction ? percentText(*m.missedFraction) : "-",
                         relative, formatTime(m.avgCompletionTime), count(m.extraMapTasks),
                         count(m.extraReduceTasks), std::to_string(m.killedMapTasks),
                         std::to_string(m.killedReduceTasks),
                         m.dataLocalFraction ? percentText(*m.dataLocalFraction) : "-"});
    }
    return cells;
}

std::string comparisonVsNote(const ComparisonTable& t) {
    if (t.baselines.empty()) {
        return "";
    }
    const std::string& b = t.baselines.front();
    return "vs " + b + ": makespan saved against " + b + ", (" + b + " - this) / " + b +
           "; + is shorter, - is longer";
}

std::string comparisonText(const ComparisonTable& t, MetricColumns metrics) {
    std::string out = "workload  " + (t.workload.empty() ? std::string("(unnamed)") : t.workload) +
                      " — " + t.description + "\n\n";
    const auto cells = comparisonCells(t);
    std::string align = "lrr" + std::string(t.baselines.size(), 'r') + "rrl";
    if (anyPools(t)) {
        align += "l";
    }
    out += textTable(cells, align);
    out += comparisonVsNote(t) + "\n";
    const auto metricCells = comparisonMetricsCells(t, metrics);
    out += "\njob metrics (docs/metrics.md)\n" +
           textTable(metricCells, "l" + std::string(metricCells.front().size() - 1, 'r'));
    if (t.deadlines) {
        out += "\n" + textTable(comparisonDeadlineCells(t), "lrrrrrrrr");
    }
    return out;
}

std::string comparisonCsv(const ComparisonTable& t) {
    std::string out = "algorithm,makespan,model_makespan";
    for (const auto& b : t.baselines) {
        out += "," + csvField("vs_" + csvColumnName(b) + "_pct");
    }
    out += ",map_utilization,reduce_utilization,order,pools,error," + runMetricsCsvColumns();
    const bool failures = anyFailedJobs(t);
    out += t.deadlines ? std::string(",") + kDeadlineCsvColumns : std::string();
    out += failures ? ",failed_jobs\n" : "\n";
    const auto number = [](const std::optional<double>& v) {
        return v ? csvNumber(*v) : std::string();
    };
    for (const ComparisonRow& r : t.rows) {
        out += csvField(r.algorithm) + "," + number(r.makespan) + "," + number(r.modelMakespan);
        for (const auto& vs : r.vs) {
            out += "," + number(vs);
        }
        const bool ran = r.makespan.has_value();
        out += "," + (ran ? csvNumber(r.mapUtilization) : std::string()) + "," +
               (ran ? csvNumber(r.reduceUtilization) : std::string()) + "," +
               csvField(joinedNames(r.order)) + "," + csvField(joinedNames(r.pools, "; ")) + "," +
               csvField(r.error) + "," +
               (r.metrics ? runMetricsCsvFields(*r.metrics) : emptyRunMetricsCsvFields());
        if (t.deadlines) {
            out += "," + (r.deadlines ? deadlineCsvFields(*r.deadlines) : std::string(7, ','));
        }
        out += failures ? "," + std::to_string(r.failedJobs) + "\n" : "\n";
    }
    return out;
}

ordered_json comparisonJson(const Workload& w, const std::vector<RunResult>& results) {
    std::vector<ComparisonEntry> entries;
    for (const RunResult& r : results) {
        entries.push_back({r.algorithm, &r, ""});
    }
    return comparisonJson(w, entries);
}

ordered_json comparisonJson(const Workload& w, const std::vector<ComparisonEntry>& entries) {
    const auto ran = std::find_if(entries.begin(), entries.end(),
                                  [](const ComparisonEntry& e) { return e.result != nullptr; });
    const RunResult* baseline = ran != entries.end() ? ran->result : nullptr;
    ordered_json out;
    out["workload"] = w.name;
    out["baseline"] = baseline != nullptr ? ordered_json(baseline->algorithm) : ordered_json();
    ordered_json list = ordered_json::array();
    for (const ComparisonEntry& e : entries) {
        if (e.result == nullptr) {
            list.push_back({{"algorithm", e.id}, {"refused", e.note}});
            continue;
        }
        ordered_json item = runResultJson(w, *e.result);
        item["improvement_over_baseline_pct"] =
            improvementPercent(baseline->sim.makespan, e.result->sim.makespan);
        list.push_back(item);
    }
    out["results"] = list;
    return out;
}

}  // namespace mr
