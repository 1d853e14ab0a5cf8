// The engine's invariants for every scheduler in the registry, built-in or registered from
// outside core (the test-only tests/schedulers/ ones too), each on seeded random workloads with
// what the scheduler needs (arrivals, deadlines): no slot runs two tasks at once, every task
// completes exactly once, a job's reduces start after its maps end (ScheduleCheck), and the same
// seed gives the same schedule; the job metrics (docs/metrics.md) keep their percentiles in
// order, waits non-negative, fairness in (0, 1], and no job beats its time alone where that is a
// lower bound. The list comes from the registry when the tests start, so a new
// scheduler is covered without naming it here.
#include <gtest/gtest.h>

#include <algorithm>

#include "experiments/JobMetrics.h"
#include "schedulers/Registry.h"
#include "sim/ScheduleCheck.h"
#include "support/TestSupport.h"

namespace mr {
namespace {

constexpr std::uint64_t kWorkloads = 40;

class SchedulerInvariants : public ::testing::TestWithParam<std::string> {
protected:
    const AlgorithmInfo& info() const { return findAlgorithm(GetParam())->info(); }

    // Small enough for the exhaustive and the search algorithms (at most 7 jobs).
    Workload workload(std::uint64_t seed) const {
        return test::randomWorkload(seed, {.maxJobs = 7,
                                           .maxMaps = 10,
                                           .maxReduces = 6,
                                           .arrivals = info().needs.arrivals || seed % 2 == 0,
                                           .deadlines = info().needs.deadlines || seed % 3 == 0});
    }

    static RunOptions options(const Workload& w, std::uint64_t seed) {
        return test::invariantRunOptions(w, seed);
    }
};

TEST_P(SchedulerInvariants, NoSlotOverlapEveryTaskOnceBarrierRespected) {
    for (std::uint64_t seed = 1; seed <= kWorkloads; ++seed) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        const Workload w = workload(seed);
        const RunResult r = test::runChecked(w, GetParam(), seed);
        EXPECT_EQ(r.algorithm, GetParam());
        ASSERT_EQ(r.sim.jobs.size(), w.jobs.size());
        // Every job is in the order the algorithm reports, once.
        std::vector<int> order = r.order;
        std::sort(order.begin(), order.end());
        EXPECT_EQ(order, fileOrder(w));
    }
}

TEST_P(SchedulerInvariants, SameSeedSameSchedule) {
    for (std::uint64_t seed = 1; seed <= kWorkloads; seed += 7) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        const Workload w = workload(seed);
        const RunResult a = runAlgorithm(w, GetParam(), options(w, seed));
        const RunResult b = runAlgorithm(w, GetParam(), options(w, seed));
        EXPECT_EQ(a.order, b.order);
        EXPECT_EQ(a.sim.makespan, b.sim.makespan);
        ASSERT_EQ(a.sim.tasks.size(), b.sim.tasks.size());
        for (std::size_t i = 0; i < a.sim.tasks.size(); ++i) {
            EXPECT_EQ(a.sim.tasks[i].slot, b.sim.tasks[i].slot);
            EXPECT_EQ(a.sim.tasks[i].start, b.sim.tasks[i].start);
            EXPECT_EQ(a.sim.tasks[i].end, b.sim.tasks[i].end);
        }
    }
}

// The job metrics on the same workloads: percentiles in order, waits and JCTs not negative,
// fairness in (0, 1], bounded slowdown at least 1.
TEST_P(SchedulerInvariants, JobMetricsPercentilesOrderedWaitsNonNegativeFairnessInRange) {
    for (std::uint64_t seed = 1; seed <= kWorkloads; ++seed) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        const Workload w = workload(seed);
        const RunResult r = runAlgorithm(w, GetParam(), options(w, seed));
        const std::vector<JobMetrics> jobs = jobMetrics(w, r);
        const RunMetrics m = runMetrics(w, r, jobs);
        for (const Distribution& d : {m.completion, m.wait, m.slowdown, m.boundedSlowdown}) {
            EXPECT_LE(d.p50, d.p95);
            EXPECT_LE(d.p95, d.p99);
            EXPECT_LE(d.p99, d.max);
            EXPECT_LE(d.mean, d.max);
        }
        EXPECT_GT(m.fairness, 0.0);
        EXPECT_LE(m.fairness, 1.0 + 1e-12);
        for (const JobMetrics& j : jobs) {
            EXPECT_GE(j.wait, 0.0);
            EXPECT_GE(j.completion, j.wait);
            EXPECT_GE(j.boundedSlowdown, 1.0);
        }
    }
}

// With tasks of one length per stage and no overheads, the job alone on the whole cluster
// (ceil(N / S) waves per stage) is a lower bound on its JCT: slowdown >= 1. Algorithms that
// re-split jobs into more, shorter tasks (HScheduler) may beat the input job alone, by design.
TEST_P(SchedulerInvariants, NoJobFasterThanAloneWithOneTaskLengthPerStage) {
    for (std::uint64_t seed = 1; seed <= kWorkloads; ++seed) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        Workload w = workload(seed);
        for (Job& job : w.jobs) {
            Job uniform =
                Job::uniform(job.name, job.maps(), job.mapDurations.front(), job.reduces(),
                             job.reduces() > 0 ? job.reduceDurations.front() : 0.0);
            uniform.arrival = job.arrival;
            uniform.deadline = job.deadline;
            job = uniform;
        }
        const RunResult r = runAlgorithm(w, GetParam(), options(w, seed));
        if (r.simulatedWorkload) {
            continue;
        }
        for (const JobMetrics& j : jobMetrics(w, r)) {
            EXPECT_GE(j.completion, j.alone * (1 - 1e-12));
            EXPECT_GE(j.slowdown, 1 - 1e-12);
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Registry, SchedulerInvariants, ::testing::ValuesIn(algorithmIds()),
                         test::AlgorithmParamName());

}  // namespace
}  // namespace mr
