// VariantDiff — what changed between two variants of a what-if and what it did (the
// diff panel): jobs added, removed or edited (field by field), the cluster, the scenario (node
// failures, attempt failures, stragglers, speculation: "as planned" against "a node dies"), the
// checked algorithms and the run options; and, for one algorithm both ran, each job's completion
// before and after (how much earlier or later it finished) and how the order the algorithm chose
// changed. Jobs are matched by name. Plain values; the explorer only shows them.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "experiments/Session.h"

namespace mr {

// One field that differs, as text for people ("30" → "60").
struct FieldChange {
    std::string field;
    std::string before;
    std::string after;
};

struct JobChange {
    enum class Kind { Added, Removed, Edited };
    Kind kind = Kind::Edited;
    std::string job;
    std::vector<FieldChange> fields;  // Edited: what differs (maps, map duration, ...)
};

struct VariantChanges {
    // Removed jobs first (in `from`'s order), then added and edited ones (in `to`'s order).
    std::vector<JobChange> jobs;
    // nodes, map_slots_per_node, reduce_slots_per_node; or the node classes, by name
    // ("node_classes[old].speed": "0.5" → "0.25"; a class added or removed: "none" on its side).
    std::vector<FieldChange> cluster;
    // The scenario's fields that differ ("scenario.node_failures": "none" → "node 17 at 7200 s").
    std::vector<FieldChange> scenario;
    // "algorithms" (the checked list), then every run option that differs (OptionSpec ids).
    std::vector<FieldChange> options;
    bool empty() const {
        return jobs.empty() && cluster.empty() && scenario.empty() && options.empty();
    }
};

VariantChanges variantChanges(const Variant& from, const Variant& to);

// One job's completion under one algorithm in both variants (by name).
struct JobShift {
    std::string job;
    std::optional<double> endBefore;  // none: the job is not in `from`
    std::optional<double> endAfter;   // none: the job is not in `to`
    // endAfter − endBefore: negative finished earlier, positive later (jobs in both only).
    std::optional<double> shift;
    std::optional<int> positionBefore;  // 1-based place in the chosen order
    std::optional<int> positionAfter;
};

struct VariantEffect {
    std::string algorithm;
    double makespanBefore = 0.0;
    double makespanAfter = 0.0;
    std::vector<JobShift> jobs;            // `to`'s jobs in its order, then the removed ones
    std::vector<std::string> orderBefore;  // job names in the order chosen
    std::vector<std::string> orderAfter;
    // The jobs both variants have do not come in the same relative order.
    bool orderChanged = false;
    double makespanShift() const { return makespanAfter - makespanBefore; }
};

// `before` ran on `from`, `after` on `to` (the same algorithm).
VariantEffect variantEffect(const Workload& from, const RunResult& before, const Workload& to,
                            const RunResult& after);

}  // namespace mr
