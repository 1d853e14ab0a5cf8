// Workload generators: seeded and reproducible, sizes as the papers state.
#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "exec/MemoryBudget.h"
#include "io/SweepParts.h"
#include "io/WorkloadJson.h"
#include "model/InputError.h"
#include "workloads/Facebook1000.h"
#include "workloads/Generators.h"

namespace mr {
namespace {

TEST(Generators, Facebook1000HasVerma12bTableISizes) {
    const Workload w = generateWorkload("facebook-1000", {.jobs = 1000, .seed = 3, .nodes = 64});
    ASSERT_EQ(w.jobCount(), 1000);
    EXPECT_EQ(w.cluster, (Cluster{64, 1, 1}));
    // Table I: 380 + 160 + ... jobs; 216 100 map and 17 820 reduce tasks in all.
    long long maps = 0;
    long long reduces = 0;
    int singleMapJobs = 0;
    for (const auto& job : w.jobs) {
        maps += job.maps();
        reduces += job.reduces();
        singleMapJobs += job.maps() == 1 ? 1 : 0;
        for (double d : job.mapDurations) {
            ASSERT_GT(d, 0.0);
        }
    }
    EXPECT_EQ(maps, 216100);
    EXPECT_EQ(reduces, 17820);
    EXPECT_EQ(singleMapJobs, 380);
}

TEST(Generators, SameSeedSameFileOtherSeedOtherFile) {
    for (const auto& kind : generatorKinds()) {
        SCOPED_TRACE(kind);
        const GenerateOptions a{.jobs = 100, .seed = 7, .nodes = 16};
        GenerateOptions b = a;
        b.seed = 8;
        EXPECT_EQ(serializeWorkload(generateWorkload(kind, a)),
                  serializeWorkload(generateWorkload(kind, a)));
        EXPECT_NE(serializeWorkload(generateWorkload(kind, a)),
                  serializeWorkload(generateWorkload(kind, b)));
    }
}

TEST(Generators, EveryKindIsValidWithTheRequestedClusterAndJobs) {
    for (const auto& kind : generatorKinds()) {
        SCOPED_TRACE(kind);
        const Workload w =
            generateWorkload(kind, {.jobs = 50, .seed = 3, .nodes = 20, .slotsPerNode = 4});
        EXPECT_NO_THROW(validate(w));
        EXPECT_EQ(w.jobCount(), 50);
        EXPECT_EQ(w.cluster, (Cluster{20, 4, 4}));
        EXPECT_FALSE(w.description.empty());
        // The file round-trips: what `mrsim generate` writes loads back unchanged.
        EXPECT_EQ(parseWorkload(serializeWorkload(w), "generated"), w);
    }
}

TEST(Generators, FacebookHasVerma12TableISizes) {
    const Workload w = generateWorkload("facebook", {.jobs = 100, .seed = 2});
    ASSERT_EQ(w.jobCount(), 100);
    // [Verma12] Table I: 38 jobs of 1 map, 16 of 2, 14 of 10 (+3 reduces), ... 2 of 4800 maps.
    std::multiset<std::pair<int, int>> sizes;
    for (const auto& job : w.jobs) {
        sizes.insert({job.maps(), job.reduces()});
    }
    const std::pair<std::pair<int, int>, std::size_t> table[] = {
        {{1, 0}, 38},   {{2, 0}, 16},  {{10, 3}, 14},   {{50, 0}, 8},     {{100, 0}, 6},
        {{200, 50}, 6}, {{400, 0}, 4}, {{800, 180}, 4}, {{2400, 360}, 2}, {{4800, 0}, 2}};
    for (const auto& [size, count] : table) {
        EXPECT_EQ(sizes.count(size), count) << size.first << " maps";
    }
}

// Mean task count and mean task duration over many jobs; [Verma12] §IV-A's distributions after
// truncation (ScaledWorkloads.h): E[X | X >= a] = mu + sigma * pdf(z) / (1 - cdf(z)).
double truncatedMean(double mu, double sigma, double low) {
    const double z = (low - mu) / sigma;
    const double pdf = std::exp(-0.5 * z * z) / std::sqrt(2.0 * M_PI);
    const double tail = 0.5 * std::erfc(z / std::sqrt(2.0));
    return mu + sigma * pdf / tail;
}

struct Means {
    double maps = 0, reduces = 0, mapDuration = 0;
};

Means means(const Workload& w) {
    Means m;
    double tasks = 0;
    for (const auto& job : w.jobs) {
        m.maps += job.maps();
        m.reduces += job.reduces();
        m.mapDuration += job.totalWork(TaskKind::Map);
        tasks += job.maps();
    }
    m.mapDuration /= tasks;
    m.maps /= w.jobCount();
    m.reduces /= w.jobCount();
    return m;
}

TEST(Generators, YahooFollowsTheTruncatedNormalsAndScaleFactors) {
    const Workload w = generateWorkload("yahoo-unimodal", {.jobs = 3000, .seed = 11});
    const Means m = means(w);
    EXPECT_NEAR(m.maps, truncatedMean(154, 558, 0.5), 25.0);   // about 506
    EXPECT_NEAR(m.reduces, truncatedMean(19, 145, 0.5), 8.0);  // about 123
    // Map task times: truncated N(50, 200) times a factor U[1, 10] (mean 5.5).
    EXPECT_NEAR(m.mapDuration / (5.5 * truncatedMean(50, 200, 0.001)), 1.0, 0.1);
    for (const auto& job : w.jobs) {
        ASSERT_GE(job.maps(), 1);
        ASSERT_GE(job.reduces(), 1);
        for (double d : job.mapDurations) {
            ASSERT_GE(d, 0.001);
            ASSERT_NEAR(d * 1000.0, std::round(d * 1000.0), 1e-6);  // whole milliseconds
        }
    }
}

// Bimodal: 20% of the jobs scaled by U[8, 10], 80% by U[1, 2]. Jobs with many tasks show their
// factor in their mean task time; there is a gap between the two groups.
void expectBimodal(const Workload& w, double baseMean, int minTasks, double gapLow,
                   double gapHigh) {
    int longJobs = 0;
    int counted = 0;
    for (const auto& job : w.jobs) {
        if (job.maps() < minTasks) {
            continue;
        }
        const double mean = job.totalWork(TaskKind::Map) / job.maps() / baseMean;
        EXPECT_TRUE(mean < gapLow || mean > gapHigh) << job.name << " mean factor " << mean;
        longJobs += mean > gapHigh ? 1 : 0;
        ++counted;
    }
    ASSERT_GT(counted, 200);
    EXPECT_NEAR(static_cast<double>(longJobs) / counted, 0.2, 0.06);
}

TEST(Generators, BimodalScalesOneFifthOfTheJobsByEightToTen) {
    expectBimodal(generateWorkload("yahoo-bimodal", {.jobs = 2000, .seed = 5}),
                  truncatedMean(50, 200, 0.001), 100, 3.5, 5.5);
    expectBimodal(generateWorkload("synthetic-bimodal", {.jobs = 2000, .seed = 5}),
                  truncatedMean(100, 1000, 0.001), 60, 3.5, 5.0);
}

TEST(Generators, SyntheticCountsAreUniformInThePapersRanges) {
    const Workload w = generateWorkload("synthetic-unimodal", {.jobs = 3000, .seed = 4});
    int minMaps = 1000, maxMaps = 0, minReduces = 1000, maxReduces = 0;
    for (const auto& job : w.jobs) {
        minMaps = std::min(minMaps, job.maps());
        maxMaps = std::max(maxMaps, job.maps());
        minReduces = std::min(minReduces, job.reduces());
        maxReduces = std::max(maxReduces, job.reduces());
    }
    EXPECT_EQ(minMaps, 1);
    EXPECT_EQ(maxMaps, 100);
    EXPECT_EQ(minReduces, 1);
    EXPECT_EQ(maxReduces, 50);
    const Means m = means(w);
    EXPECT_NEAR(m.maps, 50.5, 2.0);
    EXPECT_NEAR(m.reduces, 25.5, 1.0);
    EXPECT_NEAR(m.mapDuration / (5.5 * truncatedMean(100, 1000, 0.001)), 1.0, 0.1);
}

TEST(Generators, EveryKindMakesExactlyTheJobsAskedFor) {
    // `generate facebook --jobs 1` makes 1 job: the bins are rounded together, not each alone.
    for (const auto& kind : generatorKinds()) {
        for (const int jobs : {1, 2, 3, 7, 9, 11, 19, 99, 101, 999, 1001}) {
            SCOPED_TRACE(kind + " --jobs " + std::to_string(jobs));
            EXPECT_EQ(generateWorkload(kind, {.jobs = jobs, .seed = 1}).jobCount(), jobs);
        }
    }
}

TEST(Generators, FacebookBinsAreTheLargestRemainderShares) {
    // An independent check of the apportionment: every bin gets floor or ceil of its share,
    // the counts add up, and 1000 (or 100) jobs give the table (or a tenth of it) exactly.
    for (int jobs = 1; jobs <= 2500; ++jobs) {
        const std::vector<int> counts = facebookBinJobs(jobs);
        int total = 0;
        for (std::size_t b = 0; b < counts.size(); ++b) {
            const double share = kFacebook1000Bins[b].jobs * jobs / 1000.0;
            ASSERT_GE(counts[b], std::floor(share)) << jobs;
            ASSERT_LE(counts[b], std::ceil(share)) << jobs;
            total += counts[b];
        }
        ASSERT_EQ(total, jobs);
    }
    EXPECT_EQ(facebookBinJobs(1), (std::vector<int>{1, 0, 0, 0, 0, 0, 0, 0, 0, 0}));
    EXPECT_EQ(facebookBinJobs(100), (std::vector<int>{38, 16, 14, 8, 6, 6, 4, 4, 2, 2}));
    EXPECT_EQ(facebookBinJobs(1000), (std::vector<int>{380, 160, 140, 80, 60, 60, 40, 40, 20, 20}));
}

TEST(Generators, RefuseMoreTaskTimesThanMemoryHoldsBeforeGenerating) {
    // Every task time is one double: facebook's 233.92 tasks per job ([Verma12] Table I) need
    // about 1.9 KB per job, so a million jobs pass a 100 MB limit long before the last one.
    setMemoryLimit(100ULL << 20);
    try {
        generateWorkload("facebook", {.jobs = 1'000'000, .seed = 1});
        ADD_FAILURE() << "generated more task times than memory holds";
    } catch (const InputError& e) {
        EXPECT_EQ(e.field(), "jobs");
        EXPECT_NE(e.message().find("1000000 jobs of this kind need more than 100 MB of memory"),
                  std::string::npos)
            << e.what();
        EXPECT_NE(e.message().find("the limit is 100 MB (MRX_MEMORY_LIMIT)"), std::string::npos)
            << e.what();
    }
    // Five jobs of 10 000 000 tasks: exactly the limit; one more task passes it.
    setMemoryLimit(5 * (kMaxTasksPerJob * sizeof(double) + sizeof(Job)));
    TaskBudget budget(6);
    for (int i = 0; i < 5; ++i) {
        budget.add(kMaxTasksPerJob - 7, 7);
    }
    EXPECT_THROW(budget.add(1, 0), InputError);
    setMemoryLimit(0);
    EXPECT_THROW(TaskBudget(1).add(kMaxTasksPerJob + 1, 0), InputError);
}

TEST(Generators, UnknownKindAndBadSizesAreInputErrors) {
    EXPECT_THROW(generateWorkload("yahoo", {}), InputError);
    EXPECT_THROW(generateWorkload("facebook-1000", {.jobs = 0}), InputError);
    EXPECT_THROW(generateWorkload("facebook-1000", {.jobs = 10, .seed = 1, .nodes = 0}),
                 InputError);
    EXPECT_THROW(generateWorkload("yahoo-unimodal", {.jobs = 10, .slotsPerNode = 0}), InputError);
}

// FNV-1a (contentHash) of serializeWorkload of the independent reading, every task drawn on its
// own, with the description left out (it is prose that cites the paper): the files `mrsim
// generate facebook-1000 --jobs 1000 --seed 3` and `mrsim generate facebook --jobs 100 --seed 2`
// wrote before the within-job sigma existed (kGeneratorRevision 1), description emptied.
constexpr const char* kIndependentFacebook1000Seed3 = "0d3cb6e3b90796d2";
constexpr const char* kIndependentFacebookSeed2 = "bbe4e8d1e31db41f";

std::string hashWithoutDescription(Workload w) {
    w.description.clear();
    return contentHash(serializeWorkload(w));
}

TEST(Generators, WithinJobSigmaAtThePapersSigmaIsTheIndependentReadingByteForByte) {
    for (std::optional<double> sigma : {std::optional<double>{}, std::optional<double>{1.6764},
                                        std::optional<double>{1.7}, std::optional<double>{50.0}}) {
        SCOPED_TRACE(sigma.value_or(-1.0));
        EXPECT_EQ(hashWithoutDescription(generateWorkload(
                      "facebook-1000", {.jobs = 1000, .seed = 3, .withinJobSigma = sigma})),
                  kIndependentFacebook1000Seed3);
        EXPECT_EQ(hashWithoutDescription(generateWorkload(
                      "facebook", {.jobs = 100, .seed = 2, .withinJobSigma = sigma})),
                  kIndependentFacebookSeed2);
    }
}

double mean(const std::vector<double>& v) {
    double sum = 0.0;
    for (double x : v) {
        sum += x;
    }
    return sum / static_cast<double>(v.size());
}

double sampleSd(const std::vector<double>& v) {
    const double m = mean(v);
    double sum = 0.0;
    for (double x : v) {
        sum += (x - m) * (x - m);
    }
    return std::sqrt(sum / static_cast<double>(v.size() - 1));
}

// With S = 0.5 a job's tasks spread around its level with S, and over the jobs a task time is
// still LogNormal(9.9511, 1.6764) (ms): the first map of every job is one independent draw of it.
TEST(Generators, WithinJobSigmaKeepsThePapersLogNormalOverTheJobs) {
    const Workload w =
        generateWorkload("facebook-1000", {.jobs = 1000, .seed = 3, .withinJobSigma = 0.5});
    std::vector<double> firstMaps;
    std::vector<double> firstReduces;
    double within = 0.0;  // pooled within-job sum of squares of the map log-times
    long long degrees = 0;
    for (const Job& job : w.jobs) {
        std::vector<double> logs;
        for (double d : job.mapDurations) {
            logs.push_back(std::log(d * 1000.0));
        }
        firstMaps.push_back(logs.front());
        if (!job.reduceDurations.empty()) {
            firstReduces.push_back(std::log(job.reduceDurations.front() * 1000.0));
        }
        if (logs.size() > 1) {
            within += sampleSd(logs) * sampleSd(logs) * static_cast<double>(logs.size() - 1);
            degrees += static_cast<long long>(logs.size()) - 1;
        }
    }
    // 1000 draws: the mean's standard error is 1.68 / sqrt(1000) = 0.053, the sd's 0.037.
    EXPECT_NEAR(mean(firstMaps), kFacebookMapLogMean, 0.16);
    EXPECT_NEAR(sampleSd(firstMaps), kFacebookMapLogSigma, 0.11);
    // 240 jobs with reduces: standard errors 0.105 and 0.074.
    EXPECT_NEAR(mean(firstReduces), kFacebookReduceLogMean, 0.32);
    EXPECT_NEAR(sampleSd(firstReduces), kFacebookReduceLogSigma, 0.22);
    // 215 100 degrees of freedom: the pooled sd is 0.5 within a few thousandths.
    EXPECT_NEAR(std::sqrt(within / static_cast<double>(degrees)), 0.5, 0.01);
}

TEST(Generators, WithinJobSigmaZeroGivesEveryTaskOfAStageItsJobsTime) {
    const Workload w =
        generateWorkload("facebook", {.jobs = 100, .seed = 5, .withinJobSigma = 0.0});
    std::set<double> levels;
    for (const Job& job : w.jobs) {
        EXPECT_EQ(std::set<double>(job.mapDurations.begin(), job.mapDurations.end()).size(), 1u);
        if (!job.reduceDurations.empty()) {
            EXPECT_EQ(
                std::set<double>(job.reduceDurations.begin(), job.reduceDurations.end()).size(),
                1u);
        }
        levels.insert(job.mapDurations.front());
    }
    EXPECT_EQ(levels.size(), 100u);  // the levels differ between jobs
}

TEST(Generators, BadWithinJobSigmaIsAnInputErrorNamingTheOption) {
    for (double bad : {-0.1, std::nan(""), double{INFINITY}}) {
        try {
            generateWorkload("facebook-1000", {.jobs = 10, .withinJobSigma = bad});
            ADD_FAILURE() << bad << " accepted";
        } catch (const InputError& e) {
            EXPECT_EQ(e.field(), "within-job-sigma");
        }
    }
    try {
        generateWorkload("testbed", {.jobs = 10, .withinJobSigma = 0.5});
        ADD_FAILURE() << "testbed took a within-job sigma";
    } catch (const InputError& e) {
        EXPECT_EQ(e.field(), "within-job-sigma");
        EXPECT_NE(e.message().find("facebook"), std::string::npos) << e.what();
    }
    EXPECT_EQ(parseWithinJobSigma("0.5"), 0.5);
    EXPECT_EQ(parseWithinJobSigma("0"), 0.0);
    for (const char* bad : {"-1", "abc", "nan", "", "0.5x"}) {
        EXPECT_THROW(parseWithinJobSigma(bad), InputError) << bad;
    }
}

}  // namespace
}  // namespace mr
