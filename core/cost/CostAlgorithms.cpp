#include "cost/CostAlgorithms.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

#include "io/NumberFormat.h"
#include "model/InputError.h"
#include "model/Limits.h"

namespace mr::cost {

const std::vector<AlgorithmInfo>& costAlgorithms() {
    static const std::vector<AlgorithmInfo> all = {
        {.id = "lips",
         .name = "LiPS",
         .description = "offline simple task scheduling for dollar cost, data stay put",
         .source = "[Ehsan13] Fig. 2",
         .options = {"all-stores"},
         .needs = {.costModel = true},
         .byDefault = true},
        {.id = "lips-coschedule",
         .name = "LiPS co-scheduling",
         .description = "offline co-scheduling of data and tasks for dollar cost",
         .source = "[Ehsan13] Fig. 3",
         .options = {"all-stores"},
         .needs = {.costModel = true},
         .byDefault = true},
        {.id = "lips-online",
         .name = "LiPS online",
         .description = "LiPS epoch by epoch, with a fake node for the overflow",
         .source = "[Ehsan13] Fig. 4",
         .options = {"epoch", "all-stores"},
         .needs = {.costModel = true},
         .byDefault = true},
        {.id = "hadoop-default",
         .name = "Hadoop default",
         .description = "greedy locality: local while the machine has capacity, else the "
                        "cheapest machine to reach",
         .source = "[Ehsan13] §V; baseline",
         .needs = {.costModel = true},
         .byDefault = true,
         .baseline = true},
        {.id = "delay",
         .name = "Delay scheduling",
         .description = "fair share, a job waits up to --delay s for a local machine",
         .source = "[Ehsan13] §V; baseline",
         .options = {"delay"},
         .needs = {.costModel = true},
         .byDefault = true,
         .baseline = true},
    };
    return all;
}

const std::vector<OptionSpec>& costOptionSpecs() {
    static const std::vector<OptionSpec> specs = [] {
        const CostOptions defaults;
        std::vector<OptionSpec> list(3);
        list[0].id = "epoch";
        list[0].label = "Epoch";
        list[0].type = OptionType::Real;
        list[0].help = "lips-online: epoch length in seconds ([Ehsan13] Fig. 11 uses 400 and 600)";
        list[0].min = 0.0;
        list[0].minExclusive = true;
        list[0].max = kMaxTime;
        list[0].unit = "s";
        list[0].defaultValue = formatNumber(defaults.epochS);
        list[1].id = "delay";
        list[1].label = "Delay";
        list[1].type = OptionType::Real;
        list[1].help = "delay: seconds a job waits for a local machine";
        list[1].min = 0.0;
        list[1].max = kMaxTime;
        list[1].unit = "s";
        list[1].defaultValue = formatNumber(defaults.delayS);
        list[2].id = "all-stores";
        list[2].label = "All stores";
        list[2].type = OptionType::Flag;
        list[2].help =
            "LiPS: a task may read from any store, not only its data's origin and its "
            "machine's own store (a bigger LP)";
        list[2].defaultValue = defaults.allStores ? "true" : "false";
        return list;
    }();
    return specs;
}

std::vector<std::string> costAlgorithmIds() {
    std::vector<std::string> ids;
    for (const auto& a : costAlgorithms()) {
        ids.push_back(a.id);
    }
    return ids;
}

void checkEpochLength(double seconds, const std::string& field) {
    // At most kMaxTime, the longest time a workload holds: past it a time is a unit mistake.
    if (!(seconds > 0.0 && seconds <= kMaxTime)) {
        throw InputError("", "", field,
                         "must be a number of seconds > 0 and at most " + formatNumber(kMaxTime) +
                             " (got " + formatNumber(seconds) + ")");
    }
}

CostResult runCostAlgorithm(const CostModel& model, const std::string& id,
                            const CostOptions& options) {
    // Checked for every algorithm: a value given on the command line is never silently ignored.
    checkEpochLength(options.epochS, "epoch");
    if (!(options.delayS >= 0.0 && options.delayS <= kMaxTime)) {
        throw InputError("", "", "delay",
                         "must be a number of seconds >= 0 and at most " + formatNumber(kMaxTime) +
                             " (got " + formatNumber(options.delayS) + ")");
    }
    if (id == "lips" || id == "lips-coschedule") {
        return runLipsOffline(model, id == "lips-coschedule", options);
    }
    if (id == "lips-online") {
        return runLipsOnline(model, options);
    }
    if (id == "hadoop-default") {
        return runHadoopDefault(model);
    }
    if (id == "delay") {
        return runDelayScheduling(model, options.delayS);
    }
    std::string known;
    for (const auto& a : costAlgorithms()) {
        known += (known.empty() ? "" : ", ") + a.id;
    }
    throw InputError("", "", "algorithm",
                     "unknown cost algorithm '" + id + "' (known: " + known + ")");
}

std::vector<CostResult> runCostAlgorithms(const CostModel& model,
                                          const std::vector<std::string>& ids,
                                          const CostOptions& options) {
    const auto known = costAlgorithmIds();
    for (const auto& id : ids) {
        if (std::find(known.begin(), known.end(), id) == known.end()) {
            runCostAlgorithm(model, id, options);  // throws the unknown-id error
        }
    }
    std::vector<CostResult> results;
    for (const auto& id : ids) {
        results.push_back(runCostAlgorithm(model, id, options));
    }
    return results;
}

void describeSchedule(const CostModel& model, const TransferTable& transfer,
                      const std::vector<int>& tasks, const std::vector<int>& blocks, const Plan* lp,
                      CostResult& result) {
    const auto& units = result.units;
    result.cost = planCost(model, transfer, units, result.schedule);
    result.cpuSecondsPerMachine = cpuSecondsPerMachine(model, units, result.schedule);
    result.makespanS = busyMakespan(model, result.cpuSecondsPerMachine);
    result.locality = locality(model, units, result.schedule);

    // Job level: a unit's share counts as its tasks over the job's tasks.
    std::map<std::tuple<int, int, int>, JobShare> jobs;
    auto share = [&](const UnitShare& w) -> JobShare& {
        const WorkUnit& u = units[static_cast<std::size_t>(w.unit)];
        JobShare& s = jobs[{u.job, w.machine, w.store}];
        s.job = u.job;
        s.machine = w.machine;
        s.store = w.store;
        return s;
    };
    auto weight = [&](const UnitShare& w) {
        const WorkUnit& u = units[static_cast<std::size_t>(w.unit)];
        return static_cast<double>(u.tasks) / model.jobTasks(u.job);
    };
    for (std::size_t k = 0; k < result.schedule.work.size(); ++k) {
        const UnitShare& w = result.schedule.work[k];
        JobShare& s = share(w);
        s.fraction += w.fraction * weight(w);
        s.tasks += tasks[k];
    }
    if (lp) {
        for (const UnitShare& w : lp->work) {
            JobShare& s = share(w);
            s.lpFraction = s.lpFraction.value_or(0.0) + w.fraction * weight(w);
        }
        for (auto& [key, s] : jobs) {
            s.lpFraction = s.lpFraction.value_or(0.0);
        }
    }
    result.assignment.clear();
    for (const auto& [key, s] : jobs) {
        result.assignment.push_back(s);
    }

    std::map<std::pair<int, int>, PlacementShare> places;
    for (std::size_t k = 0; k < result.schedule.placement.size(); ++k) {
        const DataShare& p = result.schedule.placement[k];
        PlacementShare& s = places[{p.data, p.store}];
        s.data = p.data;
        s.store = p.store;
        s.fraction += p.fraction;
        s.blocks += blocks[k];
    }
    if (lp) {
        for (const DataShare& p : lp->placement) {
            PlacementShare& s = places[{p.data, p.store}];
            s.data = p.data;
            s.store = p.store;
            s.lpFraction = s.lpFraction.value_or(0.0) + p.fraction;
        }
        for (auto& [key, s] : places) {
            s.lpFraction = s.lpFraction.value_or(0.0);
        }
    }
    result.placement.clear();
    for (const auto& [key, s] : places) {
        result.placement.push_back(s);
    }
}

}  // namespace mr::cost
