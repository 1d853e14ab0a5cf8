#include "workloads/Facebook1000.h"

#include <algorithm>
#include <cstdio>
#include <random>

namespace mr {

Workload facebook1000(int jobs, std::uint64_t seed, int nodes) {
    Workload w;
    w.name = "facebook-1000 (" + std::to_string(jobs) + " jobs, seed " + std::to_string(seed) + ")";
    w.description = "Seed 004 §IV-B: Table I job sizes, LogNormal task times (ms -> s).";
    w.cluster = {nodes, 1, 1};
    std::vector<const FacebookBin*> sizes;
    for (const auto& bin : kFacebook1000Bins) {
        const int count = (bin.jobs * jobs + 500) / 1000;
        for (int i = 0; i < count; ++i) {
            sizes.push_back(&bin);
        }
    }
    std::mt19937_64 rng(seed);
    std::shuffle(sizes.begin(), sizes.end(), rng);
    std::lognormal_distribution<double> mapMs(kFacebookMapLogMean, kFacebookMapLogSigma);
    std::lognormal_distribution<double> reduceMs(kFacebookReduceLogMean, kFacebookReduceLogSigma);
    int index = 0;
    for (const FacebookBin* bin : sizes) {
        Job job;
        char name[32];
        std::snprintf(name, sizeof name, "fb%04d", ++index);
        job.name = name;
        job.perTaskDurations = true;
        for (int m = 0; m < bin->maps; ++m) {
            job.mapDurations.push_back(mapMs(rng) / 1000.0);
        }
        for (int r = 0; r < bin->reduces; ++r) {
            job.reduceDurations.push_back(reduceMs(rng) / 1000.0);
        }
        w.jobs.push_back(std::move(job));
    }
    return w;
}

}  // namespace mr
