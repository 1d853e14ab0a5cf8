#include "schedulers/BalancedPools.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <memory>
#include <optional>

#include "io/ResultFormat.h"
#include "model/InputError.h"
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

// Equal up to the simulator's notion of "the same instant": a split must really beat Johnson.
bool clearlyLess(double a, double b) {
    return a < b - 1e-9 * std::max(1.0, std::fabs(b));
}

// (m_i, r_i) of a job on a number of nodes, computed once per (job, nodes): the exact estimator
// on per-task arrays is the expensive part of the search, and every split asks again.
class StageMemo {
public:
    StageMemo(const Workload& w, Estimator estimator)
        : m_workload(w),
          m_estimator(estimator),
          m_rows(static_cast<std::size_t>(w.cluster.nodes) + 1) {}

    const StageDurations& get(int job, int nodes) {
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
};

// Lower bounds on a pool's end that need no simulation: its map work over its map slots; its
// reduce work over its reduce slots, after the earliest time any of its jobs can finish its maps;
// every job's arrival + longest map + longest reduce task. Prefix and suffix sums over the
// by-map-tasks order give both pools of any split in O(1).
class SplitBounds {
public:
    SplitBounds(const Workload& w, const std::vector<int>& byMaps) : m_cluster(w.cluster) {
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

    // The least, over the small pool's node counts, of the larger of the two pools' bounds.
    double splitBound(int split) const {
        const Stats& small = m_prefix[static_cast<std::size_t>(split)];
        const Stats& big = m_suffix[static_cast<std::size_t>(split)];
        const int nodes = m_cluster.nodes;
        // The small pool's bound falls and the big pool's rises with the small pool's nodes:
        // bisect for the first count where the small pool's is no larger.
        int low = 1;
        int high = nodes - 1;
        while (low < high) {
            const int mid = low + (high - low) / 2;
            if (bound(small, mid) <= bound(big, nodes - mid)) {
                high = mid;
            } else {
                low = mid + 1;
            }
        }
        double result = std::max(bound(small, low), bound(big, nodes - low));
        if (low > 1) {
            result = std::min(result, std::max(bound(small, low - 1), bound(big, nodes - low + 1)));
        }
        return result;
    }

private:
    struct Stats {
        double mapWork = 0.0, reduceWork = 0.0;
        double chain = 0.0;  // max over jobs of arrival + longest map + longest reduce task
        double firstMapsDone = std::numeric_limits<double>::infinity();  // jobs with reduces
    };

    static Stats stats(const Job& job) {
        Stats s;
        s.mapWork = job.totalWork(TaskKind::Map);
        s.reduceWork = job.totalWork(TaskKind::Reduce);
        s.chain = job.arrival + job.maxDuration(TaskKind::Map) + job.maxDuration(TaskKind::Reduce);
        if (job.reduces() > 0) {
            s.firstMapsDone = job.arrival + job.maxDuration(TaskKind::Map);
        }
        return s;
    }

    static Stats merge(const Stats& a, const Stats& b) {
        return {a.mapWork + b.mapWork, a.reduceWork + b.reduceWork, std::max(a.chain, b.chain),
                std::min(a.firstMapsDone, b.firstMapsDone)};
    }

    double bound(const Stats& s, int nodes) const {
        double b = std::max(s.chain, s.mapWork / (nodes * m_cluster.mapSlotsPerNode));
        if (s.reduceWork > 0.0) {
            b = std::max(b,
                         s.firstMapsDone + s.reduceWork / (nodes * m_cluster.reduceSlotsPerNode));
        }
        return b;
    }

    Cluster m_cluster;
    std::vector<Stats> m_prefix;  // [k]: the jobs of rank < k
    std::vector<Stats> m_suffix;  // [k]: the jobs of rank >= k
};

// A set of jobs (a contiguous range of the by-map-tasks order) on a range of nodes.
struct Group {
    std::vector<int> jobs;  // workload indices, ascending (file order)
    int firstNode = 0;
    int nodes = 0;
    double end = 0.0;
};

struct Candidate {
    double end = 0.0;  // max of the two pools' ends
    int split = 0;
    int nodes = 0;  // of the small pool
    double smallEnd = 0.0, bigEnd = 0.0;
};

// Splits one group into two pools (Algorithm 2 on the group's jobs and nodes).
class SplitSearch {
public:
    SplitSearch(const Workload& workload, StageMemo& memo, const Group& group, bool warmStart,
                long long& simulations, const CancelFlag* cancel)
        : m_memo(memo),
          m_group(group),
          m_warmStart(warmStart),
          m_simulations(simulations),
          m_cancel(cancel) {
        const bool whole = static_cast<int>(group.jobs.size()) == workload.jobCount();
        if (!whole) {
            auto sub = std::make_unique<Workload>();
            sub->cluster = workload.cluster;
            sub->cluster.nodes = group.nodes;
            for (int j : group.jobs) {
                sub->jobs.push_back(workload.jobs[static_cast<std::size_t>(j)]);
            }
            m_owned = std::move(sub);
        }
        m_local = whole ? &workload : m_owned.get();
        // Rank of each local job in the by-map-tasks order: the small pool of split k holds the
        // jobs of rank < k.
        const auto byMaps = jobsByMapTasks(*m_local);
        m_rank.resize(byMaps.size());
        for (std::size_t r = 0; r < byMaps.size(); ++r) {
            m_rank[static_cast<std::size_t>(byMaps[r])] = static_cast<int>(r);
        }
        m_bounds = std::make_unique<SplitBounds>(*m_local, byMaps);
    }

    // The best two-pool candidate; `splits` receives one entry per split point.
    std::optional<Candidate> run(std::vector<SplitResult>* splits) {
        const int n = static_cast<int>(m_group.jobs.size());
        const int nodes = m_group.nodes;
        std::optional<Candidate> best;
        if (n < 2 || nodes < 2) {
            return best;
        }
        int hint = 0;  // 0: bisect the whole range (the first split)
        for (int split = 1; split < n; ++split) {
            // Exact pruning: ties never replace the best so far, and Johnson must be beaten.
            const double toBeat = best ? std::min(best->end, m_group.end) : m_group.end;
            if (m_bounds->splitBound(split) >= toBeat) {
                if (splits) {
                    SplitResult pruned;
                    pruned.split = split;
                    pruned.pruned = true;
                    splits->push_back(pruned);
                }
                continue;
            }
            m_evaluated.clear();
            m_probes.clear();
            hint = searchBoundary(split, m_warmStart ? hint : 0);
            std::optional<Candidate> own;
            for (const auto& [small, ends] : m_evaluated) {
                const Candidate c{std::max(ends.first, ends.second), split, small, ends.first,
                                  ends.second};
                if (!own || c.end < own->end) {
                    own = c;
                }
            }
            if (splits) {
                splits->push_back({split, own->nodes, own->smallEnd, own->bigEnd,
                                   static_cast<int>(m_evaluated.size()), false, m_probes});
            }
            if (!best || own->end < best->end) {
                best = own;
            }
        }
        return best;
    }

    // Johnson's order (workload indices) of one side of a split on `nodes` nodes.
    std::vector<int> poolOrder(int split, bool small, int nodes) const {
        std::vector<int> local;
        for (std::size_t i = 0; i < m_rank.size(); ++i) {
            if ((m_rank[i] < split) == small) {
                local.push_back(static_cast<int>(i));
            }
        }
        std::vector<StageDurations> stages(m_rank.size());
        for (int i : local) {
            stages[static_cast<std::size_t>(i)] =
                m_memo.get(m_group.jobs[static_cast<std::size_t>(i)], nodes);
        }
        std::vector<int> order;
        for (int i : johnsonOrder(stages, local)) {
            order.push_back(m_group.jobs[static_cast<std::size_t>(i)]);
        }
        return order;
    }

private:
    // Both pools of `split` simulated side by side, the small pool on `small` nodes: their ends.
    std::pair<double, double> evaluate(int split, int small) {
        const auto found = m_evaluated.find(small);
        if (found != m_evaluated.end()) {
            return found->second;
        }
        std::vector<PoolSetup> pools(2);
        for (int p = 0; p < 2; ++p) {
            const bool isSmall = p == 0;
            const int nodes = isSmall ? small : m_group.nodes - small;
            std::vector<int> order;
            for (int j : poolOrder(split, isSmall, nodes)) {
                order.push_back(localIndex(j));
            }
            pools[static_cast<std::size_t>(p)].firstNode = isSmall ? 0 : small;
            pools[static_cast<std::size_t>(p)].nodes = nodes;
            pools[static_cast<std::size_t>(p)].jobs = order;
            pools[static_cast<std::size_t>(p)].policy = std::make_unique<OrderPolicy>(order);
        }
        SimOptions quiet;
        quiet.recordTasks = false;
        quiet.cancel = m_cancel;
        throwIfCancelled(m_cancel);
        const SimResult r = simulate(*m_local, std::move(pools), quiet);
        ++m_simulations;
        const std::pair<double, double> ends{r.pools[0].makespan, r.pools[1].makespan};
        m_evaluated.emplace(small, ends);
        m_probes.push_back({small, ends.first, ends.second});
        return ends;
    }

    int localIndex(int job) const {
        const auto it = std::lower_bound(m_group.jobs.begin(), m_group.jobs.end(), job);
        return static_cast<int>(it - m_group.jobs.begin());
    }

    // "The small pool finishes first": it has more nodes than it needs.
    bool smallFinishesFirst(int split, int small) {
        const auto [smallEnd, bigEnd] = evaluate(split, small);
        return smallEnd < bigEnd;
    }

    // Finds the boundary between node counts where the small pool finishes last (below) and
    // first (at and above), evaluating both sides of it. Returns the lowest "first" count
    // (nodes if there is none), the next split's starting point.
    int searchBoundary(int split, int hint) {
        const int last = m_group.nodes - 1;  // the big pool keeps at least one node
        int below = 0;                       // highest count known "finishes last" (0: none)
        int above = m_group.nodes;           // lowest count known "finishes first" (nodes: none)
        if (hint > 0) {
            const int start = std::clamp(hint, 1, last);
            if (smallFinishesFirst(split, start)) {
                above = start;
                for (int step = 1; above > 1; step *= 2) {
                    const int probe = std::max(1, start - step);
                    if (!smallFinishesFirst(split, probe)) {
                        below = probe;
                        break;
                    }
                    above = probe;
                }
            } else {
                below = start;
                for (int step = 1; below < last; step *= 2) {
                    const int probe = std::min(last, start + step);
                    if (smallFinishesFirst(split, probe)) {
                        above = probe;
                        break;
                    }
                    below = probe;
                }
            }
        }
        while (above - below > 1) {
            const int mid = below + (above - below) / 2;
            (smallFinishesFirst(split, mid) ? above : below) = mid;
        }
        return above;
    }

    StageMemo& m_memo;
    const Group& m_group;
    bool m_warmStart;
    long long& m_simulations;
    const CancelFlag* m_cancel;
    std::unique_ptr<Workload> m_owned;
    const Workload* m_local = nullptr;
    std::vector<int> m_rank;
    std::unique_ptr<SplitBounds> m_bounds;
    std::map<int, std::pair<double, double>> m_evaluated;  // small pool's nodes -> both ends
    std::vector<PoolProbe> m_probes;                       // the same, in evaluation order
};

}  // namespace

BalancedPoolsPlan planBalancedPools(const Workload& workload, const BalancedPoolsOptions& options) {
    BalancedPoolsPlan plan;
    StageMemo memo(workload, options.estimator);
    const int nodes = workload.cluster.nodes;

    // Plain Johnson on the whole cluster: the plan to beat.
    std::vector<int> all = fileOrder(workload);
    std::vector<StageDurations> full;
    for (int j : all) {
        full.push_back(memo.get(j, nodes));
    }
    const std::vector<int> johnson = johnsonOrder(full, all);
    SimOptions quiet;
    quiet.recordTasks = false;
    quiet.cancel = options.cancel;
    plan.johnsonEnd = simulateOrder(workload, johnson, quiet).pools[0].makespan;
    ++plan.simulations;

    // Groups in pool order (smallest jobs first), each with its Johnson order and end.
    struct Planned {
        Group group;
        std::vector<int> order;
        bool exhausted = false;  // splitting it did not help
    };
    std::vector<Planned> groups{{Group{all, 0, nodes, plan.johnsonEnd}, johnson, false}};
    while (static_cast<int>(groups.size()) < std::max(2, options.maxPools)) {
        // The pool that finishes last decides the makespan: split it (first one on ties).
        std::size_t worst = 0;
        for (std::size_t g = 1; g < groups.size(); ++g) {
            if (groups[g].group.end > groups[worst].group.end) {
                worst = g;
            }
        }
        if (groups[worst].exhausted) {
            break;
        }
        const Group group = groups[worst].group;
        SplitSearch search(workload, memo, group, options.warmStart, plan.simulations,
                           options.cancel);
        const auto best = search.run(groups.size() == 1 ? &plan.splits : nullptr);
        if (!best || !clearlyLess(best->end, group.end)) {
            groups[worst].exhausted = true;
            break;
        }
        Planned small{Group{{}, group.firstNode, best->nodes, best->smallEnd},
                      search.poolOrder(best->split, true, best->nodes), false};
        Planned big{
            Group{{}, group.firstNode + best->nodes, group.nodes - best->nodes, best->bigEnd},
            search.poolOrder(best->split, false, group.nodes - best->nodes), false};
        for (Planned* p : {&small, &big}) {
            p->group.jobs = p->order;
            std::sort(p->group.jobs.begin(), p->group.jobs.end());
        }
        groups[worst] = std::move(small);
        groups.insert(groups.begin() + static_cast<std::ptrdiff_t>(worst) + 1, std::move(big));
    }
    for (const Planned& p : groups) {
        plan.pools.push_back({p.order, p.group.firstNode, p.group.nodes, p.group.end});
    }
    return plan;
}

namespace {

class BalancedPoolsAlgorithm : public Algorithm {
public:
    std::string id() const override { return "balanced-pools"; }
    std::string summary() const override {
        return "two pools of small and big jobs, balanced by simulation (seed 000 Alg. 2)";
    }

    RunResult run(const Workload& workload, const RunOptions& options) const override {
        if (options.pools < 2) {
            throw InputError("", "", "pools", "balanced-pools needs at least 2 pools");
        }
        BalancedPoolsOptions search;
        search.estimator = options.estimator;
        search.maxPools = options.pools;
        search.cancel = options.cancel;
        const BalancedPoolsPlan plan = planBalancedPools(workload, search);
        const Cluster& c = workload.cluster;
        RunResult result;
        result.algorithm = id();
        result.stages.resize(workload.jobs.size());
        std::vector<PoolSetup> setups;
        std::optional<std::vector<double>> arrivals;
        if (workload.hasArrivals()) {
            arrivals.emplace();
            for (const auto& job : workload.jobs) {
                arrivals->push_back(job.arrival);
            }
        }
        double model = 0.0;
        for (std::size_t p = 0; p < plan.pools.size(); ++p) {
            const PoolPlan& pool = plan.pools[p];
            for (int j : pool.jobs) {
                result.stages[static_cast<std::size_t>(j)] = stageDurations(
                    workload.jobs[static_cast<std::size_t>(j)], pool.nodes * c.mapSlotsPerNode,
                    pool.nodes * c.reduceSlotsPerNode, options.estimator);
                result.order.push_back(j);
            }
            model = std::max(
                model, twoStageMakespan(result.stages, pool.jobs, arrivals ? &*arrivals : nullptr));
            PoolSetup setup;
            setup.name = plan.pools.size() == 1 ? "all" : "pool" + std::to_string(p + 1);
            setup.firstNode = pool.firstNode;
            setup.nodes = pool.nodes;
            setup.jobs = pool.jobs;
            setup.policy = std::make_unique<OrderPolicy>(pool.jobs);
            setups.push_back(std::move(setup));
        }
        simulateRun(result, workload, std::move(setups), options,
                    makeLocalityModel(workload, options, false));
        result.modelMakespan = model;
        result.notes = notes(plan);
        return result;
    }

private:
    static std::vector<std::string> notes(const BalancedPoolsPlan& plan) {
        std::vector<std::string> out;
        const auto pruned = std::count_if(plan.splits.begin(), plan.splits.end(),
                                          [](const SplitResult& s) { return s.pruned; });
        const std::string searched = std::to_string(plan.splits.size()) + " split points (" +
                                     std::to_string(pruned) + " ruled out by a bound), " +
                                     std::to_string(plan.simulations) + " simulations";
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
