// testbed — the replayed testbed workload of [Verma12b] §IV-C: six applications (word count, sort,
// Bayesian classification, TF-IDF, WikiTrends, Twitter) on three input sizes each, 18 jobs in
// all, repeated as equally probable random permutations until the batch has the requested
// number of jobs. The paper gives the applications and input sizes but not the task counts or
// durations of its traces: the numbers in kTestbedJobs are OURS (one map task per 64 MB block,
// plausible per-task times for a 2011 Hadoop node), documented in docs/deadlines.md.
// Every repetition of one of the 18 jobs replays the same trace (per-task durations drawn once
// per seed, LogNormal around the application's mean). Cluster: [Verma12b]'s 64 worker nodes with
// one map and one reduce slot each (unless --nodes says otherwise).
#pragma once

#include <cstdint>

#include "model/Workload.h"

namespace mr {

struct TestbedJob {
    const char* name;   // application and input size, e.g. "wordcount-32g"
    int maps;           // one per 64 MB block of the input
    double mapSeconds;  // mean map task duration
    int reduces;
    double reduceSeconds;  // mean reduce task duration (shuffle included)
};

// Ours, see the header comment.
inline constexpr TestbedJob kTestbedJobs[] = {
    {"wordcount-32g", 512, 40, 32, 90},  {"wordcount-40g", 640, 40, 32, 110},
    {"wordcount-43g", 688, 40, 32, 120}, {"sort-16g", 256, 20, 64, 45},
    {"sort-32g", 512, 20, 64, 90},       {"sort-64g", 1024, 20, 64, 180},
    {"bayes-32g", 512, 55, 16, 60},      {"bayes-40g", 640, 55, 16, 75},
    {"bayes-43g", 688, 55, 16, 80},      {"tfidf-32g", 512, 45, 32, 70},
    {"tfidf-40g", 640, 45, 32, 85},      {"tfidf-43g", 688, 45, 32, 90},
    {"wikitrends-apr", 240, 75, 16, 50}, {"wikitrends-may", 248, 75, 16, 52},
    {"wikitrends-jun", 240, 75, 16, 50}, {"twitter-12g", 192, 35, 64, 60},
    {"twitter-18g", 288, 35, 64, 90},    {"twitter-25g", 400, 35, 64, 125},
};
inline constexpr double kTestbedTaskSigma = 0.25;  // LogNormal spread of task times around the mean

Workload testbed(int jobs, std::uint64_t seed, int nodes = 64);

}  // namespace mr
