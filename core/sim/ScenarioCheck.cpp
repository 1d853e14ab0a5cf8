#include "sim/ScenarioCheck.h"

#include <algorithm>
#include <limits>
#include <map>

#include "model/Tolerance.h"

namespace mr {

namespace {

constexpr std::size_t kMaxReports = 20;
constexpr double kInf = std::numeric_limits<double>::infinity();

class ScenarioChecker {
public:
    ScenarioChecker(const Workload& w, const SimResult& r) : m_w(w), m_r(r) {}
    std::vector<std::string> run();

private:
    void report(const std::string& text) {
        if (m_problems.size() < kMaxReports) {
            m_problems.push_back(text);
        }
    }
    int nodeOf(const TaskRecord& t) const { return m_w.cluster.nodeOfSlot(t.kind, t.slot); }
    void checkSlots();
    void checkDowntime();
    void readCompletions();
    void checkCompletions();
    void checkLostOutputs();
    void checkJobs();

    const Workload& m_w;
    const SimResult& m_r;
    std::vector<std::string> m_problems;
    std::vector<TaskRecord> m_tasks;
    // (job, kind, task) -> the ends of its completed executions, sorted.
    std::map<std::tuple<int, int, int>, std::vector<const TaskRecord*>> m_done;
};

std::vector<std::string> ScenarioChecker::run() {
    if (static_cast<int>(m_r.jobs.size()) != m_w.jobCount()) {
        report("result has " + std::to_string(m_r.jobs.size()) + " jobs, workload " +
               std::to_string(m_w.jobCount()));
        return m_problems;
    }
    m_tasks = expandWaves(m_r.tasks);
    checkSlots();
    checkDowntime();
    readCompletions();
    if (!m_r.tasks.empty() || m_w.taskCount() == 0) {
        checkCompletions();
        checkLostOutputs();
        checkJobs();
    }
    return m_problems;
}

void ScenarioChecker::checkSlots() {
    std::map<std::pair<int, int>, std::vector<const TaskRecord*>> bySlot;
    for (const TaskRecord& t : m_tasks) {
        bySlot[{static_cast<int>(t.kind), t.slot}].push_back(&t);
    }
    for (auto& [slot, list] : bySlot) {
        std::sort(list.begin(), list.end(), [](const TaskRecord* a, const TaskRecord* b) {
            return a->start != b->start ? a->start < b->start : a->end < b->end;
        });
        for (std::size_t i = 1; i < list.size(); ++i) {
            if (earlierInstant(list[i]->start, list[i - 1]->end)) {
                report(std::string(toString(static_cast<TaskKind>(slot.first))) + " slot " +
                       std::to_string(slot.second) +
                       " runs two attempts at once at t=" + std::to_string(list[i]->start));
            }
        }
    }
}

void ScenarioChecker::checkDowntime() {
    for (const NodeDowntime& d : m_r.downtime) {
        for (const TaskRecord& t : m_tasks) {
            if (nodeOf(t) == d.node && earlierInstant(t.start, d.to) &&
                earlierInstant(d.from, t.end)) {
                report("node " + std::to_string(d.node) + " runs " + toString(t.kind) + " task " +
                       std::to_string(t.task) + " of job " + std::to_string(t.job) +
                       " while down (" + std::to_string(d.from) + " to " + std::to_string(d.to) +
                       ")");
            }
        }
    }
}

void ScenarioChecker::readCompletions() {
    for (const TaskRecord& t : m_tasks) {
        if (!t.killed) {
            m_done[{t.job, static_cast<int>(t.kind), t.task}].push_back(&t);
        }
    }
    for (auto& [key, list] : m_done) {
        std::sort(list.begin(), list.end(),
                  [](const TaskRecord* a, const TaskRecord* b) { return a->end < b->end; });
    }
}

// Exactly once plus once per lost output (at most that in a failed job); superseded attempts
// stop when their task completes or their job fails.
void ScenarioChecker::checkCompletions() {
    std::map<std::tuple<int, int, int>, int> losses;
    for (const LostOutput& l : m_r.lostOutputs) {
        ++losses[{l.job, 0, l.task}];
    }
    for (int j = 0; j < m_w.jobCount(); ++j) {
        const Job& job = m_w.jobs[static_cast<std::size_t>(j)];
        const bool failed = m_r.jobs[static_cast<std::size_t>(j)].failed;
        for (int k = 0; k < 2; ++k) {
            for (int task = 0; task < job.tasks(static_cast<TaskKind>(k)); ++task) {
                const auto it = m_done.find({j, k, task});
                const int done = it == m_done.end() ? 0 : static_cast<int>(it->second.size());
                const auto lost = losses.find({j, k, task});
                const int expected = 1 + (lost == losses.end() ? 0 : lost->second);
                if (done > expected || (!failed && done != expected)) {
                    report("job " + job.name + ": " + toString(static_cast<TaskKind>(k)) +
                           " task " + std::to_string(task) + " completed " + std::to_string(done) +
                           " times (expected " + std::to_string(expected) + ")");
                }
            }
        }
    }
    for (const TaskRecord& t : m_tasks) {
        if (!t.killed || t.cause != AttemptEnd::Superseded ||
            m_r.jobs[static_cast<std::size_t>(t.job)].failed) {
            continue;
        }
        const auto it = m_done.find({t.job, static_cast<int>(t.kind), t.task});
        const bool matched =
            it != m_done.end() &&
            std::any_of(it->second.begin(), it->second.end(),
                        [&](const TaskRecord* d) { return sameInstant(d->end, t.end); });
        if (!matched) {
            report("job " + std::to_string(t.job) + ": a superseded attempt of " +
                   toString(t.kind) + " task " + std::to_string(t.task) +
                   " stops when no other attempt completes");
        }
    }
}

// A lost output was completed on its node before the loss and is recomputed before every reduce
// of its job that completes after the loss.
void ScenarioChecker::checkLostOutputs() {
    for (const LostOutput& l : m_r.lostOutputs) {
        const auto it = m_done.find({l.job, 0, l.task});
        const TaskRecord* before = nullptr;
        const TaskRecord* after = nullptr;
        if (it != m_done.end()) {
            for (const TaskRecord* d : it->second) {
                if (!earlierInstant(l.time, d->end)) {
                    before = d;
                } else if (!after) {
                    after = d;
                }
            }
        }
        if (!before || nodeOf(*before) != l.node) {
            report("job " + std::to_string(l.job) + ": map " + std::to_string(l.task) +
                   " lost at " + std::to_string(l.time) + " had not completed on node " +
                   std::to_string(l.node));
        }
        const double recomputed = after ? after->end : kInf;
        for (const TaskRecord& t : m_tasks) {
            if (t.job == l.job && t.kind == TaskKind::Reduce && !t.killed &&
                earlierInstant(l.time, t.end) && earlierInstant(t.end, recomputed)) {
                report("job " + std::to_string(l.job) + ": reduce " + std::to_string(t.task) +
                       " completes at " + std::to_string(t.end) + " before lost map " +
                       std::to_string(l.task) + " is recomputed");
            }
        }
    }
}

// Reduces complete after every map's first completion; per-job times and the makespan agree
// with the records.
void ScenarioChecker::checkJobs() {
    double firstArrival = kInf;
    double lastEnd = 0.0;
    for (int j = 0; j < m_w.jobCount(); ++j) {
        const Job& job = m_w.jobs[static_cast<std::size_t>(j)];
        const JobTimes& times = m_r.jobs[static_cast<std::size_t>(j)];
        firstArrival = std::min(firstArrival, job.arrival);
        lastEnd = std::max(lastEnd, times.end);
        double mapsDone = job.arrival;
        double last = times.failed ? times.end : 0.0;
        for (int task = 0; task < job.maps(); ++task) {
            const auto it = m_done.find({j, 0, task});
            mapsDone = it == m_done.end() ? kInf : std::max(mapsDone, it->second.front()->end);
            last = it == m_done.end() ? last : std::max(last, it->second.back()->end);
        }
        for (int task = 0; task < job.reduces(); ++task) {
            const auto it = m_done.find({j, 1, task});
            if (it == m_done.end()) {
                continue;
            }
            last = std::max(last, it->second.back()->end);
            if (earlierInstant(it->second.front()->end, mapsDone)) {
                report("job " + job.name + ": reduce " + std::to_string(task) +
                       " completes before every map has");
            }
        }
        if (!sameInstant(times.end, last)) {
            report("job " + job.name + ": end " + std::to_string(times.end) +
                   " disagrees with its records (" + std::to_string(last) + ")");
        }
    }
    if (m_w.jobCount() > 0 && !sameDuration(m_r.makespan, lastEnd - firstArrival, lastEnd)) {
        report("makespan " + std::to_string(m_r.makespan) +
               " is not last completion - first arrival");
    }
}

}  // namespace

std::vector<std::string> checkScenarioSchedule(const Workload& workload, const SimResult& result) {
    return ScenarioChecker(workload, result).run();
}

}  // namespace mr
