#include "schedulers/Optimal.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
#include <map>

#include "exec/ThreadPool.h"
#include "model/InputError.h"
#include "model/Tolerance.h"
#include "schedulers/Algorithm.h"
#include "sim/Simulator.h"

namespace mr {

double makespanLowerBound(const Workload& w) {
    if (w.jobs.empty()) {
        return 0.0;
    }
    // Reduce slow-start (model/Overheads.h) lifts the barrier the two stage terms rely on.
    bool barrier = true;
    for (const auto& job : w.jobs) {
        barrier = barrier && resolveOverheads(w.overheads, job.overheads).slowstart >= 1.0;
    }
    double mapWork = 0.0;
    double reduceWork = 0.0;
    double firstArrival = std::numeric_limits<double>::infinity();
    double chain = 0.0;
    // After the last map task ends, its job still runs its longest reduce task: at least the
    // smallest such task over the jobs follows the map work.
    double lastReduce = std::numeric_limits<double>::infinity();
    // No reduce task starts before some job with reduces has run its longest map task.
    double firstReduce = std::numeric_limits<double>::infinity();
    for (const auto& job : w.jobs) {
        const double longestMap = job.maxDuration(TaskKind::Map);
        const double longestReduce = job.maxDuration(TaskKind::Reduce);
        mapWork += job.totalWork(TaskKind::Map);
        reduceWork += job.totalWork(TaskKind::Reduce);
        firstArrival = std::min(firstArrival, job.arrival);
        chain = std::max(chain, job.arrival + longestMap + longestReduce);
        lastReduce = std::min(lastReduce, longestReduce);
        if (job.reduces() > 0) {
            firstReduce = std::min(firstReduce, job.arrival + (barrier ? longestMap : 0.0));
        }
    }
    double bound = chain - firstArrival;
    bound = std::max(bound, mapWork / w.cluster.mapSlots() + (barrier ? lastReduce : 0.0));
    if (reduceWork > 0.0) {
        bound = std::max(bound, firstReduce - firstArrival + reduceWork / w.cluster.reduceSlots());
    }
    return bound / w.cluster.fastestSpeed();  // node classes: no task runs faster than there
}

namespace {

struct GroupBest {
    double makespan = std::numeric_limits<double>::infinity();
    std::vector<int> sequence;
    long long simulated = 0;
};

// The class of each job (identical jobs — same durations, same arrival — share one, so their
// orders are tried once); `members` gets each class's jobs in file order.
std::vector<int> jobClasses(const Workload& w, std::vector<std::vector<int>>& members) {
    const int n = w.jobCount();
    std::vector<int> classOf(static_cast<std::size_t>(n));
    for (int j = 0; j < n; ++j) {
        const Job& job = w.jobs[static_cast<std::size_t>(j)];
        int found = -1;
        for (std::size_t c = 0; c < members.size() && found < 0; ++c) {
            const Job& other = w.jobs[static_cast<std::size_t>(members[c].front())];
            if (other.mapDurations == job.mapDurations &&
                other.reduceDurations == job.reduceDurations && other.arrival == job.arrival) {
                found = static_cast<int>(c);
            }
        }
        if (found < 0) {
            found = static_cast<int>(members.size());
            members.emplace_back();
        }
        members[static_cast<std::size_t>(found)].push_back(j);
        classOf[static_cast<std::size_t>(j)] = found;
    }
    return classOf;
}

// The search over orders of job classes (identical jobs share a class; members are used in file
// order): one group per first class, each trying every order of the rest, stopping once some
// group reaches the lower bound.
class OrderSearch {
public:
    OrderSearch(const Workload& w, double lowerBound, const CancelFlag* cancel)
        : m_workload(w), m_cancel(cancel), m_target(lowerBound) {
        const std::vector<int> classOf = jobClasses(w, m_members);
        m_allClasses = classOf;
        std::sort(m_allClasses.begin(), m_allClasses.end());
        m_firstClasses = m_allClasses;
        m_firstClasses.erase(std::unique(m_firstClasses.begin(), m_firstClasses.end()),
                             m_firstClasses.end());
        m_groups.resize(m_firstClasses.size());
        m_quiet.recordTasks = false;
    }

    // One group per first class, on the project's parallel-for: a worker's exception (a failed
    // allocation, say) reaches the caller, and the cancel flag stops every group.
    void run(int threads) {
        parallelFor(m_groups.size(), [this](std::size_t g) { searchGroup(g); },
                    {.threads = threads, .cancel = m_cancel});
    }

    // The best order of the groups searched (those up to the first reaching the lower bound).
    void best(OrderSearchResult& result) const {
        const std::size_t lastGroup = std::min(m_lowerBoundGroup.load(), m_groups.size() - 1);
        const GroupBest* best = nullptr;
        for (std::size_t g = 0; g <= lastGroup; ++g) {
            result.ordersSimulated += m_groups[g].simulated;
            if (!m_groups[g].sequence.empty() &&
                (best == nullptr || clearlyShorter(m_groups[g].makespan, best->makespan))) {
                best = &m_groups[g];
            }
        }
        result.order = toOrder(best->sequence);
        result.makespan = best->makespan;
    }

private:
    std::vector<int> toOrder(const std::vector<int>& sequence) const {
        std::vector<std::size_t> used(m_members.size(), 0);
        std::vector<int> order;
        for (int c : sequence) {
            order.push_back(
                m_members[static_cast<std::size_t>(c)][used[static_cast<std::size_t>(c)]++]);
        }
        return order;
    }

    void searchGroup(std::size_t g) {
        if (g > m_lowerBoundGroup.load()) {
            return;
        }
        std::vector<int> sequence{m_firstClasses[g]};
        std::vector<int> rest(m_allClasses);
        rest.erase(std::find(rest.begin(), rest.end(), m_firstClasses[g]));
        GroupBest& best = m_groups[g];
        do {
            if (m_cancel != nullptr && m_cancel->load(std::memory_order_relaxed)) {
                throw Cancelled();
            }
            std::copy(rest.begin(), rest.end(), std::back_inserter(sequence));
            const double makespan = simulateOrder(m_workload, toOrder(sequence), m_quiet).makespan;
            ++best.simulated;
            if (clearlyShorter(makespan, best.makespan)) {
                best.makespan = makespan;
                best.sequence = sequence;
            }
            sequence.resize(1);
            if (!clearlyShorter(m_target, best.makespan)) {  // reached the lower bound
                std::size_t current = m_lowerBoundGroup.load();
                while (g < current && !m_lowerBoundGroup.compare_exchange_weak(current, g)) {
                }
                break;
            }
            if (g > m_lowerBoundGroup.load()) {
                break;
            }
        } while (std::next_permutation(rest.begin(), rest.end()));
    }

    const Workload& m_workload;
    const CancelFlag* m_cancel;
    const double m_target;
    std::vector<std::vector<int>> m_members;  // per class: its jobs in file order
    std::vector<int> m_allClasses;            // every job's class, sorted
    std::vector<int> m_firstClasses;          // each class once
    std::vector<GroupBest> m_groups;
    std::atomic<std::size_t> m_lowerBoundGroup{std::numeric_limits<std::size_t>::max()};
    SimOptions m_quiet;
};

}  // namespace

OrderSearchResult searchBestOrder(const Workload& w, int threads, const CancelFlag* cancel) {
    const int n = w.jobCount();
    if (n > kOptimalMaxJobs) {
        throw InputError("", "", "algorithm",
                         "optimal tries every order and is limited to " +
                             std::to_string(kOptimalMaxJobs) + " jobs (this workload has " +
                             std::to_string(n) + "); use johnson or balanced-pools");
    }
    OrderSearchResult result;
    result.lowerBound = makespanLowerBound(w);
    if (n == 0) {
        return result;
    }
    OrderSearch search(w, result.lowerBound, cancel);
    search.run(threads);
    search.best(result);
    return result;
}

namespace {

class OptimalAlgorithm : public OrderAlgorithm {
public:
    OptimalAlgorithm()
        : OrderAlgorithm({.id = "optimal",
                          .name = "Optimal order",
                          .description = "the best order by exhaustive simulated search (at most "
                                         "10 jobs)",
                          .source = "ours; checks the heuristics",
                          .options = {"threads", "estimator"},
                          .interactive = false}) {}

protected:
    std::vector<int> chooseOrder(const Workload& w, const std::vector<StageDurations>&,
                                 const RunOptions& options) const override {
        return searchBestOrder(w, options.threads, options.cancel).order;
    }
};

}  // namespace

std::unique_ptr<Algorithm> makeOptimal() {
    return std::make_unique<OptimalAlgorithm>();
}

}  // namespace mr
