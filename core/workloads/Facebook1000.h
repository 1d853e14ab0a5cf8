// facebook-1000 — the 1000-job synthetic Facebook workload of [Verma12b] §IV-B: the job sizes of
// its Table I (the 100-job table of [Verma12] ×10) in a seeded random order, map task times
// LogNormal(9.9511, 1.6764) and reduce task times LogNormal(12.375, 1.6262), both in
// milliseconds (converted to seconds here). Arrivals 0 and no deadlines; the deadline issue adds
// inter-arrival times and deadlines on top.
// The paper gives the distribution of all task times, not how a job's tasks relate. By default
// every task is drawn on its own; with a within-job sigma S each job draws a level and its tasks
// spread around it with S (Facebook1000.cpp), the overall distribution unchanged.
// Changing what it makes for a seed? Bump kGeneratorRevision (model/Revisions.h).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "model/Workload.h"

namespace mr {

struct FacebookBin {
    int maps;
    int reduces;
    int jobs;  // per 1000 jobs
};

// [Verma12b] Table I.
inline constexpr FacebookBin kFacebook1000Bins[] = {
    {1, 0, 380},   {2, 0, 160},  {10, 3, 140},   {50, 0, 80},     {100, 0, 60},
    {200, 50, 60}, {400, 0, 40}, {800, 180, 40}, {2400, 360, 20}, {4800, 0, 20}};

inline constexpr double kFacebookMapLogMean = 9.9511;
inline constexpr double kFacebookMapLogSigma = 1.6764;
inline constexpr double kFacebookReduceLogMean = 12.375;
inline constexpr double kFacebookReduceLogSigma = 1.6262;

// Jobs per bin for `jobs` jobs: the table's shares, apportioned by largest remainders so that
// they add up to exactly `jobs` (1000 gives the table; 100 gives [Verma12]'s Table I sizes).
std::vector<int> facebookBinJobs(int jobs);

// Exactly `jobs` jobs (facebookBinJobs). Cluster: `nodes` nodes with one map and one reduce slot
// each. Throws InputError (field "jobs") when they would hold more tasks than a workload may.
// withinJobSigma S (>= 0, checked by generateWorkload): a job's map log-times are
// N(level_m, min(S, 1.6764)²) with level_m ~ N(9.9511, 1.6764² - min(S, 1.6764)²), its reduce
// log-times likewise with 12.375 and 1.6262, both levels from one standard normal per job. A
// stage whose sigma S reaches draws no level: S >= 1.6764, or none, is the independent reading,
// draw for draw.
Workload facebook1000(int jobs, std::uint64_t seed, int nodes = 64,
                      std::optional<double> withinJobSigma = std::nullopt);

}  // namespace mr
