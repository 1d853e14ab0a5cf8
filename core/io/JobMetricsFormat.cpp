#include "io/JobMetricsFormat.h"

#include <cstdio>

#include "io/Csv.h"
#include "io/DeadlineMetricsFormat.h"
#include "model/Numbers.h"

namespace mr {

using nlohmann::ordered_json;

namespace {

struct NamedDistribution {
    const char* name;
    const Distribution RunMetrics::*member;
};

// The distributions in the order of every output.
constexpr NamedDistribution kDistributions[] = {
    {"jct", &RunMetrics::completion},
    {"wait", &RunMetrics::wait},
    {"slowdown", &RunMetrics::slowdown},
    {"bounded_slowdown", &RunMetrics::boundedSlowdown},
};

struct NamedStatistic {
    const char* name;
    double Distribution::*member;
};

constexpr NamedStatistic kStatistics[] = {
    {"mean", &Distribution::mean}, {"p50", &Distribution::p50}, {"p95", &Distribution::p95},
    {"p99", &Distribution::p99},   {"max", &Distribution::max},
};

ordered_json distributionJson(const Distribution& d) {
    ordered_json out;
    for (const NamedStatistic& s : kStatistics) {
        out[s.name] = d.*s.member;
    }
    return out;
}

std::string fixed(double value, const char* format) {
    char text[64];
    std::snprintf(text, sizeof text, format, value);
    return text;
}

// One column of a metrics table: its header and how a run fills it.
struct MetricColumn {
    const char* header;
    MetricColumns set;  // the smallest set that shows it
    std::string (*cell)(const RunMetrics&);
    const char* note;  // what it is, for a tooltip
};

const std::vector<MetricColumn>& metricColumns() {
    static const std::vector<MetricColumn> columns{
        {"JCT mean", MetricColumns::Compact,
         [](const RunMetrics& m) { return formatTime(m.completion.mean); },
         "mean completion time (end − arrival) over the jobs, s"},
        {"JCT p50", MetricColumns::All,
         [](const RunMetrics& m) { return formatTime(m.completion.p50); },
         "median completion time (nearest rank), s"},
        {"JCT p95", MetricColumns::Compact,
         [](const RunMetrics& m) { return formatTime(m.completion.p95); },
         "95th percentile of the completion times (nearest rank), s"},
        {"JCT p99", MetricColumns::All,
         [](const RunMetrics& m) { return formatTime(m.completion.p99); },
         "99th percentile of the completion times (nearest rank), s"},
        {"JCT max", MetricColumns::Default,
         [](const RunMetrics& m) { return formatTime(m.completion.max); },
         "longest completion time, s"},
        {"wait mean", MetricColumns::Default,
         [](const RunMetrics& m) { return formatTime(m.wait.mean); },
         "mean wait (first task start − arrival), s"},
        {"wait p95", MetricColumns::All, [](const RunMetrics& m) { return formatTime(m.wait.p95); },
         "95th percentile of the waits (nearest rank), s"},
        {"wait max", MetricColumns::All, [](const RunMetrics& m) { return formatTime(m.wait.max); },
         "longest wait, s"},
        {"slowdown mean", MetricColumns::Compact,
         [](const RunMetrics& m) { return slowdownText(m.slowdown.mean); },
         "mean of completion time / the job alone on the whole cluster"},
        {"slowdown max", MetricColumns::Default,
         [](const RunMetrics& m) { return slowdownText(m.slowdown.max); },
         "largest completion time / the job alone on the whole cluster"},
        {"bounded slowdown mean", MetricColumns::All,
         [](const RunMetrics& m) { return slowdownText(m.boundedSlowdown.mean); },
         "mean of max(1, completion time / max(alone, 10 s))"},
        {"fairness", MetricColumns::Compact,
         [](const RunMetrics& m) { return fairnessText(m.fairness); },
         "Jain's index over the slowdowns: 1 when every job is slowed down equally"},
    };
    return columns;
}

}  // namespace

std::string slowdownText(double slowdown) {
    return fixed(slowdown, "%.2f");
}

std::string fairnessText(double fairness) {
    return fixed(fairness, "%.3f");
}

std::string runMetricsText(const RunMetrics& m) {
    return "jobs         JCT mean " + formatTime(m.completion.mean) + ", p95 " +
           formatTime(m.completion.p95) + ", max " + formatTime(m.completion.max) + "; wait mean " +
           formatTime(m.wait.mean) + "; slowdown mean " + slowdownText(m.slowdown.mean) + ", max " +
           slowdownText(m.slowdown.max) + "; fairness " + fairnessText(m.fairness) + "\n";
}

void putJobMetrics(ordered_json& job, const JobMetrics& m) {
    job["wait"] = m.wait;
    job["jct"] = m.completion;
    job["alone"] = m.alone;
    job["slowdown"] = m.slowdown;
    job["bounded_slowdown"] = m.boundedSlowdown;
    if (m.deadline) {
        job["deadline_met"] = *m.deadlineMet;
        job["lateness"] = *m.lateness;
    }
}

ordered_json runMetricsJson(const RunMetrics& m) {
    ordered_json out;
    out["jobs"] = m.jobs;
    out["makespan"] = m.makespan;
    for (const NamedDistribution& d : kDistributions) {
        out[d.name] = distributionJson(m.*d.member);
    }
    out["bounded_slowdown_tau"] = kBoundedSlowdownTau;
    out["fairness"] = m.fairness;
    out["utilization"] = {{"map", m.mapUtilization}, {"reduce", m.reduceUtilization}};
    out["slot_seconds"] = m.slotSeconds;
    if (m.deadlines) {
        out["deadlines"] = deadlineMetricsJson(*m.deadlines);
    }
    return out;
}

std::string runMetricsCsvColumns() {
    std::string out;
    for (const NamedDistribution& d : kDistributions) {
        for (const NamedStatistic& s : kStatistics) {
            out += std::string(d.name) + "_" + s.name + ",";
        }
    }
    return out + "fairness,slot_seconds";
}

std::string runMetricsCsvFields(const RunMetrics& m) {
    std::string out;
    for (const NamedDistribution& d : kDistributions) {
        for (const NamedStatistic& s : kStatistics) {
            out += csvNumber((m.*d.member).*s.member) + ",";
        }
    }
    return out + csvNumber(m.fairness) + "," + csvNumber(m.slotSeconds);
}

std::string emptyRunMetricsCsvFields() {
    constexpr std::size_t kFields = std::size(kDistributions) * std::size(kStatistics) + 2;
    return std::string(kFields - 1, ',');
}

namespace {

// The columns of `columns`, each turned into a string by `text`.
template <class Text>
std::vector<std::string> eachColumn(MetricColumns columns, Text text) {
    std::vector<std::string> out;
    for (const MetricColumn& c : metricColumns()) {
        if (c.set <= columns) {
            out.emplace_back(text(c));
        }
    }
    return out;
}

}  // namespace

std::vector<std::string> runMetricsHeader(MetricColumns columns) {
    return eachColumn(columns, [](const MetricColumn& c) { return c.header; });
}

std::vector<std::string> runMetricsNotes(MetricColumns columns) {
    return eachColumn(columns, [](const MetricColumn& c) { return c.note; });
}

std::vector<std::string> runMetricsCells(const RunMetrics& m, MetricColumns columns) {
    return eachColumn(columns, [&m](const MetricColumn& c) { return c.cell(m); });
}

}  // namespace mr
