// EngineTraced — the engine's side of a job history's attempts (model/TracedAttempt.h,
// docs/traces-and-plans.md, "Failed, killed and speculative attempts in a replay"). Fates are
// fixed, not drawn: the replay is deterministic. A workload without traced attempts never reaches
// this file.
//  * Failed and killed attempts before a task's success: the task's first start runs them, each
//    for its traced duration on whatever slot the policy gives the task; each frees its slot at
//    once (no assignment gap, as after any stopped attempt) and the task may start again after
//    the traced wait. Recorded as stopped with cause `failed` or `killed` (TaskRecord::cause, as
//    a scenario's are); failures count in JobTimes::failedAttempts.
//  * A race (a speculative traced attempt): the task's next start runs the attempt that started
//    first in the trace; the engine starts the other one the traced offset later, outside the
//    policies — on a free slot of its traced node when that node is in the job's pool, else on
//    the pool's lowest free slot, else on the first slot of the pool that frees (before the
//    policies are offered it). The successful attempt completes the task and stops the other
//    one then (cause `superseded`, as the scenario's speculation records a race's loser). The
//    loser never completes the task (the trace shows only that it was killed): if the replay
//    delays the successful attempt past the loser's traced length, the loser stops then (cause
//    `killed`). The second attempt counts in JobTimes::speculativeAttempts.
#include <algorithm>

#include "sim/Engine.h"

namespace mr::detail {

namespace {

std::uint32_t taskBits(TaskKind kind, int task) {
    return (static_cast<std::uint32_t>(kind) << 31) | static_cast<std::uint32_t>(task);
}

TracedFates::Race raceOf(const TracedAttempt& a) {
    TracedFates::Race race;
    race.loserFirst = a.start < a.successStart;
    race.offset = race.loserFirst ? a.successStart - a.start : a.start - a.successStart;
    race.loserLength = a.end - a.start;
    race.secondNode = race.loserFirst ? a.successNode : a.node;
    return race;
}

}  // namespace

void Engine::setUpTraced() {
    if (m_scenario && hasTracedRaces(m_input)) {
        throw SimulationError(
            "speculative traced attempts cannot be replayed under a scenario or with node speeds "
            "other than 1");
    }
    m_traced = std::make_unique<TracedFates>();
    TracedFates& t = *m_traced;
    for (int j = 0; j < m_input.jobCount(); ++j) {
        for (const TracedAttempt& a : m_input.jobs[static_cast<std::size_t>(j)].tracedAttempts) {
            TracedFates::Task& task = t.tasks[TracedFates::key(j, a.kind, a.task)];
            if (a.result == TracedResult::Speculative) {
                task.raced = true;
                task.race = raceOf(a);
                continue;
            }
            task.fates.push_back(
                {a.end - a.start, a.nextStart - a.end,
                 a.result == TracedResult::Killed ? AttemptEnd::Killed : AttemptEnd::Failed});
        }
    }
    t.roles.assign(m_running.size(), TracedRole::None);
    t.failedAttempts.assign(static_cast<std::size_t>(m_input.jobCount()), 0);
    t.speculativeAttempts.assign(static_cast<std::size_t>(m_input.jobCount()), 0);
}

// The attempt a policy starts on global slot `g`: the task's next traced failure or kill if one
// is left (its duration); else the first attempt of its race, if it has one (the loser's traced
// length, or the successful attempt's `duration`; the second attempt is due after the offset);
// else the successful attempt (`duration`).
double Engine::tracedDuration(int job, TaskKind kind, int task, int g, double duration) {
    TracedFates& t = *m_traced;
    TracedRole& role = t.roles[static_cast<std::size_t>(g)];
    role = TracedRole::None;
    const auto it = t.tasks.find(TracedFates::key(job, kind, task));
    if (it == t.tasks.end()) {
        return duration;
    }
    TracedFates::Task& fates = it->second;
    if (fates.played < static_cast<int>(fates.fates.size())) {
        role = TracedRole::Chain;
        return fates.fates[static_cast<std::size_t>(fates.played)].duration;
    }
    TracedFates::Race& race = fates.race;
    if (!fates.raced || race.state != RaceState::Ahead) {
        return duration;
    }
    race.state = RaceState::Due;
    m_timed.push({m_now + race.offset, OverheadEvent::TracedRace, job, taskBits(kind, task)});
    if (race.loserFirst) {
        role = TracedRole::Loser;
        race.loser = g;
        return race.loserLength;
    }
    role = TracedRole::Winner;
    race.winner = g;
    return duration;
}

// A task-end event before the scenario's and the engine's own handling: true when it ends
// nothing (stale: its attempt was stopped earlier in this instant) or a race's loser (stopped
// here at its traced length, unless its task's successful attempt completes in this instant and
// stops it).
bool Engine::tracedEnd(const TaskEndEvent& event) {
    const auto g = static_cast<std::size_t>(event.slot);
    if (event.generation != m_generation[g] || m_running[g].job < 0) {
        return true;
    }
    if (m_traced->roles[g] != TracedRole::Loser) {
        return false;
    }
    const Running& r = m_running[g];
    const TaskKind kind = static_cast<int>(g) < m_slotCount[0] ? TaskKind::Map : TaskKind::Reduce;
    const int winner = m_traced->tasks[TracedFates::key(r.job, kind, r.task)].race.winner;
    if (winner >= 0 && m_running[static_cast<std::size_t>(winner)].end <= m_now) {
        return true;  // a tie: the successful attempt completes in this instant and stops it
    }
    stopTraced(static_cast<int>(g), AttemptEnd::Killed, r.end);
    return true;
}

// Stops the attempt on global slot `g` at `end` without queuing its task again: records it with
// `cause`, frees its slot and counts the kill. Returns the record.
TaskRecord Engine::stopTraced(int g, AttemptEnd cause, double end) {
    TracedFates& t = *m_traced;
    const auto gu = static_cast<std::size_t>(g);
    const Running r = m_running[gu];
    const TaskKind kind = g < m_slotCount[0] ? TaskKind::Map : TaskKind::Reduce;
    const int slot = kind == TaskKind::Map ? g : g - m_slotCount[0];
    TaskRecord rec{.job = r.job, .task = r.task, .slot = slot, .kind = kind, .killed = true};
    rec.cause = cause;
    rec.start = r.start;
    rec.end = end;
    if (t.roles[gu] == TracedRole::Loser) {
        t.tasks[TracedFates::key(r.job, kind, r.task)].race.loser = -1;
    }
    t.roles[gu] = TracedRole::None;  // a loser or a chain attempt: a winner is never stopped here
    ++m_generation[gu];
    m_running[gu].job = -1;
    setFree(kind, slot, 1, true);
    record(rec);
    JobState& s = m_jobs[static_cast<std::size_t>(r.job)];
    --s.running[static_cast<int>(kind)];
    ++s.killed[static_cast<int>(kind)];
    s.killedWork += end - r.start;
    ++m_result.events;
    ++m_progress;
    return rec;
}

// A task-end event: true when it is a traced failure or kill (handled here: the slot is free, the
// task queued again now or after its traced wait); false for a successful attempt's end.
bool Engine::tracedFailure(const TaskEndEvent& event) {
    const auto g = static_cast<std::size_t>(event.slot);
    TracedFates& t = *m_traced;
    if (t.roles[g] != TracedRole::Chain || event.generation != m_generation[g] ||
        m_running[g].job < 0) {
        return false;
    }
    const Running r = m_running[g];
    const TaskKind kind = static_cast<int>(g) < m_slotCount[0] ? TaskKind::Map : TaskKind::Reduce;
    TracedFates::Task& fates = t.tasks[TracedFates::key(r.job, kind, r.task)];
    const TracedFates::Fate fate = fates.fates[static_cast<std::size_t>(fates.played++)];
    const TaskRecord rec = stopTraced(static_cast<int>(g), fate.cause, r.end);
    if (fate.cause == AttemptEnd::Failed) {
        ++t.failedAttempts[static_cast<std::size_t>(r.job)];
    }
    if (fate.wait > 0.0) {
        m_timed.push(
            {r.end + fate.wait, OverheadEvent::TracedRetry, r.job, taskBits(kind, r.task)});
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

// The task completed: its race is over, and a loser still running stops now (superseded).
void Engine::tracedCompleted(int job, TaskKind kind, int task) {
    const auto it = m_traced->tasks.find(TracedFates::key(job, kind, task));
    if (it == m_traced->tasks.end() || !it->second.raced) {
        return;
    }
    TracedFates::Race& race = it->second.race;
    race.state = RaceState::Over;
    if (race.winner >= 0) {
        m_traced->roles[static_cast<std::size_t>(race.winner)] = TracedRole::None;
        race.winner = -1;
    }
    if (race.loser >= 0) {
        const TaskRecord rec = stopTraced(race.loser, AttemptEnd::Superseded, m_now);
        m_activePool = m_jobPool[static_cast<std::size_t>(job)];
        policyOf(job).onTaskKilled(*this, rec);
    }
}

// A policy kills the attempt on global slot `g`: true when it was a race's loser (stopped here;
// its task is not pending, its successful attempt runs or is due). A race's successful attempt
// is killed as any task (its task reruns as an ordinary one): the race is over.
bool Engine::tracedKill(int g) {
    TracedFates& t = *m_traced;
    const auto gu = static_cast<std::size_t>(g);
    const TracedRole role = t.roles[gu];
    if (role == TracedRole::Winner) {
        const Running& r = m_running[gu];
        const TaskKind kind = g < m_slotCount[0] ? TaskKind::Map : TaskKind::Reduce;
        TracedFates::Race& race = t.tasks[TracedFates::key(r.job, kind, r.task)].race;
        race.state = RaceState::Over;
        race.winner = -1;
        t.roles[gu] = TracedRole::None;
    }
    if (role != TracedRole::Loser) {
        return false;
    }
    const int job = m_running[gu].job;
    const TaskRecord rec = stopTraced(g, AttemptEnd::Killed, m_now);
    m_activePool = m_jobPool[static_cast<std::size_t>(job)];
    policyOf(job).onTaskKilled(*this, rec);
    return true;
}

// The race's second attempt is due: it waits for assign() (startWaitingRaces), unless the race
// is over.
void Engine::raceDue(int job, TaskKind kind, int task) {
    const std::uint64_t key = TracedFates::key(job, kind, task);
    TracedFates::Race& race = m_traced->tasks[key].race;
    if (race.state == RaceState::Due) {
        race.state = RaceState::Waiting;
        m_traced->waiting.push_back(key);
    }
}

// The waiting second attempts that find a slot start, in the order they became due.
void Engine::startWaitingRaces() {
    auto& waiting = m_traced->waiting;
    std::size_t kept = 0;
    for (const std::uint64_t key : waiting) {
        if (m_traced->tasks[key].race.state == RaceState::Waiting && !startSecond(key)) {
            waiting[kept++] = key;
        }
    }
    waiting.resize(kept);
}

// Starts the race's second attempt on a free slot of its job's pool (its traced node's first);
// false when none is free.
bool Engine::startSecond(std::uint64_t key) {
    const int job = static_cast<int>(key >> 33);
    const auto kind = static_cast<TaskKind>((key >> 32) & 1U);
    const int task = static_cast<int>(key & 0xffffffffU);
    TracedFates::Race& race = m_traced->tasks[key].race;
    const int slot = secondSlot(job, kind, race.secondNode);
    if (slot < 0) {
        return false;
    }
    const int g = globalSlot(kind, slot);
    race.state = RaceState::Running;
    double duration = race.loserLength;
    if (race.loserFirst) {
        duration = durationOn(job, kind, task, slot);
        m_traced->roles[static_cast<std::size_t>(g)] = TracedRole::Winner;
        race.winner = g;
    } else {
        m_traced->roles[static_cast<std::size_t>(g)] = TracedRole::Loser;
        race.loser = g;
    }
    ++m_traced->speculativeAttempts[static_cast<std::size_t>(job)];
    m_activePool = m_jobPool[static_cast<std::size_t>(job)];
    launch(kind, slot, 1, job, task, duration);
    return true;
}

// A free slot of `kind` for a second attempt of `job`: on `node` when it lies in the job's pool
// and has one, else the pool's lowest; -1 when the pool has none.
int Engine::secondSlot(int job, TaskKind kind, int node) const {
    const PoolInfo& pool =
        m_pools[static_cast<std::size_t>(m_jobPool[static_cast<std::size_t>(job)])];
    if (node >= pool.firstNode && node < pool.firstNode + pool.nodes) {
        const auto [first, end] = nodeSlots(kind, node);
        const int slot = findFree(kind, first, end);
        if (slot >= 0) {
            return slot;
        }
    }
    const int first = pool.firstSlot[static_cast<int>(kind)];
    return findFree(kind, first, first + pool.slotCount[static_cast<int>(kind)]);
}

}  // namespace mr::detail
