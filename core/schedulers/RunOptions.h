// RunOptions — what a run of any algorithm may be told besides the workload (the seed, the
// estimator, the manual order, threads, pools, the locality model), and the one description of
// each option (OptionSpec: type, range, default, help) that mrsim's flags, `mrsim algorithms
// --json` and the explorer's run options panel are all built from. A new option is one field
// here and one OptionSpec in RunOptions.cpp; an algorithm lists the ids it reads in its
// AlgorithmInfo.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "model/Cancelled.h"
#include "model/Progress.h"
#include "perf/StageDuration.h"
#include "sim/Locality.h"

namespace mr {

struct RunResult;

struct RunOptions {
    std::uint64_t seed = 1;                  // for `random` and any randomised algorithm
    Estimator estimator = Estimator::Exact;  // how (m_i, r_i) are estimated
    std::vector<std::string> manualOrder;    // `manual`: overrides the file's manual_order
    bool recordTasks = true;                 // keep every task record (charts, exports)
    // Records whose estimate takes more bytes than this go to a temporary file, not memory
    // (SimOptions::spillRecordsAbove; 0: always in memory). Same records either way.
    std::uint64_t spillRecordsAbove = 0;
    bool waves = true;  // false: one record per task (SimOptions::waves; same results)
    int threads = 0;    // worker threads for searches; 0 = all cores
    const CancelFlag* cancel = nullptr;  // set -> the run throws Cancelled (UI edits)
    Progress* progress = nullptr;        // a search counts its steps here (balanced-pools)
    // A search reports here each plan better than the ones before it, simulated, while it goes
    // on (balanced-pools: plain Johnson's first), one at a time from a thread of its own, so
    // that the search and its progress never wait for it; a plan the search outran meanwhile is
    // skipped, and every call ends before the run returns.
    std::function<void(std::shared_ptr<const RunResult> best)> incumbent;
    int pools = 2;             // balanced-pools: at most this many pools (>= 2)
    LocalityOptions locality;  // block placement and remote reads ([Rao12] §4.1)
};

enum class OptionType {
    Flag,     // on or off ("true" / "false")
    Integer,  // a whole number in [min, max]
    Real,     // a finite number in [min, max]
    Choice,   // one of `choices`
    Names,    // a comma-separated list of names (job names)
};
const char* toString(OptionType type);  // "flag", "integer", "real", "choice", "names"

struct OptionSpec {
    std::string id;     // mrsim --ID, the key in `mrsim algorithms --json` and in the settings
    std::string label;  // the explorer's label
    OptionType type = OptionType::Real;
    std::string help;  // one line: what it changes (and where it comes from)
    // Integer, Real: the accepted values, both ends included. Integer bounds above 2^53 are
    // approximate here; `set` checks exactly.
    double min = 0.0;
    double max = 0.0;
    bool minExclusive = false;         // min itself is refused
    std::vector<std::string> choices;  // Choice
    std::string unit;                  // "s", "×" or empty
    std::string needsFlag;             // id of a Flag that must be on for this option to matter
    bool explorer = true;  // shown in the explorer's run options (not: --order, --threads)

    // The default as text in the option's own syntax ("2", "1.5", "exact", "J1,J2", "true").
    std::string defaultValue;

    // Run options only (not the cost algorithms' options): the value in `options` as text in the
    // option's syntax; `set` reads such text into `options`, throwing InputError (field = id)
    // naming the accepted values when it is not one.
    std::function<std::string(const RunOptions& options)> get;
    std::function<void(RunOptions& options, std::string_view text)> set;
};

// InputError (field = spec.id) naming what `spec` accepts; `text` is what was given.
[[noreturn]] void refuseOption(const OptionSpec& spec, std::string_view text);

// A seed as given on a command line: a whole number from 0 to 2^64 - 1, else InputError on field
// 'seed' ("-1" is refused, never wrapped round to 2^64 - 1).
std::uint64_t readSeed(std::string_view text);

// Every run option, in the order --help and the explorer show them.
const std::vector<OptionSpec>& runOptionSpecs();
// nullptr when unknown.
const OptionSpec* findOptionSpec(std::string_view id);
// Options every algorithm reads through the shared simulation (the locality model and its seed).
const std::vector<std::string>& commonOptionIds();

}  // namespace mr
