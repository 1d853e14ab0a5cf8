// CostResult — what one cost algorithm (LiPS or a baseline) does with a cost model: the cost
// breakdown of (6)–(8), where each job runs and where each object lies, the CPU-seconds each
// machine runs and the resulting makespan, and the solver's report. Plain values for the CLI,
// the GUI's Cost tab and the tests.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "cost/Plan.h"

namespace mr::cost {

// A share of a job: `fraction` of its tasks run on `machine` reading from `store`.
struct JobShare {
    int job = 0;
    int machine = 0;
    int store = 0;
    double fraction = 0.0;             // in the schedule (whole tasks)
    int tasks = 0;                     // tasks of the schedule
    std::optional<double> lpFraction;  // in the LP solution (LiPS only)
};

struct PlacementShare {
    int data = 0;
    int store = 0;
    double fraction = 0.0;  // in the schedule (whole blocks)
    int blocks = 0;
    std::optional<double> lpFraction;  // in the LP solution (LiPS only)
};

// One epoch of lips-online, as its LP planned it.
struct EpochRecord {
    int index = 0;
    double startS = 0.0;  // index × epoch length
    std::vector<double> cpuSecondsPerMachine;
    CostBreakdown lpCost;       // of this epoch's LP solution (F excluded)
    double deferredCpuS = 0.0;  // CPU-seconds the LP left on F for later epochs
    double solverSeconds = 0.0;
};

struct SolverReport {
    // "optimal", "infeasible", "unbounded", "limit", "failed", "cancelled"
    std::string status = "none";
    std::string message;
    double seconds = 0.0;  // all LPs together
    int programs = 0;      // LPs solved (one per epoch online)
    int columns = 0;       // of the largest LP
    int rows = 0;
    // The bounds each LP ran under ("60 s and 1000000 simplex iterations per LP"); a limit hit
    // is status "limit".
    std::string limits;
};

struct CostResult {
    std::string algorithm;
    bool feasible = true;  // false: no schedule exists (see message and solver.status)
    std::string message;
    CostBreakdown cost;                   // of the schedule (whole 64 MB blocks for LiPS)
    std::optional<CostBreakdown> lpCost;  // LiPS: the LP optimum (online: the epochs' sum)
    std::vector<JobShare> assignment;
    std::vector<PlacementShare> placement;
    std::vector<double> cpuSecondsPerMachine;
    double makespanS = 0.0;
    double locality = 1.0;  // share of input megabytes read from the machine's own store
    double epochS = 0.0;    // lips-online
    std::vector<EpochRecord> epochs;
    SolverReport solver;
    std::vector<std::string> notes;
    // Unit level, for checks and drawing: each LP's solution and the schedule.
    std::vector<WorkUnit> units;
    std::vector<Plan> lpPlans;
    Plan schedule;
};

}  // namespace mr::cost
