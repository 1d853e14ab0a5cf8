// MinSlots — the inverse performance model: the fewest (map, reduce) slots that still meet a
// deadline ([Verma12b] §II, [Rao12] Eqs. 7–10). A job's completion time on (sm, sr) slots has the
// form T = A/sm + B/sr + C ([Verma12b] Eq. 1). Lagrange multipliers give the real minimum of
// sm + sr on A/sm + B/sr = D − C:  sm = √A(√A+√B)/(D−C),  sr = √B(√A+√B)/(D−C)  ([Rao12] Eq. 10).
// The integer pair is the exact minimum of sm + sr with A/sm + B/sr ≤ D − C: for a fixed sum s
// the left side is convex in sm, so only the two integers around s·√A/(√A+√B) need checking,
// and feasibility is monotone in s, so s is found by binary search.
#pragma once

#include "perf/StageDuration.h"

namespace mr {

struct CompletionForm {
    double a = 0.0;  // map work term:    A / sm
    double b = 0.0;  // reduce work term: B / sr
    double c = 0.0;  // constant
    double predict(double mapSlots, double reduceSlots) const;
};

enum class Bound { Low, Up, Avg };

// ARIA ([Verma12b] Eq. 1) for the given task counts (e.g. the remaining ones) and statistics.
// Equals stageDuration(aria-*) of both stages summed for 1 <= sm <= maps, 1 <= sr <= reduces.
CompletionForm ariaForm(const AriaStats& stats, Bound bound);
// [Rao12] Eq. 7: u·t_m/n_m + v·t_r/n_r + u·v·t_s (t_s: time of one shuffle copy).
CompletionForm eq10Form(int maps, int reduces, double mapTaskTime, double reduceTaskTime,
                        double copyTime);

struct SlotQuota {
    int mapSlots = 0;
    int reduceSlots = 0;
    double predicted = 0.0;    // form.predict(mapSlots, reduceSlots)
    bool feasible = false;     // false: even the maximum allocation misses the deadline
    double lagrangeMap = 0.0;  // real-valued optimum (Eq. 10); 0 when infeasible
    double lagrangeReduce = 0.0;
};

// Minimal slots with form.predict(sm, sr) <= deadline, 1 <= sm <= maxMapSlots and
// 1 <= sr <= maxReduceSlots (sr = 0 when maxReduceSlots == 0: a job without reduce tasks).
// When infeasible returns the maximum useful allocation (maxMapSlots, maxReduceSlots).
SlotQuota minimalSlots(const CompletionForm& form, double deadline, int maxMapSlots,
                       int maxReduceSlots);
// minimalSlots() without the real-valued optimum (lagrangeMap and lagrangeReduce stay 0): what
// the quota policies need at every task end, two divisions fewer.
SlotQuota minimalIntegerSlots(const CompletionForm& form, double deadline, int maxMapSlots,
                              int maxReduceSlots);

}  // namespace mr
