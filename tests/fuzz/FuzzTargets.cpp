#include "FuzzTargets.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <sstream>

#include "cli/Cli.h"
#include "cost/CostAlgorithms.h"
#include "cost/CostModelJson.h"
#include "exec/MemoryBudget.h"
#include "io/CapacityQueuesJson.h"
#include "io/CapacityQueuesXml.h"
#include "io/RumenImport.h"
#include "io/SwimImport.h"
#include "io/WorkloadJson.h"
#include "model/InputError.h"

namespace mr::fuzz {

namespace fs = std::filesystem;

void fail(const std::string& what) {
    std::fprintf(stderr, "fuzz property broken: %s\n", what.c_str());
    std::fflush(stderr);
    std::abort();
}

namespace {

// The properties of a refusal: one line, valid UTF-8.
void checkMessage(const std::string& message) {
    if (message.find('\n') != std::string::npos || message.find('\r') != std::string::npos) {
        fail("a message of more than one line: " + message);
    }
    if (!isValidUtf8(message)) {
        fail("a message that is not valid UTF-8: " + escapeForMessage(message));
    }
}

// What a loader or importer made saves to a file that loads back to the same workload.
void checkRoundTrip(const Workload& w, const char* who) {
    std::string text;
    try {
        validate(w);
        checkFileLimits(w.cluster, "");
        for (const Job& job : w.jobs) {
            checkFileLimits(job, "");
        }
        text = serializeWorkload(w);
    } catch (const InputError& e) {
        fail(std::string(who) + " made a workload no file can hold: " + e.what());
    }
    Workload again;
    try {
        again = parseWorkload(text, "saved.json");
    } catch (const InputError& e) {
        fail(std::string(who) + " made a workload whose file does not load: " + e.what());
    }
    Workload expected = w;
    for (std::size_t j = 0; j < expected.jobs.size(); ++j) {
        // Per-task arrays of equal tasks are saved in the scalar form (the loader's rule).
        expected.jobs[j].perTaskDurations = again.jobs[j].perTaskDurations;
    }
    if (!(again == expected)) {
        fail(std::string(who) + ": load(save(w)) differs from w");
    }
    if (serializeWorkload(again) != text) {
        fail(std::string(who) + ": saving is not canonical (save(load(save(w))) != save(w))");
    }
}

void workloadLoader(std::string_view input) {
    Workload w;
    LoadReport report;
    try {
        w = parseWorkload(std::string(input), "fuzz.json", &report);
    } catch (const InputError& e) {
        checkMessage(e.what());
        return;
    }
    for (const auto& warning : report.warnings) {
        checkMessage(warning);
    }
    checkRoundTrip(w, "the workload loader");
}

void rumenImporter(std::string_view input) {
    std::istringstream in{std::string(input)};
    RumenImportReport report;
    Workload w;
    try {
        w = importRumen(in, "trace.json", {}, &report);
    } catch (const InputError& e) {
        checkMessage(e.what());
        return;
    }
    for (const auto& note : report.notes) {
        checkMessage(note);
    }
    checkRoundTrip(w, "the Rumen importer");
}

void swimImporter(std::string_view input) {
    std::istringstream in{std::string(input)};
    SwimImportOptions options;
    Workload w;
    w.cluster = options.cluster;
    try {
        readSwim(in, "trace.tsv", options, [&](const Job& job) { w.jobs.push_back(job); });
    } catch (const InputError& e) {
        checkMessage(e.what());
        return;
    }
    checkRoundTrip(w, "the SWIM importer");
}

void costModelLoader(std::string_view input) {
    cost::CostModel model;
    try {
        model = cost::parseCostModel(std::string(input), "model.json");
    } catch (const InputError& e) {
        checkMessage(e.what());
        return;
    }
    const std::string text = cost::serializeCostModel(model);
    try {
        if (cost::serializeCostModel(cost::parseCostModel(text, "saved.json")) != text) {
            fail("the cost model does not save canonically");
        }
    } catch (const InputError& e) {
        fail(std::string("a loaded cost model saves to a file that does not load: ") + e.what());
    }
    // The algorithms on small models (the fuzzer's inputs are a few KB): every answer is a
    // schedule or one line saying why not, within the solver's limits.
    if (model.jobs.size() * model.machines.size() * std::max<std::size_t>(1, model.stores.size()) >
        20'000) {
        return;
    }
    for (const char* id : {"lips", "lips-online", "hadoop-default"}) {
        try {
            const cost::CostResult r = cost::runCostAlgorithm(model, id);
            checkMessage(r.message);
            if (!r.feasible && r.message.empty()) {
                fail(std::string(id) + ": no schedule and no reason");
            }
        } catch (const InputError& e) {
            checkMessage(e.what());
        }
    }
}

// A capacity-scheduler.xml: read, or refused in one line; what reads is a valid tree that the
// workload file's "capacity_queues" section holds and gives back unchanged.
void capacityXmlReader(std::string_view input) {
    std::vector<CapacityQueueSpec> queues;
    try {
        queues = readCapacityQueuesXml(std::string(input), "cs.xml");
    } catch (const InputError& e) {
        checkMessage(e.what());
        return;
    }
    try {
        validateCapacityQueues(queues, "cs.xml");
        if (readCapacityQueuesJson(nlohmann::json::parse(capacityQueuesJson(queues).dump()),
                                   "saved.json") != queues) {
            fail("the queues read from the XML differ after the workload section's round trip");
        }
    } catch (const InputError& e) {
        fail(std::string("queues read from the XML that the workload file refuses: ") + e.what());
    }
}

// --- mrsim's command line -------------------------------------------------------------------
// Arguments are the input split at NUL bytes (at most 24). Files are the fixtures in a scratch
// folder, the working directory: w.json (a workload), w11.json (11 jobs, more than optimal
// takes: its refusal inside parallel work must reach the caller as exit 2), r.json (a Rumen
// trace), s.tsv (a SWIM trace), c.json (a cost model), sc.json (a scenario), q.xml (capacity
// queues). Inputs that name other paths (a '/') or ask for sizes that are valid but take long (a
// number from 5000 to 1e15: a million-job batch, a million-point sweep) are skipped: the loaders'
// targets and the unit tests cover those, and the day-scale work measures them.

std::string g_scratch;
std::vector<std::string> g_fixtures;

bool slowOrOutside(const std::vector<std::string>& args) {
    for (const auto& arg : args) {
        if (arg.find('/') != std::string::npos || arg.size() > 256) {
            return true;
        }
        for (std::size_t i = 0; i < arg.size(); ++i) {
            const bool starts =
                std::isdigit(static_cast<unsigned char>(arg[i])) != 0 &&
                (i == 0 || std::isalpha(static_cast<unsigned char>(arg[i - 1])) == 0);
            if (!starts) {
                continue;
            }
            const double value = std::strtod(arg.c_str() + i, nullptr);
            if (value > 5000.0 && value < 1e15) {
                return true;
            }
        }
    }
    return false;
}

void removeOutputs() {
    for (const auto& entry : fs::directory_iterator(g_scratch)) {
        const std::string name = entry.path().filename().string();
        if (std::find(g_fixtures.begin(), g_fixtures.end(), name) == g_fixtures.end()) {
            std::error_code ignored;
            fs::remove_all(entry.path(), ignored);
        }
    }
}

void commandLine(std::string_view input) {
    std::vector<std::string> args(1);
    for (const char c : input) {
        if (c == '\0') {
            if (args.size() == 24) {
                break;
            }
            args.emplace_back();
        } else {
            args.back() += c;
        }
    }
    if (slowOrOutside(args)) {
        return;
    }
    std::ostringstream out;
    std::ostringstream err;
    const int code = cli::runMrsim(args, out, err);
    removeOutputs();
    if (code != 0 && code != 2) {
        fail("mrsim exited " + std::to_string(code) + ": " + err.str());
    }
    if (code == 2) {
        std::string line = err.str();
        if (line.empty() || line.back() != '\n' || line.find('\n') != line.size() - 1) {
            fail("exit 2 without exactly one stderr line: " + escapeForMessage(line));
        }
        line.pop_back();
        checkMessage(line);
    }
}

}  // namespace

const std::vector<Target>& targets() {
    static const std::vector<Target> list = {
        {"workload", &workloadLoader}, {"rumen", &rumenImporter},
        {"swim", &swimImporter},       {"costmodel", &costModelLoader},
        {"cli", &commandLine},         {"capacityxml", &capacityXmlReader},
    };
    return list;
}

const Target& target(std::string_view name) {
    for (const Target& t : targets()) {
        if (name == t.name) {
            return t;
        }
    }
    fail("unknown fuzz target " + std::string(name));
}

void initialise() {
    static bool done = false;
    if (done) {
        return;
    }
    done = true;
    // Below the fuzzer's 2 GB RSS limit, with room for the sanitizers' own memory.
    setMemoryLimit(768ULL << 20);
    g_scratch = (fs::temp_directory_path() / ("mrx-fuzz-" + std::to_string(::getpid()))).string();
    fs::create_directories(g_scratch);
    for (const auto& entry : fs::directory_iterator(MRX_FUZZ_FIXTURES_DIR)) {
        fs::copy_file(entry.path(), fs::path(g_scratch) / entry.path().filename(),
                      fs::copy_options::overwrite_existing);
        g_fixtures.push_back(entry.path().filename().string());
    }
    fs::current_path(g_scratch);
    // The scratch folder goes when the process ends normally (a crash keeps it for a look).
    std::atexit([] {
        std::error_code ignored;
        fs::current_path(fs::temp_directory_path(), ignored);
        fs::remove_all(g_scratch, ignored);
    });
}

}  // namespace mr::fuzz
