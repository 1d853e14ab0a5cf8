// Locality — [Rao12] §4.1: where each map task's input block lives, what reading it remotely
// costs, and moving a free core between VMs of one physical host.
//  * BlockPlacement: every map task's block on `replicas` distinct nodes (HDFS-like, 3 by
//    default), drawn uniformly from a seed; the same seed gives the same placement, so every
//    policy of a comparison sees the same blocks.
//  * Nodes are VMs; `vmsPerHost` consecutive nodes share one physical host.
//  * LocalityModel (a TaskDurationModel): a map task on a node holding its block takes its
//    duration; elsewhere `remotePenalty` times longer; with core moves (the completion-time
//    scheduler, [Rao12] Algorithm 1) a task whose block is on another VM of the same host runs
//    as a local task of that VM on the core lent to it, after `reconfigDelay` seconds. Reduce
//    tasks are unaffected ([Rao12]: reducers read from every mapper anyway).
//  * LocalTaskFinder: the pending map tasks of a job whose block is on a node (or its host).
#pragma once

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "model/Workload.h"
#include "sim/Policy.h"
#include "sim/SimResult.h"
#include "sim/Simulator.h"

namespace mr {

struct LocalityOptions {
    bool enabled = false;
    int replicas = 3;            // copies of each block (fewer when the cluster is smaller)
    int vmsPerHost = 1;          // nodes (VMs) per physical host
    double remotePenalty = 1.5;  // a map task away from its block runs this many times longer
    double reconfigDelay = 0.0;  // seconds to move a core between two VMs of a host
};

// Throws InputError (field "vms-per-host", "remote-penalty", "reconfig-delay", "replicas").
void validateLocality(const LocalityOptions& options);

class BlockPlacement {
public:
    BlockPlacement(const Workload& workload, int replicas, std::uint64_t seed);

    int replicas() const { return m_replicas; }
    int nodes() const { return m_nodes; }
    // The `replicas()` nodes holding the block of map task `task` of `job`.
    const int* nodesOf(int job, int task) const {
        return &m_nodesOf[static_cast<std::size_t>(m_first[static_cast<std::size_t>(job)] + task) *
                          static_cast<std::size_t>(m_replicas)];
    }
    bool holds(int job, int task, int node) const;
    // Entries [begin, end) of byNodeTask() for the tasks of `job` with a block on `node`, in
    // ascending task order.
    std::pair<int, int> onNode(int job, int node) const;
    int taskAt(int entry) const { return m_byNodeTask[static_cast<std::size_t>(entry)]; }
    int entryCount() const { return static_cast<int>(m_byNodeTask.size()); }

private:
    int m_replicas = 0;
    int m_nodes = 0;
    std::vector<int> m_first;       // per job: index of its first map task
    std::vector<int> m_nodesOf;     // per map task: its replicas' nodes
    std::vector<int> m_byNodeNode;  // per job segment, entries sorted by (node, task)
    std::vector<int> m_byNodeTask;
};

enum class Access { Local, SameHost, Remote };

class LocalityModel final : public TaskDurationModel {
public:
    // `coreMoves`: the scheduler moves free cores between VMs of a host ([Rao12] Alg. 1).
    LocalityModel(std::shared_ptr<const BlockPlacement> placement, const LocalityOptions& options,
                  bool coreMoves);

    Access access(int job, int task, int node) const;
    double duration(const Workload& workload, int job, TaskKind kind, int task,
                    int node) const override;
    const BlockPlacement& placement() const { return *m_placement; }
    const LocalityOptions& options() const { return m_options; }
    bool coreMoves() const { return m_coreMoves; }
    int hostOf(int node) const { return node / m_options.vmsPerHost; }

private:
    std::shared_ptr<const BlockPlacement> m_placement;
    LocalityOptions m_options;
    bool m_coreMoves;
};

class LocalTaskFinder {
public:
    explicit LocalTaskFinder(const BlockPlacement& placement);

    // A pending map task of `job` whose block is on `node`; -1 when there is none.
    int onNode(const SimState& state, int job, int node);
    // A pending map task of `job` whose block is on another node of the same host.
    int onHost(const SimState& state, int job, int node, int vmsPerHost);
    // Tell the finder a map task was killed (it is pending again).
    void taskKilled(int job, int task);

private:
    const BlockPlacement& m_placement;
    std::vector<int> m_cursor;               // per entry group: next entry to look at
    std::vector<std::vector<int>> m_killed;  // per job: killed map tasks that may be pending
};

// Completed map executions by where they read their block (killed executions excluded).
struct LocalityCount {
    long long local = 0;     // on a node holding the block
    long long sameHost = 0;  // on a core moved to a VM holding the block (counted data-local)
    long long remote = 0;
    double dataLocalFraction() const {
        const long long all = local + sameHost + remote;
        return all > 0 ? static_cast<double>(local + sameHost) / static_cast<double>(all) : 0.0;
    }
};
LocalityCount countLocality(const Workload& workload, const SimResult& result,
                            const LocalityModel& model);

// Any policy, plus Hadoop's default task choice inside the job it picks: a map task whose block
// is on the free slot's node when the job has one (else the job's next pending task).
class LocalityPolicy final : public Policy {
public:
    LocalityPolicy(std::unique_ptr<Policy> inner, std::shared_ptr<const BlockPlacement> placement);

    void attach(SimState& state, int pool) override { m_inner->attach(state, pool); }
    void onJobArrived(SimState& state, int job) override { m_inner->onJobArrived(state, job); }
    void onTaskStarted(SimState& state, const TaskRecord& task) override {
        m_inner->onTaskStarted(state, task);
    }
    void onTaskEnded(SimState& state, const TaskRecord& task) override {
        m_inner->onTaskEnded(state, task);
    }
    void onTaskKilled(SimState& state, const TaskRecord& task) override;
    void onTaskQueued(SimState& state, int job, TaskKind kind, int task) override;
    void onMapStageDone(SimState& state, int job) override { m_inner->onMapStageDone(state, job); }
    void onReducesOpen(SimState& state, int job) override { m_inner->onReducesOpen(state, job); }
    void onWakeup(SimState& state) override { m_inner->onWakeup(state); }
    void beforeAssign(SimState& state) override { m_inner->beforeAssign(state); }
    Pick pick(SimState& state, TaskKind kind, int slot) override;

private:
    std::unique_ptr<Policy> m_inner;
    std::shared_ptr<const BlockPlacement> m_placement;
    LocalTaskFinder m_finder;
};

}  // namespace mr
