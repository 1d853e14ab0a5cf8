// Scenario — how the cluster misbehaves on simulated time (docs/simulator.md, "Scenarios"): node
// failures and recoveries, nodes added later, failing task attempts with retries, stragglers and
// Hadoop's speculative execution. Every draw comes from one SeededRandom seeded with `seed`, in the
// engine's order of attempt starts, so the same scenario gives the same result with any compiler.
// An empty scenario changes nothing: the engine then runs exactly as without one.
#pragma once

#include <limits>
#include <string>
#include <vector>

namespace mr {

struct NodeFailure {
    int node = 0;
    double at = 0.0;                                             // seconds
    double recoverAt = std::numeric_limits<double>::infinity();  // infinity: never comes back

    bool operator==(const NodeFailure&) const = default;
};

// A node of the cluster that joins at `at`: its slots are idle (absent) before.
struct NodeAddition {
    int node = 0;
    double at = 0.0;

    bool operator==(const NodeAddition&) const = default;
};

// A node whose attempts take `factor` times their duration (older hardware, a bad disk).
struct SlowNode {
    int node = 0;
    double factor = 1.0;

    bool operator==(const SlowNode&) const = default;
};

// Per-job departures from the scenario's defaults.
struct ScenarioJob {
    std::string name;
    double failureProbability = -1.0;  // < 0: the scenario's
    bool speculateMaps = true;
    bool speculateReduces = true;

    bool operator==(const ScenarioJob&) const = default;
};

// Hadoop's DefaultSpeculator with its defaults (mapreduce.job.speculative.*).
struct Speculation {
    bool enabled = false;
    bool maps = true;                   // mapreduce.map.speculative
    bool reduces = true;                // mapreduce.reduce.speculative
    double interval = 1.0;              // retry-after-no-speculate: seconds between checks
    double intervalAfterLaunch = 15.0;  // retry-after-speculate
    double capRunning = 0.1;            // speculative-cap-running-tasks
    double capTotal = 0.01;             // speculative-cap-total-tasks
    int minimumAllowed = 10;            // minimum-allowed-tasks

    bool operator==(const Speculation&) const = default;
};

struct Scenario {
    unsigned long long seed = 1;
    int maxAttempts = 4;              // mapreduce.map.maxattempts / mapreduce.reduce.maxattempts
    double failureProbability = 0.0;  // per attempt, for every job without its own
    double stragglerProbability = 0.0;
    double stragglerMinFactor = 1.0;  // a straggler takes duration × U[min, max)
    double stragglerMaxFactor = 1.0;
    std::vector<NodeFailure> nodeFailures;
    std::vector<NodeAddition> nodeAdditions;
    std::vector<SlowNode> slowNodes;
    std::vector<ScenarioJob> jobs;
    Speculation speculation;

    // Nothing happens: no failure, no straggler, no node event, no speculation.
    bool empty() const {
        return failureProbability == 0.0 && stragglerProbability == 0.0 && nodeFailures.empty() &&
               nodeAdditions.empty() && slowNodes.empty() && !speculation.enabled &&
               !hasJobFailures();
    }
    bool hasJobFailures() const {
        for (const ScenarioJob& j : jobs) {
            if (j.failureProbability > 0.0) {
                return true;
            }
        }
        return false;
    }

    bool operator==(const Scenario&) const = default;
};

}  // namespace mr

namespace mr {

struct Workload;

// Nodes within the cluster, failures of one node that do not overlap, job names of the workload,
// no overheads (not modelled under a scenario). Throws InputError naming `file` and the field.
void validateScenario(const Scenario& scenario, const Workload& workload,
                      const std::string& file = {});

}  // namespace mr
