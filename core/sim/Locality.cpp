#include "sim/Locality.h"

#include <algorithm>
#include <cmath>

#include "model/InputError.h"
#include "model/SeededRandom.h"

namespace mr {

void validateLocality(const LocalityOptions& o) {
    if (o.replicas < 1 || o.replicas > 100) {
        throw InputError("", "", "replicas", "must be between 1 and 100");
    }
    if (o.vmsPerHost < 1 || o.vmsPerHost > 1'000'000) {
        throw InputError("", "", "vms-per-host", "must be between 1 and 1000000");
    }
    if (!std::isfinite(o.remotePenalty) || o.remotePenalty < 1.0 || o.remotePenalty > 1000.0) {
        throw InputError("", "", "remote-penalty", "must be a number between 1 and 1000");
    }
    if (!std::isfinite(o.reconfigDelay) || o.reconfigDelay < 0.0 || o.reconfigDelay > 1e9) {
        throw InputError("", "", "reconfig-delay", "must be a finite number >= 0");
    }
}

BlockPlacement::BlockPlacement(const Workload& w, int replicas, std::uint64_t seed)
    : m_replicas(std::max(1, std::min(replicas, w.cluster.nodes))), m_nodes(w.cluster.nodes) {
    // A stream of its own, so the placement does not shift when other seeded choices change.
    SeededRandom rng(seed ^ 0x6c6f63616c697479ULL);
    const auto anyNode = [&](SeededRandom& r) { return r.uniformInt(0, m_nodes - 1); };
    int total = 0;
    for (const Job& job : w.jobs) {
        m_first.push_back(total);
        total += job.maps();
    }
    const auto r = static_cast<std::size_t>(m_replicas);
    m_nodesOf.resize(static_cast<std::size_t>(total) * r);
    m_byNodeNode.resize(m_nodesOf.size());
    m_byNodeTask.resize(m_nodesOf.size());
    std::vector<int> count(static_cast<std::size_t>(m_nodes) + 1);
    for (int j = 0; j < w.jobCount(); ++j) {
        const int maps = w.jobs[static_cast<std::size_t>(j)].maps();
        const std::size_t base = static_cast<std::size_t>(m_first[static_cast<std::size_t>(j)]) * r;
        for (int t = 0; t < maps; ++t) {
            int* nodes = &m_nodesOf[base + static_cast<std::size_t>(t) * r];
            for (int i = 0; i < m_replicas; ++i) {
                int n = anyNode(rng);
                while (std::find(nodes, nodes + i, n) != nodes + i) {
                    n = anyNode(rng);  // distinct nodes, as HDFS places replicas
                }
                nodes[i] = n;
            }
        }
        // Counting sort of the job's (node, task) entries by node; tasks stay ascending.
        std::fill(count.begin(), count.end(), 0);
        const std::size_t entries = static_cast<std::size_t>(maps) * r;
        for (std::size_t e = 0; e < entries; ++e) {
            ++count[static_cast<std::size_t>(m_nodesOf[base + e]) + 1];
        }
        for (std::size_t n = 1; n < count.size(); ++n) {
            count[n] += count[n - 1];
        }
        for (std::size_t e = 0; e < entries; ++e) {
            const int node = m_nodesOf[base + e];
            const std::size_t at =
                base + static_cast<std::size_t>(count[static_cast<std::size_t>(node)]++);
            m_byNodeNode[at] = node;
            m_byNodeTask[at] = static_cast<int>(e / r);
        }
    }
    m_first.push_back(total);
}

bool BlockPlacement::holds(int job, int task, int node) const {
    const int* nodes = nodesOf(job, task);
    return std::find(nodes, nodes + m_replicas, node) != nodes + m_replicas;
}

std::pair<int, int> BlockPlacement::onNode(int job, int node) const {
    const auto r = static_cast<std::ptrdiff_t>(m_replicas);
    const auto begin = m_byNodeNode.begin() + m_first[static_cast<std::size_t>(job)] * r;
    const auto end = m_byNodeNode.begin() + m_first[static_cast<std::size_t>(job) + 1] * r;
    const auto [lo, hi] = std::equal_range(begin, end, node);
    return {static_cast<int>(lo - m_byNodeNode.begin()),
            static_cast<int>(hi - m_byNodeNode.begin())};
}

LocalityModel::LocalityModel(std::shared_ptr<const BlockPlacement> placement,
                             const LocalityOptions& options, bool coreMoves)
    : m_placement(std::move(placement)), m_options(options), m_coreMoves(coreMoves) {}

Access LocalityModel::access(int job, int task, int node) const {
    if (m_placement->holds(job, task, node)) {
        return Access::Local;
    }
    if (m_coreMoves && m_options.vmsPerHost > 1) {
        const int* nodes = m_placement->nodesOf(job, task);
        for (int i = 0; i < m_placement->replicas(); ++i) {
            if (hostOf(nodes[i]) == hostOf(node)) {
                return Access::SameHost;
            }
        }
    }
    return Access::Remote;
}

double LocalityModel::duration(const Workload& w, int job, TaskKind kind, int task,
                               int node) const {
    const double d =
        w.jobs[static_cast<std::size_t>(job)].durations(kind)[static_cast<std::size_t>(task)];
    if (kind == TaskKind::Reduce) {
        return d;
    }
    switch (access(job, task, node)) {
        case Access::Local:
            return d;
        case Access::SameHost:
            return d + m_options.reconfigDelay;
        case Access::Remote:
            break;
    }
    return d * m_options.remotePenalty;
}

LocalTaskFinder::LocalTaskFinder(const BlockPlacement& placement)
    : m_placement(placement), m_cursor(static_cast<std::size_t>(placement.entryCount())) {
    for (std::size_t i = 0; i < m_cursor.size(); ++i) {
        m_cursor[i] = static_cast<int>(i);
    }
}

int LocalTaskFinder::onNode(const SimState& state, int job, int node) {
    if (static_cast<std::size_t>(job) < m_killed.size()) {
        auto& killed = m_killed[static_cast<std::size_t>(job)];
        for (std::size_t i = 0; i < killed.size();) {
            const int task = killed[i];
            if (!state.isPending(job, TaskKind::Map, task)) {
                killed[i] = killed.back();  // rerun meanwhile
                killed.pop_back();
                continue;
            }
            if (m_placement.holds(job, task, node)) {
                return task;
            }
            ++i;
        }
    }
    const auto [begin, end] = m_placement.onNode(job, node);
    if (begin == end) {
        return -1;
    }
    // Started tasks never become pending again except by a kill (handled above), so the cursor
    // of this (job, node) group only moves forward.
    int& cursor = m_cursor[static_cast<std::size_t>(begin)];
    while (cursor < end && !state.isPending(job, TaskKind::Map, m_placement.taskAt(cursor))) {
        ++cursor;
    }
    return cursor < end ? m_placement.taskAt(cursor) : -1;
}

int LocalTaskFinder::onHost(const SimState& state, int job, int node, int vmsPerHost) {
    const int first = node / vmsPerHost * vmsPerHost;
    for (int n = first; n < std::min(first + vmsPerHost, m_placement.nodes()); ++n) {
        if (n != node) {
            const int task = onNode(state, job, n);
            if (task >= 0) {
                return task;
            }
        }
    }
    return -1;
}

void LocalTaskFinder::taskKilled(int job, int task) {
    if (m_killed.size() <= static_cast<std::size_t>(job)) {
        m_killed.resize(static_cast<std::size_t>(job) + 1);
    }
    m_killed[static_cast<std::size_t>(job)].push_back(task);
}

LocalityCount countLocality(const Workload& w, const SimResult& result,
                            const LocalityModel& model) {
    LocalityCount count;
    forEachTask(result.tasks, [&](const TaskRecord& t) {
        if (t.kind != TaskKind::Map || t.killed) {
            return;
        }
        switch (model.access(t.job, t.task, w.cluster.nodeOfSlot(TaskKind::Map, t.slot))) {
            case Access::Local:
                ++count.local;
                break;
            case Access::SameHost:
                ++count.sameHost;
                break;
            case Access::Remote:
                ++count.remote;
                break;
        }
    });
    return count;
}

LocalityPolicy::LocalityPolicy(std::unique_ptr<Policy> inner,
                               std::shared_ptr<const BlockPlacement> placement)
    : m_inner(std::move(inner)), m_placement(std::move(placement)), m_finder(*m_placement) {}

void LocalityPolicy::onTaskKilled(SimState& state, const TaskRecord& task) {
    if (task.kind == TaskKind::Map) {
        for (int i = 0; i < task.count; ++i) {
            m_finder.taskKilled(task.job, task.task + i);
        }
    }
    m_inner->onTaskKilled(state, task);
}

void LocalityPolicy::onTaskQueued(SimState& state, int job, TaskKind kind, int task) {
    if (kind == TaskKind::Map) {
        m_finder.taskKilled(job, task);
    }
    m_inner->onTaskQueued(state, job, kind, task);
}

Pick LocalityPolicy::pick(SimState& state, TaskKind kind, int slot) {
    Pick p = m_inner->pick(state, kind, slot);
    if (p.runs() && kind == TaskKind::Map && p.task < 0) {
        const int local = m_finder.onNode(state, p.job, state.nodeOfSlot(kind, slot));
        if (local >= 0) {
            p.task = local;
        }
    }
    return p;
}

}  // namespace mr
