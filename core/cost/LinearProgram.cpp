#include "cost/LinearProgram.h"

#include <glpk.h>

#include <algorithm>
#include <chrono>
#include <cmath>
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
        case LpStatus::Failed:
            break;
    }
    return "failed";
}

struct LpSolver {
    static LpSolution run(const LinearProgram& lp);
};

LpSolution LpSolver::run(const LinearProgram& lp) {
    const auto start = std::chrono::steady_clock::now();
    LpSolution solution;
    glp_term_out(GLP_OFF);  // per thread; GLPK must never write to the terminal
    std::unique_ptr<glp_prob, void (*)(glp_prob*)> holder(glp_create_prob(), glp_delete_prob);
    glp_prob* p = holder.get();
    glp_set_obj_dir(p, GLP_MIN);

    // Costs scaled so the largest is 1: prices of a few millicents would otherwise sit below
    // the simplex's absolute tolerances.
    double maxCost = 0.0;
    for (double c : lp.m_cost) {
        maxCost = std::max(maxCost, std::fabs(c));
    }
    const double scale = maxCost > 0.0 ? 1.0 / maxCost : 1.0;
    const int cols = lp.columns();
    const int rows = lp.rows();
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
    if (rows > 0) {
        glp_add_rows(p, rows);
    }
    for (int i = 0; i < rows; ++i) {
        const auto k = static_cast<std::size_t>(i);
        const double b = lp.m_bound[k];
        switch (lp.m_sense[k]) {
            case LinearProgram::Sense::LessEqual:
                glp_set_row_bnds(p, i + 1, GLP_UP, 0.0, b);
                break;
            case LinearProgram::Sense::GreaterEqual:
                glp_set_row_bnds(p, i + 1, GLP_LO, b, 0.0);
                break;
            case LinearProgram::Sense::Equal:
                glp_set_row_bnds(p, i + 1, GLP_FX, b, b);
                break;
        }
    }
    // GLPK refuses repeated (row, column) entries: sum them, drop zeros. Index 0 is unused.
    std::vector<std::size_t> order(lp.m_value.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return std::pair(lp.m_entryRow[a], lp.m_entryColumn[a]) <
               std::pair(lp.m_entryRow[b], lp.m_entryColumn[b]);
    });
    std::vector<int> ia(1, 0), ja(1, 0);
    std::vector<double> ar(1, 0.0);
    for (std::size_t n = 0; n < order.size(); ++n) {
        const std::size_t e = order[n];
        const bool same = ia.size() > 1 && ia.back() == lp.m_entryRow[e] + 1 &&
                          ja.back() == lp.m_entryColumn[e] + 1;
        if (same) {
            ar.back() += lp.m_value[e];
        } else {
            ia.push_back(lp.m_entryRow[e] + 1);
            ja.push_back(lp.m_entryColumn[e] + 1);
            ar.push_back(lp.m_value[e]);
        }
    }
    if (ia.size() > 1) {
        glp_load_matrix(p, static_cast<int>(ia.size()) - 1, ia.data(), ja.data(), ar.data());
    }

    // The largest violation of a row, relative to the row's size, by GLPK's current solution.
    std::vector<double> x(static_cast<std::size_t>(cols));
    auto readSolution = [&] {
        for (int j = 0; j < cols; ++j) {
            const auto k = static_cast<std::size_t>(j);
            // Clamp GLPK's tiny bound violations (1e-12 below 0, say) back into the bounds.
            x[k] = std::clamp(glp_get_col_prim(p, j + 1), lp.m_lower[k], lp.m_upper[k]);
        }
        std::vector<double> activity(static_cast<std::size_t>(rows), 0.0);
        std::vector<double> size(static_cast<std::size_t>(rows), 0.0);
        for (std::size_t e = 1; e < ia.size(); ++e) {
            const double term = ar[e] * x[static_cast<std::size_t>(ja[e] - 1)];
            activity[static_cast<std::size_t>(ia[e] - 1)] += term;
            size[static_cast<std::size_t>(ia[e] - 1)] += std::fabs(term);
        }
        double worst = 0.0;
        for (std::size_t i = 0; i < activity.size(); ++i) {
            const double b = lp.m_bound[i];
            const double over = activity[i] - b;
            const double violation = lp.m_sense[i] == LinearProgram::Sense::LessEqual ? over
                                     : lp.m_sense[i] == LinearProgram::Sense::GreaterEqual
                                         ? -over
                                         : std::fabs(over);
            worst = std::max(worst, violation / (1.0 + std::fabs(b) + size[i]));
        }
        return worst;
    };

    glp_smcp parm;
    glp_init_smcp(&parm);
    parm.msg_lev = GLP_MSG_OFF;
    parm.presolve = GLP_ON;
    glp_scale_prob(p, GLP_SF_AUTO);
    int code = cols == 0 ? 0 : glp_simplex(p, &parm);
    int status = cols == 0 ? GLP_OPT : glp_get_status(p);
    double violation = code == 0 && status == GLP_OPT ? readSolution() : 0.0;
    if (violation > 1e-7) {
        // GLPK 5's presolver may drop a one-column row whose implied bound lies within 1e-3 of
        // the column's own bound; the recovered solution then breaks that row (a machine's
        // capacity exceeded by 0.2 % was seen). Re-optimise from that basis without it.
        parm.presolve = GLP_OFF;
        code = glp_simplex(p, &parm);
        status = glp_get_status(p);
        violation = code == 0 && status == GLP_OPT ? readSolution() : 0.0;
    }
    if (code == GLP_ENOPFS || (code == 0 && status == GLP_NOFEAS)) {
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
    solution.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return solution;
}

LpSolution solve(const LinearProgram& program) {
    return LpSolver::run(program);
}

}  // namespace mr::cost
