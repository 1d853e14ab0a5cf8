// The fault sweep (experiments/FaultSweep): makespan against the attempt failure or straggler
// probability over seeded runs. Hand cases: probability 0 is the scenario-free run for every run
// and algorithm; every attempt a 10× straggler multiplies a batch's makespan by 10; the p95 is the
// nearest rank. Results do not depend on the threads or on which points are computed together;
// bad options are refused before anything runs.
#include <gtest/gtest.h>

#include <cmath>

#include "experiments/FaultSweep.h"
#include "io/FaultSweepFormat.h"
#include "model/InputError.h"
#include "schedulers/Registry.h"

namespace mr {
namespace {

// Two jobs of 2 maps and 2 reduces of 10 s on 2 nodes × (1 map + 1 reduce slot): 30 s in either
// order (maps 0–10 and 10–20, the first job's reduces 10–20, the second's 20–30).
Workload twoJobs() {
    Workload w;
    w.name = "two-jobs";
    w.cluster = {2, 1, 1};
    w.jobs = {Job::uniform("J1", 2, 10, 2, 10), Job::uniform("J2", 2, 10, 2, 10)};
    return w;
}

// Eight jobs of varied stages on 3 nodes: enough attempts for failures to happen.
Workload eightJobs() {
    Workload w;
    w.name = "eight-jobs";
    w.cluster = {3, 2, 1};
    for (int i = 0; i < 8; ++i) {
        w.jobs.push_back(
            Job::uniform("J" + std::to_string(i), 3 + i % 4, 4.0 + i, 1 + i % 2, 12.0 - i));
    }
    return w;
}

FaultSweepOptions options(FaultAxis axis, std::vector<double> values, int runs) {
    FaultSweepOptions o;
    o.axis = axis;
    o.values = std::move(values);
    o.runs = runs;
    o.seed = 7;
    o.algorithms = {"johnson", "fifo"};
    return o;
}

TEST(FaultSweep, ProbabilityZeroGivesTheScenarioFreeMakespanInEveryRun) {
    const Workload w = eightJobs();
    const FaultSweepResult r =
        sweepFaults(w, options(FaultAxis::FailureProbability, {0.0, 0.2}, 5));
    ASSERT_EQ(r.points.size(), 4u);
    for (std::size_t a = 0; a < 2; ++a) {
        RunOptions plain;
        plain.recordTasks = false;
        const double alone = runAlgorithm(w, r.options.algorithms[a], plain).makespan();
        const FaultPoint& p = r.points[a];  // probability 0
        EXPECT_EQ(p.algorithm, r.options.algorithms[a]);
        EXPECT_EQ(p.runs, 5);
        EXPECT_DOUBLE_EQ(p.makespanMean, alone);
        EXPECT_DOUBLE_EQ(p.makespanP95, alone);
        EXPECT_DOUBLE_EQ(p.makespanMax, alone);
        EXPECT_DOUBLE_EQ(p.failedAttemptsMean, 0.0);
        // One in five attempts fails at 0.2: over 5 runs of ~40 attempts some do, and each
        // retry makes the batch no shorter than without failures.
        const FaultPoint& q = r.points[2 + a];
        EXPECT_GT(q.failedAttemptsMean, 0.0);
        EXPECT_GE(q.makespanMean, alone);
        EXPECT_GE(q.makespanMax, q.makespanP95);
        EXPECT_GE(q.makespanP95, q.makespanMean - 1e-9 * q.makespanMean);
    }
}

// One map task of 10 s on one node, stragglers of factor exactly 10: a run takes 10 s, or 100 s
// when its one attempt straggles. Over 40 runs at probability 0.5 the mean is 10 + 90 · k / 40
// for the k runs that straggled, the p95 and the worst are 100 (some run straggles), and with
// probability 0 no run does. The twoJobs() batch at probability 0 takes its 30 s.
TEST(FaultSweep, TenfoldStragglersGiveTenOrAHundredSeconds) {
    Workload w;
    w.name = "one-task";
    w.cluster = {1, 1, 1};
    w.jobs = {Job::uniform("J1", 1, 10, 0, 0)};
    FaultSweepOptions o = options(FaultAxis::StragglerProbability, {0.0, 0.5}, 40);
    o.algorithms = {"fifo"};
    o.scenario.stragglerMinFactor = 10.0;
    o.scenario.stragglerMaxFactor = 10.0;
    FaultSweepValues values(faultSweepPointCount(o));
    std::vector<std::size_t> all(values.size());
    for (std::size_t i = 0; i < all.size(); ++i) {
        all[i] = i;
    }
    runFaultSweepPoints(w, o, all, [&](std::size_t i, const FaultPointValue& v) { values[i] = v; });
    int stragglers = 0;
    for (std::size_t i = 0; i < values.size(); ++i) {
        ASSERT_TRUE(values[i]);
        const bool zero = faultPointAt(o, i).value == 0;
        EXPECT_TRUE(values[i]->makespan == 10.0 || (!zero && values[i]->makespan == 100.0))
            << "point " << i << ": " << values[i]->makespan;
        stragglers += values[i]->makespan == 100.0 ? 1 : 0;
    }
    EXPECT_GT(stragglers, 0);
    EXPECT_LT(stragglers, 40);
    const FaultSweepResult r = summariseFaultSweep(o, w.name, values);
    EXPECT_DOUBLE_EQ(r.points[0].makespanMean, 10.0);
    EXPECT_DOUBLE_EQ(r.points[0].makespanP95, 10.0);
    EXPECT_DOUBLE_EQ(r.points[1].makespanMean, 10.0 + 90.0 * stragglers / 40.0);
    EXPECT_DOUBLE_EQ(r.points[1].makespanMax, 100.0);
    o.algorithms = {"johnson", "fifo"};
    o.runs = 2;
    const FaultSweepResult batch = sweepFaults(twoJobs(), o);
    EXPECT_DOUBLE_EQ(batch.points[0].makespanMean, 30.0);
    EXPECT_DOUBLE_EQ(batch.points[1].makespanMean, 30.0);
}

// 20 runs with makespans 1 … 20 (given in reverse): mean 10.5, nearest-rank p95 the
// ⌈0.95 · 20⌉ = 19th smallest, 19; max 20. A missing run leaves 19 values: p95 the
// ⌈18.05⌉ = 19th of 19.
TEST(FaultSweep, P95IsTheNearestRank) {
    FaultSweepOptions o = options(FaultAxis::FailureProbability, {0.1}, 20);
    o.algorithms = {"fifo"};
    FaultSweepValues values(20);
    for (int run = 0; run < 20; ++run) {
        values[static_cast<std::size_t>(run)] =
            FaultPointValue{static_cast<double>(20 - run), run % 2, 2 * run, 0};
    }
    FaultPoint p = summariseFaultSweep(o, "w", values).points.at(0);
    EXPECT_EQ(p.runs, 20);
    EXPECT_DOUBLE_EQ(p.makespanMean, 10.5);
    EXPECT_DOUBLE_EQ(p.makespanP95, 19.0);
    EXPECT_DOUBLE_EQ(p.makespanMax, 20.0);
    EXPECT_DOUBLE_EQ(p.failedJobsMean, 0.5);
    EXPECT_DOUBLE_EQ(p.failedAttemptsMean, 19.0);
    values[0].reset();  // the run of makespan 20
    p = summariseFaultSweep(o, "w", values).points.at(0);
    EXPECT_EQ(p.runs, 19);
    EXPECT_DOUBLE_EQ(p.makespanP95, 19.0);
    EXPECT_DOUBLE_EQ(p.makespanMax, 19.0);
    values.assign(20, std::nullopt);
    EXPECT_TRUE(std::isnan(summariseFaultSweep(o, "w", values).points.at(0).makespanMean));
}

TEST(FaultSweep, PointsDoNotDependOnThreadsOrOnWhichAreComputedTogether) {
    const Workload w = eightJobs();
    FaultSweepOptions o = options(FaultAxis::FailureProbability, {0.05, 0.1, 0.3}, 4);
    o.scenario.speculation.enabled = true;
    o.threads = 1;
    const std::string one = faultSweepJson(sweepFaults(w, o)).dump();
    o.threads = 3;
    EXPECT_EQ(faultSweepJson(sweepFaults(w, o)).dump(), one);
    // Point 17 alone equals point 17 of the whole sweep; its seed is seed + run.
    FaultSweepValues whole(faultSweepPointCount(o));
    std::vector<std::size_t> all(whole.size());
    for (std::size_t i = 0; i < all.size(); ++i) {
        all[i] = i;
    }
    runFaultSweepPoints(w, o, all, [&](std::size_t i, const FaultPointValue& v) { whole[i] = v; });
    std::optional<FaultPointValue> alone;
    runFaultSweepPoints(w, o, {17}, [&](std::size_t, const FaultPointValue& v) { alone = v; });
    ASSERT_TRUE(alone && whole[17]);
    EXPECT_EQ(alone->makespan, whole[17]->makespan);
    EXPECT_EQ(alone->failedAttempts, whole[17]->failedAttempts);
    const FaultPointId id = faultPointAt(o, 17);  // (run · 3 + value) · 2 + algorithm = 17
    EXPECT_EQ(id.run, 2);
    EXPECT_EQ(id.value, 2u);
    EXPECT_EQ(id.algorithm, 1u);
    EXPECT_EQ(id.seed, 9u);
}

TEST(FaultSweep, RefusesBadOptionsBeforeRunning) {
    const Workload w = twoJobs();
    const auto field = [&](const FaultSweepOptions& o) {
        try {
            checkFaultSweep(o, w);
        } catch (const InputError& e) {
            return e.field();
        }
        return std::string("accepted");
    };
    EXPECT_EQ(field(options(FaultAxis::FailureProbability, {0.0, 0.5}, 2)), "accepted");
    EXPECT_EQ(field(options(FaultAxis::FailureProbability, {1.0}, 2)), "values");
    EXPECT_EQ(field(options(FaultAxis::FailureProbability, {}, 2)), "values");
    EXPECT_EQ(field(options(FaultAxis::FailureProbability, {0.1}, 0)), "runs");
    FaultSweepOptions o = options(FaultAxis::FailureProbability, {0.1}, 2);
    o.algorithms = {"no-such"};
    EXPECT_EQ(field(o), "algorithm");
    // Stragglers of factor 1 change nothing.
    EXPECT_EQ(field(options(FaultAxis::StragglerProbability, {0.5}, 2)), "straggler_factor");
    // The base scenario must fit the workload.
    o = options(FaultAxis::FailureProbability, {0.1}, 2);
    o.scenario.nodeFailures = {{5, 1.0}};
    EXPECT_EQ(field(o).rfind("scenario.node_failures", 0), 0u) << field(o);
    EXPECT_THROW(parseFaultAxis("node-prob"), InputError);
}

// The definition of a sharded sweep's header reads back to the same options and points.
TEST(FaultSweep, DefinitionAndPointLinesReadBack) {
    FaultSweepOptions o = options(FaultAxis::StragglerProbability, {0.0, 0.25}, 3);
    o.scenario.stragglerMinFactor = 2.0;
    o.scenario.stragglerMaxFactor = 4.0;
    o.scenario.speculation.enabled = true;
    const auto definition = faultSweepDefinitionJson(o, twoJobs());
    std::string name;
    const FaultSweepOptions back =
        faultSweepFromDefinition(nlohmann::json::parse(definition.dump()), "part", &name);
    EXPECT_EQ(name, "two-jobs");
    EXPECT_EQ(back.values, o.values);
    EXPECT_EQ(back.scenario, o.scenario);
    EXPECT_EQ(back.algorithms, o.algorithms);
    const FaultPointValue v{123.5, 1, 4, 2};
    const auto line = nlohmann::json::parse(faultPointFields(o, 5, &v).dump());
    const FaultPointValue read = faultPointFromLine(back, 5, line, "part line 2");
    EXPECT_EQ(read.makespan, 123.5);
    EXPECT_EQ(read.speculativeAttempts, 2);
    EXPECT_THROW(faultPointFromLine(back, 4, line, "part line 2"), InputError);
}

}  // namespace
}  // namespace mr
