// Arrivals — [Verma12b] §IV-B/C: put a generated batch on a timeline and give it deadlines.
//  * Inter-arrival times are exponential with the given mean (the first job arrives at 0).
//  * Each job's deadline (relative to its arrival) is drawn uniformly in [A·T_J, B·T_J], where
//    T_J is the job's completion time alone on the whole cluster (every slot it can use): the
//    greedy list schedule of its map tasks on min(maps, map slots) slots plus that of its reduce
//    tasks on min(reduces, reduce slots) slots — what the simulator gives for the job alone.
// Both draws come from one stream seeded by `seed`, one exponential and one uniform per job in
// file order, so that the same seed gives the same timeline shape and the same deadlines at every
// mean: a load sweep compares loads on common random numbers.
// Changing what it makes for a seed? Bump kGeneratorRevision (model/Revisions.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/Workload.h"

namespace mr {

struct DeadlineFactor {
    double low = 1.0;   // A
    double high = 2.0;  // B
};

struct ArrivalOptions {
    std::optional<double> meanInterarrival;        // seconds; none: arrivals are left as they are
    std::optional<DeadlineFactor> deadlineFactor;  // none: deadlines are left as they are
};

// Throws InputError (field "interarrival" or "deadline-factor") for a non-finite or negative
// mean or one above 10^9 s, or factors that are not 0 < A <= B <= 10^6.
void validateArrivals(const ArrivalOptions& options);

// T_J of every job (seconds).
std::vector<double> aloneCompletionTimes(const Workload& workload);

// Applies `options` to `workload` (validated first). `alone` may pass precomputed T_J values.
void addArrivalsAndDeadlines(Workload& workload, const ArrivalOptions& options, std::uint64_t seed,
                             const std::vector<double>* alone = nullptr);

// "A:B" → DeadlineFactor; throws InputError (field "deadline-factor").
DeadlineFactor parseDeadlineFactor(const std::string& text);

}  // namespace mr
