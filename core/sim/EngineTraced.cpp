// EngineTraced — the engine's side of a job history's failed attempts (model/TracedAttempt.h,
// docs/traces-and-plans.md, "Failed attempts"): a task with traced failures runs them first, each
// for its traced duration on whatever slot the policy gives the task; a failure frees its slot at
// once (no assignment gap, as after any stopped attempt) and the task may start again after the
// traced wait. The attempt is recorded as a failed one (TaskRecord::cause, as a scenario's
// failures are) and counted in JobTimes::failedAttempts. Fates are fixed, not drawn: the replay
// is deterministic. A workload without traced attempts never reaches this file.
#include <algorithm>

#include "sim/Engine.h"

namespace mr::detail {

void Engine::setUpTraced() {
    m_traced = std::make_unique<TracedFates>();
    TracedFates& t = *m_traced;
    for (int j = 0; j < m_input.jobCount(); ++j) {
        for (const TracedAttempt& a : m_input.jobs[static_cast<std::size_t>(j)].tracedAttempts) {
            t.tasks[TracedFates::key(j, a.kind, a.task)].fates.push_back(
                {a.end - a.start, a.nextStart - a.end});
        }
    }
    t.failing.assign(m_running.size(), 0);
    t.failedAttempts.assign(static_cast<std::size_t>(m_input.jobCount()), 0);
}

// The attempt starting on global slot `g`: the task's next traced failure if one is left (its
// duration), else the successful attempt (`duration`).
double Engine::tracedDuration(int job, TaskKind kind, int task, int g, double duration) {
    TracedFates& t = *m_traced;
    const auto it = t.tasks.find(TracedFates::key(job, kind, task));
    const bool fails =
        it != t.tasks.end() && it->second.played < static_cast<int>(it->second.fates.size());
    t.failing[static_cast<std::size_t>(g)] = fails ? 1 : 0;
    return fails ? it->second.fates[static_cast<std::size_t>(it->second.played)].duration
                 : duration;
}

// A task-end event: true when it is a traced failure (handled here: the slot is free, the task
// queued again now or after its traced wait); false for a successful attempt's end.
bool Engine::tracedFailure(const TaskEndEvent& event) {
    const auto g = static_cast<std::size_t>(event.slot);
    TracedFates& t = *m_traced;
    if (t.failing[g] == 0 || event.generation != m_generation[g] || m_running[g].job < 0) {
        return false;
    }
    t.failing[g] = 0;
    const Running r = m_running[g];
    const TaskKind kind = static_cast<int>(g) < m_slotCount[0] ? TaskKind::Map : TaskKind::Reduce;
    const int slot =
        kind == TaskKind::Map ? static_cast<int>(g) : static_cast<int>(g) - m_slotCount[0];
    TaskRecord rec{.job = r.job, .task = r.task, .slot = slot, .kind = kind, .killed = true};
    rec.cause = AttemptEnd::Failed;
    rec.start = r.start;
    rec.end = r.end;
    m_running[g].job = -1;
    setFree(kind, slot, 1, true);
    record(rec);
    JobState& s = m_jobs[static_cast<std::size_t>(r.job)];
    --s.running[static_cast<int>(kind)];
    ++s.killed[static_cast<int>(kind)];
    s.killedWork += r.end - r.start;
    ++t.failedAttempts[static_cast<std::size_t>(r.job)];
    ++m_result.events;
    ++m_progress;
    TracedFates::Task& fates = t.tasks[TracedFates::key(r.job, kind, r.task)];
    const double wait = fates.fates[static_cast<std::size_t>(fates.played++)].wait;
    if (wait > 0.0) {
        m_timed.push(
            {r.end + wait, OverheadEvent::TracedRetry, r.job,
             (static_cast<std::uint32_t>(kind) << 31) | static_cast<std::uint32_t>(r.task)});
    } else {
        requeueTraced(r.job, kind, r.task, &rec);
    }
    return true;
}

// The task is pending again. Its policy hears of it as a stopped attempt when that happens now
// (`failed`), else as a task queued again (the failure's slot was offered meanwhile).
void Engine::requeueTraced(int job, TaskKind kind, int task, const TaskRecord* failed) {
    ++m_jobs[static_cast<std::size_t>(job)].pending[static_cast<int>(kind)];
    putBack(job, kind, task);
    m_activePool = m_jobPool[static_cast<std::size_t>(job)];
    if (failed) {
        policyOf(job).onTaskKilled(*this, *failed);
    } else {
        policyOf(job).onTaskQueued(*this, job, kind, task);
    }
}

}  // namespace mr::detail
