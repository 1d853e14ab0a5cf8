#include "schedulers/BalancedPools.h"

#include <algorithm>
#include <cmath>
#include <condition_variable>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>

#include "exec/ThreadPool.h"
#include "model/InputError.h"
#include "model/Numbers.h"
#include "model/Tolerance.h"
#include "perf/TwoStage.h"
#include "schedulers/Algorithm.h"
#include "schedulers/Johnson.h"
#include "sim/OrderPolicy.h"
#include "sim/Simulator.h"

namespace mr {

std::vector<int> jobsByMapTasks(const Workload& w) {
    auto order = fileOrder(w);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return w.jobs[static_cast<std::size_t>(a)].maps() <
               w.jobs[static_cast<std::size_t>(b)].maps();
    });
    return order;
}

namespace {

constexpr const char* kOnUnequalNodes =
    "its pool split sizes pools in nodes of identical slots and speed";

// Replaces a binary min-heap's least element with `value`.
void replaceTop(std::vector<double>& heap, double value) {
    const std::size_t n = heap.size();
    std::size_t i = 0;
    for (;;) {
        std::size_t child = 2 * i + 1;
        if (child >= n) {
            break;
        }
        if (child + 1 < n && heap[child + 1] < heap[child]) {
            ++child;
        }
        if (!(heap[child] < value)) {
            break;
        }
        heap[i] = heap[child];
        i = child;
    }
    heap[i] = value;
}

}  // namespace

PoolEndBounds mapPhaseBounds(const Workload& w, const std::vector<int>& order, int nodes,
                             const std::vector<double>& afterMaps, double stopAbove,
                             const CancelFlag* cancel) {
    const double start = w.jobs.front().arrival;  // the same for every job
    // Min-heap of the pool's map slots' free times: the greedy list schedule of the map tasks.
    std::vector<double> slots(static_cast<std::size_t>(nodes * w.cluster.mapSlotsPerNode), start);
    // The engine's instants may start each task up to an instant's width early; a chain of them
    // holds at most every task of the workload (the same margin for any order: monotone).
    const auto tasks = static_cast<double>(w.taskCount());
    const auto slack = [&](double time) {
        return (tasks + 1.0) * (kInstant + kClockRounding * time);
    };
    PoolEndBounds result;
    double allMapsEnd = start;
    double reduceWork = 0.0;
    double longestReduce = 0.0;
    std::vector<std::pair<double, double>> released;  // per job with reduces: (maps' end, work)
    released.reserve(order.size());
    for (int j : order) {
        throwIfCancelled(cancel);
        const Job& job = w.jobs[static_cast<std::size_t>(j)];
        double mapsEnd = start;
        for (double d : job.mapDurations) {
            const double end = slots.front() + d;
            replaceTop(slots, end);
            mapsEnd = std::max(mapsEnd, end);
        }
        const double end = mapsEnd + afterMaps[static_cast<std::size_t>(j)];
        result.lower = std::max(result.lower, end - slack(end));
        if (result.lower > stopAbove) {
            return result;
        }
        allMapsEnd = std::max(allMapsEnd, mapsEnd);
        if (job.reduces() > 0) {
            released.emplace_back(mapsEnd, job.totalWork(TaskKind::Reduce));
            reduceWork += released.back().second;
            longestReduce = std::max(longestReduce, job.maxDuration(TaskKind::Reduce));
        }
    }
    // Upper, from the last moment τ before the last reduce starts when a reduce slot idled (no
    // released reduce waited then): from τ on the slots are busy with the reduces released from
    // τ on, fewer than r tasks running at τ, and then the last one. τ is at most the last
    // release; the bound is highest just at a release. With τ at the last release, that is the
    // first form below.
    const double reduceSlots = nodes * w.cluster.reduceSlotsPerNode;
    std::sort(released.begin(), released.end(), std::greater<>());
    double fluid = 0.0;
    double workFrom = 0.0;  // released at or after the current release
    for (const auto& [time, work] : released) {
        workFrom += work;
        fluid = std::max(fluid, time + workFrom / reduceSlots);
    }
    const double upper = std::min(allMapsEnd + reduceWork / reduceSlots + longestReduce,
                                  std::max(fluid + 2.0 * (1.0 - 1.0 / reduceSlots) * longestReduce,
                                           allMapsEnd + longestReduce));
    result.upper = upper + slack(upper) + timeSlack(upper);
    return result;
}

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// No job has overheads (model/Overheads.h): in particular every job's reduces wait for all its
// maps, and nothing acts before a job's first task.
bool withoutOverheads(const Workload& w) {
    return std::all_of(w.jobs.begin(), w.jobs.end(), [&](const Job& job) {
        return resolveOverheads(w.overheads, job.overheads).none();
    });
}

// (m_i, r_i) of a job on a number of nodes, computed once per (job, nodes): the exact estimator
// on per-task arrays is the expensive part of Johnson's order, and every split asks again. Rows
// are filled under a lock per node count (the splits run on several threads).
class StageMemo {
public:
    StageMemo(const Workload& w, Estimator estimator)
        : m_workload(w),
          m_estimator(estimator),
          m_rows(static_cast<std::size_t>(w.cluster.nodes) + 1),
          m_locks(std::make_unique<std::mutex[]>(static_cast<std::size_t>(w.cluster.nodes) + 1)) {}

    StageDurations get(int job, int nodes) {
        const std::lock_guard lock(m_locks[static_cast<std::size_t>(nodes)]);
        auto& row = m_rows[static_cast<std::size_t>(nodes)];
        if (row.empty()) {
            row.assign(m_workload.jobs.size(), StageDurations{-1.0, -1.0});
        }
        StageDurations& s = row[static_cast<std::size_t>(job)];
        if (s.map < 0.0) {
            const Cluster& c = m_workload.cluster;
            s = stageDurations(m_workload.jobs[static_cast<std::size_t>(job)],
                               nodes * c.mapSlotsPerNode, nodes * c.reduceSlotsPerNode,
                               m_estimator);
        }
        return s;
    }

private:
    const Workload& m_workload;
    Estimator m_estimator;
    std::vector<std::vector<StageDurations>> m_rows;  // [nodes][job]; map < 0: not computed yet
    std::unique_ptr<std::mutex[]> m_locks;
};

// Lower bounds on a pool's end that need no simulation, for any contiguous range of the
// by-map-tasks order in O(1) from prefix and suffix aggregates:
//  * first arrival + map work over the map slots, + (when every job has reduce tasks) the least
//    reduce stage (some job's maps end last);
//  * the earliest time a job can finish its maps + reduce work over the reduce slots;
//  * per job: arrival + its longest map + its longest reduce task (a chain);
//  * per job: its own map work over the map slots + its reduce work over the reduce slots.
class SideBounds {
public:
    SideBounds(const Workload& w, const std::vector<int>& byMaps) : m_cluster(w.cluster) {
        // Reduce slow-start (model/Overheads.h) lets reduce tasks start before their job's
        // last map: then only the terms that do not rely on the barrier hold.
        for (int j : byMaps) {
            const Job& job = w.jobs[static_cast<std::size_t>(j)];
            m_barrier = m_barrier && resolveOverheads(w.overheads, job.overheads).slowstart >= 1.0;
        }
        const std::size_t n = byMaps.size();
        m_prefix.resize(n + 1);
        m_suffix.resize(n + 1);
        for (std::size_t i = 0; i < n; ++i) {
            m_prefix[i + 1] =
                merge(m_prefix[i], stats(w.jobs[static_cast<std::size_t>(byMaps[i])]));
            const std::size_t k = n - 1 - i;
            m_suffix[k] =
                merge(m_suffix[k + 1], stats(w.jobs[static_cast<std::size_t>(byMaps[k])]));
        }
    }

    // The jobs of rank < split (small) or >= split (big) on `nodes` nodes.
    double small(int split, int nodes) const {
        return bound(m_prefix[static_cast<std::size_t>(split)], nodes);
    }
    double big(int split, int nodes) const {
        return bound(m_suffix[static_cast<std::size_t>(split)], nodes);
    }
    double probe(int split, int smallNodes, int allNodes) const {
        return std::max(small(split, smallNodes), big(split, allNodes - smallNodes));
    }
    // The least probe bound over the small pool's node counts in [from, to] (the small pool's
    // bound falls and the big pool's rises with its nodes: bisect for the crossing).
    double least(int split, int from, int to, int allNodes) const {
        int low = from;
        int high = to;
        while (low < high) {
            const int mid = low + (high - low) / 2;
            if (small(split, mid) <= big(split, allNodes - mid)) {
                high = mid;
            } else {
                low = mid + 1;
            }
        }
        double result = probe(split, low, allNodes);
        if (low > from) {
            result = std::min(result, probe(split, low - 1, allNodes));
        }
        return result;
    }

private:
    struct Stats {
        double mapWork = 0.0, reduceWork = 0.0;
        double chain = 0.0;  // max over jobs of arrival + longest map + longest reduce task
        double firstMapsDone = kInf;  // min over jobs with reduces of arrival + longest map
        double firstArrival = kInf;
        double ownWork = 0.0;           // max over jobs of map work / m + reduce work / r
        double leastReduceMax = kInf;   // min over jobs of the longest reduce task
        double leastReduceWork = kInf;  // min over jobs of the reduce work
        bool mapOnly = false;           // some job has no reduce task
    };

    Stats stats(const Job& job) const {
        Stats s;
        s.mapWork = job.totalWork(TaskKind::Map);
        s.reduceWork = job.totalWork(TaskKind::Reduce);
        const double longestMap = job.maxDuration(TaskKind::Map);
        const double longestReduce = job.maxDuration(TaskKind::Reduce);
        s.chain = job.arrival +
                  (m_barrier ? longestMap + longestReduce : std::max(longestMap, longestReduce));
        if (job.reduces() > 0) {
            s.firstMapsDone = job.arrival + (m_barrier ? longestMap : 0.0);
        }
        s.firstArrival = job.arrival;
        const double ownMaps = s.mapWork / m_cluster.mapSlotsPerNode;
        const double ownReduces = s.reduceWork / m_cluster.reduceSlotsPerNode;
        s.ownWork = m_barrier ? ownMaps + ownReduces : std::max(ownMaps, ownReduces);
        s.leastReduceMax = job.maxDuration(TaskKind::Reduce);
        s.leastReduceWork = s.reduceWork;
        s.mapOnly = job.reduces() == 0;
        return s;
    }

    static Stats merge(const Stats& a, const Stats& b) {
        return {a.mapWork + b.mapWork,
                a.reduceWork + b.reduceWork,
                std::max(a.chain, b.chain),
                std::min(a.firstMapsDone, b.firstMapsDone),
                std::min(a.firstArrival, b.firstArrival),
                std::max(a.ownWork, b.ownWork),
                std::min(a.leastReduceMax, b.leastReduceMax),
                std::min(a.leastReduceWork, b.leastReduceWork),
                a.mapOnly || b.mapOnly};
    }

    double bound(const Stats& s, int nodes) const {
        if (nodes < 1 || !std::isfinite(s.firstArrival)) {
            return nodes < 1 ? kInf : 0.0;
        }
        const double mapSlots = nodes * m_cluster.mapSlotsPerNode;
        const double reduceSlots = nodes * m_cluster.reduceSlotsPerNode;
        double b = std::max(s.chain, s.firstArrival + s.ownWork / nodes);
        double mapsEnd = s.firstArrival + s.mapWork / mapSlots;
        if (!s.mapOnly && m_barrier) {
            mapsEnd += std::max(s.leastReduceMax, s.leastReduceWork / reduceSlots);
        }
        b = std::max(b, mapsEnd);
        if (s.reduceWork > 0.0) {
            b = std::max(b, s.firstMapsDone + s.reduceWork / reduceSlots);
        }
        // Rounding: the bounds are compared with simulated times; keep them a hair low.
        return b * (1.0 - 1e-12);
    }

    Cluster m_cluster;
    bool m_barrier = true;        // every job's reduces wait for all its maps
    std::vector<Stats> m_prefix;  // [k]: the jobs of rank < k
    std::vector<Stats> m_suffix;  // [k]: the jobs of rank >= k
};

// What the runs of neighbouring splits tell about a pool without simulating it.
// Pools of one side on the same nodes nest: split s's big pool (ranks >= s of the by-map-tasks
// order) is split s+d's plus the jobs of ranks s..s+d-1, served in the same Johnson order (a
// total order: a subset keeps its relative order). Under OrderPolicy a job changes nothing for
// the others until it is picked, so split s+d's run is split s's up to the first start of one of
// those jobs, and ends no earlier than the latest end among the tasks split s's run had started
// before then (Simulation::committedEndBefore). Likewise split s's small pool (ranks < s)
// bounds split s-d's. After each probe both runs are summarised as these bounds for d = 1..
// kReach; a probe takes the best its nearest neighbours give: a pool bound to end past the
// horizon is not simulated (the answer does not change, only the work).
// Only for batches without overheads: an ApplicationMaster acts before its job's first task,
// and a job arriving alone makes an instant of its own.
class NeighbourBounds {
public:
    NeighbourBounds(const Workload& w, const std::vector<int>& byMaps) : m_byMaps(byMaps) {
        m_enabled =
            withoutOverheads(w) && std::all_of(w.jobs.begin(), w.jobs.end(), [&](const Job& job) {
                return job.arrival == w.jobs.front().arrival;
            });
    }

    bool enabled() const { return m_enabled; }

    // After a run (however far it went) of one side of `split` on `nodes` nodes.
    void learn(bool small, int split, int nodes, const Simulation& run) {
        if (!m_enabled) {
            return;
        }
        std::vector<double> reach;
        double firstStart = kInf;  // the earliest first start among the jobs taken out so far
        for (int d = 1; d <= kReach; ++d) {
            const int rank = small ? split - d : split + d - 1;  // the d-th job taken out
            if (rank < 0 || rank >= static_cast<int>(m_byMaps.size())) {
                break;
            }
            const double started = run.firstStart(m_byMaps[static_cast<std::size_t>(rank)]);
            if (started >= 0.0) {
                firstStart = std::min(firstStart, started);
            }
            const double bound = run.committedEndBefore(firstStart);
            if (bound <= 0.0) {
                break;
            }
            reach.push_back(bound);
        }
        if (reach.empty()) {
            return;
        }
        const std::lock_guard lock(m_mutex);
        auto& known = m_runs[{small, nodes}][split];
        known.resize(std::max(known.size(), reach.size()), 0.0);
        for (std::size_t d = 0; d < reach.size(); ++d) {
            known[d] = std::max(known[d], reach[d]);
        }
    }

    // The best bound the nearest learnt runs give on that side of `split` on `nodes` nodes.
    double bound(bool small, int split, int nodes) const {
        if (!m_enabled) {
            return 0.0;
        }
        const std::lock_guard lock(m_mutex);
        const auto runs = m_runs.find({small, nodes});
        if (runs == m_runs.end()) {
            return 0.0;
        }
        const auto& bySplit = runs->second;
        double best = 0.0;
        const auto use = [&](int from, const std::vector<double>& reach) {
            const auto d = static_cast<std::size_t>(std::abs(split - from));
            if (d >= 1 && d <= reach.size()) {
                best = std::max(best, reach[d - 1]);
            }
        };
        if (small) {  // runs of larger splits, nearest first
            auto it = bySplit.upper_bound(split);
            for (int n = 0; n < kNearest && it != bySplit.end(); ++n, ++it) {
                use(it->first, it->second);
            }
        } else {  // runs of smaller splits, nearest first
            auto it = bySplit.lower_bound(split);
            for (int n = 0; n < kNearest && it != bySplit.begin(); ++n) {
                --it;
                use(it->first, it->second);
            }
        }
        return best;
    }

private:
    static constexpr int kReach = 32;    // neighbours a run speaks for, on each side
    static constexpr int kNearest = 16;  // runs a probe asks

    const std::vector<int>& m_byMaps;
    bool m_enabled = false;
    mutable std::mutex m_mutex;
    // (small side, nodes) -> split -> bound for the split d away, d = 1, 2, ...
    std::map<std::pair<bool, int>, std::map<int, std::vector<double>>> m_runs;
};

// What a pool's map phase alone says about its end, from mapPhaseBounds: one pass over
// the pool's map tasks, far less than a simulation. Both bounds are monotone in the split on one
// node count: the pool's order is then the same total order restricted to its jobs, and a greedy
// list schedule with a task added ends no task earlier. Split s's big pool holds split s+d's
// jobs and more, so its lower bound is at least that pool's, and that pool's upper bound is at
// most its own; split s's small pool is held by split s+d's. So one pass speaks for a whole range
// of splits. A probe asks only when the other bounds leave its question open ("above the
// horizon?" for a lower bound, "below the other pool's floor?" for an upper one): the nearest
// known pass whose bound holds for the split answers it if it can. Else, unless a pass on the
// other side (whose bound is at least as good as the split's own) did not, a pass is made for the
// split, and when it answers, further ones find how far passes answer (a gallop, then a
// bisection), so that the splits up to there need no pass of their own.
class MapPhasePasses {
public:
    using Order = std::function<std::vector<int>(int split, bool small, int nodes)>;

    MapPhasePasses(const Workload& w, StageMemo& exact, int splits, Order order,
                   const CancelFlag* cancel)
        : m_workload(w),
          m_exact(exact),
          m_splits(splits),
          m_order(std::move(order)),
          m_cancel(cancel) {}

    // A lower bound on the end of one side of `split` on `nodes` nodes, above `horizon` if the
    // passes can tell (the horizon only comes down, so a pass stops once it is past it).
    double lower(bool small, int split, int nodes, double horizon) {
        return bound(
            {false, small, nodes}, split, [&](double b) { return b > horizon; }, horizon);
    }

    // An upper bound on that end, below `limit` if the passes can tell.
    double upper(bool small, int split, int nodes, double limit) {
        return bound(
            {true, small, nodes}, split, [&](double b) { return b < limit; }, kInf);
    }

private:
    struct Key {
        bool upper = false;
        bool small = false;
        int nodes = 0;
        auto operator<=>(const Key&) const = default;
    };

    // +1: a pass's bound holds for the splits below it (a lower bound of a big pool, an upper
    // bound of a small one: the pool there holds the pass's jobs, or is held by it); -1: above.
    static int reach(const Key& key) { return key.upper == key.small ? 1 : -1; }

    template <class Answers>
    double bound(const Key& key, int split, const Answers& answers, double stopAbove) {
        if (const auto known = lookUp(key, split, answers)) {
            return *known;
        }
        // One thread at a time looks for how far a key's passes answer; another one meanwhile
        // makes only its own pass.
        std::unique_lock making(maker(key), std::try_to_lock);
        const double own = pass(key, split, stopAbove);
        if (!making.owns_lock() || !answers(own)) {
            return own;
        }
        // Find how far passes answer, the way the bound reaches (they answer up to some split,
        // not beyond): from the known passes, gallop, then bisect between the last split that
        // answers and the first that does not.
        const auto answersAt = [&](int other) {
            const auto known = passAt(key, other);
            return answers(known ? *known : pass(key, other, stopAbove));
        };
        const int last = reach(key) > 0 ? m_splits - 1 : 1;
        int good = split;
        int bad = -1;
        bracket(key, answers, good, bad);
        for (int step = 1; bad < 0 && good != last; step *= 2) {
            const int other =
                reach(key) > 0 ? std::min(good + step, last) : std::max(good - step, last);
            (answersAt(other) ? good : bad) = other;
        }
        while (bad >= 0 && std::abs(bad - good) > 1) {
            const int mid = good + (bad - good) / 2;
            (answersAt(mid) ? good : bad) = mid;
        }
        return own;
    }

    // The nearest pass whose bound holds for `split`, if it answers; else the same with a note
    // that the split's own pass would not answer either, if a pass on the other side did not;
    // nothing otherwise.
    template <class Answers>
    std::optional<double> lookUp(const Key& key, int split, const Answers& answers) const {
        const std::lock_guard lock(m_mutex);
        const auto found = m_passes.find(key);
        if (found == m_passes.end()) {
            return std::nullopt;
        }
        const std::map<int, double>& passes = found->second;
        const auto after = passes.lower_bound(split);
        if (after != passes.end() && after->first == split) {
            return after->second;
        }
        std::optional<double> next;
        std::optional<double> previous;
        if (after != passes.end()) {
            next = after->second;
        }
        if (after != passes.begin()) {
            previous = std::prev(after)->second;
        }
        const std::optional<double> holds = reach(key) > 0 ? next : previous;
        const std::optional<double> better = reach(key) > 0 ? previous : next;
        if (holds && answers(*holds)) {
            return holds;
        }
        if (better && !answers(*better)) {
            return holds.value_or(key.upper ? kInf : 0.0);
        }
        return std::nullopt;
    }

    // Moves `good` to the farthest known pass that answers the way the bound reaches from it, and
    // `bad` to the nearest beyond it that does not (stays -1 if none is known).
    template <class Answers>
    void bracket(const Key& key, const Answers& answers, int& good, int& bad) const {
        const std::lock_guard lock(m_mutex);
        const auto found = m_passes.find(key);
        if (found == m_passes.end()) {
            return;
        }
        const std::map<int, double>& passes = found->second;
        const auto visit = [&](int split, double value) {
            (answers(value) ? good : bad) = split;
            return bad < 0;
        };
        if (reach(key) > 0) {
            for (auto it = passes.upper_bound(good); it != passes.end(); ++it) {
                if (!visit(it->first, it->second)) {
                    break;
                }
            }
        } else {
            for (auto it = std::make_reverse_iterator(passes.lower_bound(good));
                 it != passes.rend(); ++it) {
                if (!visit(it->first, it->second)) {
                    break;
                }
            }
        }
    }

    std::mutex& maker(const Key& key) {
        const std::lock_guard lock(m_mutex);
        auto& mutex = m_makers[key];
        if (!mutex) {
            mutex = std::make_unique<std::mutex>();
        }
        return *mutex;
    }

    std::optional<double> passAt(const Key& key, int split) const {
        const std::lock_guard lock(m_mutex);
        const auto found = m_passes.find(key);
        if (found == m_passes.end()) {
            return std::nullopt;
        }
        const auto it = found->second.find(split);
        return it == found->second.end() ? std::nullopt : std::optional<double>(it->second);
    }

    // One pass over the map tasks of a side of `split` on `nodes` nodes; remembered.
    double pass(const Key& key, int split, double stopAbove) {
        const std::vector<int> order = m_order(split, key.small, key.nodes);
        std::vector<double> afterMaps(m_workload.jobs.size(), 0.0);
        for (int j : order) {
            afterMaps[static_cast<std::size_t>(j)] = m_exact.get(j, key.nodes).reduce;
        }
        const PoolEndBounds b =
            mapPhaseBounds(m_workload, order, key.nodes, afterMaps, stopAbove, m_cancel);
        const double result = key.upper ? b.upper : b.lower;
        const std::lock_guard lock(m_mutex);
        m_passes[key][split] = result;
        return result;
    }

    const Workload& m_workload;
    StageMemo& m_exact;
    int m_splits;  // splits run from 1 to m_splits - 1
    Order m_order;
    const CancelFlag* m_cancel;
    mutable std::mutex m_mutex;
    std::map<Key, std::map<int, double>> m_passes;        // split -> the pass's bound
    std::map<Key, std::unique_ptr<std::mutex>> m_makers;  // held while a key's passes are made
};

// A set of jobs (a contiguous range of the by-map-tasks order) on a range of nodes.
struct Group {
    std::vector<int> jobs;  // workload indices, ascending (file order)
    int firstNode = 0;
    int nodes = 0;
    double end = 0.0;
};

// A simulation's progress steps (SimOptions::onSteps) at most: each task of `jobs` started and
// ended (kills aside).
long long simulationSteps(const Workload& w, const std::vector<int>& jobs) {
    long long tasks = 0;
    for (int j : jobs) {
        const Job& job = w.jobs[static_cast<std::size_t>(j)];
        tasks += job.maps() + job.reduces();
    }
    return 2 * tasks;
}

struct Candidate {
    double end = kInf;  // max of the two pools' ends
    int split = std::numeric_limits<int>::max();
    int nodes = 0;  // of the small pool
    double smallEnd = 0.0, bigEnd = 0.0;

    // The sequential search keeps the first of equal values: the earlier split wins.
    bool beats(const Candidate& o) const {
        return end < o.end || (end == o.end && split < o.split);
    }
};

// Splits one group into two pools (Algorithm 2 on the group's jobs and nodes).
class SplitSearch {
public:
    SplitSearch(const Workload& workload, StageMemo& memo, StageMemo& exact, const Group& group,
                const BalancedPoolsOptions& options, long long& simulations)
        : m_workload(workload),
          m_memo(memo),
          m_exact(exact),
          m_group(group),
          m_options(options),
          m_simulations(simulations) {
        // The group's jobs by map tasks (file order among equals): rank r holds m_byMaps[r].
        m_byMaps = m_group.jobs;
        std::stable_sort(m_byMaps.begin(), m_byMaps.end(), [&](int a, int b) {
            return workload.jobs[static_cast<std::size_t>(a)].maps() <
                   workload.jobs[static_cast<std::size_t>(b)].maps();
        });
        m_probeSteps = simulationSteps(workload, m_group.jobs);
        m_bounds = std::make_unique<SideBounds>(workload, m_byMaps);
        m_neighbours = std::make_unique<NeighbourBounds>(workload, m_byMaps);
        if (m_neighbours->enabled()) {  // the same conditions: no overheads, one arrival
            m_mapPhase = std::make_unique<MapPhasePasses>(
                workload, m_exact, static_cast<int>(m_byMaps.size()),
                [this](int split, bool small, int nodes) { return poolOrder(split, small, nodes); },
                m_options.cancel);
        }
    }

    // The probes one split point counts on the progress at most: Algorithm 2's bisection over
    // (0, nodes) makes ceil(log2(nodes)); the gallop at most twice that and a bisection after.
    static long long probeBudget(int nodes, bool gallop) {
        long long steps = 0;
        for (long long span = 1; span < nodes; span *= 2) {
            ++steps;
        }
        return gallop ? 3 * steps + 2 : steps;
    }

    // The progress steps of a search of `group` (see run()): every split point's probes, each
    // one simulation of the group's tasks.
    static long long progressSteps(const Workload& w, const Group& group, bool gallop) {
        const std::size_t jobs = group.jobs.size();
        return jobs < 2 || group.nodes < 2
                   ? 0
                   : static_cast<long long>(jobs - 1) * probeBudget(group.nodes, gallop) *
                         simulationSteps(w, group.jobs);
    }

    // Called after each batch of split points that found a better candidate.
    void onImproved(std::function<void(const Candidate&)> improved) {
        m_improved = std::move(improved);
    }

    // The best two-pool candidate; `splits` receives one entry per split point. Counts
    // progressSteps(jobs, nodes) on the progress.
    std::optional<Candidate> run(std::vector<SplitResult>* splits) {
        const int n = static_cast<int>(m_group.jobs.size());
        if (n < 2 || m_group.nodes < 2) {
            return std::nullopt;
        }
        m_johnson = clearlyBelow(m_group.end);  // model/Tolerance.h
        std::vector<SplitResult> results(static_cast<std::size_t>(n - 1));
        Candidate best;
        if (m_options.gallop) {
            int hint = 0;
            for (int split = 1; split < n; ++split) {
                throwIfCancelled(m_options.cancel);
                SplitResult& r = results[static_cast<std::size_t>(split - 1)];
                ProgressPart part = splitPart();
                const auto found = searchSplit(split, best, &hint, r, part);
                part.finish();
                if (found && found->beats(best)) {
                    best = *found;
                    improved(best);
                }
            }
        } else {
            best = searchAllSplits(n, results);
        }
        for (const SplitResult& r : results) {
            m_simulations += r.evaluations;
        }
        if (splits) {
            *splits = std::move(results);
        }
        if (best.split == std::numeric_limits<int>::max()) {
            return std::nullopt;
        }
        return best;
    }

    // Johnson's order (workload indices) of one side of a split on `nodes` nodes.
    std::vector<int> poolOrder(int split, bool small, int nodes) const {
        std::vector<int> jobs(small ? m_byMaps.begin() : m_byMaps.begin() + split,
                              small ? m_byMaps.begin() + split : m_byMaps.end());
        std::sort(jobs.begin(), jobs.end());  // file order breaks Johnson's ties
        std::vector<StageDurations> stages(jobs.size());
        std::vector<int> local(jobs.size());
        for (std::size_t i = 0; i < jobs.size(); ++i) {
            stages[i] = m_memo.get(jobs[i], nodes);
            local[i] = static_cast<int>(i);
        }
        std::vector<int> order;
        order.reserve(jobs.size());
        for (int i : johnsonOrder(stages, local)) {
            order.push_back(jobs[static_cast<std::size_t>(i)]);
        }
        return order;
    }

private:
    static constexpr int kBatch = 16;  // splits searched at once (fixed: the same work on any
                                       // number of threads, so the counts are reproducible)

    ProgressPart splitPart() const {
        return {m_options.progress, probeBudget(m_group.nodes, m_options.gallop) * m_probeSteps};
    }

    void improved(const Candidate& best) const {
        if (m_improved) {
            m_improved(best);
        }
    }

    // Algorithm 2 over every split: batches of splits, each against the best plan of the
    // batches before it. A first batch spread evenly over the splits (a plan to beat, from every
    // region), then the rest in ascending order, so that each split's probes find its smaller
    // neighbours' runs learnt (NeighbourBounds): those of the big pools, which hold most of the
    // tasks for most splits.
    Candidate searchAllSplits(int n, std::vector<SplitResult>& results) {
        std::vector<int> queue;
        std::vector<int> rest;
        const int stride = std::max(1, (n - 1) / kBatch);
        for (int split = 1; split < n; ++split) {
            const bool spread =
                (split - 1) % stride == stride / 2 && static_cast<int>(queue.size()) < kBatch;
            (spread ? queue : rest).push_back(split);
        }
        queue.insert(queue.end(), rest.begin(), rest.end());
        Candidate best;
        std::vector<std::optional<Candidate>> found(static_cast<std::size_t>(kBatch));
        for (std::size_t first = 0; first < queue.size(); first += kBatch) {
            const std::size_t count = std::min<std::size_t>(kBatch, queue.size() - first);
            const Candidate snapshot = best;
            ParallelOptions parallel;
            parallel.threads = m_options.threads;
            parallel.cancel = m_options.cancel;
            parallelFor(
                count,
                [&](std::size_t i) {
                    const int split = queue[first + i];
                    ProgressPart part = splitPart();
                    found[i] = searchSplit(split, snapshot, nullptr,
                                           results[static_cast<std::size_t>(split - 1)], part);
                    part.finish();
                },
                parallel);
            for (std::size_t i = 0; i < count; ++i) {
                if (found[i] && found[i]->beats(best)) {
                    best = *found[i];
                }
            }
            if (best.beats(snapshot)) {
                improved(best);
            }
        }
        return best;
    }

    // A probe's outcome: which pool ends first, and both ends when the candidate may matter.
    struct Probe {
        bool smallFirst = false;
        bool exact = false;  // smallEnd and bigEnd are the simulated ends
        double smallEnd = 0.0;
        double bigEnd = 0.0;
    };

    // A step of a split's search: a probe, or a bisection step taken on the bounds alone.
    struct Step {
        int small = 0;
        bool assumed = false;
        bool smallFirst = false;  // when assumed: the direction taken
    };

    // One split's bisection (or gallop). `best` is the plan to beat; the result is the split's
    // first best exact probe, if it can beat `best` (otherwise r.pruned is set).
    //
    // A probe the bounds rule out still has a direction, which says where Algorithm 2 goes next,
    // and finding it means simulating one pool to its end. When the bounds also rule out every
    // count on one side of the probe, the bisection goes to the other side without it (assumed):
    // were Algorithm 2 to go to the ruled-out side instead, it would find nothing there that
    // beats `best`, and end with what the probes before had found. So the assumptions are
    // checked, in order, only when the split's result would beat `best`; at the first one that
    // was wrong the probes after it are dropped. These choices use the bounds without
    // simulation only (SideBounds), not the neighbours' runs, which depend on the order the
    // threads ran in: the probes made, and the note's counts, are the same on any thread count.
    // Each probe is a step of `part`.
    std::optional<Candidate> searchSplit(int split, const Candidate& best, int* hint,
                                         SplitResult& r, ProgressPart& part) {
        r.split = split;
        const int nodes = m_group.nodes;
        // A probe can matter only if its value is below this (ties: see below).
        const double horizon = std::min(best.end, m_johnson);
        const auto hopeless = [&](double bound) {
            // bound >= Johnson's threshold, or the best plan's value (which an equal value from
            // a later split cannot replace; from an earlier split it could, so be strict there).
            return bound >= m_johnson || bound > best.end ||
                   (bound == best.end && split > best.split);
        };
        if (ruledOut(split, 1, nodes - 1, hopeless)) {
            r.pruned = true;
            return std::nullopt;
        }
        std::vector<Step> path;
        std::map<int, Probe> probed;
        const auto probeAt = [&](int small) -> const Probe& {
            auto it = probed.find(small);
            if (it == probed.end()) {
                it = probed.emplace(small, probe(split, small, horizon, part)).first;
                path.push_back({small});
            }
            return it->second;
        };
        int below = 0;      // highest count known "the small pool ends last" (0: none)
        int above = nodes;  // lowest count known "the small pool ends first" (nodes: none)
        bool stopped = false;
        if (hint != nullptr && *hint > 0) {
            gallop(std::clamp(*hint, 1, nodes - 1), below, above, probeAt);
        }
        while (above - below > 1) {
            // The rest of the bisection probes only counts in (below, above).
            if (ruledOut(split, below + 1, above - 1, hopeless)) {
                stopped = true;
                break;
            }
            const int mid = below + (above - below) / 2;
            if (hint == nullptr && ruledOut(split, mid, mid, hopeless)) {
                const bool lowOut = ruledOut(split, below + 1, mid - 1, hopeless);
                const bool highOut = ruledOut(split, mid + 1, above - 1, hopeless);
                if (lowOut != highOut) {
                    path.push_back({mid, true, highOut});
                    ++r.assumed;
                    (highOut ? above : below) = mid;
                    continue;
                }
            }
            (probeAt(mid).smallFirst ? above : below) = mid;
        }
        if (hint != nullptr) {
            *hint = stopped ? 0 : above;
        }
        std::optional<Candidate> own = firstBest(split, path, probed);
        if (own && own->beats(best) && checkAssumedSteps(split, horizon, path, probed, part)) {
            r.undone = true;
            own = firstBest(split, path, probed);
        }
        r.probes.clear();
        for (const Step& step : path) {
            if (!step.assumed) {
                const Probe& p = probed.at(step.small);
                r.probes.push_back({step.small, p.smallFirst, p.exact, p.smallEnd, p.bigEnd});
            }
        }
        r.evaluations = static_cast<int>(r.probes.size());
        if (own) {
            r.nodes = own->nodes;
            r.smallEnd = own->smallEnd;
            r.bigEnd = own->bigEnd;
        }
        if (own && own->beats(best) && clearlyShorter(own->end, m_group.end)) {
            r.pruned = false;
            return own;
        }
        r.pruned = true;
        return std::nullopt;
    }

    // Probes each step taken on the bounds, in order. At the first that went the other way than
    // Algorithm 2 does, the path (and its probes) after it are dropped; returns whether so.
    bool checkAssumedSteps(int split, double horizon, std::vector<Step>& path,
                           std::map<int, Probe>& probed, ProgressPart& part) {
        for (std::size_t i = 0; i < path.size(); ++i) {
            if (!path[i].assumed) {
                continue;
            }
            const Step assumed = path[i];
            const Probe& p =
                probed.emplace(assumed.small, probe(split, assumed.small, horizon, part))
                    .first->second;
            path[i] = {assumed.small};
            if (p.smallFirst != assumed.smallFirst) {
                for (std::size_t j = i + 1; j < path.size(); ++j) {
                    probed.erase(path[j].small);
                }
                path.resize(i + 1);
                return true;
            }
        }
        return false;
    }

    // The first exact probe with the least value along the path.
    static std::optional<Candidate> firstBest(int split, const std::vector<Step>& path,
                                              const std::map<int, Probe>& probed) {
        std::optional<Candidate> own;
        for (const auto& step : path) {
            const auto it = probed.find(step.small);
            if (step.assumed || it == probed.end() || !it->second.exact) {
                continue;
            }
            const Probe& p = it->second;
            const Candidate c{std::max(p.smallEnd, p.bigEnd), split, step.small, p.smallEnd,
                              p.bigEnd};
            if (!own || c.end < own->end) {
                own = c;
            }
        }
        return own;
    }

    // Whether the bounds rule out every small-pool count in [from, to] (true when empty).
    template <class Hopeless>
    bool ruledOut(int split, int from, int to, const Hopeless& hopeless) const {
        return from > to || hopeless(m_bounds->least(split, from, to, m_group.nodes));
    }

    // Ours: from the previous split's boundary, 1, 2, 4, ... nodes until the comparison flips.
    template <class ProbeAt>
    void gallop(int start, int& below, int& above, ProbeAt& probeAt) {
        const int last = m_group.nodes - 1;
        if (probeAt(start).smallFirst) {
            above = start;
            for (int step = 1; above > 1; step *= 2) {
                const int probe = std::max(1, start - step);
                if (!probeAt(probe).smallFirst) {
                    below = probe;
                    return;
                }
                above = probe;
            }
        } else {
            below = start;
            for (int step = 1; below < last; step *= 2) {
                const int probe = std::min(last, start + step);
                if (probeAt(probe).smallFirst) {
                    above = probe;
                    return;
                }
                below = probe;
            }
        }
    }

    std::unique_ptr<Simulation> startPool(int split, bool small, int nodes, ProgressPart& steps) {
        const std::vector<int> order = poolOrder(split, small, nodes);
        std::vector<PoolSetup> pools(1);
        pools[0].firstNode = m_group.firstNode;
        pools[0].nodes = nodes;
        pools[0].jobs = order;
        pools[0].policy = std::make_unique<OrderPolicy>(order);
        SimOptions options;
        options.recordTasks = false;
        options.cancel = m_options.cancel;
        options.partial = true;  // this pool's jobs and nodes only
        options.traceCommitted = m_neighbours->enabled();
        options.onSteps = [&steps](long long n) { steps.step(n); };
        return std::make_unique<Simulation>(m_workload, std::move(pools), options);
    }

    // Both pools of `split`, the small one on `small` nodes: which ends first, and both ends if
    // the larger is at most `horizon`. Each pool is simulated alone (Algorithm 2's two SIMULATE
    // calls) and only as far as that takes. Counts its simulations' steps on `part` (at most
    // every task of the group started and ended).
    Probe probe(int split, int small, double horizon, ProgressPart& part) {
        ProgressPart steps = part.take(m_probeSteps);
        auto simS = startPool(split, true, small, steps);
        auto simB = startPool(split, false, m_group.nodes - small, steps);
        const Probe p = compare(split, small, *simS, *simB, horizon);
        m_neighbours->learn(true, split, small, *simS);
        m_neighbours->learn(false, split, m_group.nodes - small, *simB);
        steps.finish();
        return p;
    }

    // probe() on the two started runs, each advanced only as far as the answer needs.
    Probe compare(int split, int small, Simulation& simS, Simulation& simB, double horizon) {
        const int nodes = m_group.nodes;
        double lowS =
            std::max(m_bounds->small(split, small), m_neighbours->bound(true, split, small));
        double lowB = std::max(m_bounds->big(split, nodes - small),
                               m_neighbours->bound(false, split, nodes - small));
        // The map phases' bounds cost a pass over the map tasks: asked only when the rest leave
        // the probe a candidate.
        if (m_mapPhase && std::max(lowS, lowB) <= horizon) {
            lowB = std::max(lowB, m_mapPhase->lower(false, split, nodes - small, horizon));
            if (lowB <= horizon) {
                lowS = std::max(lowS, m_mapPhase->lower(true, split, small, horizon));
            }
        }
        Probe p;
        // Known: each end is above `floor` (a bound, or the time the pool was run to).
        double floorS = lowS;
        double floorB = lowB;
        const auto runTo = [](Simulation& sim, double& floor, double time) {
            const bool done = sim.advance(time);
            if (!done) {
                floor = std::max(floor, time);
            }
            return done;
        };
        if (std::max(lowS, lowB) <= horizon) {
            const bool doneS = runTo(simS, floorS, horizon);
            // A small pool past the horizon leaves only the comparison (below).
            const bool doneB = doneS && runTo(simB, floorB, horizon);
            if (doneS && doneB) {
                p.exact = true;
                p.smallEnd = simS.lastEnd();
                p.bigEnd = simB.lastEnd();
                p.smallFirst = p.smallEnd < p.bigEnd;
                return p;
            }
            if (doneS) {
                p.smallFirst = true;  // the big pool ends after the horizon
                return p;
            }
        }
        // Only the comparison is left: finish the pool likely to end first, then run the other
        // up to that end.
        Simulation& first = floorS <= floorB ? simS : simB;
        Simulation& second = floorS <= floorB ? simB : simS;
        const double secondFloor = floorS <= floorB ? floorB : floorS;
        const bool smallIsFirst = &first == &simS;
        if (m_mapPhase &&
            m_mapPhase->upper(smallIsFirst, split, smallIsFirst ? small : nodes - small,
                              secondFloor) < secondFloor) {
            p.smallFirst = smallIsFirst;  // decided by the bounds alone
            return p;
        }
        first.advance(kInf);
        const double end = first.lastEnd();
        if (secondFloor <= end && second.advance(end)) {
            const double other = second.lastEnd();
            const double smallEnd = &first == &simS ? end : other;
            const double bigEnd = &first == &simS ? other : end;
            p.smallFirst = smallEnd < bigEnd;
            return p;
        }
        // The second pool ends after `end`.
        p.smallFirst = &first == &simS;
        return p;
    }

    const Workload& m_workload;
    StageMemo& m_memo;
    StageMemo& m_exact;  // the exact estimator (m_memo's when that is the search's)
    const Group& m_group;
    const BalancedPoolsOptions& m_options;
    long long& m_simulations;
    double m_johnson = kInf;  // a probe must end below this to beat plain Johnson
    std::vector<int> m_byMaps;
    std::unique_ptr<SideBounds> m_bounds;
    std::unique_ptr<NeighbourBounds> m_neighbours;
    std::unique_ptr<MapPhasePasses> m_mapPhase;  // null when it does not hold
    std::function<void(const Candidate&)> m_improved;
    long long m_probeSteps = 0;  // a probe's progress steps: simulationSteps of the group
};

// A group of the plan being built (pool order: smallest jobs first), with its Johnson order.
struct Planned {
    Group group;
    std::vector<int> order;
    bool exhausted = false;  // splitting it did not help
};

// `groups` with group `at` split at `best` into its small and its big pool.
std::vector<Planned> splitAt(std::vector<Planned> groups, std::size_t at, const SplitSearch& search,
                             const Candidate& best) {
    const Group group = groups[at].group;
    Planned small{Group{{}, group.firstNode, best.nodes, best.smallEnd},
                  search.poolOrder(best.split, true, best.nodes), false};
    Planned big{Group{{}, group.firstNode + best.nodes, group.nodes - best.nodes, best.bigEnd},
                search.poolOrder(best.split, false, group.nodes - best.nodes), false};
    for (Planned* p : {&small, &big}) {
        p->group.jobs = p->order;
        std::sort(p->group.jobs.begin(), p->group.jobs.end());
    }
    groups[at] = std::move(small);
    groups.insert(groups.begin() + static_cast<std::ptrdiff_t>(at) + 1, std::move(big));
    return groups;
}

void setPools(BalancedPoolsPlan& plan, const std::vector<Planned>& groups) {
    plan.pools.clear();
    for (const Planned& p : groups) {
        plan.pools.push_back({p.order, p.group.firstNode, p.group.nodes, p.group.end});
    }
}

// The pool that finishes last decides the makespan: the one to split (the first on ties).
std::size_t worstGroup(const std::vector<Planned>& groups) {
    std::size_t worst = 0;
    for (std::size_t g = 1; g < groups.size(); ++g) {
        if (groups[g].group.end > groups[worst].group.end) {
            worst = g;
        }
    }
    return worst;
}

}  // namespace

BalancedPoolsPlan planBalancedPools(const Workload& workload, const BalancedPoolsOptions& options) {
    refuseUnequalNodes(workload.cluster, "balanced-pools", kOnUnequalNodes);
    BalancedPoolsPlan plan;
    StageMemo memo(workload, options.estimator);
    std::optional<StageMemo> exactMemo;
    if (options.estimator != Estimator::Exact) {
        exactMemo.emplace(workload, Estimator::Exact);
    }
    StageMemo& exact = exactMemo ? *exactMemo : memo;
    const int nodes = workload.cluster.nodes;
    // Every step up front: plain Johnson, then one two-pool search per further pool, each
    // counted as the first (the largest) one; a smaller or skipped search counts its rest.
    const int searches = std::max(2, options.maxPools) - 1;
    std::vector<int> all = fileOrder(workload);
    const long long searchSteps =
        SplitSearch::progressSteps(workload, Group{all, 0, nodes, 0.0}, options.gallop);
    const long long johnsonSteps = simulationSteps(workload, all);
    addProgressTotal(options.progress, johnsonSteps + searches * searchSteps);

    // Plain Johnson on the whole cluster: the plan to beat.
    std::vector<StageDurations> full;
    for (int j : all) {
        full.push_back(memo.get(j, nodes));
    }
    const std::vector<int> johnson = johnsonOrder(full, all);
    if (options.onJohnsonOrder) {
        options.onJohnsonOrder(johnson);
    }
    ProgressPart johnsonPart(options.progress, johnsonSteps);
    SimOptions quiet;
    quiet.recordTasks = false;
    quiet.cancel = options.cancel;
    quiet.onSteps = [&](long long n) { johnsonPart.step(n); };
    plan.johnsonEnd = simulateOrder(workload, johnson, quiet).pools[0].makespan;
    ++plan.simulations;
    johnsonPart.finish();

    std::vector<Planned> groups{{Group{all, 0, nodes, plan.johnsonEnd}, johnson, false}};
    const auto report = [&](const std::vector<Planned>& best) {
        if (options.onBetterPlan) {
            BalancedPoolsPlan shown;
            shown.johnsonEnd = plan.johnsonEnd;
            setPools(shown, best);
            options.onBetterPlan(shown);
        }
    };
    report(groups);
    int searched = 0;
    while (static_cast<int>(groups.size()) < std::max(2, options.maxPools)) {
        const std::size_t worst = worstGroup(groups);
        if (groups[worst].exhausted) {
            break;
        }
        const Group group = groups[worst].group;
        SplitSearch search(workload, memo, exact, group, options, plan.simulations);
        ++searched;
        addProgressDone(options.progress,
                        searchSteps - SplitSearch::progressSteps(workload, group, options.gallop));
        search.onImproved([&](const Candidate& c) { report(splitAt(groups, worst, search, c)); });
        const auto best = search.run(groups.size() == 1 ? &plan.splits : nullptr);
        if (!best || !clearlyShorter(best->end, group.end)) {
            groups[worst].exhausted = true;
            break;
        }
        groups = splitAt(std::move(groups), worst, search, *best);
    }
    addProgressDone(options.progress, (searches - searched) * searchSteps);
    setPools(plan, groups);
    return plan;
}

namespace {

// Shows a search's best plans so far on a thread of its own, so that the search never waits for
// a plan's simulation or for what the caller does with it (the explorer builds a chart: seconds
// on a day's batch, during which the progress would stand still). Only the latest plan offered
// is kept: one the search outran by the time the thread is free is skipped. Destroying it drops
// what is still waiting (the exact answer replaces it) and waits for the plan being shown.
class BestSoFarShower {
public:
    using Show = std::function<void(const BalancedPoolsPlan& plan, const CancelFlag* stop)>;

    explicit BestSoFarShower(Show show) : m_show(std::move(show)), m_thread([this] { loop(); }) {}
    BestSoFarShower(const BestSoFarShower&) = delete;
    BestSoFarShower& operator=(const BestSoFarShower&) = delete;
    ~BestSoFarShower() {
        {
            const std::lock_guard lock(m_mutex);
            m_waiting.reset();
            mr::cancel(m_stop);
        }
        m_wake.notify_one();
        m_thread.join();
    }

    void offer(BalancedPoolsPlan plan) {
        {
            const std::lock_guard lock(m_mutex);
            m_waiting = std::move(plan);
        }
        m_wake.notify_one();
    }

private:
    void loop() {
        for (;;) {
            std::unique_lock lock(m_mutex);
            m_wake.wait(lock, [this] { return m_waiting || m_stop.load(); });
            if (m_stop.load()) {
                return;
            }
            const BalancedPoolsPlan plan = std::move(*m_waiting);
            m_waiting.reset();
            lock.unlock();
            try {
                m_show(plan, &m_stop);
            } catch (...) {
                // Stopped, or cancelled with the run; any other failure the run's own
                // simulation of its answer reports.
                return;
            }
        }
    }

    Show m_show;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::optional<BalancedPoolsPlan> m_waiting;
    CancelFlag m_stop{false};
    std::thread m_thread;  // last: starts once the members it uses exist
};

class BalancedPoolsAlgorithm : public Algorithm {
public:
    BalancedPoolsAlgorithm()
        : Algorithm({.id = "balanced-pools",
                     .name = "BalancedPools",
                     .description = "two pools of small and big jobs, balanced by simulation",
                     .source = "[Verma12] §III-C, Alg. 2",
                     .options = {"estimator", "pools", "threads"},
                     .interactive = false,
                     .byDefault = true,
                     .showsBestSoFar = true,
                     .lesson = "balanced-pools",
                     .memory = {.searchesPoolSizes = true},
                     .unequalNodes = kOnUnequalNodes}) {}

    RunResult run(const Workload& workload, const RunOptions& options) const override {
        if (options.pools < 2) {
            throw InputError("", "", "pools", "balanced-pools needs at least 2 pools");
        }
        BalancedPoolsOptions search;
        search.estimator = options.estimator;
        search.maxPools = options.pools;
        search.threads = options.threads;  // the run's bound (a sweep's points run on one each)
        search.cancel = options.cancel;
        search.progress = options.progress;
        std::optional<BestSoFarShower> shower;
        if (options.incumbent) {
            shower.emplace([&](const BalancedPoolsPlan& best, const CancelFlag* stop) {
                RunOptions quiet = options;  // stopped with the search (which a cancel stops)
                quiet.cancel = stop;
                quiet.progress = nullptr;
                RunResult shown = resultOf(workload, best, quiet);
                shown.notes = {"the best plan found so far; the search goes on"};
                options.incumbent(std::make_shared<const RunResult>(std::move(shown)));
            });
            // Plain Johnson, the first plan shown, is simulated as soon as its order is known;
            // the search's own report of it (with its end) then shows nothing new.
            search.onJohnsonOrder = [&shower, &workload](const std::vector<int>& johnson) {
                BalancedPoolsPlan plain;
                plain.pools.push_back({johnson, 0, workload.cluster.nodes, 0.0});
                shower->offer(std::move(plain));
            };
            search.onBetterPlan = [&shower, first = true](const BalancedPoolsPlan& best) mutable {
                if (!std::exchange(first, false)) {
                    shower->offer(best);
                }
            };
        }
        // The plan's own simulation (below) counts its steps after the search's.
        const long long finalSteps = simulationSteps(workload, fileOrder(workload));
        addProgressTotal(options.progress, finalSteps);
        const BalancedPoolsPlan plan = planBalancedPools(workload, search);
        shower.reset();  // the answer replaces a plan still waiting to be shown
        ProgressPart steps(options.progress, finalSteps);
        RunResult result = resultOf(workload, plan, options, &steps);
        result.notes = notes(plan);
        steps.finish();
        return result;
    }

private:
    // The plan's pools simulated (each on its nodes, in its Johnson order), counting the
    // simulation's steps on `steps` if given.
    RunResult resultOf(const Workload& workload, const BalancedPoolsPlan& plan,
                       const RunOptions& options, ProgressPart* steps = nullptr) const {
        const Cluster& c = workload.cluster;
        RunResult result;
        result.algorithm = id();
        result.stages.resize(workload.jobs.size());
        std::vector<PoolSetup> setups;
        double model = 0.0;
        for (std::size_t p = 0; p < plan.pools.size(); ++p) {
            const PoolPlan& pool = plan.pools[p];
            for (int j : pool.jobs) {
                result.stages[static_cast<std::size_t>(j)] = stageDurations(
                    workload.jobs[static_cast<std::size_t>(j)], pool.nodes * c.mapSlotsPerNode,
                    pool.nodes * c.reduceSlotsPerNode, options.estimator);
                result.order.push_back(j);
            }
            model = std::max(model, twoStageMakespan(result.stages, pool.jobs));
            PoolSetup setup;
            setup.name = plan.pools.size() == 1 ? "all" : "pool" + std::to_string(p + 1);
            setup.firstNode = pool.firstNode;
            setup.nodes = pool.nodes;
            setup.jobs = pool.jobs;
            setup.policy = std::make_unique<OrderPolicy>(pool.jobs);
            setups.push_back(std::move(setup));
        }
        std::function<void(long long)> onSteps;
        if (steps != nullptr) {
            onSteps = [steps](long long n) { steps->step(n); };
        }
        simulateRun(result, workload, std::move(setups), options,
                    makeLocalityModel(workload, options, false), false, std::move(onSteps));
        if (twoStageModelApplies(workload)) {
            result.modelMakespan = model;
        }
        return result;
    }

    static std::vector<std::string> notes(const BalancedPoolsPlan& plan) {
        std::vector<std::string> out;
        const auto pruned = std::count_if(plan.splits.begin(), plan.splits.end(),
                                          [](const SplitResult& s) { return s.pruned; });
        const std::string searched =
            std::to_string(plan.splits.size()) + " split points, " + std::to_string(pruned) +
            " of them ruled out before the end of their search; " +
            std::to_string(plan.simulations) + " simulations (pools stopped once decided)";
        if (plan.pools.size() == 1) {
            out.push_back("no split beat plain Johnson (" + formatTime(plan.johnsonEnd) +
                          "): one pool over the whole cluster (" + searched + ")");
            return out;
        }
        out.push_back("jobs sorted by map tasks, pool1 holds the smallest; plain Johnson ends at " +
                      formatTime(plan.johnsonEnd) + " (" + searched + ")");
        return out;
    }
};

}  // namespace

std::unique_ptr<Algorithm> makeBalancedPools() {
    return std::make_unique<BalancedPoolsAlgorithm>();
}

}  // namespace mr
