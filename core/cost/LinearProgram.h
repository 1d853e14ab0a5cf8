// LinearProgram — a sparse linear program (minimise c·x subject to row and column bounds) and
// its solution by GLPK's simplex method with the presolver (the solver LiPS used, seed 002
// §VI-A). GLPK stays behind this file: nothing else includes <glpk.h>.
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

enum class LpStatus { Optimal, Infeasible, Unbounded, Failed };
std::string toString(LpStatus status);  // "optimal", "infeasible", "unbounded", "failed"

struct LpSolution {
    LpStatus status = LpStatus::Failed;
    double objective = 0.0;      // Σ cost·x with the unscaled costs (Optimal only)
    std::vector<double> values;  // one per column (Optimal only)
    double seconds = 0.0;        // wall time of building GLPK's problem and solving it
    std::string message;         // GLPK's reason when not Optimal
};

// Never throws for an infeasible or unbounded program; GLPK prints nothing.
LpSolution solve(const LinearProgram& program);

}  // namespace mr::cost
