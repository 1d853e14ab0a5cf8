#include "workloads/Generators.h"

#include "model/InputError.h"
#include "workloads/Facebook1000.h"
#include "workloads/Testbed.h"

namespace mr {

namespace {

Workload facebook1000Kind(const GenerateOptions& o) {
    return facebook1000(o.jobs, o.seed, o.nodes);
}

Workload testbedKind(const GenerateOptions& o) {
    return testbed(o.jobs, o.seed, o.nodes);
}

}  // namespace

const std::vector<GeneratorInfo>& generators() {
    static const std::vector<GeneratorInfo> list = {
        {"facebook-1000", "seed 004 §IV-B: Table I sizes, LogNormal task times", &facebook1000Kind},
        {"testbed", "seed 004 §IV-C: 6 applications x 3 input sizes (our task times)",
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
    for (const auto& g : generators()) {
        if (g.kind == kind) {
            return g.generate(options);
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
