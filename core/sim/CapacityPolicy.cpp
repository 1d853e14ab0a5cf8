#include "sim/CapacityPolicy.h"

#include <algorithm>
#include <cmath>
#include <iterator>

#include "model/InputError.h"

namespace mr {

int CapacityTree::queueIndex(const std::string& nameOrPath) const {
    for (std::size_t q = 1; q < queues.size(); ++q) {
        const std::string& path = queues[q].path;
        if (path == nameOrPath || path.substr(path.rfind('.') + 1) == nameOrPath) {
            return static_cast<int>(q);
        }
    }
    return -1;
}

int ceilingSlots(double share, int slots) {
    return static_cast<int>(std::floor(share * slots + 0.5));
}

namespace {

void addQueues(CapacityTree& tree, const std::vector<CapacityQueueSpec>& specs, int parent,
               double parentMaximum) {
    for (const CapacityQueueSpec& spec : specs) {
        const auto p = static_cast<std::size_t>(parent);
        CapacityTree::Queue q;
        q.path = tree.queues[p].path + "." + spec.name;
        q.parent = parent;
        q.absoluteCapacity = tree.queues[p].absoluteCapacity * spec.capacity / 100.0;
        const double maximum = parentMaximum * spec.maximumCapacity / 100.0;
        q.ceiling = maximum;
        if (spec.isLeaf() && spec.userLimitFactor != kNoUserLimit) {
            q.ceiling = std::min(maximum, q.absoluteCapacity * spec.userLimitFactor);
        }
        q.fair = spec.fair;
        const int index = static_cast<int>(tree.queues.size());
        tree.queues[p].children.push_back(index);
        tree.queues.push_back(std::move(q));
        addQueues(tree, spec.children, index, maximum);
    }
}

std::string percentText(double share) {
    char text[32];
    std::snprintf(text, sizeof text, "%.4g %%", share * 100.0);
    return text;
}

// A leaf holding jobs must be able to run one task of each kind its jobs have.
void checkCeilings(const CapacityTree& tree, const Workload& w) {
    const int slots[2] = {w.cluster.mapSlots(), w.cluster.reduceSlots()};
    std::vector<bool> checked(tree.queues.size(), false);
    for (std::size_t j = 0; j < w.jobs.size(); ++j) {
        for (int q = tree.leafOfJob[j]; q > 0;
             q = tree.queues[static_cast<std::size_t>(q)].parent) {
            const auto& queue = tree.queues[static_cast<std::size_t>(q)];
            for (int k = 0; k < 2; ++k) {
                if (w.jobs[j].tasks(static_cast<TaskKind>(k)) > 0 &&
                    ceilingSlots(queue.ceiling, slots[k]) < 1) {
                    throw InputError("", queue.path, "maximum-capacity",
                                     "job '" + w.jobs[j].name +
                                         "' can never run: " + percentText(queue.ceiling) + " of " +
                                         std::to_string(slots[k]) + (k == 0 ? " map" : " reduce") +
                                         " slots is under one slot",
                                     "queue");
                }
            }
        }
    }
}

}  // namespace

CapacityTree resolveCapacityTree(const Workload& w, const std::vector<CapacityQueueSpec>& specs) {
    CapacityTree tree;
    tree.queues.push_back(CapacityTree::Queue{"root", -1, {}, 1.0, 1.0, false});
    addQueues(tree, specs.empty() ? defaultCapacityQueues() : specs, 0, 1.0);
    tree.leafOfJob.assign(w.jobs.size(), -1);
    for (std::size_t j = 0; j < w.jobs.size(); ++j) {
        const std::string& named = w.jobs[j].queue;
        const std::string name = named.empty() ? std::string(kDefaultQueue) : named;
        const int q = tree.queueIndex(name);
        if (q < 0 || !tree.queues[static_cast<std::size_t>(q)].children.empty()) {
            std::string leaves;
            for (const auto& queue : tree.queues) {
                if (queue.children.empty()) {
                    leaves += (leaves.empty() ? "" : ", ") + queue.path;
                }
            }
            throw InputError("", w.jobs[j].name, "queue",
                             "\"" + name + "\" is no leaf queue (leaves: " + leaves + ")");
        }
        tree.leafOfJob[j] = q;
    }
    checkCeilings(tree, w);
    return tree;
}

CapacityPolicy::CapacityPolicy(CapacityTree tree, std::vector<int> order)
    : m_tree(std::move(tree)), m_order(std::move(order)) {}

void CapacityPolicy::attach(SimState& state, int pool) {
    const Workload& w = state.workload();
    const PoolInfo& info = state.pool(pool);
    m_state.assign(m_tree.queues.size(), QueueState{});
    m_leaves.clear();
    for (std::size_t q = 0; q < m_tree.queues.size(); ++q) {
        for (int k = 0; k < 2; ++k) {
            m_state[q].ceiling[k] = ceilingSlots(m_tree.queues[q].ceiling, info.slotCount[k]);
            m_state[q].guaranteed[k] = m_tree.queues[q].absoluteCapacity * info.slotCount[k];
        }
        if (m_tree.queues[q].children.empty()) {
            m_leaves.push_back(static_cast<int>(q));
        }
    }
    m_rank.assign(static_cast<std::size_t>(w.jobCount()), -1);
    for (std::size_t i = 0; i < m_order.size(); ++i) {
        m_rank[static_cast<std::size_t>(m_order[i])] = static_cast<int>(i);
    }
    for (int k = 0; k < 2; ++k) {
        m_key[k].assign(static_cast<std::size_t>(w.jobCount()), -1);
        m_counted[k].assign(static_cast<std::size_t>(w.jobCount()), 0);
    }
}

void CapacityPolicy::refresh(const SimState& state, int job, TaskKind kind) {
    const auto j = static_cast<std::size_t>(job);
    const int rank = m_rank[j];
    if (rank < 0) {
        return;
    }
    const int k = static_cast<int>(kind);
    const JobState& s = state.job(job);
    const int leaf = m_tree.leafOfJob[j];
    const int delta = s.running[k] - m_counted[k][j];
    m_counted[k][j] = s.running[k];
    for (int q = leaf; q >= 0; q = m_tree.queues[static_cast<std::size_t>(q)].parent) {
        m_state[static_cast<std::size_t>(q)].running[k] += delta;
    }
    auto& ready = m_state[static_cast<std::size_t>(leaf)].ready[k];
    int& key = m_key[k][j];
    if (key >= 0) {
        ready.erase({key, rank});
        key = -1;
    }
    if (state.canRun(job, kind)) {
        key = m_tree.queues[static_cast<std::size_t>(leaf)].fair ? s.running[k] : 0;
        ready.insert({key, rank});
    }
}

bool CapacityPolicy::before(int a, int b, int k) const {
    const QueueState& qa = m_state[static_cast<std::size_t>(a)];
    const QueueState& qb = m_state[static_cast<std::size_t>(b)];
    const double ga = qa.guaranteed[k];
    const double gb = qb.guaranteed[k];
    if ((ga > 0.0) != (gb > 0.0)) {
        return ga > 0.0;  // a queue without a guarantee only gets what the others leave
    }
    // used / guaranteed, cross-multiplied (both guarantees > 0), or used alone (both 0).
    const double lhs = ga > 0.0 ? qa.running[k] * gb : qa.running[k];
    const double rhs = gb > 0.0 ? qb.running[k] * ga : qb.running[k];
    if (lhs != rhs) {
        return lhs < rhs;
    }
    return a < b;
}

int CapacityPolicy::bestLeaf(int queue, int k) const {
    const QueueState& s = m_state[static_cast<std::size_t>(queue)];
    if (s.running[k] >= s.ceiling[k]) {
        return -1;
    }
    const auto& children = m_tree.queues[static_cast<std::size_t>(queue)].children;
    if (children.empty()) {
        return s.ready[k].empty() ? -1 : queue;
    }
    int bestChild = -1;
    int best = -1;
    for (const int child : children) {
        if (bestChild >= 0 && !before(child, bestChild, k)) {
            continue;
        }
        const int leaf = bestLeaf(child, k);
        if (leaf >= 0) {
            bestChild = child;
            best = leaf;
        }
    }
    return best;
}

int CapacityPolicy::room(int leaf, int k) const {
    int free = Pick::kAny;
    for (int q = leaf; q >= 0; q = m_tree.queues[static_cast<std::size_t>(q)].parent) {
        const QueueState& s = m_state[static_cast<std::size_t>(q)];
        free = std::min(free, s.ceiling[k] - s.running[k]);
    }
    return free;
}

bool CapacityPolicy::onlyEligibleLeaf(int leaf, int k) const {
    for (const int other : m_leaves) {
        if (other != leaf && !m_state[static_cast<std::size_t>(other)].ready[k].empty() &&
            room(other, k) > 0) {
            return false;
        }
    }
    return true;
}

Pick CapacityPolicy::pick(SimState& /*state*/, TaskKind kind, int /*slot*/) {
    const int k = static_cast<int>(kind);
    const int leaf = bestLeaf(0, k);
    if (leaf < 0) {
        return Pick::nothing();
    }
    const auto& ready = m_state[static_cast<std::size_t>(leaf)].ready[k];
    const auto first = ready.begin();
    int count = 1;
    if (onlyEligibleLeaf(leaf, k)) {
        // The leaf stays the only one that can take slots until its path's room runs out; in
        // it the first job stays first while (key + i, rank) sorts before the second's (fair
        // keys grow with each start; fifo keys are all 0).
        count = room(leaf, k);
        const auto second = std::next(first);
        if (second != ready.end() && m_tree.queues[static_cast<std::size_t>(leaf)].fair) {
            count = std::min(
                count, second->first - first->first + (first->second < second->second ? 1 : 0));
        }
    }
    return Pick::run(m_order[static_cast<std::size_t>(first->second)], -1, std::max(count, 1));
}

}  // namespace mr
