// Minimal quotas of whole jobs ([Verma12b] §II, [Rao12] Eq. 10): the job-level forms against the
// closed form and against brute force over integer pairs, the remaining-work forms against the
// forward ARIA estimator, and the rounded pair always meeting the deadline in the model.
#include <gtest/gtest.h>

#include <cmath>

#include "model/SeededRandom.h"
#include "perf/QuotaModel.h"
#include "perf/StageDuration.h"

namespace mr {
namespace {

Job randomJob(SeededRandom& rng, int maxMaps, int maxReduces) {
    const auto uniform = [&](double lo, double hi) { return rng.uniform(lo, hi); };
    Job job;
    job.name = "J";
    const int maps = 1 + static_cast<int>(rng.next() % static_cast<unsigned>(maxMaps));
    const int reduces = static_cast<int>(rng.next() % static_cast<unsigned>(maxReduces + 1));
    for (int i = 0; i < maps; ++i) {
        job.mapDurations.push_back(uniform(1, 30));
    }
    for (int i = 0; i < reduces; ++i) {
        job.reduceDurations.push_back(uniform(1, 40));
    }
    return job;
}

TEST(QuotaModel, Eq10FormOfAJobGivesTheClosedForm) {
    // 40 maps of 10 s, 10 reduces of 10 s (t_r from the reduce tasks), no shuffle data:
    // A = 400, B = 100, C = 0. Deadline 30: n_m = √A(√A+√B)/C = 20·30/30 = 20, n_r = 10·30/30 = 10.
    const Job job = Job::uniform("J", 40, 10, 10, 10);
    const CompletionForm f = jobCompletionForm(job, QuotaModel::Eq10);
    EXPECT_DOUBLE_EQ(f.a, 400.0);
    EXPECT_DOUBLE_EQ(f.b, 100.0);
    EXPECT_DOUBLE_EQ(f.c, 0.0);
    const SlotQuota q = minimalSlots(f, 30.0, 40, 10);
    EXPECT_DOUBLE_EQ(q.lagrangeMap, 20.0);
    EXPECT_DOUBLE_EQ(q.lagrangeReduce, 10.0);
    EXPECT_EQ(q.mapSlots, 20);
    EXPECT_EQ(q.reduceSlots, 10);
}

TEST(QuotaModel, Eq10ShuffleTermComesFromTheProfile) {
    // [Rao12] Eq. 6: u·v·t_s with t_s = typical shuffle / u, i.e. C = v · typical shuffle.
    Job job = Job::uniform("J", 4, 5, 2, 7);
    job.profile = JobProfile{};
    job.profile->typicalShuffleAvg = 3.0;
    const CompletionForm f = jobCompletionForm(job, QuotaModel::Eq10);
    EXPECT_DOUBLE_EQ(f.a, 20.0);
    EXPECT_DOUBLE_EQ(f.b, 14.0);
    EXPECT_DOUBLE_EQ(f.c, 4.0 * 2.0 * (3.0 / 4.0));
    // Without reduce statistics t_r = t_m (Eq. 3): a map-only job has B = 0 anyway.
    EXPECT_DOUBLE_EQ(jobCompletionForm(Job::uniform("M", 3, 2, 0, 0), QuotaModel::Eq10).b, 0.0);
}

TEST(QuotaModel, RoundedPairIsTheBruteForceMinimumForSmallJobs) {
    SeededRandom rng(2024);
    int feasible = 0;
    for (int trial = 0; trial < 1500; ++trial) {
        SCOPED_TRACE("trial " + std::to_string(trial));
        const Job job = randomJob(rng, 12, 8);
        const QuotaModel model =
            std::array{QuotaModel::AriaAvg, QuotaModel::AriaUp, QuotaModel::Eq10}[trial % 3];
        const CompletionForm f = jobCompletionForm(job, model);
        const SlotPair most = maxUsefulSlots(job, 10, 6);
        const double deadline = rng.uniform(5, 200);
        const SlotQuota q = minimalSlots(f, deadline, most.map, most.reduce);
        int best = -1;
        for (int sm = 1; sm <= most.map; ++sm) {
            for (int sr = most.reduce == 0 ? 0 : 1; sr <= most.reduce; ++sr) {
                const double t = f.c + f.a / sm + (sr > 0 ? f.b / sr : 0.0);
                if (t <= deadline * (1 + 1e-12) && (best < 0 || sm + sr < best)) {
                    best = sm + sr;
                }
            }
        }
        ASSERT_EQ(q.feasible, best >= 0);
        if (best < 0) {
            EXPECT_EQ(q.mapSlots, most.map);  // infeasible: the maximum useful allocation
            EXPECT_EQ(q.reduceSlots, most.reduce);
            continue;
        }
        ++feasible;
        EXPECT_EQ(q.mapSlots + q.reduceSlots, best);
        EXPECT_LE(f.predict(q.mapSlots, q.reduceSlots), deadline * (1 + 1e-12));
    }
    EXPECT_GT(feasible, 500);
}

TEST(QuotaModel, RemainingAriaFormMatchesTheForwardEstimator) {
    SeededRandom rng(5);
    for (int trial = 0; trial < 300; ++trial) {
        SCOPED_TRACE("trial " + std::to_string(trial));
        const Job job = randomJob(rng, 20, 10);
        const AriaStats s = ariaStats(job);
        const int sm = 1 + static_cast<int>(rng.next() % static_cast<unsigned>(job.maps()));
        const int sr = job.reduces() > 0
                           ? 1 + static_cast<int>(rng.next() % static_cast<unsigned>(job.reduces()))
                           : 1;
        const double forward = stageDuration(job, TaskKind::Map, sm, Estimator::AriaAvg) +
                               stageDuration(job, TaskKind::Reduce, sr, Estimator::AriaAvg);
        EXPECT_NEAR(remainingAriaForm(s, s.maps, s.reduces, Bound::Avg).predict(sm, sr), forward,
                    1e-9 * forward);
    }
}

TEST(QuotaModel, RemainingFormOfTheReduceStageHasNoMapTerms) {
    const Job job = Job::uniform("J", 10, 4, 6, 9);
    const AriaStats s = ariaStats(job);
    const CompletionForm f = remainingAriaForm(s, 0, 6, Bound::Up);
    EXPECT_DOUBLE_EQ(f.a, 0.0);
    // Reduce stage up bound: (N−1)·R/S + Rmax (no shuffle statistics).
    EXPECT_DOUBLE_EQ(f.predict(1, 3), 5 * 9 / 3.0 + 9);
    const CompletionForm none = remainingAriaForm(s, 0, 0, Bound::Avg);
    EXPECT_DOUBLE_EQ(none.predict(1, 1), 0.0);
}

TEST(QuotaModel, ParsesTheModelIds) {
    EXPECT_EQ(parseQuotaModel("eq10"), QuotaModel::Eq10);
    EXPECT_EQ(parseQuotaModel("aria-avg"), QuotaModel::AriaAvg);
    EXPECT_FALSE(parseQuotaModel("aria"));
    EXPECT_STREQ(toString(QuotaModel::AriaUp), "aria-up");
}

}  // namespace
}  // namespace mr
