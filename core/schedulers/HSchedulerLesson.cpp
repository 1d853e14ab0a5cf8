#include "schedulers/HSchedulerLesson.h"

#include <algorithm>

#include "schedulers/Registry.h"

namespace mr {

ResplitLesson hschedulerLesson(const Workload& workload, bool online, const RunOptions& options) {
    ResplitLesson lesson;
    lesson.online = online;
    lesson.mapSlots = workload.cluster.mapSlots();
    lesson.reduceSlots = workload.cluster.reduceSlots();
    RunOptions o = options;
    o.recordTasks = false;  // per-job times are all a lesson shows
    lesson.result = runAlgorithm(workload, online ? "online-hscheduler" : "hscheduler", o);
    lesson.fixedJohnson = runAlgorithm(workload, "johnson", o).makespan();
    if (online) {
        lesson.offline = runAlgorithm(workload, "hscheduler", o).makespan();
    }
    const RunResult& r = lesson.result;
    for (std::size_t j = 0; j < workload.jobs.size(); ++j) {
        const Job& job = workload.jobs[j];
        ResplitLessonJob entry;
        entry.maps = job.maps();
        entry.reduces = job.reduces();
        entry.mapWork = job.totalWork(TaskKind::Map);
        entry.reduceWork = job.totalWork(TaskKind::Reduce);
        entry.fixed = j < r.inputStages.size() ? r.inputStages[j] : StageDurations{};
        entry.resplit = j < r.stages.size() ? r.stages[j] : StageDurations{};
        entry.arrival = job.arrival;
        entry.times = j < r.sim.jobs.size() ? r.sim.jobs[j] : JobTimes{};
        entry.reduceStart =
            entry.reduces > 0 ? std::max(entry.times.mapEnd, entry.times.end - entry.resplit.reduce)
                              : entry.times.end;
        lesson.jobs.push_back(entry);
    }
    using Kind = ResplitLessonStep::Kind;
    lesson.steps.push_back({Kind::Fixed});
    for (int j = 0; j < workload.jobCount(); ++j) {
        lesson.steps.push_back({Kind::Resplit, j});
    }
    lesson.steps.push_back({Kind::Order});
    for (int j : r.order) {
        lesson.steps.push_back({Kind::Serve, j});
    }
    lesson.steps.push_back({Kind::Result});
    return lesson;
}

}  // namespace mr
