#include "sim/ScheduleCheck.h"
#include "model/Tolerance.h"
#include "sim/ScenarioCheck.h"

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

// The checks of checkSchedule (ScheduleCheck.h), in order: slots, task records, slow-started
// reduces, each job, the makespan.
class ScheduleChecker {
public:
    ScheduleChecker(const Workload& w, const SimResult& r, const CheckOptions& options)
        : m_w(w), m_r(r), m_options(options), m_n(w.jobCount()) {
        for (const Job& job : w.jobs) {
            m_overheads.push_back(resolveOverheads(w.overheads, job.overheads));
        }
    }

    std::vector<std::string> run();

private:
    void report(const std::string& text) {
        if (m_problems.size() < kMaxReports) {
            m_problems.push_back(text);
        }
    }
    void checkSlots(TaskKind kind);
    void readTasks();
    void readTask(const TaskRecord& t);
    void checkSlowReduces();
    void checkRecordedJob(int j);
    void checkMakespan();

    const Workload& m_w;
    const SimResult& m_r;
    const CheckOptions& m_options;
    const int m_n;
    std::vector<ResolvedOverheads> m_overheads;
    std::vector<std::string> m_problems;
    std::vector<TaskRecord> m_tasks;  // waves expanded into their tasks
    // Per job (and kind: runs), from the task records.
    std::vector<std::vector<int>> m_runs[2];  // per task: its completed executions
    std::vector<double> m_lastMapEnd;
    std::vector<double> m_lastEnd;
    std::vector<double> m_firstReduceStart;
    std::vector<double> m_firstStart;
    std::vector<std::vector<double>> m_mapEnds;
    std::vector<const TaskRecord*> m_slowReduces;
};

std::vector<std::string> ScheduleChecker::run() {
    if (static_cast<int>(m_r.jobs.size()) != m_n) {
        report("result has " + std::to_string(m_r.jobs.size()) + " jobs, workload " +
               std::to_string(m_n));
        return m_problems;
    }
    // A wave is checked as the single tasks it stands for.
    for (const auto& t : m_r.tasks) {
        if (t.count < 1) {
            report("task record with count " + std::to_string(t.count));
        }
    }
    m_tasks = expandWaves(m_r.tasks);
    for (TaskKind kind : {TaskKind::Map, TaskKind::Reduce}) {
        checkSlots(kind);
    }
    readTasks();
    checkSlowReduces();
    if (!m_r.tasks.empty() || m_w.taskCount() == 0) {  // recorded
        for (int j = 0; j < m_n; ++j) {
            checkRecordedJob(j);
        }
    }
    checkMakespan();
    return m_problems;
}

// Per slot, executions sorted by start must not overlap.
void ScheduleChecker::checkSlots(TaskKind kind) {
    std::vector<std::vector<const TaskRecord*>> bySlot(
        static_cast<std::size_t>(kind == TaskKind::Map ? m_r.mapSlots : m_r.reduceSlots));
    for (const auto& t : m_tasks) {
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
            // After a completed task the slot waits the job's assignment gap (not after a kill).
            const TaskRecord& before = *list[i - 1];
            const double gap = before.killed || before.job < 0 || before.job >= m_n
                                   ? 0.0
                                   : m_overheads[static_cast<std::size_t>(before.job)].assignGap;
            if (nearlyLess(list[i]->start, before.end + gap)) {
                report(std::string(toString(kind)) + " slot " + std::to_string(s) +
                       " runs two tasks at once at t=" + std::to_string(list[i]->start));
            }
        }
    }
}

// Every task exactly once; durations; arrival; what each job's times must agree with.
void ScheduleChecker::readTasks() {
    const auto n = static_cast<std::size_t>(m_n);
    m_lastMapEnd.assign(n, 0.0);
    m_lastEnd.assign(n, 0.0);
    m_firstReduceStart.assign(n, kInf);
    m_firstStart.assign(n, kInf);
    m_mapEnds.assign(n, {});
    for (int k = 0; k < 2; ++k) {
        m_runs[k].resize(n);
        for (int j = 0; j < m_n; ++j) {
            m_runs[k][static_cast<std::size_t>(j)].assign(
                static_cast<std::size_t>(
                    m_w.jobs[static_cast<std::size_t>(j)].tasks(static_cast<TaskKind>(k))),
                0);
        }
    }
    for (const auto& t : m_tasks) {
        readTask(t);
    }
}

void ScheduleChecker::readTask(const TaskRecord& t) {
    if (t.job < 0 || t.job >= m_n) {
        report("task record of unknown job " + std::to_string(t.job));
        return;
    }
    const auto ju = static_cast<std::size_t>(t.job);
    const Job& job = m_w.jobs[ju];
    const int k = static_cast<int>(t.kind);
    if (t.task < 0 || t.task >= job.tasks(t.kind)) {
        report("job " + job.name + ": unknown " + toString(t.kind) + " task " +
               std::to_string(t.task));
        return;
    }
    m_firstStart[ju] = std::min(m_firstStart[ju], t.start);
    const ResolvedOverheads& o = m_overheads[ju];
    if (nearlyLess(t.start, job.arrival + o.amStart)) {
        report("job " + job.name + ": a task starts before the job arrives" +
               (o.amStart > 0.0 ? " and its ApplicationMaster started" : ""));
    }
    if (nearlyLess(t.end, t.start)) {
        report("job " + job.name + ": a task ends before it starts");
    }
    if (t.killed) {
        return;
    }
    ++m_runs[k][ju][static_cast<std::size_t>(t.task)];
    // On a node of speed s a task takes duration / s (model/Cluster.h; speed 1: exact).
    const double expected = job.durations(t.kind)[static_cast<std::size_t>(t.task)] /
                            m_w.cluster.speedOf(m_w.cluster.nodeOfSlot(t.kind, t.slot));
    const bool slowStarted = t.kind == TaskKind::Reduce && o.slowstart < 1.0;
    if (slowStarted) {
        m_slowReduces.push_back(&t);  // checked once the map stage's end is known
    } else if (m_options.durationsExact && !sameDuration(t.end - t.start, expected, t.end)) {
        report("job " + job.name + ": " + toString(t.kind) + " task " + std::to_string(t.task) +
               " took " + std::to_string(t.end - t.start) + " instead of " +
               std::to_string(expected));
    }
    if (t.kind == TaskKind::Map) {
        m_mapEnds[ju].push_back(t.end);
        m_lastMapEnd[ju] = std::max(m_lastMapEnd[ju], t.end);
    } else {
        m_firstReduceStart[ju] = std::min(m_firstReduceStart[ju], t.start);
    }
    m_lastEnd[ju] = std::max(m_lastEnd[ju], t.end);
}

// Slow-started reduces: a reduce that started before the map stage ended ends no earlier than
// reduce_tail after it (model/Overheads.h).
void ScheduleChecker::checkSlowReduces() {
    for (const TaskRecord* t : m_slowReduces) {
        const auto ju = static_cast<std::size_t>(t->job);
        const Job& job = m_w.jobs[ju];
        const double d = job.reduceDurations[static_cast<std::size_t>(t->task)];
        const double end =
            t->start < m_lastMapEnd[ju]
                ? std::max(t->start + d, m_lastMapEnd[ju] + m_overheads[ju].reduceTail)
                : t->start + d;
        if (m_options.durationsExact && !sameInstant(t->end, end)) {
            report("job " + job.name + ": reduce task " + std::to_string(t->task) + " ends at " +
                   std::to_string(t->end) + " instead of " + std::to_string(end));
        }
    }
}

// Job j's tasks each completed once, its barrier (or slow-start threshold) kept, and its times
// those of its task records.
void ScheduleChecker::checkRecordedJob(int j) {
    const auto ju = static_cast<std::size_t>(j);
    const Job& job = m_w.jobs[ju];
    const JobTimes& times = m_r.jobs[ju];
    for (int k = 0; k < 2; ++k) {
        for (std::size_t i = 0; i < m_runs[k][ju].size(); ++i) {
            if (m_runs[k][ju][i] != 1) {
                report("job " + job.name + ": " + toString(static_cast<TaskKind>(k)) + " task " +
                       std::to_string(i) + " completed " + std::to_string(m_runs[k][ju][i]) +
                       " times");
            }
        }
    }
    // The barrier, or with slow-start the threshold-th map's end.
    auto& ends = m_mapEnds[ju];
    std::sort(ends.begin(), ends.end());
    const int threshold = slowstartThreshold(m_overheads[ju].slowstart, job.maps());
    const double open = threshold == 0 || ends.empty()
                            ? job.arrival
                            : ends[std::min(ends.size(), static_cast<std::size_t>(threshold)) - 1];
    if (nearlyLess(m_firstReduceStart[ju], open)) {
        report("job " + job.name + ": a reduce task starts at " +
               std::to_string(m_firstReduceStart[ju]) + ", before " +
               (threshold >= job.maps() ? "the last map ends" : "slow-start allows") + " at " +
               std::to_string(open));
    }
    const double end = m_lastEnd[ju] + m_overheads[ju].commit;
    if (!sameInstant(times.mapEnd, m_lastMapEnd[ju]) || !sameInstant(times.end, end) ||
        !sameInstant(times.start, m_firstStart[ju])) {
        report("job " + job.name + ": start/map_end/end disagree with its task records");
    }
}

// The makespan is last completion − first arrival, and no shorter than the lower bound: the
// work over the slots, and the longest job's critical path.
void ScheduleChecker::checkMakespan() {
    double mapWork = 0.0;
    double reduceWork = 0.0;
    double firstArrival = kInf;
    double lastCompletion = 0.0;
    double criticalPath = 0.0;
    for (int j = 0; j < m_n; ++j) {
        const auto ju = static_cast<std::size_t>(j);
        const Job& job = m_w.jobs[ju];
        mapWork += job.totalWork(TaskKind::Map);
        reduceWork += job.totalWork(TaskKind::Reduce);
        firstArrival = std::min(firstArrival, job.arrival);
        lastCompletion = std::max(lastCompletion, m_r.jobs[ju].end);
        // A job's longest map then its longest reduce — with slow-start the reduces may overlap
        // the maps, but the last ends at least reduce_tail (one that started early) or its own
        // time (one that started after) after them.
        const ResolvedOverheads& o = m_overheads[ju];
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
    if (m_n == 0) {
        return;
    }
    if (!sameDuration(m_r.makespan, lastCompletion - firstArrival, lastCompletion)) {
        report("makespan " + std::to_string(m_r.makespan) +
               " is not last completion - first arrival");
    }
    // Unequal speeds: no task runs faster than on the fastest node.
    const double fastest = m_w.cluster.fastestSpeed();
    const double bound =
        std::max({mapWork / std::max(m_r.mapSlots, 1), reduceWork / std::max(m_r.reduceSlots, 1),
                  criticalPath - firstArrival}) /
        fastest;
    if (m_options.durationsExact && clearlyShorter(m_r.makespan, bound, lastCompletion)) {
        report("makespan " + std::to_string(m_r.makespan) + " is below the lower bound " +
               std::to_string(bound));
    }
}

}  // namespace

std::vector<std::string> checkSchedule(const Workload& w, const SimResult& r,
                                       const CheckOptions& options) {
    if (!w.scenario.empty()) {
        return checkScenarioSchedule(w, r);
    }
    return ScheduleChecker(w, r, options).run();
}

}  // namespace mr
