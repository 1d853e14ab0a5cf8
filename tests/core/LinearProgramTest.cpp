// The GLPK wrapper: optimum, infeasible and unbounded programs, repeated entries, and the case
// where GLPK's presolver returns a solution that breaks a row (found by the LiPS invariants).
#include <gtest/gtest.h>

#include <limits>

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

}  // namespace
}  // namespace mr::cost
