#include "sim/ScheduleCheck.h"
#include "model/Tolerance.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace mr {

namespace {

constexpr std::size_t kMaxReports = 20;
constexpr double kInf = std::numeric_limits<double>::infinity();

// Clock readings: `a` is an earlier instant than `b` (model/Tolerance.h).
bool nearlyLess(double a, double b) {
    return earlierInstant(a, b);
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
    std::vector<ResolvedOverheads> overheads;
    for (const Job& job : w.jobs) {
        overheads.push_back(resolveOverheads(w.overheads, job.overheads));
    }
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
                // After a completed task the slot waits the job's assignment gap (not after a
                // kill).
                const TaskRecord& before = *list[i - 1];
                const double gap = before.killed || before.job < 0 || before.job >= n
                                       ? 0.0
                                       : overheads[static_cast<std::size_t>(before.job)].assignGap;
                if (nearlyLess(list[i]->start, before.end + gap)) {
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
    std::vector<std::vector<double>> mapEnds(static_cast<std::size_t>(n));
    std::vector<const TaskRecord*> slowReduces;
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
        const ResolvedOverheads& o = overheads[static_cast<std::size_t>(t.job)];
        if (nearlyLess(t.start, job.arrival + o.amStart)) {
            report("job " + job.name + ": a task starts before the job arrives" +
                   (o.amStart > 0.0 ? " and its ApplicationMaster started" : ""));
        }
        if (nearlyLess(t.end, t.start)) {
            report("job " + job.name + ": a task ends before it starts");
        }
        if (t.killed) {
            continue;
        }
        ++runs[k][static_cast<std::size_t>(t.job)][static_cast<std::size_t>(t.task)];
        const double expected = job.durations(t.kind)[static_cast<std::size_t>(t.task)];
        const bool slowStarted = t.kind == TaskKind::Reduce && o.slowstart < 1.0;
        if (slowStarted) {
            slowReduces.push_back(&t);  // checked once the map stage's end is known
        } else if (options.durationsExact && !sameDuration(t.end - t.start, expected, t.end)) {
            report("job " + job.name + ": " + toString(t.kind) + " task " + std::to_string(t.task) +
                   " took " + std::to_string(t.end - t.start) + " instead of " +
                   std::to_string(expected));
        }
        if (t.kind == TaskKind::Map) {
            mapEnds[static_cast<std::size_t>(t.job)].push_back(t.end);
            lastMapEnd[static_cast<std::size_t>(t.job)] =
                std::max(lastMapEnd[static_cast<std::size_t>(t.job)], t.end);
        } else {
            firstReduceStart[static_cast<std::size_t>(t.job)] =
                std::min(firstReduceStart[static_cast<std::size_t>(t.job)], t.start);
        }
        lastEnd[static_cast<std::size_t>(t.job)] =
            std::max(lastEnd[static_cast<std::size_t>(t.job)], t.end);
    }
    // Slow-started reduces: a reduce that started before the map stage ended ends no earlier than
    // reduce_tail after it (model/Overheads.h).
    for (const TaskRecord* t : slowReduces) {
        const auto ju = static_cast<std::size_t>(t->job);
        const Job& job = w.jobs[ju];
        const double d = job.reduceDurations[static_cast<std::size_t>(t->task)];
        const double end = t->start < lastMapEnd[ju]
                               ? std::max(t->start + d, lastMapEnd[ju] + overheads[ju].reduceTail)
                               : t->start + d;
        if (options.durationsExact && !sameInstant(t->end, end)) {
            report("job " + job.name + ": reduce task " + std::to_string(t->task) + " ends at " +
                   std::to_string(t->end) + " instead of " + std::to_string(end));
        }
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
            // The barrier, or with slow-start the threshold-th map's end.
            auto& ends = mapEnds[ju];
            std::sort(ends.begin(), ends.end());
            const int threshold = slowstartThreshold(overheads[ju].slowstart, job.maps());
            const double open =
                threshold == 0 || ends.empty()
                    ? job.arrival
                    : ends[std::min(ends.size(), static_cast<std::size_t>(threshold)) - 1];
            if (nearlyLess(firstReduceStart[ju], open)) {
                report("job " + job.name + ": a reduce task starts at " +
                       std::to_string(firstReduceStart[ju]) + ", before " +
                       (threshold >= job.maps() ? "the last map ends" : "slow-start allows") +
                       " at " + std::to_string(open));
            }
            const double end = lastEnd[ju] + overheads[ju].commit;
            if (!sameInstant(times.mapEnd, lastMapEnd[ju]) || !sameInstant(times.end, end) ||
                !sameInstant(times.start, firstStart[ju])) {
                report("job " + job.name + ": start/map_end/end disagree with its task records");
            }
        }
        mapWork += job.totalWork(TaskKind::Map);
        reduceWork += job.totalWork(TaskKind::Reduce);
        firstArrival = std::min(firstArrival, job.arrival);
        lastCompletion = std::max(lastCompletion, times.end);
        // A job's longest map then its longest reduce — with slow-start the reduces may overlap
        // the maps, but the last ends at least reduce_tail (one that started early) or its own
        // time (one that started after) after them.
        const ResolvedOverheads& o = overheads[ju];
        const double maps = job.maxDuration(TaskKind::Map);
        const double reduces = job.maxDuration(TaskKind::Reduce);
        double path = maps + reduces;
        if (job.reduces() > 0 && o.slowstart < 1.0) {
            const auto& d = job.reduceDurations;
            const double shortest = *std::min_element(d.begin(), d.end());
            path = std::max(maps + std::min(o.reduceTail, shortest), reduces);
        }
        criticalPath = std::max(criticalPath, job.arrival + o.amStart + path + o.commit);
    }
    if (n > 0) {
        if (!sameDuration(r.makespan, lastCompletion - firstArrival, lastCompletion)) {
            report("makespan " + std::to_string(r.makespan) +
                   " is not last completion - first arrival");
        }
        const double bound =
            std::max({mapWork / std::max(r.mapSlots, 1), reduceWork / std::max(r.reduceSlots, 1),
                      criticalPath - firstArrival});
        if (options.durationsExact && clearlyShorter(r.makespan, bound, lastCompletion)) {
            report("makespan " + std::to_string(r.makespan) + " is below the lower bound " +
                   std::to_string(bound));
        }
    }
    return problems;
}

}  // namespace mr
