#include "cost/CostFormat.h"

#include <cstdio>
#include <set>

#include "experiments/ComparisonTable.h"
#include "io/Csv.h"
#include "io/TextTable.h"
#include "model/Numbers.h"

namespace mr::cost {

using nlohmann::ordered_json;

namespace {

constexpr std::size_t kTextRows = 40;  // longer tables are cut in text output (JSON has all)

std::string number(double value) {
    return formatTime(value);  // six significant digits
}

std::string percent(double fraction) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.1f%%", fraction * 100.0);
    return buffer;
}

std::string milliseconds(double seconds) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.1f ms", seconds * 1000.0);
    return buffer;
}

// One CSV line of already formatted cells (an empty cell: no value).
std::string csvLine(const std::vector<std::string>& cells) {
    std::string line;
    for (std::size_t i = 0; i < cells.size(); ++i) {
        line += (i == 0 ? "" : ",") + csvField(cells[i]);
    }
    return line + "\n";
}

std::string cell(bool present, double value) {
    return present ? number(value) : std::string();
}

// The cost columns shared by the CSV outputs: feasible, total and its three parts, the LP.
std::vector<std::string> costCells(const CostResult& r) {
    const bool ok = r.feasible;
    return {ok ? "true" : "false",
            cell(ok, r.cost.total()),
            cell(ok, r.cost.dataTransfer),
            cell(ok, r.cost.execution),
            cell(ok, r.cost.runtimeTransfer),
            cell(ok && r.lpCost, r.lpCost ? r.lpCost->total() : 0.0)};
}

ordered_json orNull(bool present, double value) {
    return present ? ordered_json(value) : ordered_json();
}

ordered_json perMachine(const CostModel& model, const std::vector<double>& cpu) {
    ordered_json out = ordered_json::object();
    for (std::size_t l = 0; l < model.machines.size() && l < cpu.size(); ++l) {
        out[model.machines[l].name] = cpu[l];
    }
    return out;
}

std::string describe(const CostModel& model) {
    int tasks = 0;
    for (int k = 0; k < static_cast<int>(model.jobs.size()); ++k) {
        tasks += model.jobTasks(k);
    }
    return std::to_string(model.machines.size()) + " machines, " +
           std::to_string(model.stores.size()) + " stores, " + std::to_string(model.data.size()) +
           " data objects, " + std::to_string(model.jobs.size()) + " jobs, " +
           std::to_string(tasks) + " tasks";
}

std::string breakdown(const CostBreakdown& c) {
    return number(c.total()) + " = data transfer " + number(c.dataTransfer) + " + execution " +
           number(c.execution) + " + runtime transfer " + number(c.runtimeTransfer);
}

// Adds rows [0, limit) of `rows` and a "... N more" line.
void cut(std::vector<std::vector<std::string>>& table,
         const std::vector<std::vector<std::string>>& rows, const std::string& what) {
    for (std::size_t i = 0; i < rows.size() && i < kTextRows; ++i) {
        table.push_back(rows[i]);
    }
    if (rows.size() > kTextRows) {
        table.push_back(
            {"... " + std::to_string(rows.size() - kTextRows) + " more " + what + " (see --json)"});
    }
}

ordered_json summaryJson(const CostModel& model, const CostResult& r) {
    ordered_json out;
    out["algorithm"] = r.algorithm;
    out["model"] = model.name;
    out["feasible"] = r.feasible;
    if (!r.message.empty()) {
        out["message"] = r.message;
    }
    out["total_cost"] = orNull(r.feasible, r.cost.total());
    out["data_transfer_cost"] = orNull(r.feasible, r.cost.dataTransfer);
    out["execution_cost"] = orNull(r.feasible, r.cost.execution);
    out["runtime_transfer_cost"] = orNull(r.feasible, r.cost.runtimeTransfer);
    out["lp_lower_bound"] =
        orNull(r.feasible && r.lpCost.has_value(), r.lpCost ? r.lpCost->total() : 0.0);
    out["makespan_s"] = orNull(r.feasible, r.makespanS);
    out["locality"] = orNull(r.feasible, r.locality);
    if (r.algorithm == "lips-online") {
        out["epoch_s"] = r.epochS;
        out["epoch_count"] = r.epochs.size();
    }
    out["solver_status"] = r.solver.status;
    out["solver_seconds"] = r.solver.seconds;
    out["lp_count"] = r.solver.programs;
    out["lp_columns"] = r.solver.columns;
    out["lp_rows"] = r.solver.rows;
    out["solver_limits"] = r.solver.limits;
    return out;
}

}  // namespace

ordered_json costResultJson(const CostModel& model, const CostResult& r) {
    ordered_json out = summaryJson(model, r);
    out["cpu_seconds_per_machine"] = perMachine(model, r.cpuSecondsPerMachine);
    ordered_json assignment = ordered_json::array();
    for (const JobShare& s : r.assignment) {
        ordered_json a{{"job", model.jobs[static_cast<std::size_t>(s.job)].name},
                       {"machine", model.machines[static_cast<std::size_t>(s.machine)].name},
                       {"store", model.stores[static_cast<std::size_t>(s.store)].name},
                       {"fraction", s.fraction},
                       {"tasks", s.tasks}};
        if (s.lpFraction) {
            a["lp_fraction"] = *s.lpFraction;
        }
        assignment.push_back(std::move(a));
    }
    out["assignment"] = std::move(assignment);
    ordered_json placement = ordered_json::array();
    for (const PlacementShare& s : r.placement) {
        ordered_json p{{"data", model.data[static_cast<std::size_t>(s.data)].name},
                       {"store", model.stores[static_cast<std::size_t>(s.store)].name},
                       {"fraction", s.fraction},
                       {"blocks", s.blocks}};
        if (s.lpFraction) {
            p["lp_fraction"] = *s.lpFraction;
        }
        placement.push_back(std::move(p));
    }
    out["placement"] = std::move(placement);
    if (r.algorithm == "lips-online") {
        ordered_json epochs = ordered_json::array();
        for (const EpochRecord& e : r.epochs) {
            epochs.push_back(
                {{"epoch", e.index + 1},
                 {"start_s", e.startS},
                 {"cpu_seconds_per_machine", perMachine(model, e.cpuSecondsPerMachine)},
                 {"lp_cost", e.lpCost.total()},
                 {"deferred_cpu_s", e.deferredCpuS},
                 {"solver_seconds", e.solverSeconds}});
        }
        out["epochs"] = std::move(epochs);
    }
    out["notes"] = r.notes;
    return out;
}

std::string costResultText(const CostModel& model, const CostResult& r) {
    std::string out = "model        " + model.name + " (" + describe(model) + ")\n";
    out += "algorithm    " + r.algorithm;
    if (r.algorithm == "lips-online") {
        out += ", epochs of " + number(r.epochS) + " s: " + std::to_string(r.epochs.size());
    }
    out += "\n";
    if (!r.feasible) {
        return out + "no schedule  " + r.message + "\n";
    }
    out += "cost         " + breakdown(r.cost) + "\n";
    if (r.lpCost) {
        out += "LP optimum   " + breakdown(*r.lpCost) + "\n";
        out += "solver       GLPK simplex: " + r.solver.status + ", " +
               std::to_string(r.solver.programs) + (r.solver.programs == 1 ? " LP, " : " LPs, ") +
               milliseconds(r.solver.seconds) + ", largest " + std::to_string(r.solver.columns) +
               " columns x " + std::to_string(r.solver.rows) + " rows (limits: " + r.solver.limits +
               ")\n";
    }
    out += "makespan     " + number(r.makespanS) + " s, locality " + percent(r.locality) + "\n\n";

    std::vector<std::vector<std::string>> table = {
        {"machine", "store", "cpu units", "price/CPU-s", "CPU-s", "busy s"}};
    std::vector<std::vector<std::string>> rows;
    for (std::size_t l = 0; l < model.machines.size(); ++l) {
        const Machine& m = model.machines[l];
        const double cpu = l < r.cpuSecondsPerMachine.size() ? r.cpuSecondsPerMachine[l] : 0.0;
        rows.push_back({m.name, model.stores[static_cast<std::size_t>(m.store)].name,
                        number(m.cpuUnits), number(m.cpuCostPerS), number(cpu),
                        number(cpu / m.cpuUnits)});
    }
    cut(table, rows, "machines");
    out += textTable(table, "ll") + "\n";

    table = {{"job", "tasks", "machines", "local", "runs on"}};
    rows.clear();
    for (int k = 0; k < static_cast<int>(model.jobs.size()); ++k) {
        std::set<int> machines;
        int tasks = 0;
        int local = 0;
        for (const JobShare& s : r.assignment) {
            if (s.job == k && s.tasks > 0) {
                machines.insert(s.machine);
                tasks += s.tasks;
                local += s.store == model.machines[static_cast<std::size_t>(s.machine)].store
                             ? s.tasks
                             : 0;
            }
        }
        std::string names;
        for (int l : machines) {
            if (names.size() > 48) {
                names += " ...";
                break;
            }
            names += (names.empty() ? "" : " ") + model.machines[static_cast<std::size_t>(l)].name;
        }
        rows.push_back({model.jobs[static_cast<std::size_t>(k)].name, std::to_string(tasks),
                        std::to_string(machines.size()),
                        percent(tasks > 0 ? static_cast<double>(local) / tasks : 1.0), names});
    }
    cut(table, rows, "jobs");
    out += textTable(table, "lrrrl");
    for (const auto& note : r.notes) {
        out += "note: " + note + "\n";
    }
    return out;
}

ordered_json costComparisonJson(const CostModel& model, const std::vector<CostResult>& results) {
    ordered_json out;
    out["model"] = model.name;
    out["baseline"] = results.empty() ? "" : results.front().algorithm;
    ordered_json list = ordered_json::array();
    for (const CostResult& r : results) {
        ordered_json one = costResultJson(model, r);
        const bool both = r.feasible && results.front().feasible;
        one["saving_pct"] =
            orNull(both, improvementPercent(results.front().cost.total(), r.cost.total()));
        list.push_back(std::move(one));
    }
    out["results"] = std::move(list);
    return out;
}

namespace {

std::vector<std::string> comparisonRow(const CostResult& r, const CostResult& baseline) {
    if (!r.feasible) {
        return {r.algorithm, "infeasible"};
    }
    char saving[32];
    std::snprintf(
        saving, sizeof saving, "%+.1f%%",
        baseline.feasible ? improvementPercent(baseline.cost.total(), r.cost.total()) : 0.0);
    return {r.algorithm,
            number(r.cost.total()),
            number(r.cost.dataTransfer),
            number(r.cost.execution),
            number(r.cost.runtimeTransfer),
            r.lpCost ? number(r.lpCost->total()) : "-",
            number(r.makespanS),
            percent(r.locality),
            saving};
}

}  // namespace

std::string costComparisonText(const CostModel& model, const std::vector<CostResult>& results) {
    std::vector<std::vector<std::string>> table = {{"algorithm", "total", "data transfer",
                                                    "execution", "runtime transfer", "LP optimum",
                                                    "makespan s", "locality", "saving"}};
    for (const CostResult& r : results) {
        table.push_back(comparisonRow(r, results.front()));
    }
    std::string out = "model: " + model.name + " (" + describe(model) + ")\n";
    out += "saving: cost below the first algorithm's\n\n";
    out += textTable(table, "l");
    for (const CostResult& r : results) {
        if (!r.feasible) {
            out += r.algorithm + ": " + r.message + "\n";
        }
    }
    return out;
}

std::string costComparisonCsv(const std::vector<CostResult>& results) {
    std::string out =
        "algorithm,feasible,total_cost,data_transfer_cost,execution_cost,runtime_transfer_cost,"
        "lp_lower_bound,makespan_s,locality,saving_pct,solver_seconds\n";
    for (const CostResult& r : results) {
        const bool both = r.feasible && results.front().feasible;
        std::vector<std::string> cells = {r.algorithm};
        for (auto& c : costCells(r)) {
            cells.push_back(std::move(c));
        }
        cells.push_back(cell(r.feasible, r.makespanS));
        cells.push_back(cell(r.feasible, r.locality));
        cells.push_back(
            cell(both, improvementPercent(results.front().cost.total(), r.cost.total())));
        cells.push_back(number(r.solver.seconds));
        out += csvLine(cells);
    }
    return out;
}

ordered_json epochSweepJson(const CostModel& model, const std::vector<EpochPoint>& points) {
    ordered_json out;
    out["model"] = model.name;
    out["algorithm"] = "lips-online";
    ordered_json list = ordered_json::array();
    for (const EpochPoint& p : points) {
        ordered_json one = summaryJson(model, p.result);
        one.erase("solver_seconds");  // a sweep prints only what its arguments determine
        one["cpu_seconds_per_machine"] = perMachine(model, p.result.cpuSecondsPerMachine);
        list.push_back(std::move(one));
    }
    out["points"] = std::move(list);
    return out;
}

std::string epochSweepCsv(const std::vector<EpochPoint>& points) {
    std::string out =
        "epoch_s,feasible,total_cost,data_transfer_cost,execution_cost,runtime_transfer_cost,"
        "lp_cost,makespan_s,epochs\n";
    for (const EpochPoint& p : points) {
        const CostResult& r = p.result;
        std::vector<std::string> cells = {number(p.epochS)};
        for (auto& c : costCells(r)) {
            cells.push_back(std::move(c));
        }
        cells.push_back(cell(r.feasible, r.makespanS));
        cells.push_back(std::to_string(r.epochs.size()));
        out += csvLine(cells);
    }
    return out;
}

std::string epochSweepText(const CostModel& model, const std::vector<EpochPoint>& points) {
    std::vector<std::vector<std::string>> table = {
        {"epoch s", "total cost", "execution", "transfer", "LP cost", "makespan s", "epochs"}};
    for (const EpochPoint& p : points) {
        const CostResult& r = p.result;
        if (!r.feasible) {
            table.push_back({number(p.epochS), "infeasible: " + r.message});
            continue;
        }
        table.push_back({number(p.epochS), number(r.cost.total()), number(r.cost.execution),
                         number(r.cost.dataTransfer + r.cost.runtimeTransfer),
                         r.lpCost ? number(r.lpCost->total()) : "-", number(r.makespanS),
                         std::to_string(r.epochs.size())});
    }
    return "model: " + model.name + " (" + describe(model) + "), lips-online\n\n" +
           textTable(table, "");
}

ordered_json clusterSizeJson(const ClusterSizeOptions& o,
                             const std::vector<ClusterSizePoint>& points) {
    ordered_json out;
    out["algorithm"] = o.algorithm;
    out["baseline"] = o.baseline;
    out["runs"] = o.runs;
    out["jobs_per_machine"] = o.jobsPerMachine;
    out["seed"] = o.seed;
    ordered_json list = ordered_json::array();
    for (const ClusterSizePoint& p : points) {
        const bool ok = p.feasibleRuns > 0;
        list.push_back({{"machines", p.machines},
                        {"jobs", p.jobs},
                        {"runs", p.runs},
                        {"feasible_runs", p.feasibleRuns},
                        {"mean_cost", orNull(ok, p.meanCost)},
                        {"mean_baseline_cost", orNull(ok, p.meanBaselineCost)},
                        {"mean_reduction_pct", orNull(ok, p.meanReductionPct)},
                        {"min_reduction_pct", orNull(ok, p.minReductionPct)},
                        {"max_reduction_pct", orNull(ok, p.maxReductionPct)}});
    }
    out["points"] = std::move(list);
    return out;
}

std::string clusterSizeCsv(const std::vector<ClusterSizePoint>& points) {
    std::string out =
        "machines,jobs,runs,feasible_runs,mean_cost,mean_baseline_cost,mean_reduction_pct,"
        "min_reduction_pct,max_reduction_pct\n";
    for (const ClusterSizePoint& p : points) {
        const bool ok = p.feasibleRuns > 0;
        out += csvLine({std::to_string(p.machines), std::to_string(p.jobs), std::to_string(p.runs),
                        std::to_string(p.feasibleRuns), cell(ok, p.meanCost),
                        cell(ok, p.meanBaselineCost), cell(ok, p.meanReductionPct),
                        cell(ok, p.minReductionPct), cell(ok, p.maxReductionPct)});
    }
    return out;
}

std::string clusterSizeText(const ClusterSizeOptions& o,
                            const std::vector<ClusterSizePoint>& points) {
    std::vector<std::vector<std::string>> table = {
        {"machines", "jobs", "runs", o.algorithm, o.baseline, "reduction", "min", "max"}};
    for (const ClusterSizePoint& p : points) {
        if (p.feasibleRuns == 0) {
            table.push_back({std::to_string(p.machines), std::to_string(p.jobs),
                             std::to_string(p.runs), "infeasible"});
            continue;
        }
        char mean[32], lo[32], hi[32];
        std::snprintf(mean, sizeof mean, "%.1f%%", p.meanReductionPct);
        std::snprintf(lo, sizeof lo, "%.1f%%", p.minReductionPct);
        std::snprintf(hi, sizeof hi, "%.1f%%", p.maxReductionPct);
        table.push_back({std::to_string(p.machines), std::to_string(p.jobs),
                         std::to_string(p.feasibleRuns) + "/" + std::to_string(p.runs),
                         number(p.meanCost), number(p.meanBaselineCost), mean, lo, hi});
    }
    return "cost reduction of " + o.algorithm + " against " + o.baseline +
           " on random models ([Ehsan13] Fig. 5 ranges), mean over runs\n\n" + textTable(table, "");
}

}  // namespace mr::cost
