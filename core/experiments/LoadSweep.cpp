#include "experiments/LoadSweep.h"

#include <algorithm>
#include <cmath>
#include <mutex>
#include <stdexcept>
#include <thread>

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

LoadSweepResult sweepLoad(const LoadSweepOptions& options, const SweepProgress& progress,
                          const std::atomic<bool>* cancel) {
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
    // Fails early on a bad kind or size (the cells would all fail the same way).
    generateWorkload(options.kind, {.jobs = 1, .seed = options.seed, .nodes = options.nodes});

    const int points = static_cast<int>(options.interarrivals.size());
    const int algorithms = static_cast<int>(options.algorithms.size());
    if (static_cast<long long>(options.runs) * points * algorithms > 10'000'000) {
        throw InputError("", "", "runs", "runs × loads × algorithms must stay under 10 000 000");
    }
    const int cells = options.runs * points;
    // metrics[(run · points + point) · algorithms + algorithm]
    std::vector<std::optional<DeadlineMetrics>> metrics(static_cast<std::size_t>(cells) *
                                                        static_cast<std::size_t>(algorithms));
    RunOptions runOptions = options.run;
    runOptions.recordTasks = false;

    std::atomic<int> nextCell{0};
    std::atomic<int> doneCells{0};
    std::mutex progressMutex;
    std::exception_ptr failure;
    std::mutex failureMutex;
    // A run's batch and its T_J are shared by its load points: built by the first cell of the
    // run that needs them (cells are handed out run-major, so a run's cells are adjacent).
    // Freed when the run's last cell is done, so memory stays a few batches whatever `runs`.
    struct RunBatch {
        std::once_flag once;
        Workload base;
        std::vector<double> alone;
        std::atomic<int> cellsLeft{0};
    };
    std::vector<RunBatch> batches(static_cast<std::size_t>(options.runs));
    for (auto& b : batches) {
        b.cellsLeft = points;
    }

    const auto worker = [&] {
        while (true) {
            if (cancel && cancel->load()) {
                return;
            }
            const int cell = nextCell.fetch_add(1);
            if (cell >= cells) {
                return;
            }
            const int run = cell / points;
            const int point = cell % points;
            try {
                RunBatch& batch = batches[static_cast<std::size_t>(run)];
                const std::uint64_t seed = options.seed + static_cast<std::uint64_t>(run);
                std::call_once(batch.once, [&] {
                    batch.base = generateWorkload(
                        options.kind, {.jobs = options.jobs, .seed = seed, .nodes = options.nodes});
                    batch.alone = aloneCompletionTimes(batch.base);
                });
                Workload w = batch.base;
                addArrivalsAndDeadlines(w,
                                        {options.interarrivals[static_cast<std::size_t>(point)],
                                         options.deadlineFactor},
                                        seed, &batch.alone);
                RunOptions o = runOptions;
                o.seed = seed;
                for (int a = 0; a < algorithms; ++a) {
                    const RunResult r =
                        runAlgorithm(w, options.algorithms[static_cast<std::size_t>(a)], o);
                    metrics[static_cast<std::size_t>(cell) * static_cast<std::size_t>(algorithms) +
                            static_cast<std::size_t>(a)] = deadlineMetrics(w, r);
                }
                if (batch.cellsLeft.fetch_sub(1) == 1) {
                    batch.base = Workload{};
                    batch.alone = {};
                }
            } catch (...) {
                const std::lock_guard lock(failureMutex);
                if (!failure) {
                    failure = std::current_exception();
                }
                nextCell.store(cells);  // stop handing out work
                return;
            }
            const int done = doneCells.fetch_add(1) + 1;
            if (progress) {
                const std::lock_guard lock(progressMutex);
                progress(done, cells);
            }
        }
    };
    int threads = options.threads > 0 ? options.threads
                                      : static_cast<int>(std::thread::hardware_concurrency());
    threads = std::clamp(threads, 1, std::max(1, cells));
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) {
        pool.emplace_back(worker);
    }
    worker();
    for (auto& t : pool) {
        t.join();
    }
    if (failure) {
        std::rethrow_exception(failure);
    }

    LoadSweepResult result;
    result.options = options;
    result.cancelled = cancel && cancel->load() && doneCells.load() < cells;
    for (int p = 0; p < points; ++p) {
        for (int a = 0; a < algorithms; ++a) {
            LoadPoint lp;
            lp.interarrival = options.interarrivals[static_cast<std::size_t>(p)];
            lp.algorithm = options.algorithms[static_cast<std::size_t>(a)];
            Partial missed, extraMaps, extraReduces, local;
            for (int run = 0; run < options.runs; ++run) {
                const auto& m = metrics[static_cast<std::size_t>(run * points + p) *
                                            static_cast<std::size_t>(algorithms) +
                                        static_cast<std::size_t>(a)];
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

}  // namespace mr
