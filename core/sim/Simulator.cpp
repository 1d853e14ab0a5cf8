#include "sim/Simulator.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <functional>
#include <iterator>
#include <limits>
#include <queue>
#include <utility>

#include "model/Tolerance.h"
#include "sim/Engine.h"
#include "sim/EventQueue.h"
#include "sim/OrderPolicy.h"
#include "sim/ScenarioState.h"

namespace mr {

double SimResult::mapUtilization() const {
    return makespan > 0.0 && mapSlots > 0 ? mapBusy / (mapSlots * makespan) : 0.0;
}

double SimResult::reduceUtilization() const {
    return makespan > 0.0 && reduceSlots > 0 ? reduceBusy / (reduceSlots * makespan) : 0.0;
}

namespace {

// Events closer than this (relative) are one instant: sums of the same durations taken in a
// different order differ in the last bits, and must not reorder "free slot" and "assign".
// Guards against policies that would loop for ever.
constexpr long long kMaxIdleInstants = 10'000'000;

}  // namespace

namespace detail {

Engine::Engine(const Workload& workload, std::vector<PoolSetup>& pools, const SimOptions& options)
    : m_input(workload), m_setups(pools), m_options(options) {
    const Cluster& c = workload.cluster;
    m_slotCount[0] = c.mapSlots();
    m_slotCount[1] = c.reduceSlots();
    m_slotsPerNode[0] = c.mapSlotsPerNode;
    m_slotsPerNode[1] = c.reduceSlotsPerNode;
    m_equalSlots = c.equalSlots();
    if (pools.empty()) {
        throw SimulationError("simulate: at least one pool is needed");
    }
    setUpPools();
    setUpJobs();
    m_free[0] = SlotBitmap(m_slotCount[0]);
    m_free[1] = SlotBitmap(m_slotCount[1]);
    m_running.resize(static_cast<std::size_t>(m_slotCount[0] + m_slotCount[1]));
    m_generation.assign(m_running.size(), 0);
    setUpOverheads();
    if (!m_input.scenario.empty() || !c.equalSpeeds()) {
        setUpScenario();
    }
    if (hasTracedAttempts(m_input)) {
        setUpTraced();
    }
}

// Each pool's nodes (no overlap; all of them, unless partial) and jobs (each in one pool).
void Engine::setUpPools() {
    const Cluster& c = m_input.cluster;
    const int jobCount = m_input.jobCount();
    std::vector<int> nodeOwner(static_cast<std::size_t>(c.nodes), -1);
    m_jobPool.assign(static_cast<std::size_t>(jobCount), -1);
    m_policyOfJob.assign(static_cast<std::size_t>(jobCount), nullptr);
    for (std::size_t p = 0; p < m_setups.size(); ++p) {
        PoolSetup& setup = m_setups[p];
        if (!setup.policy) {
            throw SimulationError("simulate: pool '" + setup.name + "' has no policy");
        }
        if (setup.nodes < 1 || setup.firstNode < 0 || setup.firstNode + setup.nodes > c.nodes) {
            throw SimulationError("simulate: pool '" + setup.name + "' has an invalid node range");
        }
        for (int n = setup.firstNode; n < setup.firstNode + setup.nodes; ++n) {
            if (nodeOwner[static_cast<std::size_t>(n)] >= 0) {
                throw SimulationError("simulate: pools overlap at node " + std::to_string(n));
            }
            nodeOwner[static_cast<std::size_t>(n)] = static_cast<int>(p);
        }
        for (int j : setup.jobs) {
            if (j < 0 || j >= jobCount || m_jobPool[static_cast<std::size_t>(j)] >= 0) {
                throw SimulationError("simulate: job " + std::to_string(j) +
                                      " is missing from the workload or in two pools");
            }
            m_jobPool[static_cast<std::size_t>(j)] = static_cast<int>(p);
            m_policyOfJob[static_cast<std::size_t>(j)] = setup.policy.get();
        }
        PoolInfo info;
        info.name = setup.name;
        info.firstNode = setup.firstNode;
        info.nodes = setup.nodes;
        for (TaskKind kind : {TaskKind::Map, TaskKind::Reduce}) {
            const int k = static_cast<int>(kind);
            info.firstSlot[k] = c.firstSlot(kind, setup.firstNode);
            info.slotCount[k] =
                c.firstSlot(kind, setup.firstNode + setup.nodes) - info.firstSlot[k];
        }
        info.jobs = setup.jobs;
        m_pools.push_back(std::move(info));
    }
    if (!m_options.partial &&
        std::find(nodeOwner.begin(), nodeOwner.end(), -1) != nodeOwner.end()) {
        throw SimulationError("simulate: the pools do not cover every node");
    }
    if (!m_options.partial &&
        std::find(m_jobPool.begin(), m_jobPool.end(), -1) != m_jobPool.end()) {
        throw SimulationError("simulate: every job must belong to a pool");
    }
    m_pooledJobs = static_cast<int>(
        std::count_if(m_jobPool.begin(), m_jobPool.end(), [](int p) { return p >= 0; }));
}

// Each job's state and pending tasks of both kinds.
void Engine::setUpJobs() {
    const int jobCount = m_input.jobCount();
    m_jobs.resize(static_cast<std::size_t>(jobCount));
    SimState::m_workload = &m_input;
    m_jobStates = m_jobs.data();
    SimState::m_poolOfJob = m_jobPool.data();
    m_pending.resize(static_cast<std::size_t>(jobCount) * 2);
    for (int j = 0; j < jobCount; ++j) {
        const Job& job = m_input.jobs[static_cast<std::size_t>(j)];
        JobState& s = m_jobs[static_cast<std::size_t>(j)];
        for (TaskKind kind : {TaskKind::Map, TaskKind::Reduce}) {
            const int k = static_cast<int>(kind);
            s.pending[k] = job.tasks(kind);
            pending(j, kind).count = job.tasks(kind);
            m_taskTotal += job.tasks(kind);
        }
    }
}

void Engine::setUpOverheads() {
    const int jobCount = m_input.jobCount();
    for (const Job& job : m_input.jobs) {
        if (!resolveOverheads(m_input.overheads, job.overheads).none()) {
            m_hasOverheads = true;
            break;
        }
    }
    if (!m_hasOverheads) {
        return;
    }
    m_overheads.resize(static_cast<std::size_t>(jobCount));
    m_reduceThreshold.resize(static_cast<std::size_t>(jobCount));
    m_amSlotsOf.resize(static_cast<std::size_t>(jobCount));
    m_heldReduces.resize(static_cast<std::size_t>(jobCount));
    m_amQueue.resize(m_pools.size());
    m_amHeldInPool.assign(m_pools.size(), 0);
    for (int j = 0; j < jobCount; ++j) {
        if (m_jobPool[static_cast<std::size_t>(j)] < 0) {
            continue;  // not simulated (SimOptions::partial)
        }
        const Job& job = m_input.jobs[static_cast<std::size_t>(j)];
        ResolvedOverheads o = resolveOverheads(m_input.overheads, job.overheads);
        // The AM's slots lie on one node of the job's pool and leave the pool a map slot for the
        // tasks (else no task could ever run); a smaller pool gives it fewer.
        const PoolInfo& pool =
            m_pools[static_cast<std::size_t>(m_jobPool[static_cast<std::size_t>(j)])];
        o.amSlots = std::max(0, std::min({o.amSlots, m_slotsPerNode[0], pool.slotCount[0] - 1}));
        m_overheads[static_cast<std::size_t>(j)] = o;
        m_reduceThreshold[static_cast<std::size_t>(j)] =
            slowstartThreshold(o.slowstart, job.maps());
    }
}

int Engine::findFree(TaskKind kind, int from, int end) const {
    return m_free[static_cast<int>(kind)].next(from, end);
}

// The first slot at or after `from` (and before `end`) that is not free; `end` if none.
int Engine::freeRunEnd(TaskKind kind, int from, int end) const {
    return m_free[static_cast<int>(kind)].runEnd(from, end);
}

void Engine::setFree(TaskKind kind, int slot, int count, bool isFree) {
    m_free[static_cast<int>(kind)].assign(slot, count, isFree);
}

int Engine::freeSlots(TaskKind kind, int pool) const {
    const PoolInfo& p = m_pools[static_cast<std::size_t>(pool)];
    const int k = static_cast<int>(kind);
    return m_free[k].count(p.firstSlot[k], p.firstSlot[k] + p.slotCount[k]);
}

bool Engine::isPending(int job, TaskKind kind, int task) const {
    const PendingTasks& pt =
        m_pending[static_cast<std::size_t>(job) * 2 + static_cast<std::size_t>(kind)];
    return task >= 0 && task < pt.count &&
           (!pt.isStarted(task) || (m_scenario && hasCopy(job, kind, task)));
}

void Engine::setCap(int job, TaskKind kind, int cap) {
    m_jobs[static_cast<std::size_t>(job)].cap[static_cast<int>(kind)] = std::max(cap, 0);
}

void Engine::wakeAt(double time) {
    if (time > m_now && std::isfinite(time)) {
        m_wakeups.push({time, std::max(m_activePool, 0)});
    }
}

int Engine::takeTask(int job, TaskKind kind, int task) {
    int copy = -1;
    if (m_scenario && takeCopy(job, kind, task, copy)) {
        return copy;
    }
    PendingTasks& pt = pending(job, kind);
    if (task < 0) {
        if (!pt.retry.empty()) {
            task = pt.retry.back();  // the lowest
            pt.retry.pop_back();
        } else {
            while (pt.isStarted(pt.nextFresh)) {
                ++pt.nextFresh;
            }
            task = pt.nextFresh++;
        }
    } else {
        pt.detail();
        const auto it = std::find(pt.retry.begin(), pt.retry.end(), task);
        if (it != pt.retry.end()) {
            pt.retry.erase(it);
        }
    }
    if (!pt.started.empty()) {
        pt.started[static_cast<std::size_t>(task)] = 1;
    }
    return task;
}

// How many tasks of `job` start as one wave on free slots slot, slot+1, ...: the policy vouches
// for that many picks, the slots are free and consecutive, the job has that many fresh tasks in a
// row with bit-identical durations (no killed task waiting to rerun), and its cap leaves room.
int Engine::waveLength(int job, TaskKind kind, int slot, int end, const Pick& pick) const {
    if (pick.count <= 1 || pick.task >= 0 || !m_options.waves || m_options.durations ||
        m_scenario || m_traced) {
        return 1;
    }
    const PendingTasks& pt =
        m_pending[static_cast<std::size_t>(job) * 2 + static_cast<std::size_t>(kind)];
    if (!pt.retry.empty()) {
        return 1;
    }
    const JobState& s = m_jobs[static_cast<std::size_t>(job)];
    const int k = static_cast<int>(kind);
    long long limit = std::min<long long>(pick.count, s.pending[k]);
    if (s.cap[k] != kNoCap) {
        limit = std::min<long long>(limit, s.cap[k] - s.running[k]);
    }
    limit = std::min<long long>(limit, freeRunEnd(kind, slot, end) - slot);
    if (limit <= 1) {
        return 1;
    }
    int first = pt.nextFresh;
    while (pt.isStarted(first)) {
        ++first;
    }
    const auto& durations = m_input.jobs[static_cast<std::size_t>(job)].durations(kind);
    int n = static_cast<int>(
        durations.runEnd(static_cast<std::size_t>(first), static_cast<std::size_t>(limit)) -
        static_cast<std::size_t>(first));
    if (!pt.started.empty()) {
        for (int i = 1; i < n; ++i) {
            if (pt.started[static_cast<std::size_t>(first + i)] != 0) {
                n = i;
                break;
            }
        }
    }
    return std::max(n, 1);
}

void Engine::putBack(int job, TaskKind kind, int task) {
    PendingTasks& pt = pending(job, kind);
    pt.detail();
    pt.started[static_cast<std::size_t>(task)] = 0;
    if (task < pt.nextFresh) {
        // Behind the fresh cursor: it would not be found again.
        pt.retry.insert(std::upper_bound(pt.retry.begin(), pt.retry.end(), task, std::greater<>()),
                        task);
    }
}

void Engine::record(const TaskRecord& task) {
    // Added task by task (not count × duration): the same bits as single-task records.
    double& busy = task.kind == TaskKind::Map ? m_result.mapBusy : m_result.reduceBusy;
    const double duration = task.end - task.start;
    for (std::int32_t i = 0; i < task.count; ++i) {
        busy += duration;
    }
    if (m_options.recordTasks) {
        m_result.tasks.push_back(task);
    }
}

// Starts the picked job's next task (or a wave of them) on `slot`; returns the slots it took.
int Engine::start(TaskKind kind, int slot, int end, int pool, const Pick& pick) {
    const int job = pick.job;
    if (job < 0 || job >= m_input.jobCount() || m_jobPool[static_cast<std::size_t>(job)] != pool ||
        !canRun(job, kind) || (pick.task >= 0 && !isPending(job, kind, pick.task))) {
        throw SimulationError("policy of pool '" + m_pools[static_cast<std::size_t>(pool)].name +
                              "' picked a " + toString(kind) + " task that cannot run (job " +
                              std::to_string(job) + ")");
    }
    const int count = waveLength(job, kind, slot, end, pick);
    const int task = takeTask(job, kind, pick.task);
    if (count > 1) {
        PendingTasks& pt = pending(job, kind);
        pt.nextFresh = task + count;
        if (!pt.started.empty()) {
            std::fill_n(pt.started.begin() + task, count, std::uint8_t{1});
        }
    }
    double duration = durationOn(job, kind, task, slot);
    if (m_scenario) {
        duration = attemptDuration(job, kind, task, slot, duration);
    }
    if (m_traced) {
        duration = tracedDuration(job, kind, task, globalSlot(kind, slot), duration);
    }
    m_jobs[static_cast<std::size_t>(job)].pending[static_cast<int>(kind)] -= count;
    m_activePool = pool;
    launch(kind, slot, count, job, task, duration);
    return count;
}

// The task's duration on `slot` (the duration model's, when there is one).
double Engine::durationOn(int job, TaskKind kind, int task, int slot) const {
    const double duration =
        m_input.jobs[static_cast<std::size_t>(job)].durations(kind)[static_cast<std::size_t>(task)];
    if (!m_options.durations) {
        return duration;
    }
    const double modelled =
        m_options.durations->duration(m_input, job, kind, task, nodeOfSlot(kind, slot));
    if (!(modelled >= 0.0) || !std::isfinite(modelled)) {
        throw SimulationError("task duration model returned an invalid duration");
    }
    return modelled;
}

// Runs `count` tasks from `task` on slots from `slot` for `duration`, and tells the job's policy.
void Engine::launch(TaskKind kind, int slot, int count, int job, int task, double duration) {
    const int g = globalSlot(kind, slot);
    m_running[static_cast<std::size_t>(g)] = {job, task, count, m_now, m_now + duration};
    const std::uint32_t generation = ++m_generation[static_cast<std::size_t>(g)];
    const TaskEndEvent event{m_now + duration, static_cast<std::uint32_t>(g), generation};
    m_committedEnd = std::max(m_committedEnd, event.time);
    m_events.push(event);
    setFree(kind, slot, count, false);
    JobState& s = m_jobs[static_cast<std::size_t>(job)];
    s.running[static_cast<int>(kind)] += count;
    if (s.start < 0.0) {
        s.start = m_now;
    }
    m_result.events += count;
    m_progress += count;
    TaskRecord started{.job = job, .task = task, .slot = slot, .kind = kind};
    started.count = count;  // assigned: list-initialising a bit-field from an int is narrowing
    started.start = m_now;
    started.end = m_now + duration;
    policyOf(job).onTaskStarted(*this, started);
}

// A task-end event that completes no task: stale, a traced race's loser or failure, or a
// scenario's failure or held reduce (each handled where it is checked).
bool Engine::endsNoTask(const TaskEndEvent& event) {
    return (m_traced && tracedEnd(event)) || (m_scenario && scenarioEnd(event)) ||
           (m_traced && tracedFailure(event));
}

void Engine::finishEvent(const TaskEndEvent& event) {
    if (endsNoTask(event)) {
        return;
    }
    const int g = static_cast<int>(event.slot);
    const TaskKind kind = g < m_slotCount[0] ? TaskKind::Map : TaskKind::Reduce;
    const int slot = kind == TaskKind::Map ? g : g - m_slotCount[0];
    const Running r = m_running[static_cast<std::size_t>(g)];
    if (m_hasOverheads && kind == TaskKind::Reduce && holdReduce(event, r)) {
        return;
    }
    m_running[static_cast<std::size_t>(g)].job = -1;
    const double gap =
        m_hasOverheads ? m_overheads[static_cast<std::size_t>(r.job)].assignGap : 0.0;
    if (gap > 0.0) {  // b: the wave's slots
        m_timed.push(
            {r.end + gap, OverheadEvent::SlotRelease, g, static_cast<std::uint32_t>(r.count)});
    } else {
        setFree(kind, slot, r.count, true);
    }
    TaskRecord rec{.job = r.job, .task = r.task, .slot = slot, .kind = kind};
    rec.count = r.count;
    rec.start = r.start;
    rec.end = r.end;
    record(rec);
    const int k = static_cast<int>(kind);
    JobState& s = m_jobs[static_cast<std::size_t>(r.job)];
    s.running[k] -= r.count;
    s.completed[k] += r.count;
    m_result.events += r.count;
    m_progress += r.count;
    Policy& policy = policyOf(r.job);
    m_activePool = m_jobPool[static_cast<std::size_t>(r.job)];
    policy.onTaskEnded(*this, rec);
    if (m_traced) {
        tracedCompleted(r.job, kind, r.task);
    }
    const Job& job = m_input.jobs[static_cast<std::size_t>(r.job)];
    if (kind == TaskKind::Map) {
        s.mapEnd = std::max(s.mapEnd, r.end);
        if (m_hasOverheads && !s.reducesOpen && s.completed[0] < job.maps() &&
            s.completed[0] >= m_reduceThreshold[static_cast<std::size_t>(r.job)]) {
            s.reducesOpen = true;
            policy.onReducesOpen(*this, r.job);
        }
        if (s.completed[0] == job.maps()) {
            const bool again = m_scenario && mapStageAgain(r.job);
            s.mapsDone = true;
            s.reducesOpen = true;
            if (m_hasOverheads) {
                openReduces(r.job);
            }
            if (job.reduces() == 0) {
                if (m_hasOverheads) {
                    completeJob(r.job, s.mapEnd);
                } else {
                    s.done = true;
                    s.end = s.mapEnd;
                    ++m_done;
                }
            }
            if (!again) {
                policy.onMapStageDone(*this, r.job);
            }
        }
    } else {
        s.end = std::max(s.end, r.end);
        if (s.completed[1] == job.reduces()) {
            if (m_hasOverheads) {
                completeJob(r.job, s.end);
            } else {
                s.done = true;
                ++m_done;
            }
        }
    }
}

// --- Overheads (model/Overheads.h) ---

void Engine::submit(int job) {
    m_amQueue[static_cast<std::size_t>(m_jobPool[static_cast<std::size_t>(job)])].push_back(job);
}

// Give waiting ApplicationMasters their slots, per pool in submission order (the first that does
// not fit waits, and so do the ones behind it): a node of the pool with enough free map slots,
// the highest such node, its highest free slots (tasks take the lowest free slots first).
void Engine::placeAms() {
    const auto freeOnNode = [&](int node) {
        int n = 0;
        const int end = nodeSlots(TaskKind::Map, node).second;
        for (int slot = findFree(TaskKind::Map, nodeSlots(TaskKind::Map, node).first, end);
             slot >= 0; slot = findFree(TaskKind::Map, slot + 1, end)) {
            ++n;
        }
        return n;
    };
    for (std::size_t p = 0; p < m_amQueue.size(); ++p) {
        auto& queue = m_amQueue[p];
        const PoolInfo& pool = m_pools[p];
        bool blocked = false;
        std::size_t kept = 0;
        for (const int job : queue) {
            const ResolvedOverheads& o = m_overheads[static_cast<std::size_t>(job)];
            if (o.amSlots > 0) {
                int node = pool.firstNode + pool.nodes - 1;
                if (!blocked && m_amHeldInPool[p] + o.amSlots <= pool.slotCount[0] - 1) {
                    while (node >= pool.firstNode && freeOnNode(node) < o.amSlots) {
                        --node;
                    }
                }
                if (blocked || node < pool.firstNode ||
                    m_amHeldInPool[p] + o.amSlots > pool.slotCount[0] - 1) {
                    blocked = true;
                    queue[kept++] = job;
                    continue;
                }
                int taken = 0;
                for (int slot = nodeSlots(TaskKind::Map, node).second - 1; taken < o.amSlots;
                     --slot) {
                    if (findFree(TaskKind::Map, slot, slot + 1) == slot) {
                        setFree(TaskKind::Map, slot, 1, false);
                        m_amSlotsOf[static_cast<std::size_t>(job)].push_back(slot);
                        ++taken;
                    }
                }
                m_amHeldInPool[p] += taken;
            }
            if (o.amStart > 0.0) {
                m_timed.push({m_now + o.amStart, OverheadEvent::JobReady, job, 0});
            } else {
                arrive(job);
            }
        }
        queue.resize(kept);
    }
}

// The job's last task ended at `lastTaskEnd`: it completes after its commit tail, and only then
// gives back its ApplicationMaster's slots.
void Engine::completeJob(int job, double lastTaskEnd) {
    JobState& s = m_jobs[static_cast<std::size_t>(job)];
    const ResolvedOverheads& o = m_overheads[static_cast<std::size_t>(job)];
    s.end = lastTaskEnd + o.commit;
    if (o.commit > 0.0 || !m_amSlotsOf[static_cast<std::size_t>(job)].empty()) {
        m_timed.push({s.end, OverheadEvent::JobDone, job, 0});
    } else {
        s.done = true;
        ++m_done;
    }
}

// A reduce that started before its job's map stage ended completes no earlier than reduce_tail
// after that end: while the maps run it keeps its slot. True when its end moved (it still runs).
bool Engine::holdReduce(const TaskEndEvent& event, const Running& r) {
    const auto j = static_cast<std::size_t>(r.job);
    if (m_reduceThreshold[j] >= m_input.jobs[j].maps()) {
        return false;  // no slow-start: reduces start after the map stage
    }
    const JobState& s = m_jobs[j];
    if (!s.mapsDone) {
        m_heldReduces[j].emplace_back(static_cast<int>(event.slot), event.generation);
        return true;
    }
    const double earliest = s.mapEnd + m_overheads[j].reduceTail;
    if (r.start < s.mapEnd && r.end < earliest) {
        m_running[event.slot].end = earliest;
        m_timed.push(
            {earliest, OverheadEvent::ReduceEnd, static_cast<int>(event.slot), event.generation});
        return true;
    }
    return false;
}

// The job's map stage just ended: its held reduces end reduce_tail later (or now).
void Engine::openReduces(int job) {
    auto& held = m_heldReduces[static_cast<std::size_t>(job)];
    const double end = std::max(m_now, m_jobs[static_cast<std::size_t>(job)].mapEnd +
                                           m_overheads[static_cast<std::size_t>(job)].reduceTail);
    for (const auto& [g, generation] : held) {
        if (m_generation[static_cast<std::size_t>(g)] == generation) {
            m_running[static_cast<std::size_t>(g)].end = end;
            m_timed.push({end, OverheadEvent::ReduceEnd, g, generation});
        }
    }
    held.clear();
}

void Engine::handle(const TimedEvent& e, std::vector<TaskEndEvent>& ends) {
    switch (e.type) {
        case OverheadEvent::ReduceEnd:
            if (e.b == m_generation[static_cast<std::size_t>(e.a)] &&
                m_running[static_cast<std::size_t>(e.a)].job >= 0) {
                ends.push_back({e.time, static_cast<std::uint32_t>(e.a), e.b});
            }
            break;
        case OverheadEvent::SlotRelease: {
            const TaskKind kind = e.a < m_slotCount[0] ? TaskKind::Map : TaskKind::Reduce;
            setFree(kind, kind == TaskKind::Map ? e.a : e.a - m_slotCount[0], static_cast<int>(e.b),
                    true);
            break;
        }
        case OverheadEvent::JobDone: {
            JobState& s = m_jobs[static_cast<std::size_t>(e.a)];
            s.done = true;
            ++m_done;
            auto& held = m_amSlotsOf[static_cast<std::size_t>(e.a)];
            for (int slot : held) {
                setFree(TaskKind::Map, slot, 1, true);
            }
            m_amHeldInPool[static_cast<std::size_t>(m_jobPool[static_cast<std::size_t>(e.a)])] -=
                static_cast<int>(held.size());
            held.clear();
            break;
        }
        case OverheadEvent::JobReady:
            arrive(e.a);
            break;
        case OverheadEvent::TracedRetry:
            requeueTraced(e.a, static_cast<TaskKind>(e.b >> 31),
                          static_cast<int>(e.b & 0x7fffffffU), nullptr);
            break;
        case OverheadEvent::TracedRace:
            raceDue(e.a, static_cast<TaskKind>(e.b >> 31), static_cast<int>(e.b & 0x7fffffffU));
            break;
        case OverheadEvent::NodeDown:
        case OverheadEvent::NodeUp:
        case OverheadEvent::Speculate:
            break;  // a scenario's: processInstant hands them to EngineScenario.cpp
    }
}

// The first slots of the job's running records of `kind` (a wave is one record, on its first
// slot): most recently started first, later slot first on ties (deterministic). Inside a wave (one
// start time, consecutive slots) that is its last slots first.
std::vector<int> Engine::killOrder(int job, TaskKind kind) const {
    const PoolInfo& p = m_pools[static_cast<std::size_t>(m_jobPool[static_cast<std::size_t>(job)])];
    const int k = static_cast<int>(kind);
    std::vector<int> victims;
    const int end = p.firstSlot[k] + p.slotCount[k];
    for (int slot = p.firstSlot[k]; slot < end;) {
        const Running& r = m_running[static_cast<std::size_t>(globalSlot(kind, slot))];
        if (r.job >= 0) {
            if (r.job == job) {
                victims.push_back(slot);
            }
            slot += r.count;
        } else {
            ++slot;
        }
    }
    std::sort(victims.begin(), victims.end(), [&](int a, int b) {
        const double sa = m_running[static_cast<std::size_t>(globalSlot(kind, a))].start;
        const double sb = m_running[static_cast<std::size_t>(globalSlot(kind, b))].start;
        return sa != sb ? sa > sb : a > b;
    });
    return victims;
}

int Engine::kill(int job, TaskKind kind, int count) {
    if (m_inAssign) {
        throw SimulationError("a policy may not kill tasks from pick()");
    }
    const int k = static_cast<int>(kind);
    const std::vector<int> victims = killOrder(job, kind);
    int left = std::max(count, 0);
    int killed = 0;
    for (int head : victims) {
        if (left == 0) {
            break;
        }
        const int g = globalSlot(kind, head);
        if (m_traced && tracedKill(g)) {  // a race's losing attempt: its task is not pending
            ++m_kills;
            --left;
            ++killed;
            continue;
        }
        if (m_scenario) {  // one task per slot; its attempts are the scenario's bookkeeping
            stopAttempt(g, AttemptEnd::Killed, true);
            ++m_kills;
            --left;
            ++killed;
            continue;
        }
        Running& r = m_running[static_cast<std::size_t>(g)];
        const int n = std::min(left, r.count);
        const int firstKilled = r.count - n;  // the wave's last n tasks
        TaskRecord rec{.job = job,
                       .task = r.task + firstKilled,
                       .slot = head + firstKilled,
                       .kind = kind,
                       .killed = true};
        rec.count = n;
        rec.start = r.start;
        rec.end = m_now;
        if (n == r.count) {
            ++m_generation[static_cast<std::size_t>(g)];  // its end event is now stale
            r.job = -1;
        } else {
            r.count -= n;
        }
        setFree(kind, head + firstKilled, n, true);
        record(rec);
        JobState& s = m_jobs[static_cast<std::size_t>(job)];
        s.running[k] -= n;
        s.pending[k] += n;
        s.killed[k] += n;
        s.killedWork += n * (m_now - r.start);
        for (int i = n - 1; i >= 0; --i) {
            putBack(job, kind, rec.task + i);
        }
        m_result.events += n;
        m_kills += n;
        left -= n;
        killed += n;
        m_activePool = m_jobPool[static_cast<std::size_t>(job)];
        policyOf(job).onTaskKilled(*this, rec);
    }
    return killed;
}

void Engine::arrive(int job) {
    JobState& s = m_jobs[static_cast<std::size_t>(job)];
    s.arrived = true;
    ++m_result.events;
    m_activePool = m_jobPool[static_cast<std::size_t>(job)];
    policyOf(job).onJobArrived(*this, job);
    if (m_hasOverheads && m_reduceThreshold[static_cast<std::size_t>(job)] == 0) {
        s.reducesOpen = true;  // slow-start 0: reduces may start with the maps
        policyOf(job).onReducesOpen(*this, job);
    }
}

void Engine::assign() {
    if (m_traced && !m_traced->waiting.empty()) {
        startWaitingRaces();  // before the policies: Hadoop asks for a copy's container first
    }
    m_inAssign = true;
    for (TaskKind kind : {TaskKind::Map, TaskKind::Reduce}) {
        const int k = static_cast<int>(kind);
        for (std::size_t p = 0; p < m_pools.size(); ++p) {
            const int end = m_pools[p].firstSlot[k] + m_pools[p].slotCount[k];
            Policy& policy = *m_setups[p].policy;
            int slot = findFree(kind, m_pools[p].firstSlot[k], end);
            while (slot >= 0) {
                m_activePool = static_cast<int>(p);
                const Pick pick = policy.pick(*this, kind, slot);
                int used = 1;
                if (pick.runs()) {
                    used = start(kind, slot, end, static_cast<int>(p), pick);
                } else if (!pick.askAgain()) {
                    break;
                }
                slot = findFree(kind, slot + used, end);
            }
        }
    }
    m_inAssign = false;
}

void Engine::begin() {
    for (std::size_t p = 0; p < m_setups.size(); ++p) {
        m_activePool = static_cast<int>(p);
        m_setups[p].policy->attach(*this, static_cast<int>(p));
    }
    for (int j = 0; j < m_input.jobCount(); ++j) {
        if (m_jobPool[static_cast<std::size_t>(j)] >= 0) {
            m_arrivals.push_back(j);
        }
    }
    std::stable_sort(m_arrivals.begin(), m_arrivals.end(), [&](int a, int b) {
        return m_input.jobs[static_cast<std::size_t>(a)].arrival <
               m_input.jobs[static_cast<std::size_t>(b)].arrival;
    });
    m_maxKills = 100 * m_taskTotal + 1000;
    if (m_options.recordTasks) {
        // Records never outnumber the tasks (without kills): reserving that many avoids the
        // doubling's copy, whose old and new arrays were the peak memory of a large run (1.5x
        // the records). Pages never written are never resident, so a run of waves pays only for
        // the records it writes; capped so that the address space asked for stays modest.
        constexpr long long kMaxReserved = 1LL << 25;  // 32 M records, 1.3 GB of address space
        const auto estimate = static_cast<std::uint64_t>(m_taskTotal) * sizeof(TaskRecord);
        if (m_options.spillRecordsAbove > 0 && estimate > m_options.spillRecordsAbove) {
            m_result.tasks.startSpilling();
        } else {
            m_result.tasks.reserve(static_cast<std::size_t>(std::min(m_taskTotal, kMaxReserved)));
        }
    }
}

// The engine's instant (docs/simulator.md): everything due within sameInstantLimit of the
// next event happens together, in a fixed order (processInstant).
bool Engine::step(double horizon) {
    const double t = nextInstant();
    if (!std::isfinite(t) || t > horizon) {
        return false;
    }
    const std::size_t firstArrival = collectInstant(t);
    const long long progressBefore = m_progress;
    processInstant(firstArrival);
    if (m_options.traceCommitted &&
        (m_committed.empty() || m_committed.back().second < m_committedEnd)) {
        m_committed.emplace_back(m_now, m_committedEnd);
    }
    checkProgress(progressBefore);
    return true;
}

double Engine::nextInstant() const {
    double t = std::numeric_limits<double>::infinity();
    if (!m_events.empty()) {
        t = m_events.earliest();
    }
    if (m_nextArrival < m_arrivals.size()) {
        t = std::min(t, m_input.jobs[static_cast<std::size_t>(m_arrivals[m_nextArrival])].arrival);
    }
    if (!m_wakeups.empty()) {
        t = std::min(t, m_wakeups.top().time);
    }
    if (!m_timed.empty()) {
        t = std::min(t, m_timed.top().time);
    }
    return t;
}

// The task ends (live ones, in m_batch), arrivals, wake-ups and overhead events due within the
// instant that starts at `first` (nextInstant()); the clock moves to the latest of them.
std::size_t Engine::collectInstant(double first) {
    const auto arrivalOf = [&](std::size_t i) {
        return m_input.jobs[static_cast<std::size_t>(m_arrivals[i])].arrival;
    };
    const double limit = sameInstantLimit(first);
    double instant = first;
    m_batch.clear();
    m_events.popUntil(limit, m_batch);
    std::erase_if(m_batch, [&](const TaskEndEvent& e) {
        return e.generation != m_generation[e.slot] || m_running[e.slot].job < 0;  // stale
    });
    for (const TaskEndEvent& e : m_batch) {
        instant = std::max(instant, e.time);
    }
    const std::size_t firstArrival = m_nextArrival;
    while (m_nextArrival < m_arrivals.size() && arrivalOf(m_nextArrival) <= limit) {
        instant = std::max(instant, arrivalOf(m_nextArrival));
        ++m_nextArrival;
    }
    m_wokenPools.clear();
    while (!m_wakeups.empty() && m_wakeups.top().time <= limit) {
        instant = std::max(instant, m_wakeups.top().time);
        m_wokenPools.push_back(m_wakeups.top().pool);
        m_wakeups.pop();
    }
    m_timedBatch.clear();
    while (!m_timed.empty() && m_timed.top().time <= limit) {
        instant = std::max(instant, m_timed.top().time);
        m_timedBatch.push_back(m_timed.top());
        m_timed.pop();
    }
    m_now = instant;
    return firstArrival;
}

// Slow-started reduces end with the other tasks; then slots free, jobs complete, arrivals come
// (with overheads: are submitted, AMs placed, jobs get ready), woken policies and every policy's
// beforeAssign run, and free slots are assigned.
void Engine::processInstant(std::size_t firstArrival) {
    if (!m_timedBatch.empty()) {
        std::stable_sort(m_timedBatch.begin(), m_timedBatch.end(),
                         [](const TimedEvent& a, const TimedEvent& b) { return a.type < b.type; });
        for (const TimedEvent& e : m_timedBatch) {
            if (e.type == OverheadEvent::ReduceEnd) {
                handle(e, m_batch);
            }
        }
    }
    for (const TaskEndEvent& e : m_batch) {
        finishEvent(e);
    }
    for (const TimedEvent& e : m_timedBatch) {
        if (e.type == OverheadEvent::SlotRelease || e.type == OverheadEvent::JobDone ||
            e.type == OverheadEvent::TracedRetry || e.type == OverheadEvent::TracedRace) {
            handle(e, m_batch);
            ++m_progress;
        }
    }
    for (const TimedEvent& e : m_timedBatch) {
        if (e.type == OverheadEvent::NodeDown || e.type == OverheadEvent::NodeUp) {
            handleScenario(e);
        }
    }
    for (std::size_t i = firstArrival; i < m_nextArrival; ++i) {
        if (m_hasOverheads) {
            submit(m_arrivals[i]);
        } else {
            arrive(m_arrivals[i]);
        }
    }
    if (m_hasOverheads) {
        placeAms();
        for (const TimedEvent& e : m_timedBatch) {
            if (e.type == OverheadEvent::JobReady) {
                handle(e, m_batch);
                ++m_progress;
            }
        }
    }
    std::sort(m_wokenPools.begin(), m_wokenPools.end());
    m_wokenPools.erase(std::unique(m_wokenPools.begin(), m_wokenPools.end()), m_wokenPools.end());
    for (int p : m_wokenPools) {
        m_activePool = p;
        m_setups[static_cast<std::size_t>(p)].policy->onWakeup(*this);
    }
    for (std::size_t p = 0; p < m_setups.size(); ++p) {
        m_activePool = static_cast<int>(p);
        m_setups[p].policy->beforeAssign(*this);
    }
    if (m_scenario && speculationDue()) {
        speculate();
    }
    m_activePool = -1;
    assign();
}

// Cancellation now and then; a policy that keeps waking up or killing without finishing any task
// is an error, not an endless run.
void Engine::checkProgress(long long progressBefore) {
    if ((++m_instants & 1023) == 0) {
        throwIfCancelled(m_options.cancel);
        if (m_options.onSteps) {
            m_options.onSteps(m_progress - m_reported);
            m_reported = m_progress;
        }
    }
    m_idleInstants = m_progress == progressBefore ? m_idleInstants + 1 : 0;
    if (m_idleInstants > kMaxIdleInstants || m_kills > m_maxKills) {
        throw SimulationError(
            "the scheduling policy makes no progress (it keeps waking up "
            "or killing tasks without finishing any)");
    }
}

double Engine::lastEnd() const {
    double last = 0.0;
    for (int j : m_arrivals) {
        last = std::max(last, m_jobs[static_cast<std::size_t>(j)].end);
    }
    return last;
}

double Engine::committedEndBefore(double time) const {
    if (!m_options.traceCommitted) {
        throw SimulationError("committedEndBefore needs SimOptions::traceCommitted");
    }
    const auto after = std::lower_bound(
        m_committed.begin(), m_committed.end(), time,
        [](const std::pair<double, double>& entry, double t) { return entry.first < t; });
    return after == m_committed.begin() ? 0.0 : std::prev(after)->second;
}

SimResult Engine::finish() {
    while (step(std::numeric_limits<double>::infinity())) {
    }
    if (m_scenario) {
        finishScenario(m_result);
    }
    const int jobCount = m_input.jobCount();
    if (m_done != m_pooledJobs) {
        std::string names;
        for (int j = 0; j < jobCount && names.size() < 200; ++j) {
            if (m_jobPool[static_cast<std::size_t>(j)] >= 0 &&
                !m_jobs[static_cast<std::size_t>(j)].done) {
                names +=
                    (names.empty() ? "" : ", ") + m_input.jobs[static_cast<std::size_t>(j)].name;
            }
        }
        throw SimulationError("the scheduling policy left jobs unfinished: " + names);
    }

    SimResult& r = m_result;
    r.tasks.finish();
    r.mapSlots = m_slotCount[0];
    r.reduceSlots = m_slotCount[1];
    r.jobs.resize(static_cast<std::size_t>(jobCount));
    double firstArrival = std::numeric_limits<double>::infinity();
    double lastEnd = 0.0;
    for (int j = 0; j < jobCount; ++j) {
        const JobState& s = m_jobs[static_cast<std::size_t>(j)];
        JobTimes& t = r.jobs[static_cast<std::size_t>(j)];
        t.arrival = m_input.jobs[static_cast<std::size_t>(j)].arrival;
        t.start = s.start;
        t.mapEnd = s.mapEnd;
        t.end = s.end;
        t.killedMaps = s.killed[0];
        t.killedReduces = s.killed[1];
        t.killedWork = s.killedWork;
        if (m_scenario) {
            scenarioJobTimes(j, t);
            r.failedJobs += t.failed ? 1 : 0;
        }
        if (m_traced) {
            t.failedAttempts = m_traced->failedAttempts[static_cast<std::size_t>(j)];
            t.speculativeAttempts = m_traced->speculativeAttempts[static_cast<std::size_t>(j)];
        }
        if (m_jobPool[static_cast<std::size_t>(j)] >= 0) {
            firstArrival = std::min(firstArrival, t.arrival);
            lastEnd = std::max(lastEnd, t.end);
        }
    }
    r.makespan = m_pooledJobs > 0 ? lastEnd - firstArrival : 0.0;
    for (std::size_t p = 0; p < m_pools.size(); ++p) {
        PoolTimes pt;
        pt.name = m_pools[p].name;
        pt.firstNode = m_pools[p].firstNode;
        pt.nodes = m_pools[p].nodes;
        pt.jobs = m_pools[p].jobs;
        for (int j : pt.jobs) {
            pt.makespan = std::max(pt.makespan, r.jobs[static_cast<std::size_t>(j)].end);
        }
        r.pools.push_back(std::move(pt));
    }
    return std::move(m_result);
}

}  // namespace detail

namespace {

using detail::Engine;

}  // namespace

SimResult simulate(const Workload& workload, std::vector<PoolSetup> pools,
                   const SimOptions& options) {
    Engine engine(workload, pools, options);
    engine.begin();
    return engine.finish();
}

Simulation::Simulation(const Workload& workload, std::vector<PoolSetup> pools,
                       const SimOptions& options)
    : m_pools(std::move(pools)),
      m_options(options),
      m_engine(std::make_unique<Engine>(workload, m_pools, m_options)) {
    m_engine->begin();
}

Simulation::~Simulation() = default;

bool Simulation::advance(double time) {
    while (!m_engine->finished() && m_engine->step(time)) {
    }
    return m_engine->finished();
}

bool Simulation::finished() const {
    return m_engine->finished();
}

double Simulation::lastEnd() const {
    return m_engine->lastEnd();
}

double Simulation::firstStart(int job) const {
    return m_engine->job(job).start;
}

double Simulation::committedEndBefore(double time) const {
    return m_engine->committedEndBefore(time);
}

SimResult Simulation::result() {
    return m_engine->finish();
}

std::vector<TaskRecord> expandWaves(const TaskRecords& records) {
    std::vector<TaskRecord> out;
    out.reserve(static_cast<std::size_t>(taskCount(records)));
    forEachTask(records, [&](const TaskRecord& t) { out.push_back(t); });
    return out;
}

long long taskCount(const TaskRecords& records) {
    long long n = 0;
    for (const TaskRecord& r : records) {
        n += r.count;
    }
    return n;
}

SimResult simulateOrder(const Workload& workload, const std::vector<int>& order,
                        const SimOptions& options) {
    std::vector<PoolSetup> pools(1);
    pools[0].nodes = workload.cluster.nodes;
    pools[0].jobs = order;
    pools[0].policy = std::make_unique<OrderPolicy>(order);
    return simulate(workload, std::move(pools), options);
}

}  // namespace mr
