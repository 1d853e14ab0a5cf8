#include "experiments/JobMetrics.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "perf/StageDuration.h"

namespace mr {

double nearestRankPercentile(const std::vector<double>& sorted, double p) {
    if (sorted.empty()) {
        return 0.0;
    }
    const double n = static_cast<double>(sorted.size());
    // ⌈p/100 · n⌉, computed so that p = 50 of 4 values is rank 2 exactly (no 2.0000000001).
    const auto rank = static_cast<std::size_t>(std::ceil(p * n / 100.0 - 1e-9));
    return sorted[std::clamp<std::size_t>(rank, 1, sorted.size()) - 1];
}

Distribution distributionOf(std::vector<double> values) {
    Distribution d;
    if (values.empty()) {
        return d;
    }
    std::sort(values.begin(), values.end());
    d.mean =
        std::accumulate(values.begin(), values.end(), 0.0) / static_cast<double>(values.size());
    d.p50 = nearestRankPercentile(values, 50.0);
    d.p95 = nearestRankPercentile(values, 95.0);
    d.p99 = nearestRankPercentile(values, 99.0);
    d.max = values.back();
    return d;
}

double jainFairness(const std::vector<double>& values) {
    double sum = 0.0;
    double squares = 0.0;
    for (double x : values) {
        sum += x;
        squares += x * x;
    }
    return squares > 0.0 ? sum * sum / (static_cast<double>(values.size()) * squares) : 1.0;
}

double aloneTime(const Job& job, const Cluster& cluster) {
    const StageDurations s =
        stageDurations(job, cluster.mapSlots(), cluster.reduceSlots(), Estimator::Exact);
    return s.map + s.reduce;
}

std::vector<JobMetrics> jobMetrics(const Workload& w, const RunResult& r) {
    const Workload& simulated = r.simulatedWorkload ? *r.simulatedWorkload : w;
    std::vector<JobMetrics> out;
    out.reserve(r.sim.jobs.size());
    for (std::size_t j = 0; j < r.sim.jobs.size(); ++j) {
        const JobTimes& t = r.sim.jobs[j];
        JobMetrics m;
        m.submit = t.arrival;
        m.start = t.start;
        m.mapEnd = t.mapEnd;
        m.end = t.end;
        m.failed = t.failed;
        m.wait = t.start - t.arrival;
        m.completion = t.end - t.arrival;
        m.alone = aloneTime(w.jobs[j], w.cluster);
        m.slowdown = m.alone > 0.0 ? m.completion / m.alone : 1.0;
        m.boundedSlowdown = std::max(1.0, m.completion / std::max(m.alone, kBoundedSlowdownTau));
        if (const auto& deadline = simulated.jobs[j].deadline) {
            m.deadline = t.arrival + *deadline;
            m.deadlineMet = !missedDeadline(t.arrival, *deadline, t.end);
            m.lateness = t.end - *m.deadline;
        }
        out.push_back(m);
    }
    return out;
}

RunMetrics runMetrics(const Workload& w, const RunResult& r) {
    return runMetrics(w, r, jobMetrics(w, r));
}

RunMetrics runMetrics(const Workload& w, const RunResult& r, const std::vector<JobMetrics>& jobs) {
    RunMetrics m;
    m.jobs = static_cast<int>(jobs.size());
    m.makespan = r.sim.makespan;
    std::vector<double> completion, wait, slowdown, bounded;
    for (const JobMetrics& j : jobs) {
        if (j.failed) {
            continue;  // no completion (a scenario's failed job)
        }
        completion.push_back(j.completion);
        wait.push_back(j.wait);
        slowdown.push_back(j.slowdown);
        bounded.push_back(j.boundedSlowdown);
    }
    m.fairness = jainFairness(slowdown);
    m.completion = distributionOf(std::move(completion));
    m.wait = distributionOf(std::move(wait));
    m.slowdown = distributionOf(std::move(slowdown));
    m.boundedSlowdown = distributionOf(std::move(bounded));
    m.mapUtilization = r.sim.mapUtilization();
    m.reduceUtilization = r.sim.reduceUtilization();
    m.slotSeconds = r.sim.mapBusy + r.sim.reduceBusy;
    const Workload& simulated = r.simulatedWorkload ? *r.simulatedWorkload : w;
    if (hasDeadlineMetrics(simulated, r)) {
        m.deadlines = deadlineMetrics(simulated, r);
    }
    return m;
}

}  // namespace mr
