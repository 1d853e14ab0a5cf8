#include "experiments/VariantDiff.h"

#include <algorithm>
#include <cmath>

#include "model/Numbers.h"
#include "schedulers/RunOptions.h"

namespace mr {

namespace {

std::string number(double v) {
    return formatTime(v);
}

std::string optionalNumber(const std::optional<double>& v) {
    return v ? formatTime(*v) : std::string("none");
}

std::string joined(const std::vector<std::string>& names) {
    std::string out;
    for (const std::string& n : names) {
        out += (out.empty() ? "" : ", ") + n;
    }
    return out.empty() ? "none" : out;
}

// A stage's durations in a line: "30" when every task takes the same, else "29.5–30 (sum 89.5)".
std::string durations(const TaskDurations& d) {
    if (d.empty()) {
        return "no tasks";
    }
    if (d.uniform()) {
        return number(d.value());
    }
    double low = d.front();
    double high = d.front();
    double sum = 0.0;
    for (double v : d) {
        low = std::min(low, v);
        high = std::max(high, v);
        sum += v;
    }
    return number(low) + "–" + number(high) + " (sum " + number(sum) + ")";
}

void compareStage(std::vector<FieldChange>& out, const char* count, const char* duration,
                  const TaskDurations& a, const TaskDurations& b) {
    if (a.size() != b.size()) {
        out.push_back({count, std::to_string(a.size()), std::to_string(b.size())});
    }
    const std::string da = durations(a);
    const std::string db = durations(b);
    if (a.size() != b.size() ? da != db : !(a == b)) {
        out.push_back({duration, da, db});
    }
}

// "2 spare (1 map, 1 reduce)": the class as the cluster's description writes it.
std::string describeNodeClass(const NodeClass& n) {
    Cluster one;
    one.nodeClasses = {n};
    return describeNodeClasses(one);
}

const NodeClass* findClass(const Cluster& cluster, const std::string& name) {
    for (const NodeClass& n : cluster.nodeClasses) {
        if (n.name == name) {
            return &n;
        }
    }
    return nullptr;
}

// Node classes matched by name: one removed or added is one line ("node_classes[old]": its
// description → "none"); one in both lists the fields that differ.
void nodeClassChanges(const Cluster& a, const Cluster& b, std::vector<FieldChange>& out) {
    for (const NodeClass& n : a.nodeClasses) {
        if (findClass(b, n.name) == nullptr) {
            out.push_back({"node_classes[" + n.name + "]", describeNodeClass(n), "none"});
        }
    }
    for (const NodeClass& n : b.nodeClasses) {
        const NodeClass* before = findClass(a, n.name);
        const std::string field = "node_classes[" + n.name + "]";
        if (before == nullptr) {
            out.push_back({field, "none", describeNodeClass(n)});
            continue;
        }
        const auto count = [&](const char* name, int x, int y) {
            if (x != y) {
                out.push_back({field + "." + name, std::to_string(x), std::to_string(y)});
            }
        };
        count("count", before->count, n.count);
        count("map_slots", before->mapSlots, n.mapSlots);
        count("reduce_slots", before->reduceSlots, n.reduceSlots);
        if (before->speed != n.speed) {
            out.push_back({field + ".speed", number(before->speed), number(n.speed)});
        }
    }
}

// The node count, then the slots per node of equal nodes or the node classes. Between equal
// nodes and classes the classes are the whole change ("none" on the equal side): the per-node
// fields of a cluster of classes only summarise them (the largest node's).
std::vector<FieldChange> clusterChanges(const Cluster& a, const Cluster& b) {
    std::vector<FieldChange> out;
    const auto count = [&](const char* field, int x, int y) {
        if (x != y) {
            out.push_back({field, std::to_string(x), std::to_string(y)});
        }
    };
    count("nodes", a.nodes, b.nodes);
    if (a.nodeClasses.empty() && b.nodeClasses.empty()) {
        count("map_slots_per_node", a.mapSlotsPerNode, b.mapSlotsPerNode);
        count("reduce_slots_per_node", a.reduceSlotsPerNode, b.reduceSlotsPerNode);
    } else if (a.nodeClasses.empty() || b.nodeClasses.empty()) {
        const auto text = [](const Cluster& x) {
            return x.nodeClasses.empty()
                       ? "none (every node " + std::to_string(x.mapSlotsPerNode) + " map, " +
                             std::to_string(x.reduceSlotsPerNode) + " reduce)"
                       : describeNodeClasses(x);
        };
        out.push_back({"node_classes", text(a), text(b)});
    } else {
        nodeClassChanges(a, b, out);
    }
    return out;
}

std::vector<FieldChange> jobFields(const Job& a, const Job& b) {
    std::vector<FieldChange> out;
    compareStage(out, "maps", "map duration", a.mapDurations, b.mapDurations);
    compareStage(out, "reduces", "reduce duration", a.reduceDurations, b.reduceDurations);
    if (a.arrival != b.arrival) {
        out.push_back({"arrival", number(a.arrival), number(b.arrival)});
    }
    if (a.deadline != b.deadline) {
        out.push_back({"deadline", optionalNumber(a.deadline), optionalNumber(b.deadline)});
    }
    if (a.profile != b.profile) {
        out.push_back({"profile", a.profile ? "set" : "none", b.profile ? "set" : "none"});
    }
    if (a.fairPool != b.fairPool) {
        out.push_back({"fair_pool", a.fairPool.empty() ? "default" : a.fairPool,
                       b.fairPool.empty() ? "default" : b.fairPool});
    }
    if (!(a.overheads == b.overheads)) {
        out.push_back({"overheads", "", "changed"});
    }
    return out;
}

const Job* findByName(const Workload& w, const std::string& name) {
    const auto job = w.findJob(name);
    return job ? &w.jobs[static_cast<std::size_t>(*job)] : nullptr;
}

std::vector<std::string> orderNames(const Workload& w, const RunResult& r) {
    std::vector<std::string> names;
    for (int j : r.order) {
        if (j >= 0 && j < w.jobCount()) {
            names.push_back(w.jobs[static_cast<std::size_t>(j)].name);
        }
    }
    return names;
}

std::optional<int> positionOf(const std::vector<std::string>& order, const std::string& name) {
    const auto it = std::find(order.begin(), order.end(), name);
    return it == order.end() ? std::nullopt
                             : std::optional<int>(static_cast<int>(it - order.begin()) + 1);
}

std::optional<double> endOf(const Workload& w, const RunResult& r, const std::string& name) {
    const auto job = w.findJob(name);
    if (!job || static_cast<std::size_t>(*job) >= r.sim.jobs.size()) {
        return std::nullopt;
    }
    return r.sim.jobs[static_cast<std::size_t>(*job)].end;
}

std::string failuresText(const std::vector<NodeFailure>& failures) {
    std::string out;
    for (const NodeFailure& f : failures) {
        out += (out.empty() ? "" : "; ") +
               ("node " + std::to_string(f.node) + " at " + formatTime(f.at) + " s") +
               (std::isinf(f.recoverAt) ? std::string(" (never back)")
                                        : " (back at " + formatTime(f.recoverAt) + " s)");
    }
    return out.empty() ? "none" : out;
}

// The scenario's fields as text, in the file's names; the parts a variant's editor does not show
// (node additions, slow nodes, per-job settings) by count.
std::vector<std::pair<std::string, std::string>> scenarioFields(const Scenario& s) {
    const auto probability = [](double p) { return p == 0.0 ? std::string("0") : formatTime(p); };
    return {
        {"scenario.node_failures", failuresText(s.nodeFailures)},
        {"scenario.failure_probability", probability(s.failureProbability)},
        {"scenario.max_attempts", std::to_string(s.maxAttempts)},
        {"scenario.straggler_probability", probability(s.stragglerProbability)},
        {"scenario.straggler_factor",
         formatTime(s.stragglerMinFactor) + "–" + formatTime(s.stragglerMaxFactor)},
        {"scenario.speculation", s.speculation.enabled ? "on" : "off"},
        {"scenario.seed", std::to_string(s.seed)},
        {"scenario.node_additions", std::to_string(s.nodeAdditions.size())},
        {"scenario.slow_nodes", std::to_string(s.slowNodes.size())},
        {"scenario.jobs", std::to_string(s.jobs.size())},
    };
}

// Only the fields that differ; nothing at all when the scenarios are equal (a seed or a
// retry count means nothing without failures, so equal scenarios hide them).
std::vector<FieldChange> scenarioChanges(const Scenario& a, const Scenario& b) {
    std::vector<FieldChange> out;
    if (a == b) {
        return out;
    }
    const auto before = scenarioFields(a);
    const auto after = scenarioFields(b);
    for (std::size_t i = 0; i < before.size(); ++i) {
        if (before[i].second != after[i].second) {
            out.push_back({before[i].first, before[i].second, after[i].second});
        }
    }
    if (out.empty()) {  // a difference the text does not show (e.g. the speculator's intervals)
        out.push_back({"scenario", "as in the first", "other settings"});
    }
    return out;
}

}  // namespace

VariantChanges variantChanges(const Variant& from, const Variant& to) {
    VariantChanges c;
    const Workload& a = from.workload;
    const Workload& b = to.workload;
    for (const Job& job : a.jobs) {
        if (!findByName(b, job.name)) {
            c.jobs.push_back({JobChange::Kind::Removed, job.name, {}});
        }
    }
    for (const Job& job : b.jobs) {
        const Job* before = findByName(a, job.name);
        if (!before) {
            c.jobs.push_back({JobChange::Kind::Added, job.name, {}});
        } else if (auto fields = jobFields(*before, job); !fields.empty()) {
            c.jobs.push_back({JobChange::Kind::Edited, job.name, std::move(fields)});
        }
    }
    c.cluster = clusterChanges(a.cluster, b.cluster);
    c.scenario = scenarioChanges(a.scenario, b.scenario);
    if (from.algorithms != to.algorithms) {
        c.options.push_back({"algorithms", joined(from.algorithms), joined(to.algorithms)});
    }
    // The manual order lives in the workload file and in the run options; either counts.
    if (a.manualOrder != b.manualOrder) {
        c.options.push_back({"manual_order", joined(a.manualOrder), joined(b.manualOrder)});
    }
    for (const OptionSpec& spec : runOptionSpecs()) {
        if (!spec.get || spec.id == "threads") {
            continue;  // how fast, not what: never part of a variant
        }
        const std::string x = spec.get(from.options);
        const std::string y = spec.get(to.options);
        if (x != y) {
            c.options.push_back({spec.id, x, y});
        }
    }
    return c;
}

VariantEffect variantEffect(const Workload& from, const RunResult& before, const Workload& to,
                            const RunResult& after) {
    VariantEffect e;
    e.algorithm = after.algorithm;
    e.makespanBefore = before.makespan();
    e.makespanAfter = after.makespan();
    e.orderBefore = orderNames(from, before);
    e.orderAfter = orderNames(to, after);
    const auto shift = [&](const std::string& name) {
        JobShift s;
        s.job = name;
        s.endBefore = endOf(from, before, name);
        s.endAfter = endOf(to, after, name);
        if (s.endBefore && s.endAfter) {
            s.shift = *s.endAfter - *s.endBefore;
        }
        s.positionBefore = positionOf(e.orderBefore, name);
        s.positionAfter = positionOf(e.orderAfter, name);
        return s;
    };
    for (const Job& job : to.jobs) {
        e.jobs.push_back(shift(job.name));
    }
    for (const Job& job : from.jobs) {
        if (!to.findJob(job.name)) {
            e.jobs.push_back(shift(job.name));
        }
    }
    // The relative order of the jobs both have.
    const auto common = [](const std::vector<std::string>& order, const Workload& other) {
        std::vector<std::string> out;
        for (const std::string& name : order) {
            if (other.findJob(name)) {
                out.push_back(name);
            }
        }
        return out;
    };
    e.orderChanged = common(e.orderBefore, to) != common(e.orderAfter, from);
    return e;
}

}  // namespace mr
