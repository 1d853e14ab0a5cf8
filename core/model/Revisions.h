// Revisions — what a sweep's numbers were computed by, besides its arguments: every
// part file's header carries both revisions and its fingerprint hashes them, so parts computed by
// different revisions never merge and --resume never appends to a part of another revision. The
// program's version string is not enough: it did not change when the generators' numbers did.
#pragma once

namespace mr {

// The engine's results revision. Bump it in the commit that changes what any sweep point gives
// for the same arguments: the simulator (events, ties, waves, overheads), a scheduler or policy,
// an estimator or bound, the deadline metrics, the cost algorithms and their LPs, or the fields
// and number formats of a point's line (io/SweepFormat, io/LoadSweepFormat, cost/CostSweepsFormat).
inline constexpr int kEngineRevision = 1;

// The generators' revision. Bump it in the commit that changes what a generator makes for the
// same seed: workloads/ (the workload generators, Facebook1000, arrivals and deadlines), the
// random cost models (cost/CostGenerators) and model/SeededRandom's draws.
inline constexpr int kGeneratorRevision = 1;

// Both, as a part's header records them ("revisions": {"engine": E, "generators": G}).
struct ResultRevisions {
    int engine = kEngineRevision;
    int generators = kGeneratorRevision;
    bool operator==(const ResultRevisions&) const = default;
};

}  // namespace mr
