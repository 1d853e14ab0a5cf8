// Policy — the scheduling decisions the engine asks for (docs/simulator.md). Whenever a slot
// of a kind is free the engine asks the slot's pool policy which job gets it (or none). Policies
// may set per-job slot caps, kill running tasks and ask to be woken at a time, through SimState.
// A new scheduler plugs in as a Policy without changes to the engine.
#pragma once

#include <limits>
#include <string>
#include <vector>

#include "model/Workload.h"
#include "sim/TaskRecord.h"

namespace mr {

// A policy's answer for one free slot. Three ints, so it comes back in registers (this is the
// hottest call of the simulator).
struct Pick {
    static constexpr int kIdle = -1;     // leave this slot idle, but ask for the next free one
    static constexpr int kNothing = -2;  // nothing for any slot of this kind now
    static constexpr int kAny = std::numeric_limits<int>::max();

    int job = kIdle;  // the job that gets the slot (>= 0), or kIdle / kNothing
    int task = -1;    // a particular pending task of that job, or -1 for the next pending one
    // With task == -1: the policy would pick this job again for each of the next count − 1 free
    // slots of this pool (while the job can run), as if asked slot by slot with the engine's
    // state updated after each start. The engine may then start them as one wave. 1 is always
    // safe; kAny: for as long as the job has tasks to run and room under its cap.
    int count = 1;
    // Unused: at 16 bytes GCC returns a Pick in two registers, at 12 it assembles the value in
    // memory and reloads it, and the reload waits for the stores (a stall on every pick).
    int padding = 0;

    bool runs() const { return job >= 0; }
    bool askAgain() const { return job != kNothing; }

    static Pick run(int job, int task = -1, int count = 1) { return {job, task, count, 0}; }
    static Pick idle() { return {kIdle, -1, 1, 0}; }
    static Pick nothing() { return {kNothing, -1, 1, 0}; }
};

inline constexpr int kNoCap = std::numeric_limits<int>::max();

// What the engine knows about a job while it runs; indexed by TaskKind where two-valued.
struct JobState {
    bool arrived = false;   // its tasks may start (after the ApplicationMaster's start, if any)
    bool mapsDone = false;  // every map task completed
    // Its reduce tasks may start: mapsDone (the barrier), or earlier with reduce slow-start
    // (model/Overheads.h).
    bool reducesOpen = false;
    bool done = false;
    bool failed = false;      // done without completing (model/Scenario.h: attempts exhausted)
    int pending[2] = {0, 0};  // not started (or killed and waiting to rerun)
    int running[2] = {0, 0};
    int completed[2] = {0, 0};
    int killed[2] = {0, 0};   // kills so far
    double killedWork = 0.0;  // slot-seconds the killed executions had run (work lost)
    int cap[2] = {kNoCap, kNoCap};
    double start = -1.0;
    double mapEnd = -1.0;
    double end = -1.0;

    int pendingOf(TaskKind k) const { return pending[static_cast<int>(k)]; }
    int runningOf(TaskKind k) const { return running[static_cast<int>(k)]; }
    int completedOf(TaskKind k) const { return completed[static_cast<int>(k)]; }
    int capOf(TaskKind k) const { return cap[static_cast<int>(k)]; }
};

struct PoolInfo {
    std::string name;
    int firstNode = 0;
    int nodes = 0;
    int firstSlot[2] = {0, 0};  // first map / reduce slot index of the pool
    int slotCount[2] = {0, 0};
    std::vector<int> jobs;
};

class SimState {
public:
    virtual ~SimState() = default;

    // The hot accessors are plain inline reads (policies call them for every free slot).
    const Workload& workload() const { return *m_workload; }
    double now() const { return m_now; }
    const JobState& job(int job) const { return m_jobStates[static_cast<std::size_t>(job)]; }
    int poolOfJob(int job) const { return m_poolOfJob[static_cast<std::size_t>(job)]; }
    virtual const PoolInfo& pool(int pool) const = 0;
    virtual int nodeOfSlot(TaskKind kind, int slot) const = 0;
    virtual int freeSlots(TaskKind kind, int pool) const = 0;
    // Task `task` of `job` has not started yet (or was killed and waits to rerun).
    virtual bool isPending(int job, TaskKind kind, int task) const = 0;

    // Arrived, has a pending task of that kind, the barrier (or slow-start) allows it, and below
    // its cap.
    bool canRun(int jobIndex, TaskKind kind) const {
        const JobState& s = job(jobIndex);
        const int k = static_cast<int>(kind);
        return s.arrived && s.pending[k] > 0 && s.running[k] < s.cap[k] &&
               (kind == TaskKind::Map || s.reducesOpen);
    }

    // Per-job slot cap of a kind (kNoCap: none). Lowering it does not stop running tasks.
    virtual void setCap(int job, TaskKind kind, int cap) = 0;
    // Kill up to `count` running tasks of the job, the most recently started first (least work
    // lost). Their slots become free; the tasks rerun later. Not allowed from pick(). Returns the
    // number killed.
    virtual int kill(int job, TaskKind kind, int count) = 0;
    // Call the policy's onWakeup at `time` (ignored unless later than now).
    virtual void wakeAt(double time) = 0;

protected:
    const Workload* m_workload = nullptr;
    double m_now = 0.0;
    const JobState* m_jobStates = nullptr;  // owned by the engine
    const int* m_poolOfJob = nullptr;
};

class Policy {
public:
    virtual ~Policy() = default;

    // Called once before time 0 with the pool the policy serves.
    virtual void attach(SimState& state, int pool) {
        (void)state;
        (void)pool;
    }
    virtual void onJobArrived(SimState& state, int job) {
        (void)state;
        (void)job;
    }
    // The task hooks receive waves too (task.count tasks at once: count > 1 only when the policy
    // returned Pick::count > 1, or for onTaskEnded / onTaskKilled of such a wave or its part).
    virtual void onTaskStarted(SimState& state, const TaskRecord& task) {
        (void)state;
        (void)task;
    }
    virtual void onTaskEnded(SimState& state, const TaskRecord& task) {
        (void)state;
        (void)task;
    }
    // An execution stopped before its end (TaskRecord::cause says why: killed by a policy, failed,
    // lost with its node, or superseded); unless superseded, the task is pending again.
    virtual void onTaskKilled(SimState& state, const TaskRecord& task) {
        (void)state;
        (void)task;
    }
    // Under a scenario (model/Scenario.h): `task` of `job` has a new attempt to run although no
    // execution of it was just stopped — a completed map whose output was lost with its node, or a
    // speculative copy of a running task; in a trace's replay, a task whose traced failed or
    // killed attempt (model/TracedAttempt.h) ended earlier and whose retry is due now.
    // JobState::pending counts it; isPending() says true.
    virtual void onTaskQueued(SimState& state, int job, TaskKind kind, int task) {
        (void)state;
        (void)job;
        (void)kind;
        (void)task;
    }
    virtual void onMapStageDone(SimState& state, int job) {
        (void)state;
        (void)job;
    }
    // With reduce slow-start (model/Overheads.h): the job's reduces may start before its map
    // stage is done (JobState::reducesOpen just became true). Without it, onMapStageDone says so.
    virtual void onReducesOpen(SimState& state, int job) {
        (void)state;
        (void)job;
    }
    virtual void onWakeup(SimState& state) { (void)state; }
    // Once per event time, after the events and before free slots are offered: the place to
    // recompute quotas or kill tasks.
    virtual void beforeAssign(SimState& state) { (void)state; }

    // Which job gets free `slot` (an index among the cluster's slots of `kind`)?
    virtual Pick pick(SimState& state, TaskKind kind, int slot) = 0;
};

}  // namespace mr
