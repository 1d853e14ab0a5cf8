// Session — what the explorer's "mrx-session" file holds (docs/formats.md, "Session
// file"): the workload being edited with its checked algorithms and run options, the variants
// kept beside it (each a full snapshot: jobs, cluster, algorithms, run options, under a name),
// and where the user was looking (tab, zoom, Teach step, highlighted job). Never the window's
// geometry or dock layout: those are the user's (QSettings), not the session's.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "model/Workload.h"
#include "schedulers/Algorithm.h"

namespace mr {

// One snapshot of a what-if: the jobs and cluster, which algorithms run, with which options.
// Only RunOptions' result-shaping fields are kept (seed, estimator, manual order, pools,
// locality); threads, task records and cancellation belong to a run, not to a variant.
struct Variant {
    std::string name;  // unique in a session, not empty ("A", "B", "one slot more", ...)
    Workload workload;
    std::vector<std::string> algorithms;  // registry ids, in list order
    RunOptions options;
};

// Where the user was looking. Every field is optional in the file; defaults mean "as opened".
struct SessionView {
    std::string tab;                                 // a tab name (kSessionTabs), empty: the first
    std::optional<std::array<double, 2>> timeRange;  // the timelines' zoom, seconds [from, to]
    std::optional<std::array<double, 2>> slotRange;  // their slot axis' zoom, rows [from, to]
    std::string teachLesson;       // the Teach tab's lesson (kSessionLessons), empty: the first
    int teachStep = 0;             // the Teach tab's step (0: the first)
    std::string highlightedJob;    // a job of `current`, empty: none
    std::string referenceVariant;  // the comparison's reference, empty: the first
};

struct Session {
    Variant current;  // the workload being edited (its name is unused)
    std::vector<Variant> variants;
    SessionView view;

    const Variant* findVariant(const std::string& name) const;
};

// The Teach tab's lessons (and its exercise).
inline const std::vector<std::string> kSessionLessons = {"johnson", "balanced-pools", "hscheduler",
                                                         "online-hscheduler", "your-order"};

// The tab names a session may name (MainWindow::showTab's names).
inline const std::vector<std::string> kSessionTabs = {"timeline", "stages",   "comparison",
                                                      "johnson",  "sweep",    "deadlines",
                                                      "cost",     "cost-cpu", "cost-sweep"};

// The result-shaping fields of two run options are equal (what a session keeps of them).
bool sameVariantOptions(const RunOptions& a, const RunOptions& b);

// Variants and the current one compare by name, workload, algorithms and variant options.
bool operator==(const Variant& a, const Variant& b);
bool operator==(const SessionView& a, const SessionView& b);
bool operator==(const Session& a, const Session& b);

// A name for the next kept variant: "A", "B", ..., "Z", "AA", ... not used in `session`.
std::string nextVariantName(const std::vector<Variant>& variants);

}  // namespace mr
