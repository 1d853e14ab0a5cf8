// AlgorithmInfo — what the program knows about an algorithm besides its code: the registry's
// metadata, read by `mrsim algorithms --json`, mrsim's help, the explorer's algorithm list
// (names, tooltips, defaults) and run options, the Deadlines and Cost tabs' lists, and the tests
// that run over every algorithm.
#pragma once

#include <string>
#include <vector>

namespace mr {

// What an input must have for the algorithm to do what it is for (without it the algorithm
// still runs, but degenerates: EDF without deadlines is FIFO), or to run at all (a cost model).
struct AlgorithmNeeds {
    bool arrivals = false;   // jobs arriving over time
    bool deadlines = false;  // jobs with deadlines
    bool costModel = false;  // an mrx-costmodel file instead of a workload (LiPS, [Ehsan13])
};

// Its place in the deadline load sweep ([Verma12b] Figs. 1–4: the Deadlines tab and `mrsim
// sweep-load`), which offers every algorithm that needs deadlines and the baselines marked here.
struct LoadSweepRole {
    bool baseline = false;   // offered although it needs no deadlines: fair ([Rao12]/[Verma12b])
    bool byDefault = false;  // checked there until the user chooses: [Verma12b]'s three policies
};

// What a run holds besides the engine's own arrays, for the estimate made before it starts
// (schedulers/RunMemory.h).
struct MemoryTraits {
    // Simulates a copy of the jobs re-split over every slot (HScheduler, [Tian16] Claim 1).
    bool resplitsJobs = false;
    // Keeps every job's (m_i, r_i) for each node count its pool search visits (BalancedPools).
    bool searchesPoolSizes = false;
};

struct AlgorithmInfo {
    std::string id;           // kebab-case: mrsim, files, settings ("balanced-pools")
    std::string name;         // display name ("BalancedPools")
    std::string description;  // one line: what it does
    std::string source;       // where it comes from, by the key of docs/references.md
                              // ("[Verma12] §III-C, Alg. 2"; "ours" when no paper)
    // Ids of the run options it reads (runOptionSpecs() / the cost options), besides
    // commonOptionIds() which every workload algorithm reads.
    std::vector<std::string> options;
    AlgorithmNeeds needs;
    // Fast enough to run on every edit: well under a second on the 1000-job Facebook batch.
    bool interactive = true;
    // Checked until the user chooses: in the explorer's algorithm list (a workload algorithm:
    // the four the explorer sets side by side, Johnson, reverse Johnson, BalancedPools and
    // HScheduler) or in its Cost tab (a cost algorithm). The Deadlines tab reads
    // loadSweep.byDefault instead.
    bool byDefault = false;
    // A reference every comparison measures the others against ("vs fifo"), run even when not
    // checked: fifo (Hadoop's default) and reverse-johnson (the two-stage model's worst order).
    bool baseline = false;
    // Reports the best plan it has found while it searches (RunOptions::incumbent), the first
    // one within moments: the explorer starts it at once, beside the fast ones, so that its
    // chart shows a plan long before the answer.
    bool showsBestSoFar = false;
    LoadSweepRole loadSweep;
    // The explorer's Teach lesson that shows it step by step (its lesson id), empty for none.
    std::string lesson;
    MemoryTraits memory;
    // Why it refuses a cluster of unequal nodes (model/Cluster.h, node classes), in one line;
    // empty: it runs on them (an online policy that fills free slots).
    std::string unequalNodes;
};

}  // namespace mr
