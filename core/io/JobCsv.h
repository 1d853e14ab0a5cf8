// JobCsv — one run's per-job times as CSV for spreadsheets (File > Export "Jobs … as CSV",
// `mrx --export-all`, `mrsim run --jobs-csv`): header job,pool,arrival,start,map_end,end,m,r,
// deadline,late,killed_maps,killed_reduces,wait,jct,alone,slowdown,bounded_slowdown,lateness and
// one row per job in file order. pool is the pool the job ran in (empty without pools); m, r the
// stage durations the algorithm worked with; deadline is absolute (arrival + relative deadline)
// and late 1 when the job ended after it (both empty without a deadline); wait … lateness are
// the job metrics of experiments/JobMetrics.h (lateness empty without a deadline). Times in
// seconds, exact (shortest text that reads back the same).
#pragma once

#include <string>

#include "model/Workload.h"
#include "schedulers/Algorithm.h"

namespace mr {

std::string jobTimesCsv(const Workload& workload, const RunResult& result);

}  // namespace mr
