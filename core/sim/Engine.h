// Engine — the simulator's internals (sim/Simulator.h has the contract): the event-driven engine
// and the bookkeeping it keeps per slot, per job and per pending task. Private to core/sim: the
// engine's core lives in Simulator.cpp, its scenario semantics (model/Scenario.h) in
// EngineScenario.cpp.
#pragma once

#include <cstdint>
#include <memory>
#include <queue>
#include <unordered_map>
#include <utility>
#include <vector>

#include "sim/EventQueue.h"
#include "sim/Simulator.h"
#include "sim/SlotBitmap.h"

namespace mr::detail {

struct ScenarioState;
// What runs on a slot: a single task or a wave of `count` tasks on slots slot..slot+count−1
// (kept on the wave's first slot only; job is -1 on every other slot).
struct Running {
    int job = -1;
    int task = -1;
    int count = 0;
    double start = 0.0;
    double end = 0.0;
};

struct Wakeup {
    double time;
    int pool;
    bool operator>(const Wakeup& o) const {
        return time > o.time || (time == o.time && pool > o.pool);
    }
};

// The overheads' events (model/Overheads.h) and a scenario's (model/Scenario.h), in their own
// queue so that the task-end queue keeps its replace-the-top fast path. Within an instant they are
// handled in the order of their types.
enum class OverheadEvent : std::uint8_t {
    ReduceEnd,  // a slow-started reduce's end, moved after its job's map stage (a = slot, b = gen)
    SlotRelease,  // a slot is free again after the assignment gap or an AM (a = global slot)
    JobDone,      // the commit tail is over (a = job)
    JobReady,     // the ApplicationMaster started: the job's tasks may run (a = job)
    NodeDown,     // a scenario's node fails (a = node)
    NodeUp,       // a scenario's node recovers or joins (a = node)
    Speculate,    // the speculator's check (model/Scenario.h, Speculation)
    TracedRetry,  // a traced failed attempt's task may start again (a = job, b = kind << 31 | task)
    TracedRace,   // a traced race's second attempt is due (a = job, b = kind << 31 | task)
};

struct TimedEvent {
    double time;
    OverheadEvent type;
    int a;
    std::uint32_t b;
    bool operator>(const TimedEvent& o) const {
        if (time != o.time) {
            return time > o.time;
        }
        return type != o.type ? type > o.type : a > o.a;
    }
};

// Pending tasks of one job and kind: fresh tasks are taken in index order; killed tasks wait in
// `retry` and rerun first, the lowest first (kept highest to lowest: the next one is at the back,
// however many a work-conserving policy's kills leave waiting). Until a policy picks a particular
// task or a task is killed, the started tasks are exactly those below nextFresh (no memory per
// task: a uniform job stays O(1)); from then on `started` holds one byte per task.
struct PendingTasks {
    int count = 0;
    int nextFresh = 0;
    std::vector<int> retry;
    std::vector<std::uint8_t> started;  // empty: started == (task < nextFresh)

    bool isStarted(int task) const {
        return started.empty() ? task < nextFresh : started[static_cast<std::size_t>(task)] != 0;
    }
    void detail() {
        if (started.empty()) {
            started.assign(static_cast<std::size_t>(count), 0);
            std::fill_n(started.begin(), nextFresh, std::uint8_t{1});
        }
    }
};

// A job history's attempts (model/TracedAttempt.h) as the engine replays them: per task, the
// failures and kills before its success (each one's duration, the wait before the task's next
// attempt and how it ends), then its race, if any: the successful attempt beside a speculative
// one, the second of the two started by the engine `offset` after the first.
enum class TracedRole : std::uint8_t {
    None,
    Chain,   // ends by the task's next traced failure or kill
    Winner,  // the successful attempt of a race
    Loser,   // the race's other attempt: never completes the task
};
enum class RaceState : std::uint8_t {
    Ahead,    // its first attempt has not started
    Due,      // the first runs; the second starts `offset` after it
    Waiting,  // the second waits for a free slot of its job's pool
    Running,  // the second started
    Over,     // the task completed, or a policy stopped its successful attempt
};
struct TracedFates {
    struct Fate {
        double duration = 0.0;
        double wait = 0.0;
        AttemptEnd cause = AttemptEnd::Failed;
    };
    struct Race {
        double offset = 0.0;       // from the first attempt's start to the second's
        double loserLength = 0.0;  // the losing attempt's traced length
        bool loserFirst = false;   // the loser started first (its copy won)
        int secondNode = -1;       // the node the second attempt ran on in the trace
        RaceState state = RaceState::Ahead;
        int loser = -1;   // the global slot of the running loser
        int winner = -1;  // the global slot of the running successful attempt
    };
    struct Task {
        std::vector<Fate> fates;
        int played = 0;  // fates replayed so far
        bool raced = false;
        Race race;
    };
    static std::uint64_t key(int job, TaskKind kind, int task) {
        return (static_cast<std::uint64_t>(job) << 33) | (static_cast<std::uint64_t>(kind) << 32) |
               static_cast<std::uint32_t>(task);
    }
    std::unordered_map<std::uint64_t, Task> tasks;
    std::vector<TracedRole> roles;         // per global slot: what its attempt is
    std::vector<std::uint64_t> waiting;    // tasks whose second attempt waits for a slot
    std::vector<int> failedAttempts;       // per job
    std::vector<int> speculativeAttempts;  // per job
};

class Engine final : public SimState {
public:
    Engine(const Workload& workload, std::vector<PoolSetup>& pools, const SimOptions& options);
    ~Engine() override;
    void begin();
    // Processes the next instant if it is at or before `horizon`; false when there is none.
    bool step(double horizon);
    bool finished() const { return m_done == m_pooledJobs; }
    double lastEnd() const;
    double committedEndBefore(double time) const;
    SimResult finish();

    const PoolInfo& pool(int pool) const override {
        return m_pools[static_cast<std::size_t>(pool)];
    }
    int nodeOfSlot(TaskKind kind, int slot) const override {
        return m_equalSlots ? slot / m_slotsPerNode[static_cast<int>(kind)]
                            : m_input.cluster.nodeOfSlot(kind, slot);
    }
    int freeSlots(TaskKind kind, int pool) const override;
    bool isPending(int job, TaskKind kind, int task) const override;
    void setCap(int job, TaskKind kind, int cap) override;
    int kill(int job, TaskKind kind, int count) override;
    void wakeAt(double time) override;

private:
    // The slots of `kind` on `node`: [first, end).
    std::pair<int, int> nodeSlots(TaskKind kind, int node) const {
        const Cluster& c = m_input.cluster;
        return {c.firstSlot(kind, node), c.firstSlot(kind, node) + c.slotsOnNode(kind, node)};
    }
    int globalSlot(TaskKind kind, int slot) const {
        return kind == TaskKind::Map ? slot : m_slotCount[0] + slot;
    }
    PendingTasks& pending(int job, TaskKind kind) {
        return m_pending[static_cast<std::size_t>(job) * 2 + static_cast<std::size_t>(kind)];
    }
    Policy& policyOf(int job) { return *m_policyOfJob[static_cast<std::size_t>(job)]; }
    int findFree(TaskKind kind, int from, int end) const;
    std::vector<int> killOrder(int job, TaskKind kind) const;
    int freeRunEnd(TaskKind kind, int from, int end) const;
    void setFree(TaskKind kind, int slot, int count, bool isFree);
    int takeTask(int job, TaskKind kind, int task);
    int waveLength(int job, TaskKind kind, int slot, int end, const Pick& pick) const;
    void putBack(int job, TaskKind kind, int task);
    int start(TaskKind kind, int slot, int end, int pool, const Pick& pick);
    double durationOn(int job, TaskKind kind, int task, int slot) const;
    void launch(TaskKind kind, int slot, int count, int job, int task, double duration);
    bool endsNoTask(const TaskEndEvent& event);
    void finishEvent(const TaskEndEvent& event);
    void arrive(int job);
    void assign();
    void record(const TaskRecord& task);
    // Engine(): the pools (their nodes, jobs and policies), the jobs' pending tasks, free slots.
    void setUpPools();
    void setUpJobs();
    // step(): the time of the next instant; collect what happens at it (returns the first
    // arrival's index); process it in the engine's order.
    double nextInstant() const;
    std::size_t collectInstant(double first);
    void processInstant(std::size_t firstArrival);
    void checkProgress(long long progressBefore);
    // Overheads (model/Overheads.h); none of these run when no job has any.
    void setUpOverheads();
    void submit(int job);
    void placeAms();
    void completeJob(int job, double lastTaskEnd);
    bool holdReduce(const TaskEndEvent& event, const Running& r);
    void openReduces(int job);
    void handle(const TimedEvent& event, std::vector<TaskEndEvent>& ends);
    // Scenarios (model/Scenario.h, EngineScenario.cpp); none of these run without one.
    void setUpScenario();
    bool takeCopy(int job, TaskKind kind, int task, int& taken);
    bool hasCopy(int job, TaskKind kind, int task) const;
    double attemptDuration(int job, TaskKind kind, int task, int slot, double duration);
    bool scenarioEnd(const TaskEndEvent& event);
    void handleScenario(const TimedEvent& event);
    void stopAttempt(int g, AttemptEnd cause, bool requeue);
    void failAttempt(int g);
    void completeAttempt(int g);
    void failJob(int job, int failingSlot);
    void nodeDown(int node);
    void nodeUp(int node);
    void loseOutputs(int node);
    bool mapStageAgain(int job);
    void noteAttemptChange();
    bool speculationDue() const;
    void speculate();
    std::vector<std::pair<std::size_t, int>> speculationCandidates(int& young);
    bool copyAllowed(int job) const;
    bool speculateTask(int job, TaskKind kind, int task);
    void finishScenario(SimResult& result);
    void scenarioJobTimes(int job, JobTimes& times) const;
    // Traced attempts (model/TracedAttempt.h, EngineTraced.cpp); none of these run without them.
    void setUpTraced();
    double tracedDuration(int job, TaskKind kind, int task, int g, double duration);
    bool tracedEnd(const TaskEndEvent& event);
    bool tracedFailure(const TaskEndEvent& event);
    void requeueTraced(int job, TaskKind kind, int task, const TaskRecord* failed);
    TaskRecord stopTraced(int g, AttemptEnd cause, double end);
    void tracedCompleted(int job, TaskKind kind, int task);
    bool tracedKill(int g);
    void raceDue(int job, TaskKind kind, int task);
    void startWaitingRaces();
    bool startSecond(std::uint64_t key);
    int secondSlot(int job, TaskKind kind, int node) const;

    const Workload& m_input;
    std::vector<PoolSetup>& m_setups;
    const SimOptions m_options;
    std::vector<PoolInfo> m_pools;
    std::vector<int> m_jobPool;
    std::vector<Policy*> m_policyOfJob;
    std::vector<JobState> m_jobs;
    std::vector<PendingTasks> m_pending;
    long long m_taskTotal = 0;
    int m_pooledJobs = 0;
    int m_slotCount[2] = {0, 0};
    int m_slotsPerNode[2] = {1, 1};  // the largest node's (model/Cluster.h)
    bool m_equalSlots = true;        // every node has m_slotsPerNode slots
    SlotBitmap m_free[2];
    std::vector<Running> m_running;           // per global slot
    std::vector<std::uint32_t> m_generation;  // per global slot; bumps on start and kill
    EventQueue m_events;
    std::priority_queue<Wakeup, std::vector<Wakeup>, std::greater<>> m_wakeups;
    bool m_inAssign = false;
    int m_activePool = -1;  // pool whose hook is running (for wakeAt)
    int m_done = 0;
    long long m_kills = 0;
    long long m_instants = 0;
    long long m_progress = 0;  // task starts and ends, to detect a policy that never runs tasks
    long long m_reported = 0;  // m_progress when onSteps was last called
    SimResult m_result;
    // run state between steps
    std::vector<int> m_arrivals;  // pooled jobs by arrival time
    std::size_t m_nextArrival = 0;
    std::vector<TaskEndEvent> m_batch;
    std::vector<int> m_wokenPools;
    long long m_idleInstants = 0;
    long long m_maxKills = 0;
    std::vector<TimedEvent> m_timedBatch;
    double m_committedEnd = 0.0;  // the latest end among the tasks started so far
    // SimOptions::traceCommitted: (instant time, m_committedEnd after it) each time it grew.
    std::vector<std::pair<double, double>> m_committed;

    bool m_hasOverheads = false;
    std::vector<ResolvedOverheads> m_overheads;  // per job (empty without overheads)
    std::vector<int> m_reduceThreshold;          // per job: completed maps that open its reduces
    std::priority_queue<TimedEvent, std::vector<TimedEvent>, std::greater<>> m_timed;
    std::vector<std::vector<int>> m_amQueue;    // per pool: submitted jobs waiting for AM slots
    std::vector<int> m_amHeldInPool;            // per pool: map slots held by AMs
    std::vector<std::vector<int>> m_amSlotsOf;  // per job: the global slots its AM holds
    // Per job: reduces whose own end came before the job's map stage ended (slot, generation).
    std::vector<std::vector<std::pair<int, std::uint32_t>>> m_heldReduces;

    std::unique_ptr<ScenarioState> m_scenario;  // null without a scenario
    std::unique_ptr<TracedFates> m_traced;      // null without traced attempts
};

}  // namespace mr::detail
