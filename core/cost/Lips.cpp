// LiPS — offline simple task scheduling ([Ehsan13] §IV, Fig. 2), offline co-scheduling of data
// and tasks (§V-A, Fig. 3) and the epoch-based online model (§V-B, Fig. 4): solve the LPs, then
// round the fractional schedule to whole 64 MB blocks.
#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <tuple>

#include "cost/CostAlgorithms.h"
#include "cost/LipsLp.h"
#include "cost/Rounding.h"
#include "io/NumberFormat.h"
#include "model/InputError.h"

namespace mr::cost {

namespace {

constexpr int kMaxEpochs = 20000;

void report(SolverReport& solver, const LipsLpResult& lp) {
    solver.status = toString(lp.status);
    solver.message = lp.message;
    solver.seconds += lp.seconds;
    solver.programs += 1;
    solver.columns = std::max(solver.columns, lp.columns);
    solver.rows = std::max(solver.rows, lp.rows);
    solver.limits = describe(LpLimits{});
}

// A model no schedule can satisfy, seen from totals without an LP (a 10 000-job model took 50 s
// of simplex to say so): more CPU-seconds than the machines offer (offline: cpu_units ×
// uptime_s), or more data than the stores hold.
std::optional<std::string> obviouslyInfeasible(const CostModel& model, bool online) {
    double demand = 0.0;
    for (int k = 0; k < static_cast<int>(model.jobs.size()); ++k) {
        demand += model.jobCpuS(k);
    }
    double capacity = 0.0;
    for (const auto& m : model.machines) {
        capacity += m.cpuUnits * m.uptimeS;
    }
    if (!online && demand > capacity * (1.0 + 1e-9)) {
        return "infeasible: the jobs need " + formatNumber(demand) +
               " CPU-seconds but the machines offer " + formatNumber(capacity) +
               " (cpu_units × uptime_s)";
    }
    double data = 0.0;
    double space = 0.0;
    for (const auto& d : model.data) {
        data += d.sizeMb;
    }
    for (const auto& s : model.stores) {
        space += s.capacityMb;
    }
    if (data > space * (1.0 + 1e-9)) {
        return "infeasible: the data take " + formatNumber(data) + " MB but the stores hold " +
               formatNumber(space) + " MB";
    }
    return std::nullopt;
}

// Why an LP gave no schedule: infeasible only when GLPK proved it; a limit hit or a numerical
// failure says so.
std::string whyNoSchedule(const LipsLpResult& lp) {
    switch (lp.status) {
        case LpStatus::Infeasible:
            return "infeasible: " + lp.message;
        case LpStatus::Limit:
            return "no answer within the solver's limits: " + lp.message;
        case LpStatus::Unbounded:
            return "the linear program is unbounded: " + lp.message;
        default:
            return "the solver failed: " + lp.message;
    }
}

std::vector<double> capacities(const CostModel& model, double windowS, bool useUptime) {
    std::vector<double> cap;
    for (const auto& m : model.machines) {
        cap.push_back(m.cpuUnits * (useUptime ? m.uptimeS : windowS));
    }
    return cap;
}

void noteRounding(const RoundedPlan& rounded, CostResult& result) {
    if (rounded.cpuOverrunS > 1e-6) {
        result.notes.push_back("rounding to whole blocks exceeds machine capacity by " +
                               formatNumber(rounded.cpuOverrunS) +
                               " CPU-seconds in total (no machine had room for a whole task)");
    }
    if (rounded.storeOverrunMb > 1e-6) {
        result.notes.push_back("rounding to whole blocks exceeds store capacity by " +
                               formatNumber(rounded.storeOverrunMb) + " MB in total");
    }
}

}  // namespace

CostResult runLipsOffline(const CostModel& model, bool coSchedule, const CostOptions& options) {
    CostResult result;
    result.algorithm = coSchedule ? "lips-coschedule" : "lips";
    const TransferTable transfer(model);
    result.units = workUnits(model);
    if (const auto why = obviouslyInfeasible(model, false)) {
        result.feasible = false;
        result.solver.status = toString(LpStatus::Infeasible);
        result.message = *why;
        return result;
    }
    const LipsState state = LipsState::initial(model, result.units);
    LipsLpOptions lpOptions;
    lpOptions.figure = coSchedule ? LipsFigure::CoSchedule : LipsFigure::Simple;
    lpOptions.allStores = options.allStores;
    const LipsLpResult lp = solveLips(model, transfer, result.units, state, lpOptions);
    report(result.solver, lp);
    if (lp.status != LpStatus::Optimal) {
        result.feasible = false;
        result.message = whyNoSchedule(lp);
        return result;
    }
    Plan lpPlan = lp.plan;
    if (!coSchedule) {  // Fig. 2: the data stay where they are
        for (std::size_t i = 0; i < model.data.size(); ++i) {
            lpPlan.placement.push_back({static_cast<int>(i), model.data[i].origin, 1.0});
        }
    }
    result.lpCost = planCost(model, transfer, result.units, lpPlan);
    result.lpPlans = {lpPlan};
    const RoundedPlan rounded = roundToBlocks(model, transfer, result.units, lp.plan,
                                              capacities(model, 0.0, true), coSchedule);
    result.schedule = rounded.plan;
    describeSchedule(model, transfer, rounded.tasks, rounded.blocks, &lpPlan, result);
    noteRounding(rounded, result);
    return result;
}

namespace {

using WorkByShare = std::map<std::tuple<int, int, int>, double>;  // (unit, machine, store)

// Refuses an epoch too short for the jobs' CPU demand to fit in kMaxEpochs epochs.
void checkEpochLength(const CostModel& model, const std::vector<WorkUnit>& units, double e) {
    double demand = 0.0;
    for (const auto& u : units) {
        demand += u.cpuS;
    }
    double perEpoch = 0.0;
    for (const auto& m : model.machines) {
        perEpoch += m.cpuUnits * e;
    }
    if (demand / perEpoch > kMaxEpochs) {
        throw InputError("", "", "epoch",
                         "is too short: the jobs need " + formatNumber(demand) +
                             " CPU-seconds, more than " + std::to_string(kMaxEpochs) +
                             " epochs of " + formatNumber(e) + " s on these machines");
    }
}

// Whether the run stops before epoch `epoch` (cancelled, or too many epochs), saying so in
// `result`.
bool stopsBefore(int epoch, const CostOptions& options, CostResult& result) {
    if (options.cancel && options.cancel->load()) {
        result.feasible = false;
        result.solver.status = "cancelled";
        result.message = "cancelled after " + std::to_string(epoch) + " epochs";
        return true;
    }
    if (epoch == kMaxEpochs) {
        result.feasible = false;
        result.solver.status = "failed";
        result.message = "the jobs were not all placed after " + std::to_string(kMaxEpochs) +
                         " epochs; use longer epochs";
        return true;
    }
    return false;
}

// The queue and the data after an epoch's plan: returns the work it placed (fractions of units).
double applyEpoch(const Plan& plan, LipsState& state, WorkByShare& work) {
    double progress = 0.0;
    for (const UnitShare& w : plan.work) {
        const auto u = static_cast<std::size_t>(w.unit);
        state.remaining[u] -= w.fraction;
        state.consumed[u][static_cast<std::size_t>(w.store)] += w.fraction;
        work[{w.unit, w.machine, w.store}] += w.fraction;
        progress += w.fraction;
    }
    for (double& r : state.remaining) {
        r = r < 1e-9 ? 0.0 : r;
    }
    for (const DataShare& p : plan.placement) {
        double& held =
            state.held[static_cast<std::size_t>(p.data)][static_cast<std::size_t>(p.store)];
        held = std::min(1.0, held + p.fraction);
    }
    return progress;
}

// The whole run as one plan: its work over all epochs and the copies it ends with.
Plan wholeRun(const CostModel& model, const WorkByShare& work, const LipsState& state) {
    Plan total;
    for (const auto& [key, fraction] : work) {
        total.work.push_back({std::get<0>(key), std::get<1>(key), std::get<2>(key), fraction});
    }
    for (std::size_t i = 0; i < model.data.size(); ++i) {
        for (std::size_t j = 0; j < model.stores.size(); ++j) {
            if (state.held[i][j] > 1e-12) {
                total.placement.push_back(
                    {static_cast<int>(i), static_cast<int>(j), state.held[i][j]});
            }
        }
    }
    return total;
}

// Each epoch's work starts with the epoch; a machine finishes its share at
// start + CPU-seconds / cpu_units (the LP keeps that within the epoch).
double onlineMakespan(const CostModel& model, const std::vector<EpochRecord>& epochs) {
    double makespan = 0.0;
    for (const EpochRecord& r : epochs) {
        for (std::size_t l = 0; l < model.machines.size(); ++l) {
            if (r.cpuSecondsPerMachine[l] > 1e-9) {
                makespan = std::max(
                    makespan, r.startS + r.cpuSecondsPerMachine[l] / model.machines[l].cpuUnits);
            }
        }
    }
    return makespan;
}

}  // namespace

CostResult runLipsOnline(const CostModel& model, const CostOptions& options) {
    const double e = options.epochS;
    if (!std::isfinite(e) || e <= 0.0) {
        throw InputError("", "", "epoch", "must be a finite number of seconds > 0");
    }
    CostResult result;
    result.algorithm = "lips-online";
    result.epochS = e;
    const TransferTable transfer(model);
    result.units = workUnits(model);
    checkEpochLength(model, result.units, e);
    if (const auto why = obviouslyInfeasible(model, true)) {
        result.feasible = false;
        result.solver.status = toString(LpStatus::Infeasible);
        result.message = *why;
        return result;
    }
    LipsState state = LipsState::initial(model, result.units);
    LipsLpOptions lpOptions;
    lpOptions.figure = LipsFigure::Online;
    lpOptions.epochS = e;
    lpOptions.allStores = options.allStores;
    CostBreakdown lpCost;
    WorkByShare work;  // over all epochs
    for (int epoch = 0; !state.done(); ++epoch) {
        if (stopsBefore(epoch, options, result)) {
            return result;
        }
        const LipsLpResult lp = solveLips(model, transfer, result.units, state, lpOptions);
        report(result.solver, lp);
        if (lp.status != LpStatus::Optimal) {
            result.feasible = false;
            result.message = whyNoSchedule(lp) + " (epoch " + std::to_string(epoch + 1) + ")";
            return result;
        }
        EpochRecord record;
        record.index = epoch;
        record.startS = epoch * e;
        record.cpuSecondsPerMachine = cpuSecondsPerMachine(model, result.units, lp.plan);
        record.lpCost = planCost(model, transfer, result.units, lp.plan);
        record.solverSeconds = lp.seconds;
        for (std::size_t u = 0; u < result.units.size(); ++u) {
            record.deferredCpuS += lp.deferred[u] * result.units[u].cpuS;
        }
        const double progress = applyEpoch(lp.plan, state, work);
        lpCost += record.lpCost;
        result.lpPlans.push_back(lp.plan);
        result.epochs.push_back(std::move(record));
        if (progress <= 1e-12 && !state.done()) {
            result.feasible = false;
            result.solver.status = "failed";
            result.message = "epoch " + std::to_string(epoch + 1) + " placed no work";
            return result;
        }
    }
    const Plan total = wholeRun(model, work, state);
    result.lpCost = lpCost;
    const double window = e * static_cast<double>(result.epochs.size());
    const RoundedPlan rounded =
        roundToBlocks(model, transfer, result.units, total, capacities(model, window, false), true);
    result.schedule = rounded.plan;
    describeSchedule(model, transfer, rounded.tasks, rounded.blocks, &total, result);
    noteRounding(rounded, result);
    result.makespanS = onlineMakespan(model, result.epochs);
    result.notes.push_back(std::to_string(result.epochs.size()) + " epochs of " + formatNumber(e) +
                           " s");
    return result;
}

}  // namespace mr::cost
