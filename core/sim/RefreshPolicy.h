// RefreshPolicy — a Policy that keeps per-job bookkeeping (ready sets, running counts) derived
// from the engine's JobState: every hook that may change a job's tasks of a kind re-derives that
// job and kind with one refresh(). Behind FairPolicy and CapacityPolicy.
#pragma once

#include "sim/Policy.h"

namespace mr {

class RefreshPolicy : public Policy {
public:
    void onJobArrived(SimState& state, int job) override {
        refresh(state, job, TaskKind::Map);
        refresh(state, job, TaskKind::Reduce);
    }
    void onTaskStarted(SimState& state, const TaskRecord& task) override {
        refresh(state, task.job, task.kind);
    }
    void onTaskEnded(SimState& state, const TaskRecord& task) override {
        refresh(state, task.job, task.kind);
    }
    void onTaskKilled(SimState& state, const TaskRecord& task) override {
        refresh(state, task.job, task.kind);
    }
    void onTaskQueued(SimState& state, int job, TaskKind kind, int /*task*/) override {
        refresh(state, job, kind);
    }
    void onReducesOpen(SimState& state, int job) override { refresh(state, job, TaskKind::Reduce); }
    // The last map's end already refreshed the map side.
    void onMapStageDone(SimState& state, int job) override {
        refresh(state, job, TaskKind::Reduce);
    }

protected:
    // Re-derive the policy's view of the job's tasks of `kind` from state.job(job).
    virtual void refresh(const SimState& state, int job, TaskKind kind) = 0;
};

}  // namespace mr
