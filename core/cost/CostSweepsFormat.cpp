#include "cost/CostSweepsFormat.h"

#include <cmath>

#include "cost/CostModelJson.h"
#include "io/FieldReader.h"
#include "io/SweepParts.h"
#include "model/InputError.h"

namespace mr::cost {

using nlohmann::ordered_json;

namespace {

ordered_json optionsJson(const CostOptions& o, bool withEpoch) {
    ordered_json out;
    if (withEpoch) {
        out["epoch_s"] = o.epochS;
    }
    out["delay_s"] = o.delayS;
    out["all_stores"] = o.allStores;
    return out;
}

bool requiredBool(const FieldReader& f, const char* key) {
    if (!f.has(key) || !f.raw(key).is_boolean()) {
        f.fail(key, "must be true or false");
    }
    return f.raw(key).get<bool>();
}

CostOptions optionsFrom(const FieldReader& definition, const std::string& where, bool withEpoch) {
    const FieldReader f(definition.requiredObject("options"), where, "", "definition.options.");
    CostOptions o;
    if (withEpoch) {
        o.epochS = f.requiredNumber("epoch_s", 0.0, 1e12, true);
    }
    o.delayS = f.requiredNumber("delay_s", 0.0, 1e12);
    o.allStores = requiredBool(f, "all_stores");
    return o;
}

ordered_json breakdownJson(const CostBreakdown& c) {
    return {{"data_transfer", partNumber(c.dataTransfer)},
            {"execution", partNumber(c.execution)},
            {"runtime_transfer", partNumber(c.runtimeTransfer)}};
}

CostBreakdown breakdownFrom(const FieldReader& f) {
    CostBreakdown c;
    c.dataTransfer = partNumber(f, "data_transfer");
    c.execution = partNumber(f, "execution");
    c.runtimeTransfer = partNumber(f, "runtime_transfer");
    return c;
}

// Rethrows a definition's InputError with the header's place and the definition's field.
template <class F>
auto inDefinition(const std::string& where, F&& read) {
    try {
        return read();
    } catch (const InputError& e) {
        throw InputError(where, "",
                         e.field().rfind("definition.", 0) == 0 || e.field().empty()
                             ? e.field()
                             : "definition." + e.field(),
                         e.message());
    }
}

}  // namespace

ordered_json epochSweepDefinitionJson(const EpochSweepDefinition& sweep) {
    ordered_json out;
    out["kind"] = "epochs";
    out["model"] = ordered_json::parse(serializeCostModel(sweep.model));
    out["epochs"] = sweep.epochs;
    out["options"] = optionsJson(sweep.options, false);
    return out;
}

ordered_json clusterSizeDefinitionJson(const ClusterSizeOptions& o, const CostOptions& options) {
    ordered_json out;
    out["kind"] = "machines";
    out["machines"] = o.machines;
    out["runs"] = o.runs;
    out["jobs_per_machine"] = o.jobsPerMachine;
    out["seed"] = o.seed;
    out["algorithm"] = o.algorithm;
    out["baseline"] = o.baseline;
    out["options"] = optionsJson(options, true);
    return out;
}

std::string costSweepKind(const nlohmann::json& definition, const std::string& where) {
    const FieldReader f(definition, where, "", "definition.");
    const std::string kind = f.requiredString("kind");
    if (kind != "epochs" && kind != "machines") {
        f.fail("kind", "must be \"epochs\" or \"machines\"");
    }
    return kind;
}

EpochSweepDefinition epochSweepFromDefinition(const nlohmann::json& definition,
                                              const std::string& where) {
    return inDefinition(where, [&] {
        const FieldReader f(definition, where, "", "definition.");
        EpochSweepDefinition sweep;
        sweep.model = parseCostModel(f.requiredObject("model").dump(), where + " (its model)");
        sweep.epochs = f.numberArray("epochs", 0.0, 1e12, 10'000);
        if (sweep.epochs.empty()) {
            f.fail("epochs", "needs at least one epoch length");
        }
        sweep.options = optionsFrom(f, where, false);
        return sweep;
    });
}

ClusterSizeOptions clusterSizeFromDefinition(const nlohmann::json& definition,
                                             const std::string& where, CostOptions* options) {
    return inDefinition(where, [&] {
        const FieldReader f(definition, where, "", "definition.");
        ClusterSizeOptions o;
        for (double m : f.numberArray("machines", 1, 2000, 10'000)) {
            if (m != std::floor(m)) {
                f.fail("machines", "must be whole numbers");
            }
            o.machines.push_back(static_cast<int>(m));
        }
        o.runs = static_cast<int>(f.requiredInt("runs", 1, 10'000));
        o.jobsPerMachine = static_cast<int>(f.requiredInt("jobs_per_machine", 1, 1000));
        o.seed = static_cast<std::uint64_t>(f.requiredInt("seed", 0, INT64_MAX));
        o.algorithm = f.requiredString("algorithm");
        o.baseline = f.requiredString("baseline");
        *options = optionsFrom(f, where, true);
        checkClusterSize(o);
        return o;
    });
}

ordered_json epochPointFields(const EpochSweepDefinition& sweep, std::size_t index,
                              const CostResult* r) {
    ordered_json out;
    out["epoch_s"] = sweep.epochs[index];
    if (r == nullptr) {
        return out;
    }
    out["feasible"] = r->feasible;
    out["message"] = r->message;
    out["cost"] = breakdownJson(r->cost);
    out["lp_cost"] = r->lpCost ? breakdownJson(*r->lpCost) : ordered_json();
    out["makespan_s"] = partNumber(r->makespanS);
    out["locality"] = partNumber(r->locality);
    out["epoch_count"] = r->epochs.size();
    out["solver_status"] = r->solver.status;
    out["solver_message"] = r->solver.message;
    out["lp_count"] = r->solver.programs;
    out["lp_columns"] = r->solver.columns;
    out["lp_rows"] = r->solver.rows;
    ordered_json cpu = ordered_json::array();
    for (double c : r->cpuSecondsPerMachine) {
        cpu.push_back(partNumber(c));
    }
    out["cpu_seconds_per_machine"] = std::move(cpu);
    out["solver_seconds"] = r->solver.seconds;  // wall time: information only
    return out;
}

CostResult epochPointFromLine(const EpochSweepDefinition& sweep, std::size_t index,
                              const nlohmann::json& line, const std::string& where) {
    const FieldReader f(line, where, "");
    checkPointArguments(f, epochPointFields(sweep, index, nullptr), index);
    CostResult r;
    r.algorithm = "lips-online";
    r.epochS = sweep.epochs[index];
    r.feasible = requiredBool(f, "feasible");
    r.message = f.requiredString("message");
    r.cost = breakdownFrom(FieldReader(f.requiredObject("cost"), where, "", "cost."));
    if (!f.raw("lp_cost").is_null()) {
        r.lpCost = breakdownFrom(FieldReader(f.requiredObject("lp_cost"), where, "", "lp_cost."));
    }
    r.makespanS = partNumber(f, "makespan_s");
    r.locality = partNumber(f, "locality");
    const auto epochs = f.requiredInt("epoch_count", 0, 100'000'000);
    for (long long e = 0; e < epochs; ++e) {
        EpochRecord record;
        record.index = static_cast<int>(e);
        record.startS = static_cast<double>(e) * r.epochS;
        r.epochs.push_back(record);
    }
    r.solver.status = f.requiredString("solver_status");
    r.solver.message = f.requiredString("solver_message");
    r.solver.programs = static_cast<int>(f.requiredInt("lp_count", 0, INT32_MAX));
    r.solver.columns = static_cast<int>(f.requiredInt("lp_columns", 0, INT32_MAX));
    r.solver.rows = static_cast<int>(f.requiredInt("lp_rows", 0, INT32_MAX));
    r.solver.seconds = f.optionalNumber("solver_seconds", 0.0, 1e12).value_or(0.0);
    const nlohmann::json& cpu = f.raw("cpu_seconds_per_machine");
    if (!cpu.is_array() || cpu.size() > sweep.model.machines.size()) {
        f.fail("cpu_seconds_per_machine", "must be an array of one number per machine");
    }
    for (std::size_t l = 0; l < cpu.size(); ++l) {
        const nlohmann::json one{{"v", cpu[l]}};
        r.cpuSecondsPerMachine.push_back(
            partNumber(FieldReader(one, where, "", "cpu_seconds_per_machine."), "v"));
    }
    return r;
}

ordered_json clusterPointFields(const ClusterSizeOptions& sweep, std::size_t index,
                                const ClusterPointValue* value) {
    const ClusterPointId id = clusterPointAt(sweep, index);
    ordered_json out;
    out["run"] = id.run;
    out["machines"] = id.machines;
    out["jobs"] = id.jobs;
    out["role"] = id.baseline ? "baseline" : "algorithm";
    out["algorithm"] = id.baseline ? sweep.baseline : sweep.algorithm;
    out["seed"] = id.seed;
    if (value != nullptr) {
        out["feasible"] = value->feasible;
        out["total_cost"] = value->feasible ? partNumber(value->cost) : ordered_json();
        out["solver_seconds"] = value->solverSeconds;  // wall time: information only
    }
    return out;
}

ClusterPointValue clusterPointFromLine(const ClusterSizeOptions& sweep, std::size_t index,
                                       const nlohmann::json& line, const std::string& where) {
    const FieldReader f(line, where, "");
    checkPointArguments(f, clusterPointFields(sweep, index, nullptr), index);
    ClusterPointValue v;
    v.feasible = requiredBool(f, "feasible");
    if (v.feasible) {
        v.cost = partNumber(f, "total_cost");
    }
    v.solverSeconds = f.optionalNumber("solver_seconds", 0.0, 1e12).value_or(0.0);
    return v;
}

}  // namespace mr::cost
