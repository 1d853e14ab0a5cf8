#include "cost/CostSweeps.h"

#include "experiments/Ranges.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "cost/CostGenerators.h"
#include "model/InputError.h"

namespace mr::cost {

namespace {

bool cancelled(const CostOptions& options) {
    return options.cancel && options.cancel->load();
}

}  // namespace

std::vector<double> sweepValues(double from, double to, double step, const std::string& field) {
    return rangeValues(from, to, step, field);
}

std::vector<EpochPoint> sweepEpochs(const CostModel& model, const std::vector<double>& epochs,
                                    const CostOptions& options, const SweepProgress& progress) {
    std::vector<EpochPoint> points;
    for (double e : epochs) {
        if (cancelled(options)) {
            break;
        }
        CostOptions o = options;
        o.epochS = e;
        CostResult r = runLipsOnline(model, o);
        if (r.solver.status == "cancelled") {
            break;
        }
        points.push_back({e, std::move(r)});
        if (progress) {
            progress(static_cast<int>(points.size()), static_cast<int>(epochs.size()));
        }
    }
    return points;
}

std::vector<ClusterSizePoint> sweepClusterSize(const ClusterSizeOptions& o,
                                               const CostOptions& costOptions,
                                               const SweepProgress& progress) {
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
    for (int m : o.machines) {
        if (m < 1 || m > 2000 || static_cast<long long>(m) * o.jobsPerMachine > 100000) {
            throw InputError("", "", "machines",
                             "each size must be between 1 and 2000 machines (at most 100000 jobs)");
        }
    }
    std::vector<ClusterSizePoint> points;
    const int total = static_cast<int>(o.machines.size()) * o.runs;
    int done = 0;
    for (int machines : o.machines) {
        ClusterSizePoint p;
        p.machines = machines;
        p.jobs = machines * o.jobsPerMachine;
        p.minReductionPct = std::numeric_limits<double>::infinity();
        p.maxReductionPct = -std::numeric_limits<double>::infinity();
        for (int r = 0; r < o.runs; ++r) {
            if (cancelled(costOptions)) {
                return points;
            }
            RandomCostOptions g;
            g.machines = machines;
            g.jobs = p.jobs;
            g.seed = o.seed + 1000ULL * static_cast<std::uint64_t>(machines) +
                     static_cast<std::uint64_t>(r);
            const CostModel model = randomCostModel(g);
            const CostResult a = runCostAlgorithm(model, o.algorithm, costOptions);
            const CostResult b = runCostAlgorithm(model, o.baseline, costOptions);
            ++p.runs;
            if (a.feasible && b.feasible && b.cost.total() > 0.0) {
                const double reduction = 100.0 * (b.cost.total() - a.cost.total()) / b.cost.total();
                ++p.feasibleRuns;
                p.meanCost += a.cost.total();
                p.meanBaselineCost += b.cost.total();
                p.meanReductionPct += reduction;
                p.minReductionPct = std::min(p.minReductionPct, reduction);
                p.maxReductionPct = std::max(p.maxReductionPct, reduction);
                p.meanSolverSeconds += a.solver.seconds;
            }
            if (progress) {
                progress(++done, total);
            }
        }
        if (p.feasibleRuns > 0) {
            const double n = p.feasibleRuns;
            p.meanCost /= n;
            p.meanBaselineCost /= n;
            p.meanReductionPct /= n;
            p.meanSolverSeconds /= n;
        } else {
            p.minReductionPct = p.maxReductionPct = 0.0;
        }
        points.push_back(p);
    }
    return points;
}

}  // namespace mr::cost
