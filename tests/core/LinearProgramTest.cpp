// The GLPK wrapper: optimum, infeasible and unbounded programs, repeated entries, and the case
// where GLPK's presolver returns a solution that breaks a row (found by the LiPS invariants).
#include <gtest/gtest.h>

#include <limits>
#include <vector>

#include "cost/LinearProgram.h"

namespace mr::cost {
namespace {

using Sense = LinearProgram::Sense;

// max x + y (min −x − y) with x + 2y <= 4, 3x + y <= 6: the vertex (8/5, 6/5), value −14/5.
TEST(LinearProgram, SolvesASmallProgram) {
    LinearProgram lp;
    const int x = lp.addColumn(-1.0, 0.0, 1e9);
    const int y = lp.addColumn(-1.0, 0.0, 1e9);
    const int r1 = lp.addRow(Sense::LessEqual, 4.0);
    const int r2 = lp.addRow(Sense::LessEqual, 6.0);
    lp.add(r1, x, 1.0);
    lp.add(r1, y, 1.0);
    lp.add(r1, y, 1.0);  // repeated: summed to 2
    lp.add(r2, x, 3.0);
    lp.add(r2, y, 1.0);
    const LpSolution s = solve(lp);
    ASSERT_EQ(s.status, LpStatus::Optimal) << s.message;
    EXPECT_NEAR(s.values[0], 1.6, 1e-9);
    EXPECT_NEAR(s.values[1], 1.2, 1e-9);
    EXPECT_NEAR(s.objective, -2.8, 1e-9);
}

TEST(LinearProgram, ReportsInfeasibleAndUnbounded) {
    LinearProgram infeasible;
    const int x = infeasible.addColumn(1.0, 0.0, 1.0);
    infeasible.add(infeasible.addRow(Sense::GreaterEqual, 2.0), x, 1.0);
    EXPECT_EQ(solve(infeasible).status, LpStatus::Infeasible);
    EXPECT_EQ(toString(solve(infeasible).status), "infeasible");

    LinearProgram unbounded;
    const int y = unbounded.addColumn(-1.0, 0.0, std::numeric_limits<double>::infinity());
    unbounded.add(unbounded.addRow(Sense::GreaterEqual, 1.0), y, 1.0);
    EXPECT_EQ(solve(unbounded).status, LpStatus::Unbounded);
}

// An epoch of lips-online (seed 125 of the invariants): one unit, five machines; the cheapest
// machine (column 2) may take 14.4173 of the 14.4469 CPU-seconds left. GLPK's presolver returned
// all of it on that machine; the wrapper must notice and re-optimise.
TEST(LinearProgram, PresolvedSolutionsAreCheckedAgainstEveryRow) {
    LinearProgram lp;
    const double remaining = 0.0911624040160464;
    const double cpu = 158.474522817352;
    const double costs[] = {0.167925818620778, 0.187883823406688, 0.116358614050082,
                            0.127874350699287, 0.128760760544999};
    const double capacity[] = {57.6690433645727, 14.4172608411432, 14.4172608411432,
                               28.8345216822864, 14.4172608411432};
    const int assign = lp.addRow(Sense::Equal, remaining);
    const int read = lp.addRow(Sense::LessEqual, -0.908837595983954);
    const int placed = lp.addColumn(0.0, 1.0, 1.0);  // x^d, fixed at 1
    lp.add(read, placed, -1.0);
    for (int l = 0; l < 5; ++l) {
        const int col = lp.addColumn(costs[l], 0.0, remaining);
        lp.add(assign, col, 1.0);
        lp.add(read, col, 1.0);
        lp.add(lp.addRow(Sense::LessEqual, capacity[l]), col, cpu);
    }
    const int fake = lp.addColumn(1.0, 0.0, remaining);
    lp.add(assign, fake, 1.0);
    const LpSolution s = solve(lp);
    ASSERT_EQ(s.status, LpStatus::Optimal) << s.message;
    EXPECT_LE(s.values[3] * cpu, capacity[2] * (1 + 1e-9));
    EXPECT_NEAR(s.values[3] * cpu, capacity[2], 1e-7);                      // the cheapest, full
    EXPECT_NEAR(s.values[4] * cpu, (remaining * cpu) - capacity[2], 1e-7);  // the next cheapest
}

// A transportation problem: `n` sources of supply 1 each to `n` sinks of demand 1, cost
// (i + 2j) mod 7 + 1 — many simplex iterations. For n a multiple of 7, i ↦ j with
// i + 2j ≡ 0 (mod 7) pairs the residue classes one to one, all of equal size: a perfect matching
// of cost-1 entries, so the optimum is n (by hand).
LinearProgram transportation(int n) {
    LinearProgram lp;
    std::vector<int> supply, demand;
    for (int i = 0; i < n; ++i) {
        supply.push_back(lp.addRow(Sense::Equal, 1.0));
        demand.push_back(lp.addRow(Sense::Equal, 1.0));
    }
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j) {
            const int c = lp.addColumn((i + 2 * j) % 7 + 1, 0.0, 1.0);
            lp.add(supply[static_cast<std::size_t>(i)], c, 1.0);
            lp.add(demand[static_cast<std::size_t>(j)], c, 1.0);
        }
    }
    return lp;
}

TEST(LinearProgram, ALimitHitIsReportedAsSuchNotAsInfeasible) {
    // GLPK runs under limits: without them one LP took more than 17 minutes.
    const LinearProgram lp = transportation(28);
    const LpSolution full = solve(lp);
    ASSERT_EQ(full.status, LpStatus::Optimal) << full.message;
    EXPECT_GT(full.iterations, 5);
    EXPECT_NEAR(full.objective, 28.0, 1e-9);
    const LpSolution limited = solve(lp, LpLimits{60.0, 5});
    EXPECT_EQ(limited.status, LpStatus::Limit);
    EXPECT_EQ(toString(limited.status), "limit");
    EXPECT_EQ(limited.message,
              "GLPK stopped at its iteration limit (5 iterations), before an answer");
    EXPECT_EQ(describe(LpLimits{}), "60 s and 1000000 simplex iterations per LP");
}

TEST(LinearProgram, RowsThatCannotBindAreLeftOutWithoutChangingTheOptimum) {
    // The transportation problem plus rows no x in [0, 1] can violate, with coefficients 12
    // orders of magnitude below the others (the CPU of byte-sized data against an hour).
    for (const double tiny : {1.0, 1e-6, 1e-12}) {
        SCOPED_TRACE(tiny);
        LinearProgram lp = transportation(14);
        const int columns = lp.columns();
        for (int r = 0; r < 5; ++r) {
            const int row = lp.addRow(Sense::LessEqual, tiny * columns);  // at most all of them
            for (int c = 0; c < columns; ++c) {
                lp.add(row, c, tiny * (1.0 + (c + r) % 3) / 3.0);
            }
        }
        const int lower = lp.addRow(Sense::GreaterEqual, -1.0);
        lp.add(lower, 0, 1.0);
        const LpSolution s = solve(lp);
        ASSERT_EQ(s.status, LpStatus::Optimal) << s.message;
        EXPECT_EQ(s.rowsLeftOut, 6);
        EXPECT_NEAR(s.objective, 14.0, 1e-9);
    }
    // A row that can bind stays, and binds.
    LinearProgram lp = transportation(7);
    const int row = lp.addRow(Sense::LessEqual, 0.5);
    lp.add(row, 0, 1e-9);
    lp.add(row, 0, 1.0 - 1e-9);  // summed: 1
    const LpSolution s = solve(lp);
    ASSERT_EQ(s.status, LpStatus::Optimal) << s.message;
    EXPECT_EQ(s.rowsLeftOut, 0);
    EXPECT_LE(s.values[0], 0.5 + 1e-9);
}

}  // namespace
}  // namespace mr::cost
