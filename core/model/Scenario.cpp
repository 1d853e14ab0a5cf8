#include "model/Scenario.h"

#include <cmath>
#include <set>

#include "model/InputError.h"
#include "model/Workload.h"

namespace mr {

namespace {

void checkNode(int node, const Workload& w, const std::string& file, const std::string& field) {
    if (node < 0 || node >= w.cluster.nodes) {
        throw InputError(file, "", field,
                         "node " + std::to_string(node) + " is not in the cluster (nodes 0 to " +
                             std::to_string(w.cluster.nodes - 1) + ")");
    }
}

// The engine frees and holds slots for ApplicationMasters and assignment gaps, and holds
// slow-started reduces; none of that is modelled under failures and speculation.
void checkNoOverheads(const Workload& w, const std::string& file) {
    bool any = false;
    for (const Job& job : w.jobs) {
        any = any || !resolveOverheads(w.overheads, job.overheads).none();
    }
    if (any) {
        throw InputError(file, "", "scenario",
                         "a scenario cannot be combined with overheads (cluster.overheads or a "
                         "job's overheads): remove one of them");
    }
}

// A trace's failed, killed and speculative attempts are what happened; a scenario's draws would
// decide the same attempts' fates a second time.
void checkNoTracedAttempts(const Workload& w, const std::string& file) {
    for (const Job& job : w.jobs) {
        if (!job.tracedAttempts.empty()) {
            throw InputError(file, job.name, "scenario",
                             "a scenario cannot be combined with traced_attempts (a replayed "
                             "trace's failures): remove one of them");
        }
    }
}

void checkNodeEvents(const Scenario& s, const Workload& w, const std::string& file) {
    for (std::size_t i = 0; i < s.nodeFailures.size(); ++i) {
        const NodeFailure& f = s.nodeFailures[i];
        const std::string field = "scenario.node_failures[" + std::to_string(i) + "].";
        checkNode(f.node, w, file, field + "node");
        if (!(f.recoverAt > f.at)) {
            throw InputError(file, "", field + "recover_at", "must be later than 'at'");
        }
        for (std::size_t j = 0; j < i; ++j) {
            const NodeFailure& o = s.nodeFailures[j];
            // Touching windows are refused too: a recovery and a failure at one instant would be
            // applied failure first.
            if (o.node == f.node && f.at <= o.recoverAt && o.at <= f.recoverAt) {
                throw InputError(
                    file, "", field + "at",
                    "overlaps (or touches) another failure of node " + std::to_string(f.node));
            }
        }
    }
    std::set<int> added;
    for (std::size_t i = 0; i < s.nodeAdditions.size(); ++i) {
        const NodeAddition& a = s.nodeAdditions[i];
        const std::string field = "scenario.node_additions[" + std::to_string(i) + "].";
        checkNode(a.node, w, file, field + "node");
        if (!added.insert(a.node).second) {
            throw InputError(file, "", field + "node", "node added twice");
        }
        for (const NodeFailure& f : s.nodeFailures) {
            if (f.node == a.node && f.at <= a.at) {
                throw InputError(file, "", field + "at",
                                 "node " + std::to_string(a.node) + " fails before it is added");
            }
        }
    }
    if (static_cast<int>(added.size()) >= w.cluster.nodes) {
        throw InputError(file, "", "scenario.node_additions",
                         "at least one node must be there from time 0");
    }
    for (std::size_t i = 0; i < s.slowNodes.size(); ++i) {
        checkNode(s.slowNodes[i].node, w, file,
                  "scenario.slow_nodes[" + std::to_string(i) + "].node");
    }
}

// What the file reader also refuses, for scenarios built in code: probabilities in [0, 1), at
// least one attempt, checks at least a millisecond apart.
void checkRates(const Scenario& s, const std::string& file) {
    const auto probability = [&](double p, const std::string& field) {
        if (!(p >= 0.0 && p < 1.0)) {
            throw InputError(file, "", field, "must be at least 0 and below 1");
        }
    };
    probability(s.failureProbability, "scenario.failure_probability");
    probability(s.stragglerProbability, "scenario.straggler_probability");
    if (s.maxAttempts < 1) {
        throw InputError(file, "", "scenario.max_attempts", "must be at least 1");
    }
    if (s.speculation.enabled &&
        !(s.speculation.interval >= 1e-3 && s.speculation.intervalAfterLaunch >= 1e-3)) {
        throw InputError(file, "", "scenario.speculation.interval",
                         "checks must be at least 0.001 s apart");
    }
    if (!(s.stragglerMinFactor > 0.0) || !std::isfinite(s.stragglerMaxFactor)) {
        throw InputError(file, "", "scenario.straggler_factor", "must be finite factors above 0");
    }
}

}  // namespace

void validateScenario(const Scenario& s, const Workload& w, const std::string& file) {
    if (s.empty()) {
        return;
    }
    checkNoOverheads(w, file);
    checkNoTracedAttempts(w, file);
    checkNodeEvents(s, w, file);
    std::set<std::string> names;
    for (std::size_t i = 0; i < s.jobs.size(); ++i) {
        const std::string field = "scenario.jobs[" + std::to_string(i) + "].name";
        if (!w.findJob(s.jobs[i].name)) {
            throw InputError(file, s.jobs[i].name, field, "no job of that name in the workload");
        }
        if (!names.insert(s.jobs[i].name).second) {
            throw InputError(file, s.jobs[i].name, field, "job listed twice");
        }
        if (s.jobs[i].failureProbability >= 1.0) {
            throw InputError(file, s.jobs[i].name,
                             "scenario.jobs[" + std::to_string(i) + "].failure_probability",
                             "must be below 1 (every attempt would fail)");
        }
    }
    checkRates(s, file);
    if (s.stragglerMaxFactor < s.stragglerMinFactor) {
        throw InputError(file, "", "scenario.straggler_factor",
                         "the second factor must not be below the first");
    }
}

}  // namespace mr
