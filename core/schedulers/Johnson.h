// Johnson's rule for MapReduce jobs — [Verma12] §III-B, Algorithm 1 (and [Tian16] Alg. 3.1).
// Each job J_i = (m_i, r_i) gets D_i = (m_i, map) if m_i <= r_i, else (r_i, reduce). The list L
// sorts jobs by D_i's duration; walking L, map-type jobs fill the schedule from the head and
// reduce-type jobs from the tail. Optimal for the two-stage model (Johnson 1954).
// Tie-breaking (deterministic): equal durations put map-type jobs before reduce-type jobs in L
// ([Tian16]: "in case of a tie between Map and Reduce, order the item according to the Map"),
// then file order. So tied head jobs keep file order, tied tail jobs end in reverse file order.
#pragma once

#include <vector>

#include "perf/StageDuration.h"

namespace mr {

struct JohnsonStep {
    int job = 0;
    double duration = 0.0;  // D_i^1 = min(m_i, r_i)
    bool mapType = true;    // D_i^2: true = map (goes to the head), false = reduce (tail)
    int position = 0;       // where it was placed in the final schedule (0-based)
};

struct JohnsonTrace {
    std::vector<int> sorted;         // the list L
    std::vector<JohnsonStep> steps;  // one per job, in L order
    std::vector<int> order;          // the schedule sigma
};

// Johnson on the given jobs (indices into `stages`; their order is the tie-break order).
JohnsonTrace johnsonTrace(const std::vector<StageDurations>& stages, const std::vector<int>& jobs);
std::vector<int> johnsonOrder(const std::vector<StageDurations>& stages,
                              const std::vector<int>& jobs);
std::vector<int> johnsonOrder(const std::vector<StageDurations>& stages);  // all jobs

}  // namespace mr
