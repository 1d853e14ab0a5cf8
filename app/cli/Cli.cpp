#include "cli/Cli.h"

#include <iostream>
#include <optional>

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

// Runs the command given; its errors as one line on `err` and an exit code.
int runCommand(const std::vector<Command>& commands, std::ostream& out, std::ostream& err) {
    try {
        for (const Command& c : commands) {
            if (c.app->parsed()) {
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
