// The engine's invariants on seeded random workloads (at least 200), for every order
// algorithm; the checker itself is shown to catch violations.
#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <numeric>
#include <tuple>

#include "model/SeededRandom.h"
#include "perf/TwoStage.h"
#include "schedulers/Registry.h"
#include "sim/OrderPolicy.h"
#include "sim/ScheduleCheck.h"
#include "sim/Simulator.h"
#include "support/TestSupport.h"

namespace mr {
namespace {

constexpr int kWorkloads = 250;

TEST(SimulatorInvariants, HoldOnRandomWorkloadsForEveryOrderAlgorithm) {
    for (std::uint64_t seed = 1; seed <= kWorkloads; ++seed) {
        const Workload w = test::randomWorkload(
            seed, {.maxJobs = 12, .maxMaps = 25, .maxReduces = 10, .arrivals = seed % 2 == 0});
        for (const char* id : {"fifo", "johnson", "reverse-johnson", "random"}) {
            SCOPED_TRACE("seed " + std::to_string(seed) + ", " + id);
            RunOptions options;
            options.seed = seed;
            const RunResult r = runAlgorithm(w, id, options);
            const auto problems = checkSchedule(w, r.sim);
            EXPECT_TRUE(problems.empty()) << problems.front();
            EXPECT_EQ(taskCount(r.sim.tasks), w.taskCount());
            // Jobs start in policy order when all arrive at once (FIFO by that order).
            if (!w.hasArrivals()) {
                for (std::size_t i = 1; i < r.order.size(); ++i) {
                    EXPECT_LE(r.sim.jobs[static_cast<std::size_t>(r.order[i - 1])].start,
                              r.sim.jobs[static_cast<std::size_t>(r.order[i])].start);
                }
            }
        }
    }
}

TEST(SimulatorInvariants, OneWaveJobsThatFillAllSlotsMatchTheTwoStageFormula) {
    SeededRandom rng(9);
    for (int trial = 0; trial < 200; ++trial) {
        SCOPED_TRACE(trial);
        Workload w;
        w.cluster = {1 + static_cast<int>(rng.next() % 8), 1 + static_cast<int>(rng.next() % 2),
                     1 + static_cast<int>(rng.next() % 2)};
        const int n = 1 + static_cast<int>(rng.next() % 9);
        for (int j = 0; j < n; ++j) {
            const double m = 1 + static_cast<double>(rng.next() % 20);
            const double r = static_cast<double>(rng.next() % 20);  // 0: no reduce stage work
            w.jobs.push_back(Job::uniform("J" + std::to_string(j), w.cluster.mapSlots(), m,
                                          w.cluster.reduceSlots(), r));
        }
        std::vector<int> order(static_cast<std::size_t>(n));
        std::iota(order.begin(), order.end(), 0);
        rng.shuffle(order);
        const auto stages = allStageDurations(w, w.cluster.mapSlots(), w.cluster.reduceSlots());
        EXPECT_DOUBLE_EQ(simulateOrder(w, order).makespan, twoStageMakespan(stages, order));
    }
}

// BalancedPools' neighbour bounds rest on this: under an order policy, a batch run
// without some jobs is the full run up to the first start of any of them, so it ends no earlier
// than the latest end among the tasks the full run had started before then.
TEST(SimulatorInvariants, ARunWithoutUnstartedJobsIsTheSameUntilTheyStart) {
    int compared = 0;
    for (std::uint64_t seed = 1; seed <= 200; ++seed) {
        const Workload w = test::randomWorkload(seed, {.minJobs = 3,
                                                       .maxJobs = 12,
                                                       .maxMaps = 25,
                                                       .maxReduces = 10,
                                                       .maxNodes = 8,
                                                       .maxSlotsPerNode = 3,
                                                       .integerDurations = seed % 3 == 0});
        SeededRandom random(seed);
        std::vector<int> order(static_cast<std::size_t>(w.jobCount()));
        std::iota(order.begin(), order.end(), 0);
        random.shuffle(order);
        const auto start = [&](const std::vector<int>& jobs) {
            std::vector<PoolSetup> pools(1);
            pools[0].nodes = w.cluster.nodes;
            pools[0].jobs = jobs;
            pools[0].policy = std::make_unique<OrderPolicy>(jobs);
            SimOptions options;
            options.partial = true;
            options.traceCommitted = true;
            return std::make_unique<Simulation>(w, std::move(pools), options);
        };
        auto full = start(order);
        SimResult fullResult = full->result();
        // Leave out 1 to 3 jobs of the order (any place in it).
        const std::size_t out = 1 + static_cast<std::size_t>(seed % 3);
        std::vector<int> kept = order;
        std::vector<int> gone;
        for (std::size_t k = 0; k < out && kept.size() > 1; ++k) {
            const auto at = static_cast<std::ptrdiff_t>(
                random.uniformInt(0, static_cast<int>(kept.size()) - 1));
            gone.push_back(kept[static_cast<std::size_t>(at)]);
            kept.erase(kept.begin() + at);
        }
        double firstStart = std::numeric_limits<double>::infinity();
        for (int j : gone) {
            ASSERT_GE(full->firstStart(j), 0.0);
            firstStart = std::min(firstStart, full->firstStart(j));
        }
        const double bound = full->committedEndBefore(firstStart);
        auto smaller = start(kept);
        const SimResult smallerResult = smaller->result();
        SCOPED_TRACE("seed " + std::to_string(seed));
        EXPECT_GE(smaller->lastEnd(), bound);
        // Every task that started before then ran the same way in both runs.
        const auto before = [&](const SimResult& r) {
            std::vector<std::tuple<int, int, int, int, double, double>> out;
            for (const TaskRecord& t : expandWaves(r.tasks)) {
                if (t.start < firstStart) {
                    out.emplace_back(t.job, static_cast<int>(t.kind), t.task, t.slot, t.start,
                                     t.end);
                }
            }
            std::sort(out.begin(), out.end());
            return out;
        };
        const auto fullBefore = before(fullResult);
        EXPECT_EQ(before(smallerResult), fullBefore);
        double latest = 0.0;
        for (const auto& t : fullBefore) {
            latest = std::max(latest, std::get<5>(t));
        }
        EXPECT_EQ(bound, latest);
        compared += fullBefore.empty() ? 0 : 1;
    }
    EXPECT_GT(compared, 100);  // most cases share a real prefix
}

TEST(SimulatorInvariants, CheckerCatchesBrokenSchedules) {
    const Workload w = test::figure4(1);
    SimResult good = simulateOrder(w, {1, 4, 0, 3, 2});
    ASSERT_TRUE(checkSchedule(w, good).empty());
    good.tasks = expandWaves(good.tasks);  // one record per task, to break them one by one
    ASSERT_TRUE(checkSchedule(w, good).empty());

    SimResult overlap = good;  // a task moved onto a busy slot
    overlap.tasks.memory()[1].slot = overlap.tasks[0].slot;
    overlap.tasks.memory()[1].kind = overlap.tasks[0].kind;
    EXPECT_FALSE(checkSchedule(w, overlap).empty());

    SimResult twice = good;  // a task recorded twice
    twice.tasks.push_back(twice.tasks.back());
    EXPECT_FALSE(checkSchedule(w, twice).empty());

    SimResult early = good;  // a reduce task before its job's maps end
    for (auto& t : early.tasks.memory()) {
        if (t.kind == TaskKind::Reduce && t.job == 2) {
            t.start -= 10;  // same duration, ten seconds early
            t.end -= 10;
            break;
        }
    }
    EXPECT_FALSE(checkSchedule(w, early).empty());

    SimResult fast = good;  // a makespan below the work bound
    fast.makespan = 10;
    EXPECT_FALSE(checkSchedule(w, fast).empty());
}

}  // namespace
}  // namespace mr
