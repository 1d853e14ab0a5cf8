// ComparisonTable — several algorithms' runs on one workload side by side: `mrsim compare` (text
// and CSV) and the explorer's Comparison tab (its table and File > Export results as CSV) both
// build this table and print it with the same writers (io/ComparisonFormat.h), so they agree
// cell for cell.
//
// One definition of "vs B" (B a baseline run, e.g. fifo): the makespan saved against B, in
// percent of B's makespan, (B − this) / B · 100. Positive: shorter than B (better); negative:
// longer. Johnson on [Verma12]'s Figure 4 scenario 1 is +36.5% vs fifo (47 against 74).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "experiments/Compare.h"
#include "experiments/DeadlineMetrics.h"
#include "experiments/JobMetrics.h"

namespace mr {

// "vs baseline": (baseline − value) / baseline · 100; 0 when the baseline is not positive. Also
// the cost comparisons' saving against a baseline's cost.
double improvementPercent(double baseline, double value);

struct ComparisonRow {
    std::string algorithm;
    std::string error;  // why there is no run (then no numbers below)
    std::optional<double> makespan;
    std::optional<double> modelMakespan;
    std::vector<std::optional<double>> vs;  // per baseline; empty when that baseline did not run
    double mapUtilization = 0.0;
    double reduceUtilization = 0.0;
    std::vector<std::string> order;            // job names, pools one after the other
    std::vector<std::string> pools;            // "pool1: 10 nodes, makespan 39" (pool algorithms)
    std::optional<RunMetrics> metrics;         // the job metrics (JCT, wait, slowdown, fairness)
    std::optional<DeadlineMetrics> deadlines;  // of every run (average completion time at least)
    bool hasDeadlineMetrics = false;           // deadlines, quotas or locality: worth showing
    int failedJobs = 0;  // under a scenario (model/Scenario.h): jobs that failed in this run
};

struct ComparisonTable {
    std::string workload;                // its name
    std::string description;             // "5 jobs, 300 tasks; 30 nodes with ..."
    std::vector<std::string> baselines;  // algorithm ids of the "vs" columns
    std::vector<ComparisonRow> rows;
    bool deadlines = false;  // some row hasDeadlineMetrics: show the deadline columns
};

// One algorithm of a comparison: its run, or why there is none yet (an error, "computing…").
struct ComparisonEntry {
    std::string id;
    const RunResult* result = nullptr;  // not owned; null when it did not (yet) run
    std::string note;                   // without a result: why
};

// One row per entry, in order; `baselines` are the reference runs ("vs" columns, in order; a
// baseline without a result leaves its column empty).
ComparisonTable comparisonTable(const Workload& workload, const std::vector<ComparisonEntry>& rows,
                                const std::vector<ComparisonEntry>& baselines);
// `mrsim compare`: every result; the first is the baseline.
ComparisonTable comparisonTable(const Workload& workload, const std::vector<RunResult>& results);

// Each outcome as an entry (a refused one carries its reason as the note); `outcomes` must
// outlive the entries.
std::vector<ComparisonEntry> comparisonEntries(const std::vector<AlgorithmOutcome>& outcomes);
// `mrsim compare` past refusals: one row per entry; the baseline is the first entry that ran
// (none when none ran).
ComparisonTable comparisonTable(const Workload& workload,
                                const std::vector<ComparisonEntry>& entries);

}  // namespace mr
