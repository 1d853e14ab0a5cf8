#include "cli/Command.h"

#include <algorithm>
#include <map>
#include <memory>
#include <ostream>

#include "catalog/AlgorithmCatalog.h"
#include "catalog/AlgorithmMarkdown.h"
#include "cli/NumberOptions.h"
#include "cost/CostAlgorithms.h"
#include "io/CapacityQueuesXml.h"
#include "io/FileKind.h"
#include "io/ScenarioJson.h"
#include "io/WorkloadJson.h"
#include "model/InputError.h"
#include "schedulers/Registry.h"
#include "schedulers/RunOptions.h"

namespace mr::cli {

namespace {

// What --help shows after a run option: what its value is, not CLI11's TEXT.
std::string metavarOf(const OptionSpec& spec) {
    switch (spec.type) {
        case OptionType::Integer:
            return spec.id == "seed" ? "UINT" : "N";
        case OptionType::Real:
            return spec.unit == "s" ? "SECONDS" : spec.unit == "×" ? "FACTOR" : "X";
        case OptionType::Choice: {
            std::string choices;
            for (const std::string& choice : spec.choices) {
                choices += (choices.empty() ? "" : "|") + choice;
            }
            return "{" + choices + "}";
        }
        case OptionType::Names:
            return "LIST";
        case OptionType::Flag:
            break;
    }
    return "";
}

}  // namespace

void addRunOptions(CLI::App& command, RunOptions& target, const std::vector<std::string>& ids) {
    std::map<std::string, CLI::Option*> flags;
    for (const OptionSpec& spec : runOptionSpecs()) {
        if (!ids.empty() && std::find(ids.begin(), ids.end(), spec.id) == ids.end()) {
            continue;
        }
        std::string help = spec.help;
        if (!spec.defaultValue.empty() && spec.type != OptionType::Flag) {
            help += " (default " + spec.defaultValue + ")";
        }
        CLI::Option* option = nullptr;
        if (spec.type == OptionType::Flag) {
            option = command.add_flag_callback(
                "--" + spec.id, [&target, &spec] { spec.set(target, "true"); }, help);
            flags[spec.id] = option;
        } else if (spec.type == OptionType::Names) {
            option = command
                         .add_option_function<std::vector<std::string>>(
                             "--" + spec.id,
                             [&target, &spec](const std::vector<std::string>& names) {
                                 std::string joined;
                                 for (const auto& name : names) {
                                     joined += (joined.empty() ? "" : ",") + name;
                                 }
                                 spec.set(target, joined);
                             },
                             help)
                         ->delimiter(',');
        } else {
            option = command.add_option_function<std::string>(
                "--" + spec.id,
                [&target, &spec](const std::string& text) { spec.set(target, text); }, help);
        }
        if (spec.type != OptionType::Flag) {
            option->type_name(metavarOf(spec));
        }
        if (!spec.needsFlag.empty()) {
            const auto flag = flags.find(spec.needsFlag);
            if (flag != flags.end()) {
                option->needs(flag->second);
            }
        }
    }
}

CLI::Option* addSeedOption(CLI::App& command, std::uint64_t& seed, const std::string& help) {
    return command
        .add_option_function<std::string>(
            "--seed", [&seed](const std::string& text) { seed = readSeed(text); }, help)
        ->type_name("UINT");
}

void WorkloadOptions::addTo(CLI::App& command, bool workloadRequired) {
    command.add_option("workload", workload, "Workload file (mrx-workload JSON)")
        ->required(workloadRequired)
        ->type_name("WORKLOAD");
    command
        .add_option("--queues", queues,
                    "capacity-scheduler.xml whose queues the capacity algorithm uses instead of "
                    "the workload's capacity_queues")
        ->type_name("FILE");
    addRunOptions(command, run);
}

void addScenarioOption(CLI::App& command, std::string& path) {
    command
        .add_option("--scenario", path,
                    "Scenario file (JSON, the fields of a workload's \"scenario\" section): "
                    "node failures, failing task attempts, stragglers, speculative execution; "
                    "replaces the workload's own scenario")
        ->type_name("FILE");
}

void applyScenario(Workload& workload, const std::string& path) {
    if (path.empty()) {
        return;
    }
    workload.scenario = loadScenarioFile(path);
    validateScenario(workload.scenario, workload, path);
}

void addLocalityOptions(CLI::App& command, RunOptions& target) {
    addRunOptions(command, target,
                  {"locality", "vms-per-host", "remote-penalty", "reconfig-delay"});
}

void refuseNonWorkload(const std::string& path) {
    const FileKind kind = detectFileKind(path);
    std::string hint;
    if (!importFormatOf(kind).empty()) {
        hint = ": turn it into one with mrsim import " + importFormatOf(kind) + " " + path +
               " -o WORKLOAD.json";
    } else if (kind == FileKind::CostModel) {
        hint = ": mrsim cost and cost-sweep read it";
    } else if (kind == FileKind::SlsTrace || kind == FileKind::Session) {
        hint = kind == FileKind::Session ? ": the explorer (mrx) opens it" : "";
    } else {
        return;  // a workload, or something the loader names the fault of
    }
    throw InputError(path, "", "", "is " + describeFileKind(kind) + hint);
}

Workload WorkloadOptions::load(std::ostream& err) const {
    refuseNonWorkload(workload);
    LoadReport report;
    Workload w = loadWorkload(workload, &report);
    for (const auto& warning : report.warnings) {
        err << "mrsim: warning: " << warning << "\n";
    }
    if (!queues.empty()) {
        w.capacityQueues = loadCapacityQueuesXml(queues);
    }
    return w;
}

void rethrowNamingFile(const InputError& e, const std::string& file) {
    if (e.file().empty() && e.field() != "algorithm" && e.field() != "order") {
        throw e.withFile(file);
    }
    throw e;
}

std::string algorithmHelp() {
    std::string text = "Algorithms:\n";
    for (const Algorithm* a : allAlgorithms()) {
        const std::size_t pad = 18 - std::min<std::size_t>(17, a->id().size());
        text += "  " + a->id() + std::string(pad, ' ') + a->info().description + " (" +
                a->info().source + ")\n";
    }
    return text;
}

void CostRunOptions::addTo(CLI::App& command) {
    // Help and defaults from the cost algorithms' option specs; the values are checked where the
    // algorithms run (runCostAlgorithm).
    for (const OptionSpec& spec : cost::costOptionSpecs()) {
        const std::string help =
            spec.help +
            (spec.type == OptionType::Flag ? "" : " (default " + spec.defaultValue + ")");
        const NumberBounds bounds{spec.min, spec.max, spec.minExclusive};
        if (spec.id == "epoch") {
            addNumberOption(command, "--epoch", epochS, bounds, help, "SECONDS");
        } else if (spec.id == "delay") {
            addNumberOption(command, "--delay", delayS, bounds, help, "SECONDS");
        } else if (spec.id == "all-stores") {
            command.add_flag("--all-stores", allStores, help);
        }
    }
}

cost::CostOptions CostRunOptions::costOptions() const {
    cost::CostOptions o;
    o.epochS = epochS;
    o.delayS = delayS;
    o.allStores = allStores;
    return o;
}

std::string costAlgorithmHelp() {
    std::string text = "Cost algorithms:";
    for (const auto& a : cost::costAlgorithms()) {
        text += "\n  " + a.id + std::string(a.id.size() < 16 ? 16 - a.id.size() : 1, ' ') +
                a.description + " (" + a.source + ")";
    }
    return text;
}

Command makeAlgorithmsCommand(CLI::App& app) {
    struct Options {
        bool json = false;
        bool markdown = false;
    };
    auto o = std::make_shared<Options>();
    Command c;
    c.app = app.add_subcommand(
        "algorithms",
        "List every algorithm: id, name, reference, description; with --json also its options "
        "(type, range, default), what it needs (arrivals, deadlines, a cost model) and whether "
        "it is fast enough to run on every edit");
    auto* json = c.app->add_flag("--json", o->json, "Print the registry as JSON");
    c.app
        ->add_flag("--markdown", o->markdown,
                   "Print the algorithms, their options and the workload generators as Markdown "
                   "(docs/algorithms.md)")
        ->excludes(json);
    c.run = [o](std::ostream& out, std::ostream&) {
        if (o->markdown) {
            out << algorithmCatalogMarkdown();
            return;
        }
        out << (o->json ? algorithmCatalogJson().dump(2) + "\n" : algorithmCatalogText());
    };
    return c;
}

}  // namespace mr::cli
