// LipsLp — the linear programs of LiPS ([Ehsan13]): offline simple task scheduling (Fig. 2),
// offline co-scheduling of data and tasks (Fig. 3) and one epoch of the online model (Fig. 4,
// with the bandwidth constraint (21) and the fake node F). Built sparsely, solved with GLPK.
#pragma once

#include <string>
#include <vector>

#include "cost/LinearProgram.h"
#include "cost/Plan.h"

namespace mr::cost {

enum class LipsFigure { Simple, CoSchedule, Online };

// The queue and the data before an LP. Offline: everything remains, data lie at their origins.
struct LipsState {
    std::vector<double> remaining;              // per unit: fraction still to run
    std::vector<std::vector<double>> held;      // per data object, per store: fraction present
    std::vector<std::vector<double>> consumed;  // per unit, per store: fraction already read there
    static LipsState initial(const CostModel& model, const std::vector<WorkUnit>& units);
    bool done() const;  // nothing remains (within 1e-9)
};

struct LipsLpOptions {
    LipsFigure figure = LipsFigure::Simple;
    double epochS = 0.0;  // Online: the epoch length e (capacity cpu_units × e, bound (21))
    // false: a unit on machine l reads from its data's origin, from l's own store, or (online)
    // from a store already holding a copy — the LP stays small (a few columns per unit and
    // machine). true: from any store (|S| times more columns); see docs/lips-cost.md.
    bool allStores = false;
};

struct LipsLpResult {
    LpStatus status = LpStatus::Failed;
    std::string message;
    double seconds = 0.0;
    int columns = 0;
    int rows = 0;
    Plan plan;                     // x^t and x^d (Online: x^d as the copies made in this epoch)
    std::vector<double> deferred;  // Online: per unit, the fraction the LP put on F
    double fakeCostPerCpuS = 0.0;  // Online: F's CPU price (above every real cost per CPU-s)
};

// Fractions in `plan` are fractions of each unit's whole work (not of what remains).
LipsLpResult solveLips(const CostModel& model, const TransferTable& transfer,
                       const std::vector<WorkUnit>& units, const LipsState& state,
                       const LipsLpOptions& options);

}  // namespace mr::cost
