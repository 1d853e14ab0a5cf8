#include "experiments/LoadSweep.h"

#include "experiments/SweepPoints.h"
#include "model/InputError.h"
#include "schedulers/Registry.h"
#include "workloads/Generators.h"

namespace mr {

namespace {

// Sum of a metric that only some runs have, and how many.
struct Partial {
    double sum = 0.0;
    int count = 0;
    void add(const std::optional<double>& v) {
        if (v) {
            sum += *v;
            ++count;
        }
    }
    std::optional<double> mean() const {
        return count > 0 ? std::optional<double>(sum / count) : std::nullopt;
    }
};

std::optional<double> asDouble(const std::optional<long long>& v) {
    return v ? std::optional<double>(static_cast<double>(*v)) : std::nullopt;
}

}  // namespace

std::vector<const Algorithm*> loadSweepAlgorithms() {
    std::vector<const Algorithm*> offered;
    for (const Algorithm* a : allAlgorithms()) {
        if (a->info().needs.deadlines || a->info().loadSweep.baseline) {
            offered.push_back(a);
        }
    }
    return offered;
}

std::vector<std::string> defaultLoadSweepAlgorithms() {
    std::vector<std::string> ids;
    for (const Algorithm* a : loadSweepAlgorithms()) {
        if (a->info().loadSweep.byDefault) {
            ids.push_back(a->id());
        }
    }
    return ids;
}

int loadSweepStyleIndex(std::string_view id) {
    const auto offered = loadSweepAlgorithms();
    for (std::size_t i = 0; i < offered.size(); ++i) {
        if (offered[i]->id() == id) {
            return static_cast<int>(i);
        }
    }
    return -1;
}

void checkLoadSweep(const LoadSweepOptions& options) {
    if (options.runs < 1 || options.runs > 100'000) {
        throw InputError("", "", "runs", "must be between 1 and 100000");
    }
    if (options.interarrivals.empty()) {
        throw InputError("", "", "interarrival", "needs at least one value");
    }
    if (options.algorithms.empty()) {
        throw InputError("", "", "algorithms", "needs at least one algorithm");
    }
    for (const auto& id : options.algorithms) {
        if (findAlgorithm(id) == nullptr) {
            runAlgorithm(Workload{}, id, {});  // throws the "unknown algorithm" InputError
        }
    }
    for (double x : options.interarrivals) {
        validateArrivals({x, options.deadlineFactor});
    }
    if (options.run.locality.enabled) {
        validateLocality(options.run.locality);
    }
    checkPointCount(static_cast<double>(options.runs) *
                        static_cast<double>(options.interarrivals.size()) *
                        static_cast<double>(options.algorithms.size()),
                    "runs");
    // Fails early on a bad kind or size (the points would all fail the same way).
    GenerateOptions one = loadSweepBatchOptions(options, options.seed);
    one.jobs = 1;
    generateWorkload(options.kind, one);
}

GenerateOptions loadSweepBatchOptions(const LoadSweepOptions& options, std::uint64_t seed) {
    return {.jobs = options.jobs,
            .seed = seed,
            .nodes = options.nodes,
            .withinJobSigma = options.withinJobSigma};
}

std::size_t loadSweepPointCount(const LoadSweepOptions& options) {
    return static_cast<std::size_t>(options.runs) * options.interarrivals.size() *
           options.algorithms.size();
}

LoadPointId loadPointAt(const LoadSweepOptions& options, std::size_t index) {
    const RunMajorPoint p =
        runMajorPoint(index, options.interarrivals.size(), options.algorithms.size());
    return {.run = static_cast<int>(p.run),
            .load = p.value,
            .algorithm = p.algorithm,
            .seed = options.seed + p.run};
}

void runLoadSweepPoints(
    const LoadSweepOptions& options, const std::vector<std::size_t>& indices,
    const std::function<void(std::size_t index, const DeadlineMetrics& metrics)>& onPoint,
    const SweepProgress& progress, const std::atomic<bool>* cancel) {
    checkLoadSweep(options);
    // A run's batch and its T_J, shared by the run's points.
    struct RunBatch {
        Workload base;
        std::vector<double> alone;
    };
    RunOptions runOptions = options.run;
    runOptions.recordTasks = false;
    runOptions.threads = 1;  // parallel over points, so the numbers never depend on threads
    runOptions.cancel = cancel;
    PointRunOptions parallel{.threads = options.threads, .cancel = cancel, .progress = {}};
    if (progress) {
        parallel.progress = [&](std::size_t done, std::size_t total) {
            progress(static_cast<int>(done), static_cast<int>(total));
        };
    }
    runPoints<RunBatch>(
        indices, options.interarrivals.size() * options.algorithms.size(),
        [&](std::size_t run) {
            RunBatch batch;
            batch.base = generateWorkload(
                options.kind,
                loadSweepBatchOptions(options, options.seed + static_cast<std::uint64_t>(run)));
            batch.alone = aloneCompletionTimes(batch.base);
            return batch;
        },
        [&](std::size_t index, const RunBatch& batch) {
            const LoadPointId id = loadPointAt(options, index);
            Workload w = batch.base;
            addArrivalsAndDeadlines(w, {options.interarrivals[id.load], options.deadlineFactor},
                                    id.seed, &batch.alone);
            RunOptions o = runOptions;
            o.seed = id.seed;
            const RunResult r = runAlgorithm(w, options.algorithms[id.algorithm], o);
            onPoint(index, deadlineMetrics(w, r));
        },
        parallel);
}

LoadSweepResult summariseLoadSweep(const LoadSweepOptions& options, const LoadSweepValues& values,
                                   bool cancelled) {
    const std::size_t loads = options.interarrivals.size();
    const std::size_t algorithms = options.algorithms.size();
    LoadSweepResult result;
    result.options = options;
    result.cancelled = cancelled;
    for (std::size_t p = 0; p < loads; ++p) {
        for (std::size_t a = 0; a < algorithms; ++a) {
            LoadPoint lp;
            lp.interarrival = options.interarrivals[p];
            lp.algorithm = options.algorithms[a];
            Partial missed, extraMaps, extraReduces, local;
            for (std::size_t run = 0; run < static_cast<std::size_t>(options.runs); ++run) {
                const auto& m = values[(run * loads + p) * algorithms + a];
                if (!m) {
                    continue;
                }
                ++lp.runs;
                lp.relativeDeadlineExceeded += m->relativeDeadlineExceeded;
                lp.avgCompletionTime += m->avgCompletionTime;
                lp.killedMapTasks += static_cast<double>(m->killedMapTasks);
                lp.killedReduceTasks += static_cast<double>(m->killedReduceTasks);
                missed.add(m->missedFraction);
                extraMaps.add(asDouble(m->extraMapTasks));
                extraReduces.add(asDouble(m->extraReduceTasks));
                local.add(m->dataLocalFraction);
            }
            if (lp.runs > 0) {
                lp.relativeDeadlineExceeded /= lp.runs;
                lp.avgCompletionTime /= lp.runs;
                lp.killedMapTasks /= lp.runs;
                lp.killedReduceTasks /= lp.runs;
            }
            lp.missedFraction = missed.mean();
            lp.extraMapTasks = extraMaps.mean();
            lp.extraReduceTasks = extraReduces.mean();
            lp.dataLocalFraction = local.mean();
            result.points.push_back(std::move(lp));
        }
    }
    return result;
}

LoadSweepResult sweepLoad(const LoadSweepOptions& options, const SweepProgress& progress,
                          const std::atomic<bool>* cancel) {
    checkLoadSweep(options);
    LoadSweepValues values(loadSweepPointCount(options));
    std::vector<std::size_t> indices(values.size());
    for (std::size_t i = 0; i < indices.size(); ++i) {
        indices[i] = i;
    }
    bool cancelled = false;
    try {
        runLoadSweepPoints(
            options, indices,
            [&](std::size_t index, const DeadlineMetrics& m) { values[index] = m; }, progress,
            cancel);
    } catch (const Cancelled&) {
        cancelled = true;  // what finished is kept
    }
    return summariseLoadSweep(options, values, cancelled);
}

}  // namespace mr
