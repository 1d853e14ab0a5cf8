#include "workloads/Facebook1000.h"

#include <algorithm>
#include <cstdio>
#include <iterator>

#include "model/SeededRandom.h"
#include "workloads/Generators.h"

namespace mr {

std::vector<int> facebookBinJobs(int jobs) {
    // Largest remainders (Hamilton's method): each bin gets floor(share) jobs, and the jobs left
    // over go to the bins with the largest fractions (the table's order among equal ones), so
    // the counts add up to exactly `jobs` (rounding each bin alone gave 0 jobs for --jobs 1).
    constexpr std::size_t kBins = std::size(kFacebook1000Bins);
    std::vector<int> counts(kBins);
    std::vector<std::pair<long long, std::size_t>> remainders;  // (-remainder, bin)
    long long given = 0;
    for (std::size_t b = 0; b < kBins; ++b) {
        const long long share = static_cast<long long>(kFacebook1000Bins[b].jobs) * jobs;
        counts[b] = static_cast<int>(share / 1000);
        given += counts[b];
        remainders.emplace_back(-(share % 1000), b);
    }
    std::sort(remainders.begin(), remainders.end());
    for (std::size_t i = 0; given < jobs; ++i, ++given) {
        ++counts[remainders[i].second];
    }
    return counts;
}

Workload facebook1000(int jobs, std::uint64_t seed, int nodes) {
    Workload w;
    w.name = "facebook-1000 (" + std::to_string(jobs) + " jobs, seed " + std::to_string(seed) + ")";
    w.description = "[Verma12b] §IV-B: Table I job sizes, LogNormal task times (ms -> s).";
    w.cluster = {nodes, 1, 1};
    std::vector<const FacebookBin*> sizes;
    sizes.reserve(static_cast<std::size_t>(std::max(jobs, 0)));
    TaskBudget budget(jobs);
    const std::vector<int> perBin = facebookBinJobs(jobs);
    for (std::size_t b = 0; b < std::size(kFacebook1000Bins); ++b) {
        const FacebookBin& bin = kFacebook1000Bins[b];
        for (int i = 0; i < perBin[b]; ++i) {
            budget.add(bin.maps, bin.reduces);  // refused before any task time is drawn
            sizes.push_back(&bin);
        }
    }
    SeededRandom rng(seed);
    rng.shuffle(sizes);
    int index = 0;
    for (const FacebookBin* bin : sizes) {
        Job job;
        char name[32];
        std::snprintf(name, sizeof name, "fb%04d", ++index);
        job.name = name;
        job.perTaskDurations = true;
        for (int m = 0; m < bin->maps; ++m) {
            job.mapDurations.push_back(rng.lognormal(kFacebookMapLogMean, kFacebookMapLogSigma) /
                                       1000.0);
        }
        for (int r = 0; r < bin->reduces; ++r) {
            job.reduceDurations.push_back(
                rng.lognormal(kFacebookReduceLogMean, kFacebookReduceLogSigma) / 1000.0);
        }
        w.jobs.push_back(std::move(job));
    }
    return w;
}

}  // namespace mr
