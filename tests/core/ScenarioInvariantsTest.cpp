// The engine's invariants under random scenarios, for every scheduler in the registry
// (sim/ScenarioCheck.h): no slot runs two attempts at once, a node's slots are idle while it is
// down, every task completes exactly once (plus once per lost map output) or its job is reported
// failed, a lost map output is recomputed before a reduce that needs it completes; and the same
// seed gives the same schedule, byte for byte.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <limits>

#include "model/SeededRandom.h"
#include "schedulers/Registry.h"
#include "sim/ScheduleCheck.h"
#include "support/TestSupport.h"

namespace mr {
namespace {

constexpr std::uint64_t kWorkloads = 24;

// Node failures (some recover), an added node, failing attempts, stragglers, a slow node and
// speculation, each present or not by the seed.
Scenario randomScenario(std::uint64_t seed, const Workload& w) {
    SeededRandom random(seed * 7919);
    Scenario s;
    s.seed = seed;
    s.maxAttempts = random.uniformInt(1, 4);
    const double horizon = 60.0;
    const int nodes = w.cluster.nodes;
    if (nodes > 1) {
        const int node = random.uniformInt(1, nodes - 1);
        const double at = random.uniform(0.0, horizon);
        const bool recovers = random.next() % 2 == 0;
        s.nodeFailures.push_back(
            {node, at, recovers ? at + 20.0 : std::numeric_limits<double>::infinity()});
        if (nodes > 2 && random.next() % 2 == 0) {
            s.nodeAdditions.push_back(
                {node == nodes - 1 ? 1 : nodes - 1, random.uniform(0.0, horizon)});
        }
    }
    s.failureProbability = random.next() % 2 == 0 ? random.uniform(0.0, 0.3) : 0.0;
    if (random.next() % 2 == 0) {
        s.stragglerProbability = 0.2;
        s.stragglerMinFactor = 1.5;
        s.stragglerMaxFactor = 6.0;
    }
    if (random.next() % 3 == 0) {
        s.slowNodes.push_back({0, 3.0});
    }
    s.speculation.enabled = random.next() % 2 == 0;
    return s;
}

class ScenarioInvariants : public ::testing::TestWithParam<std::string> {
protected:
    const AlgorithmInfo& info() const { return findAlgorithm(GetParam())->info(); }

    Workload workload(std::uint64_t seed) const {
        Workload w =
            test::randomWorkload(seed, {.maxJobs = 6,
                                        .maxMaps = 10,
                                        .maxReduces = 6,
                                        .minNodes = 2,
                                        .arrivals = info().needs.arrivals || seed % 2 == 0,
                                        .deadlines = info().needs.deadlines || seed % 3 == 0});
        w.scenario = randomScenario(seed, w);
        validate(w);
        return w;
    }

    static RunOptions options(const Workload& w, std::uint64_t seed) {
        return test::invariantRunOptions(w, seed);
    }
};

TEST_P(ScenarioInvariants, AttemptsSlotsAndLostOutputsKeepTheEngineInvariants) {
    int lost = 0;
    int failedAttempts = 0;
    int copies = 0;
    int failedJobs = 0;
    for (std::uint64_t seed = 1; seed <= kWorkloads; ++seed) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        const Workload w = workload(seed);
        const RunResult r = test::runChecked(w, GetParam(), seed);
        int failed = 0;
        for (const JobTimes& t : r.sim.jobs) {
            failed += t.failed ? 1 : 0;
        }
        EXPECT_EQ(failed, r.sim.failedJobs);
        failedJobs += failed;
        lost += static_cast<int>(r.sim.lostOutputs.size());
        for (const JobTimes& t : r.sim.jobs) {
            failedAttempts += t.failedAttempts;
            copies += t.speculativeAttempts;
        }
    }
    // The seeds exercise every path: lost outputs, retries, speculative copies, failed jobs.
    EXPECT_GT(lost, 0);
    EXPECT_GT(failedAttempts, 0);
    EXPECT_GT(copies, 0);
    EXPECT_GT(failedJobs, 0);
}

TEST_P(ScenarioInvariants, SameSeedSameBytes) {
    for (std::uint64_t seed = 1; seed <= kWorkloads; seed += 5) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        const Workload w = workload(seed);
        const RunResult a = runAlgorithm(w, GetParam(), options(w, seed));
        const RunResult b = runAlgorithm(w, GetParam(), options(w, seed));
        ASSERT_EQ(a.sim.tasks.size(), b.sim.tasks.size());
        EXPECT_EQ(std::memcmp(a.sim.tasks.data(), b.sim.tasks.data(),
                              a.sim.tasks.size() * sizeof(TaskRecord)),
                  0);
        EXPECT_EQ(a.sim.makespan, b.sim.makespan);
    }
}

INSTANTIATE_TEST_SUITE_P(Registry, ScenarioInvariants, ::testing::ValuesIn(algorithmIds()),
                         test::AlgorithmParamName());

}  // namespace
}  // namespace mr
