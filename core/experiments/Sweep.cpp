#include "experiments/Sweep.h"

#include <algorithm>
#include <cmath>
#include <tuple>

#include "experiments/Ranges.h"
#include "experiments/SweepPoints.h"
#include "model/InputError.h"
#include "model/Limits.h"
#include "perf/TwoStage.h"
#include "schedulers/Johnson.h"
#include "schedulers/Optimal.h"
#include "schedulers/Registry.h"

namespace mr {

namespace {

SweepPoint summarise(std::vector<double> values) {
    SweepPoint p;
    if (values.empty()) {
        p.mean = p.min = p.max = p.stddev = std::nan("");
        return p;
    }
    p.min = *std::min_element(values.begin(), values.end());
    p.max = *std::max_element(values.begin(), values.end());
    double sum = 0.0;
    for (double v : values) {
        sum += v;
    }
    p.mean = sum / static_cast<double>(values.size());
    double squares = 0.0;
    for (double v : values) {
        squares += (v - p.mean) * (v - p.mean);
    }
    p.stddev = std::sqrt(squares / static_cast<double>(values.size()));
    p.values = std::move(values);
    return p;
}

// The two-stage formula for Johnson's order and its reverse ([Verma12] Fig. 7: Min and Max).
std::pair<double, double> formulaLines(const Workload& w, Estimator estimator) {
    const auto stages =
        allStageDurations(w, w.cluster.mapSlots(), w.cluster.reduceSlots(), estimator);
    auto order = johnsonOrder(stages);
    const double min = twoStageMakespan(stages, order);
    std::reverse(order.begin(), order.end());
    return {min, twoStageMakespan(stages, order)};
}

std::size_t pointsPerRun(const SweepSpec& spec) {
    return spec.nodes.size() * (spec.algorithms.size() + 1);
}

}  // namespace

void checkSweep(const SweepSpec& spec) {
    for (const auto& id : spec.algorithms) {
        if (findAlgorithm(id) == nullptr) {
            runAlgorithm(Workload{}, id, spec.run);  // throws the "unknown algorithm" InputError
        }
    }
    if (spec.nodes.empty()) {
        throw InputError("", "", "nodes", "a sweep needs at least one cluster size");
    }
    for (const int nodes : spec.nodes) {
        if (nodes < 1 || nodes > kMaxNodes) {
            throw InputError("", "", "nodes",
                             "cluster sizes must be between 1 and " + std::to_string(kMaxNodes) +
                                 " (got " + std::to_string(nodes) + ")");
        }
    }
    if (spec.runs < 1) {
        throw InputError("", "", "runs", "must be at least 1");
    }
    checkPointCount(static_cast<double>(spec.runs) * static_cast<double>(pointsPerRun(spec)),
                    "runs");
}

std::size_t sweepPointCount(const SweepSpec& spec) {
    return static_cast<std::size_t>(spec.runs) * pointsPerRun(spec);
}

SweepPointId sweepPointAt(const SweepSpec& spec, std::size_t index) {
    const std::size_t perSize = spec.algorithms.size() + 1;
    SweepPointId id;
    id.slot = index % perSize;
    id.size = index / perSize % spec.nodes.size();
    id.run = static_cast<int>(index / pointsPerRun(spec));
    id.formula = id.slot == spec.algorithms.size();
    return id;
}

void runSweepPoints(
    const WorkloadSource& source, const SweepSpec& spec, const std::vector<std::size_t>& indices,
    const std::function<void(std::size_t index, const SweepPointValue& value)>& onPoint) {
    checkSweep(spec);
    RunOptions options = spec.run;
    options.threads = 1;  // parallel over points, so the numbers never depend on threads
    options.recordTasks = false;
    runPoints<Workload>(
        indices, pointsPerRun(spec),
        [&](std::size_t run) {
            Workload w = source(static_cast<int>(run));
            validate(w);
            return w;
        },
        [&](std::size_t index, const Workload& runWorkload) {
            throwIfCancelled(options.cancel);
            const SweepPointId id = sweepPointAt(spec, index);
            Workload w = runWorkload;
            w.cluster.nodes = spec.nodes[id.size];
            SweepPointValue value;
            if (id.formula) {
                std::tie(value.makespan, value.formulaMax) = formulaLines(w, options.estimator);
                value.lowerBound = makespanLowerBound(w);
            } else {
                value.makespan = runAlgorithm(w, spec.algorithms[id.slot], options).makespan();
            }
            onPoint(index, value);
        },
        {.threads = spec.threads, .cancel = options.cancel, .progress = spec.progress});
}

SweepResult summariseSweep(const SweepSpec& spec, std::string workload, const SweepValues& values) {
    const std::size_t algorithms = spec.algorithms.size();
    SweepResult result;
    result.workload = std::move(workload);
    result.nodes = spec.nodes;
    result.runs = spec.runs;
    // The algorithms, then formula-min, formula-max and lower-bound (from the formula slot).
    const char* const computed[] = {kFormulaMin, kFormulaMax, kLowerBound};
    for (std::size_t a = 0; a < algorithms + 3; ++a) {
        SweepSeries s;
        s.name = a < algorithms ? spec.algorithms[a] : computed[a - algorithms];
        s.formula = a >= algorithms;
        const std::size_t slot = std::min(a, algorithms);
        for (std::size_t p = 0; p < spec.nodes.size(); ++p) {
            std::vector<double> runValues;
            for (std::size_t r = 0; r < static_cast<std::size_t>(spec.runs); ++r) {
                const auto& v = values[r * pointsPerRun(spec) + p * (algorithms + 1) + slot];
                if (v) {
                    runValues.push_back(a <= algorithms       ? v->makespan
                                        : a == algorithms + 1 ? v->formulaMax
                                                              : v->lowerBound);
                }
            }
            s.points.push_back(summarise(std::move(runValues)));
        }
        result.series.push_back(std::move(s));
    }
    return result;
}

SweepResult runSweep(const WorkloadSource& source, const SweepSpec& spec) {
    checkSweep(spec);
    SweepValues values(sweepPointCount(spec));
    std::vector<std::size_t> indices(values.size());
    for (std::size_t i = 0; i < indices.size(); ++i) {
        indices[i] = i;
    }
    // The first run's name, read while its workload is made (no extra generation).
    std::string name;
    const WorkloadSource naming = [&](int run) {
        Workload w = source(run);
        if (run == 0) {
            name = w.name;
        }
        return w;
    };
    runSweepPoints(naming, spec, indices,
                   [&](std::size_t index, const SweepPointValue& v) { values[index] = v; });
    return summariseSweep(spec, std::move(name), values);
}

std::vector<int> parseNodeRange(std::string_view text) {
    const auto bad = [&](const std::string& why) {
        return InputError("", "", "nodes",
                          "'" + std::string(text) + "': " + why + " (expected FROM:TO:STEP)");
    };
    if (std::count(text.begin(), text.end(), ':') > 2) {
        throw bad("too many parts");
    }
    const std::optional<RangeText> range = readRange(text);
    const auto whole = [](double v) { return v == std::floor(v) && std::fabs(v) < 1e15; };
    if (!range || !whole(range->from) || !whole(range->to) || !whole(range->step)) {
        throw bad("not a whole number");
    }
    const auto from = static_cast<long long>(range->from);
    const auto to = static_cast<long long>(range->to);
    const auto step = static_cast<long long>(range->step);
    if (from < 1 || to > 1'000'000) {
        throw bad("node counts must be between 1 and 1000000");
    }
    if (from > to) {
        throw bad("FROM is larger than TO");
    }
    if (step < 1) {
        throw bad("STEP must be at least 1");
    }
    if ((to - from) / step >= 10'000) {
        throw bad("more than 10000 cluster sizes");
    }
    std::vector<int> nodes;
    for (long long n = from; n <= to; n += step) {
        nodes.push_back(static_cast<int>(n));
    }
    return nodes;
}

}  // namespace mr
