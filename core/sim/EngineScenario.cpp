// EngineScenario — the engine's side of a scenario (model/Scenario.h, docs/simulator.md,
// "Scenarios"): attempts that fail and retry, stragglers, nodes that fail, recover or join, map
// outputs lost with their node, and Hadoop's speculative execution. The engine moves time and owns
// the attempts; the policies only decide which job gets a free slot, as without a scenario.
// Waves are off under a scenario (every attempt draws its own fate), so every Running is one task.
#include <algorithm>
#include <cmath>
#include <limits>

#include "sim/Engine.h"
#include "sim/ScenarioState.h"

namespace mr::detail {

Engine::~Engine() = default;

void Engine::setUpScenario() {
    const Scenario& sc = m_input.scenario;
    if (!sc.empty()) {
        validateScenario(sc, m_input);  // the cluster may have changed since the file was read
    }
    m_scenario = std::make_unique<ScenarioState>(sc);
    ScenarioState& s = *m_scenario;
    const auto jobs = static_cast<std::size_t>(m_input.jobCount());
    s.failureProbability.assign(jobs, sc.failureProbability);
    s.speculates.assign(jobs, {sc.speculation.enabled && sc.speculation.maps,
                               sc.speculation.enabled && sc.speculation.reduces});
    for (const ScenarioJob& j : sc.jobs) {
        const auto index = static_cast<std::size_t>(*m_input.findJob(j.name));
        if (j.failureProbability >= 0.0) {
            s.failureProbability[index] = j.failureProbability;
        }
        s.speculates[index][0] = s.speculates[index][0] && j.speculateMaps;
        s.speculates[index][1] = s.speculates[index][1] && j.speculateReduces;
    }
    const auto nodes = static_cast<std::size_t>(m_input.cluster.nodes);
    s.nodeFactor.assign(nodes, 1.0);
    s.nodeSpeed.resize(nodes);
    for (std::size_t n = 0; n < nodes; ++n) {
        s.nodeSpeed[n] = m_input.cluster.speedOf(static_cast<int>(n));
    }
    for (const SlowNode& n : sc.slowNodes) {
        s.nodeFactor[static_cast<std::size_t>(n.node)] *= n.factor;
    }
    s.down.assign(nodes, 0);
    s.downSince.assign(nodes, 0.0);
    s.slots.resize(m_running.size());
    s.copies.resize(jobs * 2);
    s.copiesRunning.assign(jobs, 0);
    s.held.resize(jobs);
    s.mapStageEnded.assign(jobs, 0);
    s.doneSum.assign(jobs, {0.0, 0.0});
    s.doneCount.assign(jobs, {0, 0});
    s.counters.resize(jobs);
    s.tracksOutputs = !sc.nodeFailures.empty();
    if (s.tracksOutputs) {
        s.mapNode.resize(jobs);
    }
    for (const NodeAddition& a : sc.nodeAdditions) {
        s.down[static_cast<std::size_t>(a.node)] = 1;
        for (TaskKind kind : {TaskKind::Map, TaskKind::Reduce}) {
            const auto [first, end] = nodeSlots(kind, a.node);
            setFree(kind, first, end - first, false);
        }
        m_timed.push({a.at, OverheadEvent::NodeUp, a.node, 0});
    }
    for (const NodeFailure& f : sc.nodeFailures) {
        m_timed.push({f.at, OverheadEvent::NodeDown, f.node, 0});
        if (std::isfinite(f.recoverAt)) {
            m_timed.push({f.recoverAt, OverheadEvent::NodeUp, f.node, 0});
        }
    }
}

bool Engine::hasCopy(int job, TaskKind kind, int task) const {
    const auto& list =
        m_scenario->copies[static_cast<std::size_t>(job) * 2 + static_cast<std::size_t>(kind)];
    return std::find(list.begin(), list.end(), task) != list.end();
}

// A queued speculative copy is taken before fresh and retried tasks (Hadoop asks for its
// container at a higher priority).
bool Engine::takeCopy(int job, TaskKind kind, int task, int& taken) {
    auto& list = m_scenario->copiesOf(job, kind);
    const auto it = task < 0 ? list.begin() : std::find(list.begin(), list.end(), task);
    if (it == list.end()) {
        return false;
    }
    taken = *it;
    list.erase(it);
    m_scenario->startingCopy = true;
    return true;
}

// The attempt's fate, drawn in the order attempts start: a straggler's factor, then whether and
// when it fails. Returns how long it runs (to its failure, if it fails).
double Engine::attemptDuration(int job, TaskKind kind, int task, int slot, double duration) {
    ScenarioState& s = *m_scenario;
    const Scenario& sc = s.scenario;
    const int node = nodeOfSlot(kind, slot);
    double factor = s.nodeFactor[static_cast<std::size_t>(node)];
    if (sc.stragglerProbability > 0.0 && s.random.uniform01() < sc.stragglerProbability) {
        factor *= s.random.uniform(sc.stragglerMinFactor, sc.stragglerMaxFactor);
    }
    // The node's speed first, one division rounded to the nearest double (speed 1: exact).
    const double full = duration / s.nodeSpeed[static_cast<std::size_t>(node)] * factor;
    const int g = globalSlot(kind, slot);
    SlotAttempt& a = s.slots[static_cast<std::size_t>(g)];
    a = {false, s.startingCopy, m_now + full};
    s.startingCopy = false;
    TaskAttempts& t = s.attempts[ScenarioState::key(job, kind, task)];
    const int other = t.slots[0] < 0 ? t.slots[1] : t.slots[0];
    t.slots[t.slots[0] < 0 ? 0 : 1] = g;
    a.sibling = other;
    if (other >= 0) {
        s.slots[static_cast<std::size_t>(other)].sibling = g;
    }
    if (a.copy) {
        ++s.copiesRunning[static_cast<std::size_t>(job)];
        ++s.counters[static_cast<std::size_t>(job)].speculativeAttempts;
    }
    noteAttemptChange();
    const double p = s.failureProbability[static_cast<std::size_t>(job)];
    if (p > 0.0 && s.random.uniform01() < p) {
        a.fails = true;
        return full * s.random.uniform01();
    }
    return full;
}

// A task-end event under a scenario: true when it does not complete the task (the attempt was
// stopped earlier in this instant, failed, or is a reduce held until its job's lost map outputs
// are recomputed); otherwise settles the task's other attempts and lets finishEvent complete it.
bool Engine::scenarioEnd(const TaskEndEvent& event) {
    const auto g = static_cast<std::size_t>(event.slot);
    if (event.generation != m_generation[g] || m_running[g].job < 0) {
        return true;
    }
    if (m_scenario->slots[g].fails) {
        failAttempt(static_cast<int>(g));
        return true;
    }
    const Running& r = m_running[g];
    const bool reduce = static_cast<int>(g) >= m_slotCount[0];
    if (reduce && !m_jobs[static_cast<std::size_t>(r.job)].mapsDone) {
        m_scenario->held[static_cast<std::size_t>(r.job)].push_back(static_cast<int>(g));
        return true;
    }
    completeAttempt(static_cast<int>(g));
    return false;
}

void Engine::completeAttempt(int g) {
    ScenarioState& s = *m_scenario;
    const Running& r = m_running[static_cast<std::size_t>(g)];
    const TaskKind kind = g < m_slotCount[0] ? TaskKind::Map : TaskKind::Reduce;
    const int k = static_cast<int>(kind);
    const auto j = static_cast<std::size_t>(r.job);
    const auto it = s.attempts.find(ScenarioState::key(r.job, kind, r.task));
    const int other = it->second.slots[0] == g ? it->second.slots[1] : it->second.slots[0];
    s.attempts.erase(it);
    noteAttemptChange();
    s.slots[static_cast<std::size_t>(g)].sibling = -1;
    if (s.slots[static_cast<std::size_t>(g)].copy) {
        --s.copiesRunning[j];
    }
    if (other >= 0) {
        stopAttempt(other, AttemptEnd::Superseded, false);
    }
    auto& copies = s.copiesOf(r.job, kind);
    const auto queued = std::find(copies.begin(), copies.end(), r.task);
    if (queued != copies.end()) {
        copies.erase(queued);
        --m_jobs[j].pending[k];
    }
    s.doneSum[j][static_cast<std::size_t>(k)] += r.end - r.start;
    ++s.doneCount[j][static_cast<std::size_t>(k)];
    if (kind == TaskKind::Map && s.tracksOutputs && m_input.jobs[j].reduces() > 0) {
        if (s.mapNode[j].empty()) {
            s.mapNode[j].assign(static_cast<std::size_t>(m_input.jobs[j].maps()), -1);
            s.jobsWithOutputs.push_back(r.job);
        }
        s.mapNode[j][static_cast<std::size_t>(r.task)] = nodeOfSlot(kind, g);  // map: g is the slot
    }
}

// Stops the attempt on global slot `g` at the current time. With `requeue`, its task is pending
// again — unless another attempt of it still runs or a speculative copy of it is queued.
void Engine::stopAttempt(int g, AttemptEnd cause, bool requeue) {
    ScenarioState& s = *m_scenario;
    const Running r = m_running[static_cast<std::size_t>(g)];
    const TaskKind kind = g < m_slotCount[0] ? TaskKind::Map : TaskKind::Reduce;
    const int k = static_cast<int>(kind);
    const int slot = kind == TaskKind::Map ? g : g - m_slotCount[0];
    TaskRecord rec{.job = r.job, .task = r.task, .slot = slot, .kind = kind, .killed = true};
    rec.cause = cause;
    rec.start = r.start;
    rec.end = m_now;
    ++m_generation[static_cast<std::size_t>(g)];
    m_running[static_cast<std::size_t>(g)].job = -1;
    if (s.down[static_cast<std::size_t>(nodeOfSlot(kind, slot))] == 0) {
        setFree(kind, slot, 1, true);
    }
    record(rec);
    const auto j = static_cast<std::size_t>(r.job);
    JobState& state = m_jobs[j];
    --state.running[k];
    ++state.killed[k];
    state.killedWork += m_now - r.start;
    ++m_result.events;
    noteAttemptChange();
    const int sibling = s.slots[static_cast<std::size_t>(g)].sibling;
    if (sibling >= 0) {
        s.slots[static_cast<std::size_t>(sibling)].sibling = -1;
        s.slots[static_cast<std::size_t>(g)].sibling = -1;
    }
    if (s.slots[static_cast<std::size_t>(g)].copy) {
        --s.copiesRunning[j];
    }
    auto& held = s.held[j];
    held.erase(std::remove(held.begin(), held.end(), g), held.end());
    bool another = false;
    const auto it = s.attempts.find(ScenarioState::key(r.job, kind, r.task));
    if (it != s.attempts.end()) {
        for (int& running : it->second.slots) {
            running = running == g ? -1 : running;
        }
        another = it->second.running() > 0;
    }
    if (requeue && !another && !hasCopy(r.job, kind, r.task)) {
        ++state.pending[k];
        putBack(r.job, kind, r.task);
    }
    m_activePool = m_jobPool[j];
    policyOf(r.job).onTaskKilled(*this, rec);
}

// The attempt on `g` failed: its task retries, unless this was its max_attempts-th failure (then
// the job fails, as Hadoop fails a job when one task exhausts its attempts).
void Engine::failAttempt(int g) {
    ScenarioState& s = *m_scenario;
    const Running& r = m_running[static_cast<std::size_t>(g)];
    const int job = r.job;
    const TaskKind kind = g < m_slotCount[0] ? TaskKind::Map : TaskKind::Reduce;
    TaskAttempts& t = s.attempts[ScenarioState::key(job, kind, r.task)];
    ++t.failures;
    ++s.counters[static_cast<std::size_t>(job)].failedAttempts;
    ++m_progress;
    if (t.failures >= s.scenario.maxAttempts) {
        failJob(job, g);
    } else {
        stopAttempt(g, AttemptEnd::Failed, true);
    }
}

// The job fails now: nothing of it is pending, its running attempts stop (the failing one as
// failed, the others superseded), and it is done.
void Engine::failJob(int job, int failingSlot) {
    ScenarioState& s = *m_scenario;
    JobState& state = m_jobs[static_cast<std::size_t>(job)];
    if (state.done) {
        return;
    }
    state.failed = true;
    state.done = true;
    state.end = m_now;
    ++m_done;
    state.pending[0] = state.pending[1] = 0;
    s.copiesOf(job, TaskKind::Map).clear();
    s.copiesOf(job, TaskKind::Reduce).clear();
    s.held[static_cast<std::size_t>(job)].clear();
    if (failingSlot >= 0) {
        stopAttempt(failingSlot, AttemptEnd::Failed, false);
    }
    for (int g = 0; g < static_cast<int>(m_running.size()); ++g) {
        if (m_running[static_cast<std::size_t>(g)].job == job) {
            stopAttempt(g, AttemptEnd::Superseded, false);
        }
    }
    if (s.tracksOutputs) {
        s.mapNode[static_cast<std::size_t>(job)] = {};
    }
}

void Engine::handleScenario(const TimedEvent& event) {
    if (event.type == OverheadEvent::NodeDown) {
        nodeDown(event.a);
    } else if (event.type == OverheadEvent::NodeUp) {
        nodeUp(event.a);
    }
}

// The node's running attempts are lost (their tasks rerun, not counted as failures: Hadoop kills
// them), its slots are unavailable, and the map outputs it held are lost for the jobs that still
// need them.
void Engine::nodeDown(int node) {
    ScenarioState& s = *m_scenario;
    s.down[static_cast<std::size_t>(node)] = 1;
    s.downSince[static_cast<std::size_t>(node)] = m_now;
    for (TaskKind kind : {TaskKind::Map, TaskKind::Reduce}) {
        const auto [first, end] = nodeSlots(kind, node);
        for (int slot = first; slot < end; ++slot) {
            const int g = globalSlot(kind, slot);
            if (m_running[static_cast<std::size_t>(g)].job >= 0) {
                stopAttempt(g, AttemptEnd::NodeLost, true);
            }
        }
        setFree(kind, first, end - first, false);
    }
    if (s.tracksOutputs) {
        loseOutputs(node);
    }
}

void Engine::nodeUp(int node) {
    ScenarioState& s = *m_scenario;
    s.down[static_cast<std::size_t>(node)] = 0;
    s.downtime.push_back({node, s.downSince[static_cast<std::size_t>(node)], m_now});
    for (TaskKind kind : {TaskKind::Map, TaskKind::Reduce}) {
        const auto [first, end] = nodeSlots(kind, node);
        setFree(kind, first, end - first, true);
    }
}

// A completed map's output stays on its node until every reduce task of the job has completed
// (a reduce fetches all of them; docs/simulator.md): jobs that still have a reduce to complete
// lose the outputs on `node`, and those maps run again.
void Engine::loseOutputs(int node) {
    ScenarioState& s = *m_scenario;
    std::size_t kept = 0;
    for (const int job : s.jobsWithOutputs) {
        const auto j = static_cast<std::size_t>(job);
        JobState& state = m_jobs[j];
        if (state.done) {
            s.mapNode[j] = {};
            continue;
        }
        s.jobsWithOutputs[kept++] = job;
        auto& nodes = s.mapNode[j];
        for (int task = 0; task < static_cast<int>(nodes.size()); ++task) {
            if (nodes[static_cast<std::size_t>(task)] != node) {
                continue;
            }
            nodes[static_cast<std::size_t>(task)] = -1;
            --state.completed[0];
            ++state.pending[0];
            state.mapsDone = false;
            putBack(job, TaskKind::Map, task);
            s.lost.push_back({job, task, node, m_now});
            ++s.counters[j].lostOutputs;
            m_activePool = m_jobPool[j];
            policyOf(job).onTaskQueued(*this, job, TaskKind::Map, task);
        }
    }
    s.jobsWithOutputs.resize(kept);
}

// The job's map stage ended (again, after lost outputs were recomputed): its held reduces end
// now. True when the stage had ended before (the policies were told then).
bool Engine::mapStageAgain(int job) {
    ScenarioState& s = *m_scenario;
    auto& held = s.held[static_cast<std::size_t>(job)];
    for (const int g : held) {
        m_running[static_cast<std::size_t>(g)].end = m_now;
        m_events.push(
            {m_now, static_cast<std::uint32_t>(g), m_generation[static_cast<std::size_t>(g)]});
    }
    held.clear();
    auto& ended = s.mapStageEnded[static_cast<std::size_t>(job)];
    const bool again = ended != 0;
    ended = 1;
    return again;
}

// An attempt started or stopped: the speculator, idle while nothing changed, looks again at its
// next tick (in this instant if it falls now: the check runs after the instant's events).
void Engine::noteAttemptChange() {
    ScenarioState& s = *m_scenario;
    const Speculation& sp = s.scenario.speculation;
    if (!sp.enabled || s.checkPending || s.checkDueNow) {
        return;
    }
    const double ticks = std::max(1.0, std::ceil((m_now - s.lastCheck) / sp.interval));
    const double next = s.lastCheck + ticks * sp.interval;
    if (next == m_now) {
        s.checkDueNow = true;
    } else {
        s.checkPending = true;
        m_timed.push({next, OverheadEvent::Speculate, 0, 0});
    }
}

bool Engine::speculationDue() const {
    if (m_scenario->checkDueNow) {
        return true;
    }
    return std::any_of(m_timedBatch.begin(), m_timedBatch.end(),
                       [](const TimedEvent& e) { return e.type == OverheadEvent::Speculate; });
}

// Hadoop's DefaultSpeculator (docs/simulator.md, "Scenarios"): per job and kind, the running task
// whose estimated end lies furthest beyond a new attempt's (now + the mean time of the job's
// completed attempts of that kind) gets a speculative copy, while the job's copies stay within
// max(minimum_allowed, cap_total × its tasks, cap_running × its running tasks). The next check
// comes interval_after_launch later after a launch, interval later while attempts too young to
// judge run; otherwise when an attempt starts or stops (values only shrink as time passes).
void Engine::speculate() {
    ScenarioState& s = *m_scenario;
    const Speculation& sp = s.scenario.speculation;
    s.lastCheck = m_now;
    s.checkPending = false;
    s.checkDueNow = false;
    int young = 0;
    bool launched = false;
    for (const auto& [slotKey, task] : speculationCandidates(young)) {
        const int job = static_cast<int>(slotKey / 2);
        const auto kind = static_cast<TaskKind>(slotKey % 2);
        launched = speculateTask(job, kind, task) || launched;
    }
    if (launched || young > 0) {
        s.checkPending = true;
        m_timed.push({m_now + (launched ? sp.intervalAfterLaunch : sp.interval),
                      OverheadEvent::Speculate, 0, 0});
    }
}

// Per (job × 2 + kind), in that order, the task to copy; `young` counts the attempts that are
// not judged yet (Hadoop's first look at an attempt only records its progress).
std::vector<std::pair<std::size_t, int>> Engine::speculationCandidates(int& young) {
    ScenarioState& s = *m_scenario;
    const Speculation& sp = s.scenario.speculation;
    struct Candidate {
        std::size_t key;  // job × 2 + kind
        double value;
        int task;
    };
    std::vector<Candidate> best;  // few entries: the jobs running
    for (int g = 0; g < static_cast<int>(m_running.size()); ++g) {
        const Running& r = m_running[static_cast<std::size_t>(g)];
        if (r.job < 0 || !(r.end > m_now)) {
            continue;  // idle, or a reduce held for its job's lost map outputs
        }
        const auto j = static_cast<std::size_t>(r.job);
        const std::size_t k = g < m_slotCount[0] ? 0 : 1;
        if (!s.speculates[j][k] || s.doneCount[j][k] == 0) {
            continue;
        }
        const SlotAttempt& a = s.slots[static_cast<std::size_t>(g)];
        const double mean = s.doneSum[j][k] / s.doneCount[j][k];
        if (a.sibling >= 0) {
            continue;
        }
        if (r.start + sp.interval > m_now) {
            // Worth a look at the tick that judges it only if a copy would still win then.
            const double judged =
                m_now + std::ceil((r.start + sp.interval - m_now) / sp.interval) * sp.interval;
            young += a.estimatedEnd - (judged + mean) > 0.0 && copyAllowed(r.job) ? 1 : 0;
            continue;
        }
        const double value = a.estimatedEnd - (m_now + mean);
        const auto kind = static_cast<TaskKind>(k);
        if (value <= 0.0 || hasCopy(r.job, kind, r.task)) {
            continue;
        }
        const std::size_t key = j * 2 + k;
        const auto it = std::find_if(best.begin(), best.end(),
                                     [&](const Candidate& c) { return c.key == key; });
        if (it == best.end()) {
            best.push_back({key, value, r.task});
        } else if (value > it->value) {
            *it = {key, value, r.task};
        }
    }
    std::sort(best.begin(), best.end(),
              [](const Candidate& a, const Candidate& b) { return a.key < b.key; });
    std::vector<std::pair<std::size_t, int>> out;
    for (const Candidate& c : best) {
        out.emplace_back(c.key, c.task);
    }
    return out;
}

// The job's copies (running or queued) are below Hadoop's cap: max(minimum_allowed, cap_total ×
// its tasks, cap_running × its running tasks).
bool Engine::copyAllowed(int job) const {
    const ScenarioState& s = *m_scenario;
    const Speculation& sp = s.scenario.speculation;
    const auto j = static_cast<std::size_t>(job);
    const Job& spec = m_input.jobs[j];
    const JobState& state = m_jobs[j];
    const double allowed =
        std::max({static_cast<double>(sp.minimumAllowed),
                  sp.capTotal * static_cast<double>(spec.maps() + spec.reduces()),
                  sp.capRunning * static_cast<double>(state.running[0] + state.running[1])});
    const std::size_t queued = s.copies[j * 2].size() + s.copies[j * 2 + 1].size();
    return static_cast<double>(s.copiesRunning[j]) + static_cast<double>(queued) < allowed;
}

// Queues a speculative copy of `task` if the job's copies stay within Hadoop's cap.
bool Engine::speculateTask(int job, TaskKind kind, int task) {
    ScenarioState& s = *m_scenario;
    if (!copyAllowed(job)) {
        return false;
    }
    const auto j = static_cast<std::size_t>(job);
    JobState& state = m_jobs[j];
    s.copiesOf(job, kind).push_back(task);
    ++state.pending[static_cast<int>(kind)];
    m_activePool = m_jobPool[j];
    policyOf(job).onTaskQueued(*this, job, kind, task);
    return true;
}

// Jobs that cannot finish (the nodes they may use are gone) fail at the last instant; the
// result gets each job's counters, the nodes' downtime and the lost outputs.
void Engine::finishScenario(SimResult& result) {
    ScenarioState& s = *m_scenario;
    for (int j = 0; j < m_input.jobCount(); ++j) {
        if (m_jobPool[static_cast<std::size_t>(j)] >= 0 &&
            !m_jobs[static_cast<std::size_t>(j)].done) {
            failJob(j, -1);
        }
    }
    for (int node = 0; node < static_cast<int>(s.down.size()); ++node) {
        if (s.down[static_cast<std::size_t>(node)] != 0) {
            s.downtime.push_back({node, s.downSince[static_cast<std::size_t>(node)],
                                  std::numeric_limits<double>::infinity()});
        }
    }
    result.downtime = std::move(s.downtime);
    result.lostOutputs = std::move(s.lost);
}

void Engine::scenarioJobTimes(int job, JobTimes& times) const {
    const JobCounters& c = m_scenario->counters[static_cast<std::size_t>(job)];
    times.failed = m_jobs[static_cast<std::size_t>(job)].failed;
    times.failedAttempts = c.failedAttempts;
    times.speculativeAttempts = c.speculativeAttempts;
    times.lostOutputs = c.lostOutputs;
}

}  // namespace mr::detail
