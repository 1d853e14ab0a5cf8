#include "io/PoolPlan.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>
#include <stdexcept>

#include "sim/CapacityPolicy.h"

namespace mr {

std::vector<int> capacityHundredths(const std::vector<int>& nodes) {
    const long long total = std::accumulate(nodes.begin(), nodes.end(), 0LL);
    if (total <= 0) {
        throw std::logic_error("capacityHundredths: no nodes");
    }
    std::vector<int> shares(nodes.size());
    std::vector<std::pair<long long, std::size_t>> remainders;  // (remainder, index)
    long long assigned = 0;
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        const long long exact = 10000LL * nodes[i];
        shares[i] = static_cast<int>(exact / total);
        assigned += shares[i];
        remainders.emplace_back(exact % total, i);
    }
    std::stable_sort(remainders.begin(), remainders.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    for (long long k = 0; k < 10000 - assigned; ++k) {
        ++shares[remainders[static_cast<std::size_t>(k)].second];
    }
    return shares;
}

std::string formatPercent(int hundredths) {
    std::string text = std::to_string(hundredths / 100);
    const int fraction = hundredths % 100;
    if (fraction != 0) {
        text += "." + std::string(fraction < 10 ? "0" : "") + std::to_string(fraction);
        if (text.back() == '0') {
            text.pop_back();
        }
    }
    return text;
}

namespace {

// Letters, digits, '_' and '-' only (YARN refuses '.' and spaces in queue names); unique.
std::string queueName(const std::string& pool, std::size_t index, std::set<std::string>& used) {
    std::string name;
    for (char c : pool) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                        (c >= '0' && c <= '9') || c == '_' || c == '-';
        name += ok ? c : '_';
    }
    if (name.empty() || name == "root") {
        name = "pool" + std::to_string(index + 1);
    }
    std::string unique = name;
    for (int k = 2; !used.insert(unique).second; ++k) {
        unique = name + "_" + std::to_string(k);
    }
    return unique;
}

// The capacity algorithm ran the workload's queue tree: its leaves are the plan's queues.
PoolPlan capacityPlan(const Workload& w, const RunResult& r) {
    PoolPlan plan;
    plan.algorithm = r.algorithm;
    plan.capacityTree = w.capacityQueues.empty() ? defaultCapacityQueues() : w.capacityQueues;
    const CapacityTree tree = resolveCapacityTree(w, plan.capacityTree);
    for (std::size_t q = 1; q < tree.queues.size(); ++q) {
        const CapacityTree::Queue& queue = tree.queues[q];
        if (!queue.children.empty()) {
            continue;
        }
        PlanQueue leaf;
        leaf.name = queue.path.substr(queue.path.rfind('.') + 1);
        leaf.nodes = static_cast<int>(std::lround(queue.absoluteCapacity * w.cluster.nodes));
        leaf.capacityHundredths = static_cast<int>(std::lround(queue.absoluteCapacity * 10000.0));
        for (const int job : r.order) {
            if (tree.leafOfJob[static_cast<std::size_t>(job)] == static_cast<int>(q)) {
                leaf.jobs.push_back(job);
            }
        }
        plan.queues.push_back(std::move(leaf));
    }
    return plan;
}

// Every job's queue and the submissions, from the queues' job lists.
void addSubmissions(const Workload& w, PoolPlan& plan) {
    plan.queueOfJob.assign(w.jobs.size(), -1);
    for (std::size_t q = 0; q < plan.queues.size(); ++q) {
        const auto& jobs = plan.queues[q].jobs;
        for (std::size_t pos = 0; pos < jobs.size(); ++pos) {
            const int j = jobs[pos];
            if (j < 0 || j >= w.jobCount() || plan.queueOfJob[static_cast<std::size_t>(j)] >= 0) {
                throw std::logic_error("makePlan: the pools do not list every job exactly once");
            }
            plan.queueOfJob[static_cast<std::size_t>(j)] = static_cast<int>(q);
            plan.submissions.push_back(PlanSubmission{j, static_cast<int>(q), static_cast<int>(pos),
                                                      w.jobs[static_cast<std::size_t>(j)].arrival});
        }
    }
    if (std::find(plan.queueOfJob.begin(), plan.queueOfJob.end(), -1) != plan.queueOfJob.end()) {
        throw std::logic_error("makePlan: the pools do not list every job exactly once");
    }
    std::stable_sort(plan.submissions.begin(), plan.submissions.end(),
                     [](const PlanSubmission& a, const PlanSubmission& b) {
                         if (a.arrival != b.arrival) {
                             return a.arrival < b.arrival;
                         }
                         if (a.position != b.position) {
                             return a.position < b.position;
                         }
                         return a.queue < b.queue;
                     });
}

}  // namespace

PoolPlan makePlan(const Workload& w, const RunResult& r) {
    if (r.algorithm == "capacity") {
        PoolPlan plan = capacityPlan(w, r);
        addSubmissions(w, plan);
        return plan;
    }
    PoolPlan plan;
    plan.algorithm = r.algorithm;
    if (r.sim.pools.size() <= 1) {
        PlanQueue q;
        q.name = "default";
        q.nodes = w.cluster.nodes;
        q.jobs = r.order.empty() && !r.sim.pools.empty() ? r.sim.pools[0].jobs : r.order;
        plan.queues.push_back(q);
    } else {
        std::set<std::string> used;
        for (std::size_t p = 0; p < r.sim.pools.size(); ++p) {
            const PoolTimes& pool = r.sim.pools[p];
            plan.queues.push_back(
                PlanQueue{queueName(pool.name, p, used), pool.firstNode, pool.nodes, 0, pool.jobs});
        }
    }
    std::vector<int> nodes;
    for (const auto& q : plan.queues) {
        nodes.push_back(q.nodes);
    }
    const std::vector<int> shares = capacityHundredths(nodes);
    for (std::size_t q = 0; q < plan.queues.size(); ++q) {
        plan.queues[q].capacityHundredths = shares[q];
    }
    addSubmissions(w, plan);
    return plan;
}

}  // namespace mr
