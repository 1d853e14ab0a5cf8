#include "experiments/FaultSweep.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "experiments/Ranges.h"
#include "experiments/SweepPoints.h"
#include "model/InputError.h"
#include "schedulers/Registry.h"

namespace mr {

void setStragglerFactor(Scenario& scenario, const std::string& text) {
    const std::optional<RangeText> range = readRange(text);
    if (!range || !(range->from >= 1.0) || !(range->to >= range->from) || range->to > 1e6 ||
        text.find(':') == std::string::npos) {
        throw InputError("", "", "straggler-factor",
                         "expected A:B with 1 <= A <= B <= 1e6 (got '" + text + "')");
    }
    scenario.stragglerMinFactor = range->from;
    scenario.stragglerMaxFactor = range->to;
}

const char* faultAxisId(FaultAxis axis) {
    return axis == FaultAxis::FailureProbability ? "failure-prob" : "straggler-prob";
}

FaultAxis parseFaultAxis(std::string_view id) {
    if (id == "failure-prob") {
        return FaultAxis::FailureProbability;
    }
    if (id == "straggler-prob") {
        return FaultAxis::StragglerProbability;
    }
    throw InputError("", "", "axis",
                     "'" + std::string(id) + "' is not an axis (failure-prob or straggler-prob)");
}

void checkFaultSweep(const FaultSweepOptions& options) {
    if (options.runs < 1 || options.runs > 100'000) {
        throw InputError("", "", "runs", "must be between 1 and 100000");
    }
    if (options.values.empty()) {
        throw InputError("", "", "values", "needs at least one probability");
    }
    for (double v : options.values) {
        // As the scenario reads them: every attempt failing would fail every job.
        if (!(v >= 0.0) || v >= 1.0) {
            char given[32];
            std::snprintf(given, sizeof given, "%g", v);
            throw InputError(
                "", "", "values",
                "probabilities must be at least 0 and below 1 (" + std::string(given) + " given)");
        }
    }
    if (options.algorithms.empty()) {
        throw InputError("", "", "algorithms", "needs at least one algorithm");
    }
    for (const auto& id : options.algorithms) {
        if (findAlgorithm(id) == nullptr) {
            runAlgorithm(Workload{}, id, {});  // throws the "unknown algorithm" InputError
        }
    }
    checkPointCount(static_cast<double>(options.runs) * static_cast<double>(options.values.size()) *
                        static_cast<double>(options.algorithms.size()),
                    "runs");
}

void checkFaultSweep(const FaultSweepOptions& options, const Workload& workload) {
    checkFaultSweep(options);
    const Scenario& s = options.scenario;
    if (options.axis == FaultAxis::StragglerProbability && s.stragglerMinFactor == 1.0 &&
        s.stragglerMaxFactor == 1.0) {
        throw InputError("", "", "straggler_factor",
                         "stragglers of factor 1 change nothing: give the scenario a "
                         "straggler_factor [low, high] (mrsim: --straggler-factor A:B)");
    }
    // The largest probability is the one most likely to be refused (overheads, node numbers).
    const auto top = std::max_element(options.values.begin(), options.values.end());
    validateScenario(
        faultScenario(options, static_cast<std::size_t>(top - options.values.begin()), 1),
        workload);
}

std::size_t faultSweepPointCount(const FaultSweepOptions& options) {
    return static_cast<std::size_t>(options.runs) * options.values.size() *
           options.algorithms.size();
}

FaultPointId faultPointAt(const FaultSweepOptions& options, std::size_t index) {
    const RunMajorPoint p = runMajorPoint(index, options.values.size(), options.algorithms.size());
    return {.run = static_cast<int>(p.run),
            .value = p.value,
            .algorithm = p.algorithm,
            .seed = options.seed + p.run};
}

Scenario faultScenario(const FaultSweepOptions& options, std::size_t value, std::uint64_t seed) {
    Scenario s = options.scenario;
    s.seed = seed;
    if (options.axis == FaultAxis::FailureProbability) {
        s.failureProbability = options.values[value];
    } else {
        s.stragglerProbability = options.values[value];
    }
    return s;
}

void runFaultSweepPoints(
    const Workload& workload, const FaultSweepOptions& options,
    const std::vector<std::size_t>& indices,
    const std::function<void(std::size_t index, const FaultPointValue& value)>& onPoint,
    const std::function<void(std::size_t done, std::size_t total)>& progress,
    const std::atomic<bool>* cancel) {
    checkFaultSweep(options, workload);
    RunOptions runOptions = options.run;
    runOptions.recordTasks = false;
    runOptions.threads = 1;  // parallel over points, so the numbers never depend on threads
    runOptions.cancel = cancel;
    // The points share the one workload: a single group whose input is a pointer to it.
    runPoints<const Workload*>(
        indices, faultSweepPointCount(options), [&](std::size_t) { return &workload; },
        [&](std::size_t index, const Workload* const& base) {
            const FaultPointId id = faultPointAt(options, index);
            Workload w = *base;
            w.scenario = faultScenario(options, id.value, id.seed);
            const RunResult r = runAlgorithm(w, options.algorithms[id.algorithm], runOptions);
            FaultPointValue v;
            v.makespan = r.sim.makespan;
            v.failedJobs = r.sim.failedJobs;
            for (const JobTimes& job : r.sim.jobs) {
                v.failedAttempts += job.failedAttempts;
                v.speculativeAttempts += job.speculativeAttempts;
            }
            onPoint(index, v);
        },
        {.threads = options.threads, .cancel = cancel, .progress = progress});
}

namespace {

// Nearest rank: the ⌈q·n⌉-th smallest of `sorted` (n >= 1).
double nearestRank(const std::vector<double>& sorted, double q) {
    const auto rank = static_cast<std::size_t>(std::ceil(q * static_cast<double>(sorted.size())));
    return sorted[std::clamp<std::size_t>(rank, 1, sorted.size()) - 1];
}

FaultPoint summarisePoint(const FaultSweepOptions& options, const FaultSweepValues& values,
                          std::size_t value, std::size_t algorithm) {
    const std::size_t count = options.values.size() * options.algorithms.size();
    FaultPoint p;
    p.probability = options.values[value];
    p.algorithm = options.algorithms[algorithm];
    std::vector<double> makespans;
    double failedJobs = 0.0;
    double failedAttempts = 0.0;
    for (std::size_t run = 0; run < static_cast<std::size_t>(options.runs); ++run) {
        const auto& v = values[run * count + value * options.algorithms.size() + algorithm];
        if (v) {
            makespans.push_back(v->makespan);
            failedJobs += v->failedJobs;
            failedAttempts += static_cast<double>(v->failedAttempts);
        }
    }
    p.runs = static_cast<int>(makespans.size());
    if (makespans.empty()) {
        const double nan = std::numeric_limits<double>::quiet_NaN();
        p.makespanMean = p.makespanP95 = p.makespanMax = p.failedJobsMean = nan;
        p.failedAttemptsMean = nan;
        return p;
    }
    double sum = 0.0;
    for (double m : makespans) {  // run order: the same sum whatever the threads
        sum += m;
    }
    std::sort(makespans.begin(), makespans.end());
    p.makespanMean = sum / p.runs;
    p.makespanP95 = nearestRank(makespans, 0.95);
    p.makespanMax = makespans.back();
    p.failedJobsMean = failedJobs / p.runs;
    p.failedAttemptsMean = failedAttempts / p.runs;
    return p;
}

}  // namespace

FaultSweepResult summariseFaultSweep(const FaultSweepOptions& options, std::string workload,
                                     const FaultSweepValues& values, bool cancelled) {
    FaultSweepResult result;
    result.workload = std::move(workload);
    result.options = options;
    result.cancelled = cancelled;
    for (std::size_t v = 0; v < options.values.size(); ++v) {
        for (std::size_t a = 0; a < options.algorithms.size(); ++a) {
            result.points.push_back(summarisePoint(options, values, v, a));
        }
    }
    return result;
}

FaultSweepResult sweepFaults(const Workload& workload, const FaultSweepOptions& options,
                             const std::atomic<bool>* cancel) {
    checkFaultSweep(options, workload);
    FaultSweepValues values(faultSweepPointCount(options));
    std::vector<std::size_t> indices(values.size());
    for (std::size_t i = 0; i < indices.size(); ++i) {
        indices[i] = i;
    }
    bool cancelled = false;
    try {
        runFaultSweepPoints(
            workload, options, indices,
            [&](std::size_t index, const FaultPointValue& v) { values[index] = v; }, {}, cancel);
    } catch (const Cancelled&) {
        cancelled = true;  // what finished is kept
    }
    return summariseFaultSweep(options, workload.name, values, cancelled);
}

}  // namespace mr
