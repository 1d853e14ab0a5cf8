#include "cli/Cli.h"

#include <iostream>

#include "cli/Command.h"
#include "model/InputError.h"
#include "sim/Simulator.h"

namespace mr::cli {

int runMrsim(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    CLI::App app{"mrsim — simulate MapReduce batches slot by slot and compare schedulers.\n" +
                     algorithmHelp(),
                 "mrsim"};
    app.require_subcommand(1);
    app.set_version_flag("--version", "mrsim 0.1.0");

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
        makeCostCommand(app),
        makeCostSweepCommand(app),
        makeGenerateCostCommand(app),
        makeValidateCommand(app),
        makeMergeCommand(app),
    };
    // clang-format on

    std::vector<std::string> reversed(args.rbegin(), args.rend());  // CLI11 wants them reversed
    try {
        app.parse(reversed);
    } catch (const CLI::CallForAllHelp&) {
        out << app.help("", CLI::AppFormatMode::All);
        return kExitOk;
    } catch (const CLI::CallForVersion&) {
        out << "mrsim 0.1.0\n";
        return kExitOk;
    } catch (const CLI::ParseError& e) {
        if (e.get_exit_code() == 0) {  // --help, of mrsim or of a command
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
        err << "mrsim: error: " << e.what() << " (see mrsim --help)\n";
        return kExitBadInput;
    }

    try {
        for (const Command& c : commands) {
            if (c.app->parsed()) {
                c.run(out, err);
                return kExitOk;
            }
        }
    } catch (const InputError& e) {
        err << "mrsim: error: " << e.what() << "\n";
        return kExitBadInput;
    } catch (const SimulationError& e) {
        err << "mrsim: internal error: " << e.what() << "\n";
        return kExitInternal;
    } catch (const std::bad_alloc&) {
        err << "mrsim: error: out of memory\n";
        return kExitInternal;
    } catch (const std::exception& e) {
        err << "mrsim: internal error: " << e.what() << "\n";
        return kExitInternal;
    }
    return kExitInternal;
}

}  // namespace mr::cli
