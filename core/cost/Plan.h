// Plan — where the work of a cost model runs and where its data lies, and what that costs
// ([Ehsan13] Fig. 3, terms (6)–(8)). Work is split into units: one per (job, data object it reads)
// and one for a job without data. A unit is the paper's x^t_klm for one data object of a job:
// Fig. 2's constraint (3) then holds per data object, which keeps it satisfiable when a job
// reads several objects stored in different places (as printed, (3) bounds one x by every x^d).
#pragma once

#include <vector>

#include "cost/CostModel.h"

namespace mr::cost {

struct WorkUnit {
    int job = 0;
    int data = -1;        // −1: the job reads no data
    double cpuS = 0.0;    // the job's CPU(J) shared in proportion to the size of its data
    double sizeMb = 0.0;  // Size(D_i), 0 without data
    int tasks = 1;        // 64 MB blocks of the data (the job's `tasks` without data)
    double taskCpuS() const { return cpuS / tasks; }
    double taskSizeMb() const { return sizeMb / tasks; }
};

// Units in job order, each job's in the order of its data list.
std::vector<WorkUnit> workUnits(const CostModel& model);

// Fraction `fraction` of unit `unit` runs on `machine` reading its data from `store` (a unit
// without data reads nothing; its store is the machine's own store).
struct UnitShare {
    int unit = 0;
    int machine = 0;
    int store = 0;
    double fraction = 0.0;
};

// Fraction `fraction` of data object `data` is copied to (or kept on) `store`.
struct DataShare {
    int data = 0;
    int store = 0;
    double fraction = 0.0;
};

struct Plan {
    std::vector<UnitShare> work;
    std::vector<DataShare> placement;
};

struct CostBreakdown {
    double dataTransfer = 0.0;     // (6)/(16): copying data from its origin to stores
    double execution = 0.0;        // (7)/(17): CPU-seconds × the machine's price
    double runtimeTransfer = 0.0;  // (8)/(18): reading data from a store that is not local
    double total() const { return dataTransfer + execution + runtimeTransfer; }
    CostBreakdown& operator+=(const CostBreakdown& other);
};

// The cost of a plan. Placement shares on a data object's origin cost nothing.
CostBreakdown planCost(const CostModel& model, const TransferTable& transfer,
                       const std::vector<WorkUnit>& units, const Plan& plan);

// CPU-seconds each machine runs in the plan.
std::vector<double> cpuSecondsPerMachine(const CostModel& model, const std::vector<WorkUnit>& units,
                                         const Plan& plan);

// max over machines of CPU-seconds / cpu_units: when the last machine finishes if it starts at 0
// and never idles.
double busyMakespan(const CostModel& model, const std::vector<double>& cpuSeconds);

// Share of the input megabytes read from the reading machine's own store (1 without input).
double locality(const CostModel& model, const std::vector<WorkUnit>& units, const Plan& plan);

}  // namespace mr::cost
