#include "sim/ScheduleCheck.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace mr {

namespace {

constexpr std::size_t kMaxReports = 20;
constexpr double kInf = std::numeric_limits<double>::infinity();

bool nearlyLess(double a, double b) {  // a < b beyond rounding
    return a < b - 1e-7 * std::max(1.0, std::fabs(b));
}

}  // namespace

std::vector<std::string> checkSchedule(const Workload& w, const SimResult& r,
                                       const CheckOptions& options) {
    std::vector<std::string> problems;
    const auto report = [&](const std::string& text) {
        if (problems.size() < kMaxReports) {
            problems.push_back(text);
        }
    };
    const int n = w.jobCount();
    if (static_cast<int>(r.jobs.size()) != n) {
        report("result has " + std::to_string(r.jobs.size()) + " jobs, workload " +
               std::to_string(n));
        return problems;
    }

    // A wave is checked as the single tasks it stands for.
    for (const auto& t : r.tasks) {
        if (t.count < 1) {
            report("task record with count " + std::to_string(t.count));
        }
    }
    const std::vector<TaskRecord> tasks = expandWaves(r.tasks);

    // Per slot, executions sorted by start must not overlap.
    for (TaskKind kind : {TaskKind::Map, TaskKind::Reduce}) {
        std::vector<std::vector<const TaskRecord*>> bySlot(
            static_cast<std::size_t>(kind == TaskKind::Map ? r.mapSlots : r.reduceSlots));
        for (const auto& t : tasks) {
            if (t.kind != kind) {
                continue;
            }
            if (t.slot < 0 || t.slot >= static_cast<int>(bySlot.size())) {
                report(std::string(toString(kind)) + " task on slot " + std::to_string(t.slot) +
                       " outside the cluster");
                continue;
            }
            bySlot[static_cast<std::size_t>(t.slot)].push_back(&t);
        }
        for (std::size_t s = 0; s < bySlot.size(); ++s) {
            auto& list = bySlot[s];
            std::sort(list.begin(), list.end(), [](const TaskRecord* a, const TaskRecord* b) {
                return a->start != b->start ? a->start < b->start : a->end < b->end;
            });
            for (std::size_t i = 1; i < list.size(); ++i) {
                if (nearlyLess(list[i]->start, list[i - 1]->end)) {
                    report(std::string(toString(kind)) + " slot " + std::to_string(s) +
                           " runs two tasks at once at t=" + std::to_string(list[i]->start));
                }
            }
        }
    }

    // Every task exactly once; durations; arrival; the barrier; job times.
    std::vector<std::vector<int>> runs[2];
    std::vector<double> lastMapEnd(static_cast<std::size_t>(n), 0.0);
    std::vector<double> lastEnd(static_cast<std::size_t>(n), 0.0);
    std::vector<double> firstReduceStart(static_cast<std::size_t>(n), kInf);
    std::vector<double> firstStart(static_cast<std::size_t>(n), kInf);
    for (int k = 0; k < 2; ++k) {
        runs[k].resize(static_cast<std::size_t>(n));
        for (int j = 0; j < n; ++j) {
            runs[k][static_cast<std::size_t>(j)].assign(
                static_cast<std::size_t>(
                    w.jobs[static_cast<std::size_t>(j)].tasks(static_cast<TaskKind>(k))),
                0);
        }
    }
    for (const auto& t : tasks) {
        if (t.job < 0 || t.job >= n) {
            report("task record of unknown job " + std::to_string(t.job));
            continue;
        }
        const Job& job = w.jobs[static_cast<std::size_t>(t.job)];
        const int k = static_cast<int>(t.kind);
        if (t.task < 0 || t.task >= job.tasks(t.kind)) {
            report("job " + job.name + ": unknown " + toString(t.kind) + " task " +
                   std::to_string(t.task));
            continue;
        }
        firstStart[static_cast<std::size_t>(t.job)] =
            std::min(firstStart[static_cast<std::size_t>(t.job)], t.start);
        if (nearlyLess(t.start, job.arrival)) {
            report("job " + job.name + ": a task starts before the job arrives");
        }
        if (nearlyLess(t.end, t.start)) {
            report("job " + job.name + ": a task ends before it starts");
        }
        if (t.killed) {
            continue;
        }
        ++runs[k][static_cast<std::size_t>(t.job)][static_cast<std::size_t>(t.task)];
        const double expected = job.durations(t.kind)[static_cast<std::size_t>(t.task)];
        if (options.durationsExact &&
            std::fabs((t.end - t.start) - expected) > 1e-7 * std::max(1.0, expected)) {
            report("job " + job.name + ": " + toString(t.kind) + " task " + std::to_string(t.task) +
                   " took " + std::to_string(t.end - t.start) + " instead of " +
                   std::to_string(expected));
        }
        if (t.kind == TaskKind::Map) {
            lastMapEnd[static_cast<std::size_t>(t.job)] =
                std::max(lastMapEnd[static_cast<std::size_t>(t.job)], t.end);
        } else {
            firstReduceStart[static_cast<std::size_t>(t.job)] =
                std::min(firstReduceStart[static_cast<std::size_t>(t.job)], t.start);
        }
        lastEnd[static_cast<std::size_t>(t.job)] =
            std::max(lastEnd[static_cast<std::size_t>(t.job)], t.end);
    }
    const bool recorded = !r.tasks.empty() || w.taskCount() == 0;
    double mapWork = 0.0;
    double reduceWork = 0.0;
    double firstArrival = kInf;
    double lastCompletion = 0.0;
    double criticalPath = 0.0;
    for (int j = 0; j < n; ++j) {
        const Job& job = w.jobs[static_cast<std::size_t>(j)];
        const JobTimes& times = r.jobs[static_cast<std::size_t>(j)];
        const auto ju = static_cast<std::size_t>(j);
        if (recorded) {
            for (int k = 0; k < 2; ++k) {
                for (std::size_t i = 0; i < runs[k][ju].size(); ++i) {
                    if (runs[k][ju][i] != 1) {
                        report("job " + job.name + ": " + toString(static_cast<TaskKind>(k)) +
                               " task " + std::to_string(i) + " completed " +
                               std::to_string(runs[k][ju][i]) + " times");
                    }
                }
            }
            if (nearlyLess(firstReduceStart[ju], lastMapEnd[ju])) {
                report("job " + job.name + ": a reduce task starts at " +
                       std::to_string(firstReduceStart[ju]) + ", before the last map ends at " +
                       std::to_string(lastMapEnd[ju]));
            }
            if (std::fabs(times.mapEnd - lastMapEnd[ju]) > 1e-9 * std::max(1.0, times.mapEnd) ||
                std::fabs(times.end - lastEnd[ju]) > 1e-9 * std::max(1.0, times.end) ||
                std::fabs(times.start - firstStart[ju]) > 1e-9 * std::max(1.0, times.start)) {
                report("job " + job.name + ": start/map_end/end disagree with its task records");
            }
        }
        mapWork += job.totalWork(TaskKind::Map);
        reduceWork += job.totalWork(TaskKind::Reduce);
        firstArrival = std::min(firstArrival, job.arrival);
        lastCompletion = std::max(lastCompletion, times.end);
        criticalPath = std::max(criticalPath, job.arrival + job.maxDuration(TaskKind::Map) +
                                                  job.maxDuration(TaskKind::Reduce));
    }
    if (n > 0) {
        if (std::fabs(r.makespan - (lastCompletion - firstArrival)) >
            1e-9 * std::max(1.0, r.makespan)) {
            report("makespan " + std::to_string(r.makespan) +
                   " is not last completion - first arrival");
        }
        const double bound =
            std::max({mapWork / std::max(r.mapSlots, 1), reduceWork / std::max(r.reduceSlots, 1),
                      criticalPath - firstArrival});
        if (options.durationsExact && nearlyLess(r.makespan, bound)) {
            report("makespan " + std::to_string(r.makespan) + " is below the lower bound " +
                   std::to_string(bound));
        }
    }
    return problems;
}

}  // namespace mr
