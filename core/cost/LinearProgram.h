// LinearProgram — a sparse linear program (minimise c·x subject to row and column bounds) and
// its solution by GLPK's simplex method (the solver LiPS used, [Ehsan13] §VI-A). GLPK stays behind
// this file: nothing else includes <glpk.h>.
// Every solve is bounded (LpLimits: a time and an iteration limit, which a result reports when it
// hits one) and prepared so that magnitudes far apart do not defeat the simplex's tolerances:
// rows that cannot bind for any x within the column bounds are left out (an exact step: a machine
// whose capacity dwarfs the work of tiny data), costs are scaled so the largest is 1, GLPK scales
// rows and columns, and every solution is checked against the original rows.
#pragma once

#include <string>
#include <vector>

namespace mr::cost {

class LinearProgram {
public:
    enum class Sense { LessEqual, GreaterEqual, Equal };

    // A column x with lower <= x <= upper and objective coefficient `cost`; returns its index.
    int addColumn(double cost, double lower, double upper);
    // A row Σ a·x (sense) bound; returns its index. Coefficients come with add().
    int addRow(Sense sense, double bound);
    // Adds `value` to the coefficient of column `column` in row `row` (repeats are summed).
    void add(int row, int column, double value);

    int columns() const { return static_cast<int>(m_cost.size()); }
    int rows() const { return static_cast<int>(m_sense.size()); }
    std::size_t entries() const { return m_value.size(); }
    double cost(int column) const { return m_cost[static_cast<std::size_t>(column)]; }

private:
    friend struct LpSolver;
    std::vector<double> m_cost, m_lower, m_upper;
    std::vector<Sense> m_sense;
    std::vector<double> m_bound;
    std::vector<int> m_entryRow, m_entryColumn;
    std::vector<double> m_value;
};

// Limit: the solver stopped at LpLimits before it knew the answer (neither optimal nor proven
// infeasible).
enum class LpStatus { Optimal, Infeasible, Unbounded, Limit, Failed };
// "optimal", "infeasible", "unbounded", "limit", "failed"
std::string toString(LpStatus status);

// Bounds on one solve. The iteration limit is deterministic; the time limit guards the rest.
struct LpLimits {
    double seconds = 60.0;
    int iterations = 1'000'000;
};
std::string describe(const LpLimits& limits);  // "60 s and 1000000 simplex iterations per LP"

struct LpSolution {
    LpStatus status = LpStatus::Failed;
    double objective = 0.0;      // Σ cost·x with the unscaled costs (Optimal only)
    std::vector<double> values;  // one per column (Optimal only)
    double seconds = 0.0;        // wall time of building GLPK's problem and solving it
    int iterations = 0;          // simplex iterations
    int rowsLeftOut = 0;         // rows that could not bind
    std::string message;         // GLPK's reason when not Optimal
};

// Never throws for an infeasible or unbounded program, or a limit hit; GLPK prints nothing.
LpSolution solve(const LinearProgram& program, const LpLimits& limits = {});

}  // namespace mr::cost
