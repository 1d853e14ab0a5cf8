#include "workloads/Facebook1000.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <limits>

#include "model/SeededRandom.h"
#include "workloads/Generators.h"

namespace mr {

namespace {

// One stage's task times: LogNormal(mu, sigma) over all jobs. Below sigma, a task's log-time is
// the job's level plus N(0, spread²), the level mu + sqrt(sigma² - spread²)·z, so the stage's
// log-times stay N(mu, sigma²) over the workload. From sigma on, no level: independent draws.
struct StageDraw {
    double mu;
    double sigma;
    double spread;  // min(within-job sigma, sigma)

    bool usesLevel() const { return spread < sigma; }
    double draw(double z, SeededRandom& rng) const {
        if (!usesLevel()) {
            return rng.lognormal(mu, sigma) / 1000.0;  // ms -> s
        }
        const double level = mu + std::sqrt(sigma * sigma - spread * spread) * z;
        return rng.lognormal(level, spread) / 1000.0;
    }
};

Job facebookJob(const char* name, const FacebookBin& bin, std::optional<double> withinJobSigma,
                SeededRandom& rng) {
    const double spread = withinJobSigma.value_or(std::numeric_limits<double>::infinity());
    const StageDraw maps{kFacebookMapLogMean, kFacebookMapLogSigma,
                         std::min(spread, kFacebookMapLogSigma)};
    const StageDraw reduces{kFacebookReduceLogMean, kFacebookReduceLogSigma,
                            std::min(spread, kFacebookReduceLogSigma)};
    // One level per job for both stages (a job with long maps has long reduces), drawn only when
    // a stage uses it: with the paper's sigmas the draws are the independent reading's, in order.
    const double z = maps.usesLevel() || reduces.usesLevel() ? rng.normal(0.0, 1.0) : 0.0;
    Job job;
    job.name = name;
    job.perTaskDurations = true;
    for (int m = 0; m < bin.maps; ++m) {
        job.mapDurations.push_back(maps.draw(z, rng));
    }
    for (int r = 0; r < bin.reduces; ++r) {
        job.reduceDurations.push_back(reduces.draw(z, rng));
    }
    return job;
}

}  // namespace

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

Workload facebook1000(int jobs, std::uint64_t seed, int nodes,
                      std::optional<double> withinJobSigma) {
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
        char name[32];
        std::snprintf(name, sizeof name, "fb%04d", ++index);
        w.jobs.push_back(facebookJob(name, *bin, withinJobSigma, rng));
    }
    return w;
}

}  // namespace mr
