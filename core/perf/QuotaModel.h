// QuotaModel — the completion-time forms T = A/sm + B/sr + C of a job's REMAINING work, from
// which the deadline schedulers compute their minimal slot quotas ([Verma12b] §II–III-B, [Rao12]
// §2.1 Eqs. 1–10). The inverse itself (Lagrange point, exact integer minimum) is minimalSlots()
// in MinSlots.h.
//   aria-low / aria-up / aria-avg   [Verma12b] Eq. 1 (ARIA bounds; avg is what [Verma12b] uses)
//                                   over the remaining map and reduce tasks;
//   eq10                            [Rao12] Eq. 7: u·t_m/n_m + v·t_r/n_r + u·v·t_s.
// A stage without remaining tasks contributes nothing (no constant either).
#pragma once

#include <optional>
#include <string_view>

#include "model/Job.h"
#include "perf/MinSlots.h"

namespace mr {

enum class QuotaModel { AriaLow, AriaUp, AriaAvg, Eq10 };

std::optional<QuotaModel> parseQuotaModel(std::string_view id);  // "aria-avg", "eq10", ...
const char* toString(QuotaModel model);

// ARIA form of `remainingMaps` map and `remainingReduces` reduce tasks with the job's statistics
// (`stats` task counts are ignored).
CompletionForm remainingAriaForm(const AriaStats& stats, int remainingMaps, int remainingReduces,
                                 Bound bound);

// [Rao12]'s t_s (one shuffle copy): a reduce task fetches one output of each of the job's map
// tasks, so t_s = (typical shuffle of a reduce task) / maps; 0 without shuffle statistics.
double copyTime(const AriaStats& stats);

// The whole job's form under `model` (what `mrsim min-slots` inverts). eq10 takes t_m = M_avg,
// t_r = R_avg (or t_m when the job has no reduce statistics, [Rao12] Eq. 3), t_s = copyTime().
CompletionForm jobCompletionForm(const Job& job, QuotaModel model);

// The most slots the job can use on a cluster of (mapSlots, reduceSlots): min(tasks, slots).
struct SlotPair {
    int map = 0;
    int reduce = 0;
};
SlotPair maxUsefulSlots(const Job& job, int mapSlots, int reduceSlots);

}  // namespace mr
