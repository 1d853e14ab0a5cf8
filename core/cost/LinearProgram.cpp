#include "cost/LinearProgram.h"

#include <glpk.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <numeric>

namespace mr::cost {

int LinearProgram::addColumn(double cost, double lower, double upper) {
    m_cost.push_back(cost);
    m_lower.push_back(lower);
    m_upper.push_back(upper);
    return static_cast<int>(m_cost.size()) - 1;
}

int LinearProgram::addRow(Sense sense, double bound) {
    m_sense.push_back(sense);
    m_bound.push_back(bound);
    return static_cast<int>(m_sense.size()) - 1;
}

void LinearProgram::add(int row, int column, double value) {
    m_entryRow.push_back(row);
    m_entryColumn.push_back(column);
    m_value.push_back(value);
}

std::string toString(LpStatus status) {
    switch (status) {
        case LpStatus::Optimal:
            return "optimal";
        case LpStatus::Infeasible:
            return "infeasible";
        case LpStatus::Unbounded:
            return "unbounded";
        case LpStatus::Limit:
            return "limit";
        case LpStatus::Failed:
            break;
    }
    return "failed";
}

std::string describe(const LpLimits& limits) {
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%g", limits.seconds);
    return std::string(seconds) + " s and " + std::to_string(limits.iterations) +
           " simplex iterations per LP";
}

namespace {

// The program's entries with repeated (row, column) pairs summed and zeros dropped, by row.
struct Entries {
    std::vector<int> row, column;
    std::vector<double> value;
};

Entries mergedEntries(const std::vector<int>& rows, const std::vector<int>& columns,
                      const std::vector<double>& values) {
    std::vector<std::size_t> order(values.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return std::pair(rows[a], columns[a]) < std::pair(rows[b], columns[b]);
    });
    Entries e;
    for (const std::size_t k : order) {
        if (!e.row.empty() && e.row.back() == rows[k] && e.column.back() == columns[k]) {
            e.value.back() += values[k];
        } else {
            e.row.push_back(rows[k]);
            e.column.push_back(columns[k]);
            e.value.push_back(values[k]);
        }
    }
    return e;
}

// GLPK keeps an environment per thread (Debian builds it reentrant, in thread-local storage),
// made on first use and otherwise kept until the program ends: the pool's threads live as long
// as the program. A solve is the only GLPK user on its thread, so it frees the environment when
// it returns (after deleting its problem); the next solve makes a new one.
struct GlpkEnvironment {
    GlpkEnvironment() = default;
    GlpkEnvironment(const GlpkEnvironment&) = delete;
    GlpkEnvironment& operator=(const GlpkEnvironment&) = delete;
    ~GlpkEnvironment() { glp_free_env(); }
};

}  // namespace

// GLPK's simplex on one LinearProgram (LinearProgram's friend: it reads the program's arrays).
struct LpSolver {
    static LpSolution run(const LinearProgram& lp, const LpLimits& limits);

private:
    explicit LpSolver(const LinearProgram& program);
    int leaveOutRedundantRows();
    void loadColumns(double scale);
    void loadRows();
    void loadMatrix();
    double readSolution();
    void describeOutcome(LpSolution& solution, int code, int status, double violation,
                         const LpLimits& limits) const;

    const LinearProgram& lp;
    const int cols;
    const int rows;
    const Entries entries;
    std::unique_ptr<glp_prob, void (*)(glp_prob*)> holder;
    glp_prob* p;
    std::vector<int> glpkRow;  // per row of the program: GLPK's row, 0 when left out
    int kept = 0;              // rows given to GLPK
    std::vector<double> x;     // the solution GLPK found, within the column bounds
};

LpSolver::LpSolver(const LinearProgram& program)
    : lp(program),
      cols(program.columns()),
      rows(program.rows()),
      entries(mergedEntries(program.m_entryRow, program.m_entryColumn, program.m_value)),
      holder(nullptr, glp_delete_prob),
      p(nullptr),
      glpkRow(static_cast<std::size_t>(program.rows()), 0),
      x(static_cast<std::size_t>(program.columns())) {}

LpSolution LpSolver::run(const LinearProgram& lp, const LpLimits& limits) {
    const auto start = std::chrono::steady_clock::now();
    LpSolution solution;
    const GlpkEnvironment environment;  // before `solver`: freed after its problem
    glp_term_out(GLP_OFF);              // per environment; GLPK must never write to the terminal
    LpSolver solver(lp);
    solver.holder.reset(glp_create_prob());
    solver.p = solver.holder.get();
    glp_prob* p = solver.p;
    glp_set_obj_dir(p, GLP_MIN);

    // Costs scaled so the largest is 1: prices of a few millicents would otherwise sit below
    // the simplex's absolute tolerances.
    double maxCost = 0.0;
    for (double c : lp.m_cost) {
        maxCost = std::max(maxCost, std::fabs(c));
    }
    const double scale = maxCost > 0.0 ? 1.0 / maxCost : 1.0;
    solution.rowsLeftOut = solver.leaveOutRedundantRows();
    solver.loadColumns(scale);
    solver.loadRows();
    solver.loadMatrix();

    glp_smcp parm;
    glp_init_smcp(&parm);
    parm.msg_lev = GLP_MSG_OFF;
    parm.presolve = GLP_OFF;  // GLPK 5's presolver loops or misreports on wide magnitudes
    parm.it_lim = limits.iterations;
    parm.tm_lim = static_cast<int>(std::min(limits.seconds * 1000.0, 2.0e9));
    glp_scale_prob(p, GLP_SF_AUTO);
    const int cols = solver.cols;
    int code = cols == 0 ? 0 : glp_simplex(p, &parm);
    int status = cols == 0 ? GLP_OPT : glp_get_status(p);
    double violation = code == 0 && status == GLP_OPT ? solver.readSolution() : 0.0;
    if (violation > 1e-7) {
        // Optimal within GLPK's tolerances on the scaled problem but not on ours: re-optimise
        // from that basis without scaling, then check again.
        glp_unscale_prob(p);
        code = glp_simplex(p, &parm);
        status = glp_get_status(p);
        violation = code == 0 && status == GLP_OPT ? solver.readSolution() : 0.0;
    }
    solution.iterations = glp_get_it_cnt(p);
    solver.describeOutcome(solution, code, status, violation, limits);
    solution.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return solution;
}

// Rows that no x within the column bounds can violate are left out: exact, and what keeps a row
// of tiny coefficients (the CPU of bytes-sized data against a machine's hour) from meeting the
// simplex's tolerances. A row's activity lies in [low, high]. Returns the rows left out.
int LpSolver::leaveOutRedundantRows() {
    std::vector<double> low(static_cast<std::size_t>(rows), 0.0);
    std::vector<double> high(static_cast<std::size_t>(rows), 0.0);
    std::vector<double> size(static_cast<std::size_t>(rows), 0.0);
    for (std::size_t k = 0; k < entries.value.size(); ++k) {
        const auto r = static_cast<std::size_t>(entries.row[k]);
        const auto c = static_cast<std::size_t>(entries.column[k]);
        const double a = entries.value[k];
        const double lo = lp.m_lower[c];
        const double up = lp.m_upper[c];
        low[r] += a > 0.0 ? a * lo : a * up;
        high[r] += a > 0.0 ? a * up : a * lo;
        size[r] += std::fabs(a) * std::max(std::fabs(lo), std::isinf(up) ? 0.0 : std::fabs(up));
    }
    for (int i = 0; i < rows; ++i) {
        const auto k = static_cast<std::size_t>(i);
        const double b = lp.m_bound[k];
        const double slack = 1e-12 * (std::fabs(b) + size[k]);
        const bool redundant =
            (lp.m_sense[k] == LinearProgram::Sense::LessEqual && high[k] <= b + slack) ||
            (lp.m_sense[k] == LinearProgram::Sense::GreaterEqual && low[k] >= b - slack);
        if (!redundant) {
            glpkRow[k] = ++kept;
        }
    }
    return rows - kept;
}

void LpSolver::loadColumns(double scale) {
    if (cols > 0) {
        glp_add_cols(p, cols);
    }
    for (int j = 0; j < cols; ++j) {
        const auto k = static_cast<std::size_t>(j);
        const double lo = lp.m_lower[k];
        const double up = lp.m_upper[k];
        glp_set_col_bnds(p, j + 1, lo == up ? GLP_FX : (std::isinf(up) ? GLP_LO : GLP_DB), lo,
                         std::isinf(up) ? 0.0 : up);
        glp_set_obj_coef(p, j + 1, lp.m_cost[k] * scale);
    }
}

void LpSolver::loadRows() {
    if (kept > 0) {
        glp_add_rows(p, kept);
    }
    for (int i = 0; i < rows; ++i) {
        const auto k = static_cast<std::size_t>(i);
        const int g = glpkRow[k];
        if (g == 0) {
            continue;
        }
        const double b = lp.m_bound[k];
        switch (lp.m_sense[k]) {
            case LinearProgram::Sense::LessEqual:
                glp_set_row_bnds(p, g, GLP_UP, 0.0, b);
                break;
            case LinearProgram::Sense::GreaterEqual:
                glp_set_row_bnds(p, g, GLP_LO, b, 0.0);
                break;
            case LinearProgram::Sense::Equal:
                glp_set_row_bnds(p, g, GLP_FX, b, b);
                break;
        }
    }
}

// GLPK's arrays start at index 1; zeros are left out (GLPK refuses nothing else here).
void LpSolver::loadMatrix() {
    std::vector<int> ia(1, 0), ja(1, 0);
    std::vector<double> ar(1, 0.0);
    for (std::size_t k = 0; k < entries.value.size(); ++k) {
        const int g = glpkRow[static_cast<std::size_t>(entries.row[k])];
        if (g != 0 && entries.value[k] != 0.0) {
            ia.push_back(g);
            ja.push_back(entries.column[k] + 1);
            ar.push_back(entries.value[k]);
        }
    }
    if (ia.size() > 1) {
        glp_load_matrix(p, static_cast<int>(ia.size()) - 1, ia.data(), ja.data(), ar.data());
    }
}

// Reads GLPK's current solution into x and returns the largest violation of a row (all rows,
// the ones left out too), relative to the row's size.
double LpSolver::readSolution() {
    for (int j = 0; j < cols; ++j) {
        const auto k = static_cast<std::size_t>(j);
        // Clamp GLPK's tiny bound violations (1e-12 below 0, say) back into the bounds.
        x[k] = std::clamp(glp_get_col_prim(p, j + 1), lp.m_lower[k], lp.m_upper[k]);
    }
    std::vector<double> activity(static_cast<std::size_t>(rows), 0.0);
    std::vector<double> used(static_cast<std::size_t>(rows), 0.0);
    for (std::size_t k = 0; k < entries.value.size(); ++k) {
        const double term = entries.value[k] * x[static_cast<std::size_t>(entries.column[k])];
        activity[static_cast<std::size_t>(entries.row[k])] += term;
        used[static_cast<std::size_t>(entries.row[k])] += std::fabs(term);
    }
    double worst = 0.0;
    for (std::size_t i = 0; i < activity.size(); ++i) {
        const double b = lp.m_bound[i];
        const double over = activity[i] - b;
        const double violation = lp.m_sense[i] == LinearProgram::Sense::LessEqual ? over
                                 : lp.m_sense[i] == LinearProgram::Sense::GreaterEqual
                                     ? -over
                                     : std::fabs(over);
        worst = std::max(worst, violation / (1.0 + std::fabs(b) + used[i]));
    }
    return worst;
}

// The status and message of GLPK's return code and status; with an optimum the values and the
// objective (in the program's own costs).
void LpSolver::describeOutcome(LpSolution& solution, int code, int status, double violation,
                               const LpLimits& limits) const {
    if (code == GLP_ETMLIM || code == GLP_EITLIM) {
        solution.status = LpStatus::Limit;
        char seconds[32];
        std::snprintf(seconds, sizeof seconds, "%g", limits.seconds);
        solution.message =
            code == GLP_ETMLIM
                ? "GLPK stopped at its time limit (" + std::string(seconds) + " s) after " +
                      std::to_string(solution.iterations) + " iterations, before an answer"
                : "GLPK stopped at its iteration limit (" + std::to_string(limits.iterations) +
                      " iterations), before an answer";
    } else if (code == GLP_ENOPFS || (code == 0 && status == GLP_NOFEAS)) {
        solution.status = LpStatus::Infeasible;
        solution.message = "no feasible solution: the constraints cannot all hold";
    } else if (code == GLP_ENODFS || (code == 0 && status == GLP_UNBND)) {
        solution.status = LpStatus::Unbounded;
        solution.message = "the objective is unbounded";
    } else if (code != 0 || status != GLP_OPT || violation > 1e-6) {
        solution.status = LpStatus::Failed;
        solution.message = "GLPK's simplex stopped (code " + std::to_string(code) + ", status " +
                           std::to_string(status) + ", relative violation " +
                           std::to_string(violation) + ")";
    } else {
        solution.status = LpStatus::Optimal;
        solution.values = x;
        for (int j = 0; j < cols; ++j) {
            solution.objective +=
                lp.m_cost[static_cast<std::size_t>(j)] * x[static_cast<std::size_t>(j)];
        }
    }
}

LpSolution solve(const LinearProgram& program, const LpLimits& limits) {
    return LpSolver::run(program, limits);
}

}  // namespace mr::cost
