#include "experiments/Sweep.h"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <cmath>
#include <exception>
#include <thread>

#include "model/InputError.h"
#include "perf/TwoStage.h"
#include "schedulers/Johnson.h"
#include "schedulers/Registry.h"

namespace mr {

namespace {

// Calls fn(i) for i in [0, count) on `threads` threads (0: all cores); rethrows the exception
// of the lowest failing index.
void parallelFor(std::size_t count, int threads, const std::function<void(std::size_t)>& fn) {
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    const std::size_t workers =
        std::min<std::size_t>(count, threads > 0 ? static_cast<std::size_t>(threads) : cores);
    std::vector<std::exception_ptr> errors(count);
    std::atomic<std::size_t> next{0};
    const auto work = [&] {
        for (std::size_t i = next++; i < count; i = next++) {
            try {
                fn(i);
            } catch (...) {
                errors[i] = std::current_exception();
            }
        }
    };
    std::vector<std::thread> pool;
    for (std::size_t t = 1; t < workers; ++t) {
        pool.emplace_back(work);
    }
    work();
    for (auto& t : pool) {
        t.join();
    }
    for (const auto& e : errors) {
        if (e) {
            std::rethrow_exception(e);
        }
    }
}

SweepPoint summarise(std::vector<double> values) {
    SweepPoint p;
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

// The two-stage formula for Johnson's order and its reverse (seed 000 Fig. 7: Min and Max).
std::pair<double, double> formulaLines(const Workload& w, Estimator estimator) {
    const auto stages =
        allStageDurations(w, w.cluster.mapSlots(), w.cluster.reduceSlots(), estimator);
    auto order = johnsonOrder(stages);
    const double min = twoStageMakespan(stages, order);
    std::reverse(order.begin(), order.end());
    return {min, twoStageMakespan(stages, order)};
}

}  // namespace

SweepResult runSweep(const WorkloadSource& source, const SweepSpec& spec) {
    for (const auto& id : spec.algorithms) {
        if (findAlgorithm(id) == nullptr) {
            runAlgorithm(Workload{}, id, spec.run);  // throws the "unknown algorithm" InputError
        }
    }
    if (spec.nodes.empty()) {
        throw InputError("", "", "nodes", "a sweep needs at least one cluster size");
    }
    if (spec.runs < 1) {
        throw InputError("", "", "runs", "must be at least 1");
    }
    const std::size_t runs = static_cast<std::size_t>(spec.runs);
    const std::size_t points = spec.nodes.size();
    const std::size_t algorithms = spec.algorithms.size();

    std::vector<Workload> workloads(runs);
    parallelFor(runs, spec.threads, [&](std::size_t r) {
        workloads[r] = source(static_cast<int>(r));
        validate(workloads[r]);
    });

    // One task per (run, size, algorithm or the formula pair); each writes its own cells.
    RunOptions options = spec.run;
    options.threads = 1;
    options.recordTasks = false;
    const std::size_t perPoint = algorithms + 1;
    std::vector<double> makespans(runs * points * perPoint);
    std::vector<double> maxLine(runs * points);
    std::atomic<std::size_t> done{0};
    parallelFor(makespans.size(), spec.threads, [&](std::size_t i) {
        throwIfCancelled(options.cancel);
        const std::size_t a = i % perPoint;
        const std::size_t p = i / perPoint % points;
        const std::size_t r = i / perPoint / points;
        Workload w = workloads[r];
        w.cluster.nodes = spec.nodes[p];
        if (a < algorithms) {
            makespans[i] = runAlgorithm(w, spec.algorithms[a], options).makespan();
        } else {
            const auto [min, max] = formulaLines(w, options.estimator);
            makespans[i] = min;
            maxLine[r * points + p] = max;
        }
        if (spec.progress) {
            spec.progress(++done, makespans.size());
        }
    });

    SweepResult result;
    result.workload = workloads.front().name;
    result.nodes = spec.nodes;
    result.runs = spec.runs;
    for (std::size_t a = 0; a < perPoint + 1; ++a) {
        SweepSeries s;
        s.name =
            a < algorithms ? spec.algorithms[a] : (a == algorithms ? kFormulaMin : kFormulaMax);
        s.formula = a >= algorithms;
        for (std::size_t p = 0; p < points; ++p) {
            std::vector<double> values;
            for (std::size_t r = 0; r < runs; ++r) {
                values.push_back(a <= algorithms ? makespans[(r * points + p) * perPoint + a]
                                                 : maxLine[r * points + p]);
            }
            s.points.push_back(summarise(std::move(values)));
        }
        result.series.push_back(std::move(s));
    }
    return result;
}

std::vector<int> parseNodeRange(std::string_view text) {
    const auto bad = [&](const std::string& why) {
        return InputError("", "", "nodes",
                          "'" + std::string(text) + "': " + why + " (expected FROM:TO:STEP)");
    };
    std::vector<long long> parts;
    std::size_t start = 0;
    while (true) {
        const std::size_t colon = text.find(':', start);
        const std::string_view part = text.substr(
            start, colon == std::string_view::npos ? std::string_view::npos : colon - start);
        long long value = 0;
        const auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), value);
        if (part.empty() || ec != std::errc() || end != part.data() + part.size()) {
            throw bad("not a whole number");
        }
        parts.push_back(value);
        if (colon == std::string_view::npos) {
            break;
        }
        start = colon + 1;
    }
    if (parts.size() > 3) {
        throw bad("too many parts");
    }
    const long long from = parts[0];
    const long long to = parts.size() > 1 ? parts[1] : from;
    const long long step = parts.size() > 2 ? parts[2] : 1;
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
