// The Yahoo! M45 and synthetic workloads of [Verma12] §IV-A, unimodal and bimodal.
//   yahoo-*      map / reduce task counts N(154, 558) / N(19, 145); task durations (s)
//                N(50, 200) / N(100, 300). N(μ, σ): mean μ, standard deviation σ.
//   synthetic-*  task counts uniform in [1, 100] / [1, 50]; durations N(100, 1000) / N(200, 2000).
//   *-unimodal   every job's task durations multiplied by one factor per job, uniform in [1, 10];
//   *-bimodal    80% of the jobs (chosen at random) scaled by U[1, 2], the other 20% by U[8, 10].
// Normal draws are truncated (drawn again until in range): task counts to at least one task
// (so a job always has map and reduce tasks), durations to at least 1 ms. Truncation raises the
// means: Yahoo about 506 maps, 123 reduces, 179 s map and 280 s reduce tasks before scaling;
// synthetic 835 s map and 1671 s reduce tasks
// — the paper does not say how it handled negative draws. Every task draws its own duration
// (per-task arrays); durations are rounded to milliseconds after scaling.
#pragma once

#include "workloads/Generators.h"

namespace mr {

Workload yahooUnimodal(const GenerateOptions& options);
Workload yahooBimodal(const GenerateOptions& options);
Workload syntheticUnimodal(const GenerateOptions& options);
Workload syntheticBimodal(const GenerateOptions& options);

}  // namespace mr
