#include "workloads/Generators.h"

#include <cmath>
#include <stdexcept>

#include "exec/MemoryBudget.h"
#include "model/InputError.h"
#include "model/Limits.h"
#include "model/Numbers.h"
#include "workloads/Facebook1000.h"
#include "workloads/ScaledWorkloads.h"
#include "workloads/Testbed.h"

namespace mr {

namespace {

// The file says which reading of the task times made it, when it is not the independent one.
void describeWithinJobSigma(Workload& w, const std::optional<double>& sigma) {
    if (sigma && *sigma < kFacebookMapLogSigma) {
        w.description += " Within-job sigma " + formatTime(*sigma) +
                         ": each job's task times spread around a level the job draws.";
    }
}

Workload facebook1000Kind(const GenerateOptions& o) {
    Workload w = facebook1000(o.jobs, o.seed, o.nodes, o.withinJobSigma);
    describeWithinJobSigma(w, o.withinJobSigma);
    return w;
}

// [Verma12] §IV-A gives the Facebook job sizes (its Table I, 100 jobs) but no task durations;
// we take [Verma12b]'s LogNormal task times, so this is facebook-1000 at a tenth of the size.
Workload facebookKind(const GenerateOptions& o) {
    Workload w = facebook1000(o.jobs, o.seed, o.nodes, o.withinJobSigma);
    w.name = "facebook (" + std::to_string(o.jobs) + " jobs, seed " + std::to_string(o.seed) + ")";
    w.description =
        "[Verma12] §IV-A Table I job sizes (68% of the jobs with at most 10 map tasks, 74% without "
        "reduce tasks); task times LogNormal(9.9511, 1.6764) map and LogNormal(12.375, 1.6262) "
        "reduce in ms, from [Verma12b] §IV-B ([Verma12] gives none).";
    describeWithinJobSigma(w, o.withinJobSigma);
    return w;
}

Workload testbedKind(const GenerateOptions& o) {
    return testbed(o.jobs, o.seed, o.nodes);
}

void checkWithinJobSigma(std::string_view kind, const std::optional<double>& sigma) {
    if (!sigma) {
        return;
    }
    if (!takesWithinJobSigma(kind)) {
        throw InputError("", "", "within-job-sigma",
                         "applies to the facebook and facebook-1000 kinds only, not '" +
                             std::string(kind) + "'");
    }
    if (!std::isfinite(*sigma) || *sigma < 0.0) {
        throw InputError("", "", "within-job-sigma", "must be a finite number >= 0");
    }
}

}  // namespace

double parseWithinJobSigma(const std::string& text) {
    const std::optional<double> sigma = parseDouble(text);
    if (!sigma || !std::isfinite(*sigma) || *sigma < 0.0) {
        throw InputError("", "", "within-job-sigma", "must be a number >= 0 (got '" + text + "')");
    }
    return *sigma;
}

bool takesWithinJobSigma(std::string_view kind) {
    return kind == "facebook" || kind == "facebook-1000";
}

void TaskBudget::add(long long maps, long long reduces) {
    ++m_made;
    m_tasks += maps + reduces;
    if (maps > kMaxTasksPerJob || reduces > kMaxTasksPerJob) {
        throw InputError("", "", "jobs",
                         "job " + std::to_string(m_made) + " would have more than " +
                             std::to_string(kMaxTasksPerJob) + " tasks of a kind");
    }
    // The generators draw every task its own time: one double per task, and the job itself.
    const double bytes =
        static_cast<double>(m_tasks) * sizeof(double) + static_cast<double>(m_made) * sizeof(Job);
    const std::uint64_t limit = memoryLimit();
    if (bytes > static_cast<double>(limit)) {
        throw InputError("", "", "jobs",
                         std::to_string(m_jobs) + " jobs of this kind need more than " +
                             formatBytes(static_cast<std::uint64_t>(bytes)) +
                             " of memory (the first " + std::to_string(m_made) + " jobs hold " +
                             std::to_string(m_tasks) + " tasks); the limit is " +
                             formatBytes(limit) + " (MRX_MEMORY_LIMIT); ask for at most " +
                             std::to_string(m_made - 1) + " jobs");
    }
}

const std::vector<GeneratorInfo>& generators() {
    static const std::vector<GeneratorInfo> list = {
        {"yahoo-unimodal", "[Verma12] §IV-A: Yahoo! M45, one scale factor U[1,10]", &yahooUnimodal},
        {"yahoo-bimodal", "[Verma12] §IV-A: Yahoo! M45, 80% scaled U[1,2], 20% U[8,10]",
         &yahooBimodal},
        {"synthetic-unimodal", "[Verma12] §IV-A: uniform task counts, scale U[1,10]",
         &syntheticUnimodal},
        {"synthetic-bimodal", "[Verma12] §IV-A: uniform task counts, 80% U[1,2], 20% U[8,10]",
         &syntheticBimodal},
        {"facebook", "[Verma12] §IV-A Table I sizes (100 jobs), [Verma12b] §IV-B task times",
         &facebookKind},
        {"facebook-1000", "[Verma12b] §IV-B: Table I sizes, LogNormal task times",
         &facebook1000Kind},
        {"testbed", "[Verma12b] §IV-C: 6 applications x 3 input sizes (our task times)",
         &testbedKind},
    };
    return list;
}

std::vector<std::string> generatorKinds() {
    std::vector<std::string> kinds;
    for (const auto& g : generators()) {
        kinds.push_back(g.kind);
    }
    return kinds;
}

Workload generateWorkload(std::string_view kind, const GenerateOptions& options) {
    if (options.jobs < 1 || options.jobs > 1'000'000) {
        throw InputError("", "", "jobs", "must be between 1 and 1000000");
    }
    if (options.nodes < 1 || options.nodes > 1'000'000) {
        throw InputError("", "", "nodes", "must be between 1 and 1000000");
    }
    if (options.slotsPerNode < 1 || options.slotsPerNode > 64) {
        throw InputError("", "", "slots_per_node", "must be between 1 and 64");
    }
    for (const auto& g : generators()) {
        if (g.kind == kind) {
            Cluster cluster{options.nodes, options.slotsPerNode, options.slotsPerNode};
            validateCluster(cluster);
            checkWithinJobSigma(kind, options.withinJobSigma);
            Workload w = g.generate(options);
            w.cluster = cluster;
            if (w.jobCount() != options.jobs) {
                throw std::logic_error("generator '" + g.kind + "' made " +
                                       std::to_string(w.jobCount()) + " jobs, not " +
                                       std::to_string(options.jobs));
            }
            return w;
        }
    }
    std::string known;
    for (const auto& k : generatorKinds()) {
        known += (known.empty() ? "" : ", ") + k;
    }
    throw InputError("", "", "kind",
                     "unknown workload kind '" + std::string(kind) + "' (known: " + known + ")");
}

}  // namespace mr
