// ScenarioState — what the engine keeps while it plays a scenario (model/Scenario.h): the one
// random source, per-slot attempt facts, per-task attempts, queued speculative copies, where each
// completed map's output lives, held reduces and the counters a result reports. Private to
// core/sim (Engine.h, EngineScenario.cpp).
#pragma once

#include <array>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "model/Scenario.h"
#include "model/SeededRandom.h"
#include "model/TaskKind.h"
#include "sim/SimResult.h"

namespace mr::detail {

// The attempt running on a global slot.
struct SlotAttempt {
    bool fails = false;         // it ends by failing (its end event is the failure)
    bool copy = false;          // a speculative attempt
    double estimatedEnd = 0.0;  // start + its full (straggler-scaled) duration
    int sibling = -1;           // the global slot of the task's other running attempt, if any
};

// A task's attempts: failures so far and the global slots of its running attempts (-1: none).
struct TaskAttempts {
    int failures = 0;
    std::array<int, 2> slots = {-1, -1};

    int running() const { return (slots[0] >= 0 ? 1 : 0) + (slots[1] >= 0 ? 1 : 0); }
};

struct JobCounters {
    int failedAttempts = 0;
    int speculativeAttempts = 0;
    int lostOutputs = 0;
};

struct ScenarioState {
    explicit ScenarioState(const Scenario& s) : scenario(s), random(s.seed) {}

    static std::uint64_t key(int job, TaskKind kind, int task) {
        return (static_cast<std::uint64_t>(job) << 33) | (static_cast<std::uint64_t>(kind) << 32) |
               static_cast<std::uint32_t>(task);
    }
    std::vector<int>& copiesOf(int job, TaskKind kind) {
        return copies[static_cast<std::size_t>(job) * 2 + static_cast<std::size_t>(kind)];
    }

    const Scenario& scenario;
    SeededRandom random;
    std::vector<double> failureProbability;       // per job
    std::vector<std::array<bool, 2>> speculates;  // per job and kind
    std::vector<double> nodeFactor;               // per node: its slow factor
    std::vector<double> nodeSpeed;                // per node: its class's speed
    std::vector<std::uint8_t> down;               // per node
    std::vector<double> downSince;                // per node
    std::vector<SlotAttempt> slots;               // per global slot
    std::unordered_map<std::uint64_t, TaskAttempts> attempts;
    std::vector<std::vector<int>> copies;  // per job and kind: tasks waiting for a speculative copy
    std::vector<int> copiesRunning;        // per job
    // Per job: the node each completed map ran on (-1: not completed); allocated while the job's
    // outputs can be lost (node failures, reduce tasks not all completed).
    std::vector<std::vector<int>> mapNode;
    std::vector<int> jobsWithOutputs;
    std::vector<std::vector<int>> held;          // per job: reduces ended before the map stage
    std::vector<std::uint8_t> mapStageEnded;     // per job: its map stage ended once already
    std::vector<std::array<double, 2>> doneSum;  // per job and kind: successful attempts' time
    std::vector<std::array<int, 2>> doneCount;
    std::vector<JobCounters> counters;
    bool tracksOutputs = false;
    // The speculator's clock: checks fall on the ticks lastCheck + k × interval; one is queued
    // (checkPending) or due in the current instant (checkDueNow), or none while nothing changes.
    double lastCheck = 0.0;
    bool checkPending = false;
    bool checkDueNow = false;
    bool startingCopy = false;
    std::vector<NodeDowntime> downtime;
    std::vector<LostOutput> lost;
};

}  // namespace mr::detail
