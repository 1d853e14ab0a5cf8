#include "cli/Cli.h"

#include <filesystem>
#include <iostream>
#include <optional>
#include <set>
#include <utility>
#include <vector>

#include "cli/Command.h"
#include "model/InputError.h"
#include "sim/Simulator.h"

namespace mr::cli {

namespace {

// Parses `args` into `app`; an exit code when that is all there is to do (help, version, an
// error on the command line), else nullopt.
std::optional<int> parseArguments(CLI::App& app, const std::vector<Command>& commands,
                                  const std::vector<std::string>& args, std::ostream& out,
                                  std::ostream& err) {
    if (!args.empty() && !args.front().empty() && args.front().front() != '-' &&
        app.get_subcommands([&](CLI::App* c) { return c->check_name(args.front()); }).empty()) {
        // CLI11 would say "A subcommand is required" of a mistyped one.
        err << "mrsim: error: unknown command '" << escapeForMessage(args.front())
            << "' (see mrsim --help)\n";
        return kExitBadInput;
    }
    std::vector<std::string> reversed(args.rbegin(), args.rend());  // CLI11 wants them reversed
    try {
        app.parse(reversed);
    } catch (const CLI::CallForAllHelp&) {
        out << app.help("", CLI::AppFormatMode::All);
        return kExitOk;
    } catch (const CLI::CallForVersion&) {
        out << "mrsim " MRX_VERSION "\n";
        return kExitOk;
    } catch (const InputError& e) {  // a run option's value (OptionSpec::set)
        err << "mrsim: error: " << escapeForMessage(e.what()) << "\n";
        return kExitBadInput;
    } catch (const CLI::ParseError& e) {
        if (e.get_exit_code() != 0) {
            // CLI11 quotes the arguments as given (any bytes): escaped like every message.
            err << "mrsim: error: " << escapeForMessage(e.what()) << " (see mrsim --help)\n";
            return kExitBadInput;
        }
        // --help, of mrsim or of a command.
        for (const Command& c : commands) {
            if (c.app->parsed()) {
                // The innermost command given: `mrsim import rumen --help` shows rumen's.
                const CLI::App* shown = c.app;
                while (!shown->get_subcommands().empty()) {
                    shown = shown->get_subcommands().front();
                }
                out << shown->help();
                return kExitOk;
            }
        }
        out << app.help();
        return kExitOk;
    }
    return std::nullopt;
}

// The options that write a file. An input given again as one of them would be replaced by what
// is written (a workload by its task CSV, a trace by its import) before anyone is asked.
bool writesFile(const CLI::Option* option) {
    static const std::set<std::string> outputs = {
        "--output",        "--tasks-csv", "--jobs-csv",           "--trace-events",
        "--submit-script", "--sls",       "--capacity-scheduler", "--sls-nodes"};
    return outputs.count(option->get_name()) > 0;
}

// Whether two paths name one file: the same file when both exist (links, "./a" and "a"), else
// the same path once made absolute and normal.
bool sameFile(const std::string& a, const std::string& b) {
    std::error_code error;
    if (std::filesystem::equivalent(a, b, error)) {
        return true;
    }
    const auto canonical = [](const std::string& path) {
        std::error_code ignored;
        return std::filesystem::weakly_canonical(std::filesystem::absolute(path, ignored), ignored);
    };
    return !a.empty() && canonical(a) == canonical(b);
}

// InputError when an output of the command given is one of its input files, or names the same
// file as another output. --resume is both by design (a sweep appends to the part it resumes).
void refuseOutputOverInput(const CLI::App* command) {
    std::vector<std::pair<std::string, std::string>> inputs, outputs;  // option, path
    for (const CLI::App* app = command; app != nullptr; app = app->get_parent()) {
        for (const CLI::Option* option : app->get_options()) {
            const std::string name = option->get_name();
            if (name == "--resume" || name == "--help") {
                continue;
            }
            for (const std::string& path : option->results()) {
                (writesFile(option) ? outputs : inputs).emplace_back(name, path);
            }
        }
    }
    for (std::size_t i = 0; i < outputs.size(); ++i) {
        const std::string& name = outputs[i].first;
        const std::string& path = outputs[i].second;
        const auto same = [&](const std::pair<std::string, std::string>& other) {
            return sameFile(path, other.second);
        };
        for (const auto& input : inputs) {
            if (same(input)) {
                throw InputError(path, "", name.substr(name.find_first_not_of('-')),
                                 "is also the input " + input.second +
                                     ": writing it would replace the input; write to another file");
            }
        }
        for (std::size_t j = 0; j < i; ++j) {
            if (same(outputs[j])) {
                throw InputError(path, "", name.substr(name.find_first_not_of('-')),
                                 "is also given to " + outputs[j].first +
                                     ": one would replace the other; write to another file");
            }
        }
    }
}

// Runs the command given; its errors as one line on `err` and an exit code.
int runCommand(const std::vector<Command>& commands, std::ostream& out, std::ostream& err) {
    try {
        for (const Command& c : commands) {
            if (c.app->parsed()) {
                const CLI::App* given = c.app;
                while (!given->get_subcommands().empty()) {
                    given = given->get_subcommands().front();
                }
                refuseOutputOverInput(given);
                c.run(out, err);
                return kExitOk;
            }
        }
    } catch (const InputError& e) {
        err << "mrsim: error: " << escapeForMessage(e.what()) << "\n";
        return kExitBadInput;
    } catch (const SimulationError& e) {
        err << "mrsim: internal error: " << escapeForMessage(e.what()) << "\n";
        return kExitInternal;
    } catch (const std::bad_alloc&) {
        err << "mrsim: error: out of memory\n";
        return kExitInternal;
    } catch (const std::exception& e) {
        err << "mrsim: internal error: " << escapeForMessage(e.what()) << "\n";
        return kExitInternal;
    }
    return kExitInternal;
}

}  // namespace

int runMrsim(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    CLI::App app{"mrsim — simulate MapReduce batches slot by slot and compare schedulers.\n" +
                     algorithmHelp(),
                 "mrsim"};
    app.require_subcommand(1);
    app.set_version_flag("--version", "mrsim " MRX_VERSION);

    // Every command: one line here.
    // clang-format off
    const std::vector<Command> commands = {
        makeRunCommand(app),
        makeCompareCommand(app),
        makeAlgorithmsCommand(app),
        makeGenerateCommand(app),
        makeImportCommand(app),
        makePlanCommand(app),
        makeSweepCommand(app),
        makeMinSlotsCommand(app),
        makeSweepLoadCommand(app),
        makeSweepFaultsCommand(app),
        makeCostCommand(app),
        makeCostSweepCommand(app),
        makeGenerateCostCommand(app),
        makeValidateCommand(app),
        makeMergeCommand(app),
    };
    // clang-format on
    if (const std::optional<int> code = parseArguments(app, commands, args, out, err)) {
        return *code;
    }
    return runCommand(commands, out, err);
}

}  // namespace mr::cli
