// Algorithm — one scheduler of docs/algorithms.md: takes a workload, decides an order / pools /
// quotas, simulates, and returns a RunResult. Algorithms are found by id in the Registry.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "model/Cancelled.h"
#include "model/Workload.h"
#include "perf/StageDuration.h"
#include "schedulers/AlgorithmInfo.h"
#include "schedulers/RunOptions.h"
#include "sim/Locality.h"
#include "sim/SimResult.h"
#include "sim/Simulator.h"

namespace mr {

struct RunResult {
    std::string algorithm;
    std::vector<int> order;               // jobs in the order the algorithm chose
    std::optional<double> modelMakespan;  // the two-stage formula, where it applies
    std::vector<StageDurations> stages;   // (m_i, r_i) the algorithm worked with, per job
    SimResult sim;
    // Set when the algorithm simulated changed jobs (e.g. re-split tasks); else the input's.
    std::shared_ptr<const Workload> simulatedWorkload;
    // With simulatedWorkload: (m_i, r_i) of the input's jobs before the change (same estimator,
    // whole cluster), so results can show how each job changed. Empty otherwise.
    std::vector<StageDurations> inputStages;
    std::vector<std::string> notes;  // one-line remarks for the user
    // Task starts beyond the job's minimal quota (map, reduce): [Verma12b]'s spare-slot
    // allocations; set by the policies with quotas (min-edf, min-edf-wc, completion-time).
    std::optional<std::array<long long, 2>> extraTasks;
    // Completed map tasks by where they read their block; set with RunOptions::locality.
    std::optional<LocalityCount> locality;

    double makespan() const { return sim.makespan; }
};

class Algorithm {
public:
    explicit Algorithm(AlgorithmInfo info) : m_info(std::move(info)) {}
    virtual ~Algorithm() = default;
    const AlgorithmInfo& info() const { return m_info; }
    const std::string& id() const { return m_info.id; }
    virtual RunResult run(const Workload& workload, const RunOptions& options) const = 0;

private:
    AlgorithmInfo m_info;
};

// Base for the algorithms that only choose an order: simulates it with OrderPolicy over the
// whole cluster and adds the two-stage formula's makespan of that order.
class OrderAlgorithm : public Algorithm {
public:
    using Algorithm::Algorithm;
    RunResult run(const Workload& workload, const RunOptions& options) const override;

protected:
    // `stages`: (m_i, r_i) of every job on the whole cluster with the chosen estimator.
    virtual std::vector<int> chooseOrder(const Workload& workload,
                                         const std::vector<StageDurations>& stages,
                                         const RunOptions& options) const = 0;
};

// Jobs in file order: 0, 1, ..., n-1.
std::vector<int> fileOrder(const Workload& workload);
// Jobs by arrival time, file order among equal arrivals (FIFO).

// SimOptions for an algorithm's final simulation (records and cancellation from `options`).
struct SimOptions;
SimOptions simOptionsFor(const RunOptions& options);

// The run's locality model (block placement seeded by options.seed), or null without
// options.locality.enabled. `coreMoves`: the policy moves cores between VMs of a host.
std::shared_ptr<const LocalityModel> makeLocalityModel(const Workload& workload,
                                                       const RunOptions& options, bool coreMoves);

// Simulate `pools` as `options` ask into result.sim (task records or not). With a locality model:
// its task durations, result.locality, and, unless `policiesPlaceTasks`, every pool's policy
// wrapped in LocalityPolicy (Hadoop's node-local task choice inside the job it picks).
// `onSteps`: the simulation's progress (SimOptions::onSteps).
void simulateRun(RunResult& result, const Workload& workload, std::vector<PoolSetup> pools,
                 const RunOptions& options, std::shared_ptr<const LocalityModel> locality,
                 bool policiesPlaceTasks = false,
                 std::function<void(long long steps)> onSteps = {});

// Simulate `order` on the whole cluster and fill a RunResult (shared by order algorithms).
RunResult runOrder(const Workload& workload, std::string algorithm, std::vector<int> order,
                   std::vector<StageDurations> stages, const RunOptions& options);

}  // namespace mr
