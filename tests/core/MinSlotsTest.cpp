// The inverse performance model ([Verma12b] §II, [Rao12] Eq. 10): the Lagrange closed form, the
// integer pair against brute force, and the ARIA completion form against the forward estimator.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "model/SeededRandom.h"
#include "model/Tolerance.h"
#include "perf/MinSlots.h"

namespace mr {
namespace {

TEST(MinSlots, LagrangeOptimumIsRao12Equation10) {
    const CompletionForm form{400.0, 100.0, 10.0};  // A=400, B=100, C=10
    const SlotQuota q = minimalSlots(form, 40.0, 1000, 1000);
    // n_m = √A(√A+√B)/(D−C) = 20·30/30 = 20; n_r = √B(√A+√B)/(D−C) = 10·30/30 = 10.
    EXPECT_DOUBLE_EQ(q.lagrangeMap, 20.0);
    EXPECT_DOUBLE_EQ(q.lagrangeReduce, 10.0);
    ASSERT_TRUE(q.feasible);
    EXPECT_EQ(q.mapSlots, 20);
    EXPECT_EQ(q.reduceSlots, 10);
    EXPECT_DOUBLE_EQ(q.predicted, 40.0);  // exactly on the deadline
}

TEST(MinSlots, IntegerPairIsTheBruteForceMinimumAndMeetsTheDeadline) {
    SeededRandom rng(42);
    auto real = [&](double lo, double hi) { return rng.uniform(lo, hi); };
    int feasibleCases = 0;
    for (int trial = 0; trial < 3000; ++trial) {
        SCOPED_TRACE(trial);
        const CompletionForm form{real(0, 500), real(0, 300), real(0, 20)};
        const int maxMap = 1 + static_cast<int>(rng.next() % 40);
        const int maxReduce = static_cast<int>(rng.next() % 30);  // 0: a job without reduce tasks
        const double deadline = real(1, 150);
        const SlotQuota q = minimalSlots(form, deadline, maxMap, maxReduce);
        // Brute force over every integer pair.
        int bestSum = -1;
        for (int x = 1; x <= maxMap; ++x) {
            for (int y = maxReduce == 0 ? 0 : 1; y <= maxReduce; ++y) {
                const double t = form.a / x + (maxReduce == 0 ? 0.0 : form.b / y) + form.c;
                if (t <= deadline * (1 + 1e-12) && (bestSum < 0 || x + y < bestSum)) {
                    bestSum = x + y;
                }
            }
        }
        EXPECT_EQ(q.feasible, bestSum >= 0);
        if (bestSum < 0) {
            EXPECT_EQ(q.mapSlots, maxMap);
            EXPECT_EQ(q.reduceSlots, maxReduce);
            continue;
        }
        ++feasibleCases;
        EXPECT_EQ(q.mapSlots + q.reduceSlots, bestSum);
        EXPECT_LE(q.predicted, deadline * (1 + 1e-12));
        EXPECT_GE(q.mapSlots, 1);
        EXPECT_LE(q.mapSlots, maxMap);
        EXPECT_LE(q.reduceSlots, maxReduce);
        // The integer optimum is never below the real one (within the caps it can only rise).
        if (q.lagrangeMap <= maxMap && q.lagrangeReduce <= maxReduce && maxReduce > 0) {
            EXPECT_GE(q.mapSlots + q.reduceSlots, q.lagrangeMap + q.lagrangeReduce - 1e-9);
        }
    }
    EXPECT_GT(feasibleCases, 500);
}

// The straightforward computation minimalSlots must equal: the whole cluster checked first, a
// plain bisection over every slot total from 2 up, and at each total every split tried (the
// first of the smallest values wins, as the convex optimum's two integers do).
SlotQuota bisectedSlots(const CompletionForm& form, double deadline, int maxMap, int maxReduce) {
    const double budget = deadline - form.c;
    const auto split = [&](long long s) {
        std::pair<int, double> best{-1, INFINITY};
        for (long long x = std::max<long long>(1, s - maxReduce);
             x <= std::min<long long>(maxMap, s - 1); ++x) {
            const double v = form.a / static_cast<double>(x) + form.b / static_cast<double>(s - x);
            if (v < best.second) {
                best = {static_cast<int>(x), v};
            }
        }
        return best;
    };
    const SlotQuota most{maxMap, maxReduce, form.predict(maxMap, maxReduce), false, 0.0, 0.0};
    if (budget <= 0.0 || !withinDuration(split(maxMap + maxReduce).second, budget)) {
        return most;
    }
    long long lo = 2;
    long long hi = maxMap + maxReduce;
    while (lo < hi) {
        const long long mid = lo + (hi - lo) / 2;
        if (withinDuration(split(mid).second, budget)) {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    const int x = split(hi).first;
    const int y = static_cast<int>(hi - x);
    return {x, y, form.predict(x, y), true, 0.0, 0.0};
}

TEST(MinSlots, EqualsThePlainBisectionBitForBit) {
    // Production-sized forms (up to 3000 slots of each kind), half of them with the deadline
    // exactly on a pair's predicted time (the boundary cases).
    const std::uint64_t seed = 20261129;
    SeededRandom rng(seed);
    int feasibleCases = 0;
    for (int trial = 0; trial < 1500; ++trial) {
        const CompletionForm form{rng.uniform(0, 2e5), rng.uniform(0, 5e4), rng.uniform(0, 300)};
        const int maxMap = 1 + static_cast<int>(rng.next() % 3000);
        const int maxReduce = 1 + static_cast<int>(rng.next() % 3000);
        // Up to 3x the time on the whole cluster (infeasible below 1x).
        double deadline = form.c + rng.uniform(0.3, 3.0) * (form.a / maxMap + form.b / maxReduce);
        if (trial % 2 == 0) {
            deadline =
                form.predict(1 + static_cast<int>(rng.next() % static_cast<unsigned>(maxMap)),
                             1 + static_cast<int>(rng.next() % static_cast<unsigned>(maxReduce)));
        }
        SCOPED_TRACE("seed " + std::to_string(seed) + ", trial " + std::to_string(trial));
        const SlotQuota fast = minimalSlots(form, deadline, maxMap, maxReduce);
        const SlotQuota plain = bisectedSlots(form, deadline, maxMap, maxReduce);
        ASSERT_EQ(fast.feasible, plain.feasible);
        ASSERT_EQ(fast.mapSlots, plain.mapSlots);
        ASSERT_EQ(fast.reduceSlots, plain.reduceSlots);
        ASSERT_EQ(fast.predicted, plain.predicted);
        feasibleCases += fast.feasible ? 1 : 0;
    }
    EXPECT_GT(feasibleCases, 300);
    EXPECT_LT(feasibleCases, 1400);
}

TEST(MinSlots, InfeasibleDeadlineReturnsTheMaximumUsefulSlots) {
    const SlotQuota q = minimalSlots({100.0, 100.0, 5.0}, 4.0, 12, 7);
    EXPECT_FALSE(q.feasible);
    EXPECT_EQ(q.mapSlots, 12);
    EXPECT_EQ(q.reduceSlots, 7);
    EXPECT_DOUBLE_EQ(q.predicted, 100.0 / 12 + 100.0 / 7 + 5.0);
}

TEST(MinSlots, AriaFormEqualsTheForwardEstimator) {
    Job job;
    SeededRandom rng(3);
    for (int i = 0; i < 37; ++i) {
        job.mapDurations.push_back(1.0 + static_cast<double>(rng.next() % 100) / 10.0);
    }
    for (int i = 0; i < 11; ++i) {
        job.reduceDurations.push_back(2.0 + static_cast<double>(rng.next() % 100) / 10.0);
    }
    JobProfile p;
    p.firstShuffleAvg = 1.5;
    p.firstShuffleMax = 2.5;
    p.typicalShuffleAvg = 0.75;
    p.typicalShuffleMax = 1.25;
    job.profile = p;
    const AriaStats stats = ariaStats(job);
    for (auto [bound, estimator] :
         {std::pair{Bound::Low, Estimator::AriaLow}, std::pair{Bound::Up, Estimator::AriaUp},
          std::pair{Bound::Avg, Estimator::AriaAvg}}) {
        const CompletionForm form = ariaForm(stats, bound);
        for (int sm = 1; sm <= job.maps(); sm += 3) {
            for (int sr = 1; sr <= job.reduces(); ++sr) {
                const StageDurations s = stageDurations(job, sm, sr, estimator);
                EXPECT_NEAR(form.predict(sm, sr), s.map + s.reduce, 1e-9) << sm << " " << sr;
            }
        }
    }
}

TEST(MinSlots, Eq10FormHasTheShuffleTerm) {
    const CompletionForm f = eq10Form(10, 4, 3.0, 5.0, 0.5);
    EXPECT_DOUBLE_EQ(f.a, 30.0);
    EXPECT_DOUBLE_EQ(f.b, 20.0);
    EXPECT_DOUBLE_EQ(f.c, 20.0);  // u·v·t_s = 10·4·0.5
}

TEST(MinSlots, JobWithoutReducesNeedsOnlyMapSlots) {
    const SlotQuota q = minimalSlots({90.0, 0.0, 0.0}, 10.0, 50, 0);
    ASSERT_TRUE(q.feasible);
    EXPECT_EQ(q.mapSlots, 9);
    EXPECT_EQ(q.reduceSlots, 0);
}

}  // namespace
}  // namespace mr
