#include "cost/CostSweeps.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "cost/CostGenerators.h"
#include "experiments/Ranges.h"
#include "experiments/SweepPoints.h"
#include "model/InputError.h"

namespace mr::cost {

std::vector<double> sweepValues(double from, double to, double step, const std::string& field) {
    return rangeValues(from, to, step, field);
}

CostResult slimCostResult(CostResult r) {
    CostResult slim;
    slim.algorithm = std::move(r.algorithm);
    slim.feasible = r.feasible;
    slim.message = std::move(r.message);
    slim.cost = r.cost;
    slim.lpCost = r.lpCost;
    slim.cpuSecondsPerMachine = std::move(r.cpuSecondsPerMachine);
    slim.makespanS = r.makespanS;
    slim.locality = r.locality;
    slim.epochS = r.epochS;
    for (const EpochRecord& e : r.epochs) {
        EpochRecord kept;
        kept.index = e.index;
        kept.startS = e.startS;
        slim.epochs.push_back(kept);
    }
    slim.solver = std::move(r.solver);
    return slim;
}

void runEpochPoints(const CostModel& model, const std::vector<double>& epochs,
                    const CostOptions& options, const std::vector<std::size_t>& indices,
                    const std::function<void(std::size_t index, const CostResult& slim)>& onPoint,
                    const SweepProgress& progress, int threads) {
    PointRunOptions parallel{.threads = threads, .cancel = options.cancel, .progress = {}};
    if (progress) {
        parallel.progress = [&](std::size_t done, std::size_t total) {
            progress(static_cast<int>(done), static_cast<int>(total));
        };
    }
    for (const std::size_t index : indices) {
        checkEpochLength(epochs[index], "epochs");
    }
    // One group: every point reads the model itself.
    runPoints<int>(
        indices, epochs.size(), [](std::size_t) { return 0; },
        [&](std::size_t index, const int&) {
            CostOptions o = options;
            o.epochS = epochs[index];
            CostResult r = runLipsOnline(model, o);
            if (r.solver.status == "cancelled") {
                throw Cancelled();
            }
            onPoint(index, slimCostResult(std::move(r)));
        },
        parallel);
}

std::vector<EpochPoint> epochPointsOf(const std::vector<double>& epochs,
                                      const std::vector<std::optional<CostResult>>& values) {
    std::vector<EpochPoint> points;
    for (std::size_t i = 0; i < epochs.size() && i < values.size(); ++i) {
        if (values[i]) {
            points.push_back({epochs[i], *values[i]});
        }
    }
    return points;
}

std::vector<EpochPoint> sweepEpochs(const CostModel& model, const std::vector<double>& epochs,
                                    const CostOptions& options, const SweepProgress& progress,
                                    int threads) {
    checkPointCount(static_cast<double>(epochs.size()), "epochs");
    std::vector<std::optional<CostResult>> values(epochs.size());
    std::vector<std::size_t> indices(epochs.size());
    for (std::size_t i = 0; i < indices.size(); ++i) {
        indices[i] = i;
    }
    try {
        runEpochPoints(
            model, epochs, options, indices,
            [&](std::size_t index, const CostResult& r) { values[index] = r; }, progress, threads);
    } catch (const Cancelled&) {
        // the points finished are returned
    }
    return epochPointsOf(epochs, values);
}

void checkClusterSize(const ClusterSizeOptions& o) {
    const auto ids = costAlgorithmIds();
    for (const auto& [id, field] :
         {std::pair{o.algorithm, "algorithm"}, std::pair{o.baseline, "baseline"}}) {
        if (std::find(ids.begin(), ids.end(), id) == ids.end()) {
            throw InputError("", "", field, "unknown cost algorithm '" + id + "'");
        }
    }
    if (o.runs < 1 || o.runs > 10000) {
        throw InputError("", "", "runs", "must be between 1 and 10000");
    }
    if (o.jobsPerMachine < 1 || o.jobsPerMachine > 1000) {
        throw InputError("", "", "jobs-per-machine", "must be between 1 and 1000");
    }
    if (o.machines.empty()) {
        throw InputError("", "", "machines", "needs at least one cluster size");
    }
    for (int m : o.machines) {
        if (m < 1 || m > 2000 || static_cast<long long>(m) * o.jobsPerMachine > 100000) {
            throw InputError("", "", "machines",
                             "each size must be between 1 and 2000 machines (at most 100000 jobs)");
        }
    }
    checkPointCount(2.0 * o.runs * static_cast<double>(o.machines.size()), "runs");
}

std::size_t clusterSizePointCount(const ClusterSizeOptions& o) {
    return 2 * static_cast<std::size_t>(o.runs) * o.machines.size();
}

ClusterPointId clusterPointAt(const ClusterSizeOptions& o, std::size_t index) {
    ClusterPointId id;
    id.baseline = index % 2 == 1;
    id.size = index / 2 % o.machines.size();
    id.run = static_cast<int>(index / 2 / o.machines.size());
    id.machines = o.machines[id.size];
    id.jobs = id.machines * o.jobsPerMachine;
    id.seed = o.seed + 1000ULL * static_cast<std::uint64_t>(id.machines) +
              static_cast<std::uint64_t>(id.run);
    return id;
}

void runClusterSizePoints(
    const ClusterSizeOptions& o, const CostOptions& costOptions,
    const std::vector<std::size_t>& indices,
    const std::function<void(std::size_t index, const ClusterPointValue& value)>& onPoint,
    const SweepProgress& progress) {
    checkClusterSize(o);
    PointRunOptions parallel{.threads = o.threads, .cancel = costOptions.cancel, .progress = {}};
    if (progress) {
        parallel.progress = [&](std::size_t done, std::size_t total) {
            progress(static_cast<int>(done), static_cast<int>(total));
        };
    }
    runPoints<CostModel>(
        indices, 2,
        [&](std::size_t group) {
            const ClusterPointId id = clusterPointAt(o, group * 2);
            RandomCostOptions g;
            g.machines = id.machines;
            g.jobs = id.jobs;
            g.seed = id.seed;
            return randomCostModel(g);
        },
        [&](std::size_t index, const CostModel& model) {
            const ClusterPointId id = clusterPointAt(o, index);
            const CostResult r =
                runCostAlgorithm(model, id.baseline ? o.baseline : o.algorithm, costOptions);
            if (r.solver.status == "cancelled") {
                throw Cancelled();
            }
            onPoint(index, {r.feasible, r.feasible ? r.cost.total() : 0.0, r.solver.seconds});
        },
        parallel);
}

std::vector<ClusterSizePoint> summariseClusterSize(
    const ClusterSizeOptions& o, const std::vector<std::optional<ClusterPointValue>>& values) {
    std::vector<ClusterSizePoint> points;
    const std::size_t sizes = o.machines.size();
    for (std::size_t s = 0; s < sizes; ++s) {
        ClusterSizePoint p;
        p.machines = o.machines[s];
        p.jobs = p.machines * o.jobsPerMachine;
        p.minReductionPct = std::numeric_limits<double>::infinity();
        p.maxReductionPct = -std::numeric_limits<double>::infinity();
        for (std::size_t r = 0; r < static_cast<std::size_t>(o.runs); ++r) {
            const auto& a = values[(r * sizes + s) * 2];
            const auto& b = values[(r * sizes + s) * 2 + 1];
            if (!a || !b) {
                continue;
            }
            ++p.runs;
            if (a->feasible && b->feasible && b->cost > 0.0) {
                const double reduction = 100.0 * (b->cost - a->cost) / b->cost;
                ++p.feasibleRuns;
                p.meanCost += a->cost;
                p.meanBaselineCost += b->cost;
                p.meanReductionPct += reduction;
                p.minReductionPct = std::min(p.minReductionPct, reduction);
                p.maxReductionPct = std::max(p.maxReductionPct, reduction);
            }
        }
        if (p.feasibleRuns > 0) {
            const double n = p.feasibleRuns;
            p.meanCost /= n;
            p.meanBaselineCost /= n;
            p.meanReductionPct /= n;
        } else {
            p.minReductionPct = p.maxReductionPct = 0.0;
        }
        points.push_back(p);
    }
    return points;
}

std::vector<ClusterSizePoint> sweepClusterSize(const ClusterSizeOptions& o,
                                               const CostOptions& costOptions,
                                               const SweepProgress& progress) {
    checkClusterSize(o);
    std::vector<std::optional<ClusterPointValue>> values(clusterSizePointCount(o));
    std::vector<std::size_t> indices(values.size());
    for (std::size_t i = 0; i < indices.size(); ++i) {
        indices[i] = i;
    }
    try {
        runClusterSizePoints(
            o, costOptions, indices,
            [&](std::size_t index, const ClusterPointValue& v) { values[index] = v; }, progress);
    } catch (const Cancelled&) {
        auto points = summariseClusterSize(o, values);
        std::erase_if(points, [](const ClusterSizePoint& p) { return p.runs == 0; });
        return points;
    }
    return summariseClusterSize(o, values);
}

}  // namespace mr::cost
