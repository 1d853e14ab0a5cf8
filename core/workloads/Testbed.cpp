#include "workloads/Testbed.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>

#include "model/SeededRandom.h"
#include "workloads/Generators.h"

namespace mr {

Workload testbed(int jobs, std::uint64_t seed, int nodes) {
    Workload w;
    w.name = "testbed (" + std::to_string(jobs) + " jobs, seed " + std::to_string(seed) + ")";
    w.description =
        "[Verma12b] §IV-C: six applications x three input sizes in random permutations; task "
        "counts and durations are ours (docs/deadlines.md).";
    w.cluster = {nodes, 1, 1};
    SeededRandom rng(seed);
    // The 18 traces: LogNormal task times with the application's mean.
    const auto traceOf = [&](double mean, int count) {
        const double mu = std::log(mean) - kTestbedTaskSigma * kTestbedTaskSigma / 2.0;
        std::vector<double> times;
        for (int i = 0; i < count; ++i) {
            times.push_back(std::round(rng.lognormal(mu, kTestbedTaskSigma) * 1000.0) /
                            1000.0);  // millisecond resolution
        }
        return times;
    };
    std::vector<Job> traces;
    for (const TestbedJob& t : kTestbedJobs) {
        Job job;
        job.name = t.name;
        job.perTaskDurations = true;
        job.mapDurations = traceOf(t.mapSeconds, t.maps);
        job.reduceDurations = traceOf(t.reduceSeconds, t.reduces);
        traces.push_back(std::move(job));
    }
    std::vector<int> permutation(std::size(kTestbedJobs));
    TaskBudget budget(jobs);
    int index = 0;
    while (index < jobs) {
        for (std::size_t i = 0; i < permutation.size(); ++i) {
            permutation[i] = static_cast<int>(i);
        }
        rng.shuffle(permutation);
        for (std::size_t i = 0; i < permutation.size() && index < jobs; ++i) {
            const Job& trace = traces[static_cast<std::size_t>(permutation[i])];
            budget.add(trace.maps(), trace.reduces());
            Job job = trace;
            char suffix[16];
            std::snprintf(suffix, sizeof suffix, "-%04d", ++index);
            job.name += suffix;
            w.jobs.push_back(std::move(job));
        }
    }
    return w;
}

}  // namespace mr
