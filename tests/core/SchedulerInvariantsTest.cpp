// The engine's invariants for every scheduler in the registry, built-in or registered from
// outside core (the test-only tests/schedulers/ ones too), each on seeded random workloads with
// what the scheduler needs (arrivals, deadlines): no slot runs two tasks at once, every task
// completes exactly once, a job's reduces start after its maps end (ScheduleCheck), and the same
// seed gives the same schedule. The list comes from the registry when the tests start, so a new
// scheduler is covered without naming it here.
#include <gtest/gtest.h>

#include <algorithm>

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
        const RunResult r = runAlgorithm(w, GetParam(), options(w, seed));
        const Workload& simulated = r.simulatedWorkload ? *r.simulatedWorkload : w;
        const auto problems = checkSchedule(simulated, r.sim);
        EXPECT_TRUE(problems.empty()) << problems.front();
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

std::string testName(const ::testing::TestParamInfo<std::string>& info) {
    return test::parameterName(info.param);
}

INSTANTIATE_TEST_SUITE_P(Registry, SchedulerInvariants, ::testing::ValuesIn(algorithmIds()),
                         testName);

}  // namespace
}  // namespace mr
