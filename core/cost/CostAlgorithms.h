// CostAlgorithms — the dollar-cost schedulers by id (`mrsim cost`, the GUI's Cost tab):
// lips, lips-coschedule, lips-online ([Ehsan13] Figs. 2, 3, 4) and the baselines hadoop-default
// and delay.
#pragma once

#include <atomic>
#include <string>
#include <vector>

#include "cost/CostModel.h"
#include "cost/CostResult.h"
#include "schedulers/AlgorithmInfo.h"
#include "schedulers/RunOptions.h"

namespace mr::cost {

struct CostOptions {
    double epochS = 600.0;   // lips-online: epoch length e (Fig. 11 uses 400 and 600 s)
    double delayS = 5.0;     // delay: how long a job may wait for a local machine
    bool allStores = false;  // LiPS: tasks may read from any store (bigger LP; see LipsLp.h)
    // Checked between LPs (epochs); a cancelled run returns feasible = false, status "cancelled".
    const std::atomic<bool>* cancel = nullptr;
};

// Their metadata (needs.costModel set; options are ids of costOptionSpecs()).
const std::vector<AlgorithmInfo>& costAlgorithms();
std::vector<std::string> costAlgorithmIds();
// --epoch, --delay, --all-stores: type, range, default and help (no get/set: CostOptions).
const std::vector<OptionSpec>& costOptionSpecs();

// An epoch length in seconds: > 0 and at most kMaxTime, else InputError on `field`.
void checkEpochLength(double seconds, const std::string& field);

// Throws InputError for an unknown id (field "algorithm") or a bad option (field "epoch",
// "delay"). An infeasible model is not an error: the result says so (feasible = false).
CostResult runCostAlgorithm(const CostModel& model, const std::string& id,
                            const CostOptions& options = {});

// Several algorithms on one model, in the order given; unknown ids are refused before any runs.
std::vector<CostResult> runCostAlgorithms(const CostModel& model,
                                          const std::vector<std::string>& ids,
                                          const CostOptions& options = {});

// The algorithms, callable directly.
CostResult runLipsOffline(const CostModel& model, bool coSchedule, const CostOptions& options);
CostResult runLipsOnline(const CostModel& model, const CostOptions& options);
CostResult runHadoopDefault(const CostModel& model);
CostResult runDelayScheduling(const CostModel& model, double delayS);

// Fills cost, assignment, placement, CPU-seconds, makespan (busy time) and locality of `result`
// from its `units` and `schedule` (with the tasks / blocks of each entry) and, for LiPS, the LP's
// work and placement (their fractions become lpFraction). Shared by every algorithm.
void describeSchedule(const CostModel& model, const TransferTable& transfer,
                      const std::vector<int>& tasks, const std::vector<int>& blocks, const Plan* lp,
                      CostResult& result);

}  // namespace mr::cost
