#include "workloads/Arrivals.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "model/InputError.h"
#include "model/Limits.h"
#include "model/Numbers.h"
#include "model/SeededRandom.h"
#include "perf/StageDuration.h"

namespace mr {

void validateArrivals(const ArrivalOptions& o) {
    if (o.meanInterarrival && (!std::isfinite(*o.meanInterarrival) || *o.meanInterarrival < 0.0 ||
                               *o.meanInterarrival > 1e9)) {
        throw InputError("", "", "interarrival",
                         "must be a finite number of seconds from 0 to 1000000000");
    }
    if (o.deadlineFactor) {
        const DeadlineFactor& f = *o.deadlineFactor;
        if (!std::isfinite(f.low) || !std::isfinite(f.high) || f.low <= 0.0 || f.high < f.low ||
            f.high > 1e6) {
            throw InputError("", "", "deadline-factor", "must be A:B with 0 < A <= B <= 1000000");
        }
    }
}

std::vector<double> aloneCompletionTimes(const Workload& w) {
    std::vector<double> times;
    times.reserve(w.jobs.size());
    for (const Job& job : w.jobs) {
        const StageDurations s =
            stageDurations(job, w.cluster.mapSlots(), w.cluster.reduceSlots(), Estimator::Exact);
        times.push_back(s.map + s.reduce);
    }
    return times;
}

void addArrivalsAndDeadlines(Workload& w, const ArrivalOptions& options, std::uint64_t seed,
                             const std::vector<double>* alone) {
    validateArrivals(options);
    std::vector<double> computed;
    if (options.deadlineFactor && alone == nullptr) {
        computed = aloneCompletionTimes(w);
        alone = &computed;
    }
    // A stream of its own: the generator's draws (job sizes, task times) stay as they were.
    SeededRandom rng(seed ^ 0x61727269766c7321ULL);
    double clock = 0.0;
    for (std::size_t j = 0; j < w.jobs.size(); ++j) {
        const double g = rng.exponential(1.0);
        const double u = rng.uniform01();
        Job& job = w.jobs[j];
        if (options.meanInterarrival) {
            clock += j == 0 ? 0.0 : *options.meanInterarrival * g;
            if (clock > kMaxTime) {
                throw InputError("", "", "interarrival",
                                 "job " + std::to_string(j + 1) + " would arrive after " +
                                     std::to_string(static_cast<long long>(clock)) +
                                     " s, more than the 1e12 s a workload may hold: use a "
                                     "smaller mean or fewer jobs");
            }
            job.arrival = clock;
        }
        if (options.deadlineFactor) {
            const DeadlineFactor& f = *options.deadlineFactor;
            const double factor = f.low + (f.high - f.low) * u;
            // A job of zero work still needs a positive deadline (the file format's rule).
            job.deadline = std::max(factor * (*alone)[j], 1e-6);
            if (*job.deadline > kMaxTime) {
                throw InputError("", "", "deadline-factor",
                                 "job " + std::to_string(j + 1) + "'s deadline would be " +
                                     std::to_string(static_cast<long long>(*job.deadline)) +
                                     " s, more than the 1e12 s a workload may hold");
            }
        }
    }
}

DeadlineFactor parseDeadlineFactor(const std::string& text) {
    const auto colon = text.find(':');
    const std::optional<double> low =
        colon == std::string::npos ? std::nullopt : parseDouble(text.substr(0, colon));
    const std::optional<double> high =
        colon == std::string::npos ? std::nullopt : parseDouble(text.substr(colon + 1));
    if (!low || !high) {
        throw InputError("", "", "deadline-factor",
                         "must be A:B, two numbers such as 1:2 (got '" + text + "')");
    }
    const DeadlineFactor f{*low, *high};
    validateArrivals({std::nullopt, f});
    return f;
}

}  // namespace mr
