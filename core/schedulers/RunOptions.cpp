#include "schedulers/RunOptions.h"

#include <cstdio>
#include <limits>

#include "model/InputError.h"
#include "model/Numbers.h"

namespace mr {

namespace {

std::string numberText(double value) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.17g", value);
    // The shortest of %.15g..%.17g that reads back exactly.
    for (int digits = 15; digits < 17; ++digits) {
        char shorter[32];
        std::snprintf(shorter, sizeof shorter, "%.*g", digits, value);
        if (parseDouble(shorter) == value) {
            return shorter;
        }
    }
    return buffer;
}

}  // namespace

void refuseOption(const OptionSpec& spec, std::string_view text) {
    std::string accepted;
    switch (spec.type) {
        case OptionType::Flag:
            accepted = "must be true or false";
            break;
        case OptionType::Integer:
            accepted = "must be a whole number between " + numberText(spec.min) + " and " +
                       numberText(spec.max);
            break;
        case OptionType::Real:
            accepted =
                "must be a number between " + numberText(spec.min) + " and " + numberText(spec.max);
            break;
        case OptionType::Choice: {
            accepted = "must be one of";
            for (std::size_t i = 0; i < spec.choices.size(); ++i) {
                accepted += (i == 0 ? " " : ", ") + spec.choices[i];
            }
            break;
        }
        case OptionType::Names:
            accepted = "must be a comma-separated list of names";
            break;
    }
    throw InputError("", "", spec.id, accepted + " (got '" + std::string(text) + "')");
}

std::uint64_t readSeed(std::string_view text) {
    const auto seed = parseUnsigned(text);
    if (!seed) {
        throw InputError("", "", "seed",
                         "must be a whole number from 0 to " +
                             std::to_string(std::numeric_limits<std::uint64_t>::max()) + " (got '" +
                             std::string(text) + "')");
    }
    return *seed;
}

namespace {

long long readInteger(const OptionSpec& spec, std::string_view text) {
    const auto value = parseInteger(text);
    if (!value || static_cast<double>(*value) < spec.min ||
        static_cast<double>(*value) > spec.max) {
        refuseOption(spec, text);
    }
    return *value;
}

double readReal(const OptionSpec& spec, std::string_view text) {
    const auto value = parseDouble(text);
    if (!value || *value < spec.min || *value > spec.max) {
        refuseOption(spec, text);
    }
    return *value;
}

bool readFlag(const OptionSpec& spec, std::string_view text) {
    if (text == "true" || text == "1") {
        return true;
    }
    if (text == "false" || text == "0") {
        return false;
    }
    refuseOption(spec, text);
}

std::vector<std::string> splitNames(std::string_view text) {
    std::vector<std::string> names;
    std::size_t start = 0;
    while (start <= text.size() && !text.empty()) {
        const std::size_t comma = text.find(',', start);
        names.emplace_back(text.substr(
            start, comma == std::string_view::npos ? std::string_view::npos : comma - start));
        if (comma == std::string_view::npos) {
            break;
        }
        start = comma + 1;
    }
    return names;
}

std::string joinNames(const std::vector<std::string>& names) {
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i) {
        out += (i == 0 ? "" : ",") + names[i];
    }
    return out;
}

// The ranges below are the ones mrsim has always accepted; validateLocality() agrees with them.
OptionSpec estimatorSpec() {
    OptionSpec s;
    s.id = "estimator";
    s.label = "Estimator";
    s.type = OptionType::Choice;
    s.help =
        "How the stage durations (m, r) are estimated: exact = greedy schedule of the "
        "tasks; aria-low / aria-up = ARIA bounds; aria-avg = their mean ([Verma12] "
        "§II-B). min-edf's quotas use the ARIA bound chosen here (aria-avg for exact)";
    s.choices = {"exact", "aria-low", "aria-up", "aria-avg"};
    s.get = [](const RunOptions& o) { return std::string(toString(o.estimator)); };
    s.set = [spec = s](RunOptions& o, std::string_view text) {
        const auto estimator = parseEstimator(text);
        if (!estimator) {
            refuseOption(spec, text);
        }
        o.estimator = *estimator;
    };
    return s;
}

OptionSpec seedSpec() {
    OptionSpec s;
    s.id = "seed";
    s.label = "Seed";
    s.type = OptionType::Integer;
    s.help = "Seed of randomised choices: the random order, the block placement (locality)";
    s.min = 0.0;
    s.max = static_cast<double>(std::numeric_limits<std::uint64_t>::max());
    s.get = [](const RunOptions& o) { return std::to_string(o.seed); };
    s.set = [](RunOptions& o, std::string_view text) { o.seed = readSeed(text); };
    return s;
}

OptionSpec poolsSpec() {
    OptionSpec s;
    s.id = "pools";
    s.label = "Pools";
    s.type = OptionType::Integer;
    s.help =
        "Split the cluster into up to this many pools ([Verma12] uses 2; more is our "
        "extension)";
    s.min = 2.0;
    s.max = 1000.0;
    s.get = [](const RunOptions& o) { return std::to_string(o.pools); };
    s.set = [spec = s](RunOptions& o, std::string_view text) {
        o.pools = static_cast<int>(readInteger(spec, text));
    };
    return s;
}

OptionSpec orderSpec() {
    OptionSpec s;
    s.id = "order";
    s.label = "Order";
    s.type = OptionType::Names;
    s.help = "The job order, by name (J1,J2,...); else the file's manual_order";
    s.explorer = false;  // the explorer's manual order is the job table's row order
    s.get = [](const RunOptions& o) { return joinNames(o.manualOrder); };
    s.set = [](RunOptions& o, std::string_view text) { o.manualOrder = splitNames(text); };
    return s;
}

OptionSpec threadsSpec() {
    OptionSpec s;
    s.id = "threads";
    s.label = "Threads";
    s.type = OptionType::Integer;
    s.help = "Worker threads for searches (0 = all cores)";
    s.min = 0.0;
    s.max = 1024.0;
    s.explorer = false;  // the explorer uses every core
    s.get = [](const RunOptions& o) { return std::to_string(o.threads); };
    s.set = [spec = s](RunOptions& o, std::string_view text) {
        o.threads = static_cast<int>(readInteger(spec, text));
    };
    return s;
}

OptionSpec localitySpec() {
    OptionSpec s;
    s.id = "locality";
    s.label = "Data locality";
    s.type = OptionType::Flag;
    s.help =
        "[Rao12] §4.1: each map task's block on 3 nodes (seeded by --seed); a map task "
        "away from its block runs longer; reports the data-local fraction of map tasks";
    s.get = [](const RunOptions& o) { return std::string(o.locality.enabled ? "true" : "false"); };
    s.set = [spec = s](RunOptions& o, std::string_view text) {
        o.locality.enabled = readFlag(spec, text);
    };
    return s;
}

OptionSpec vmsPerHostSpec() {
    OptionSpec s;
    s.id = "vms-per-host";
    s.label = "VMs / host";
    s.type = OptionType::Integer;
    s.help =
        "Nodes (VMs) per physical host: completion-time moves free cores between the "
        "VMs of one host";
    s.min = 1.0;
    s.max = 1'000'000.0;
    s.needsFlag = "locality";
    s.get = [](const RunOptions& o) { return std::to_string(o.locality.vmsPerHost); };
    s.set = [spec = s](RunOptions& o, std::string_view text) {
        o.locality.vmsPerHost = static_cast<int>(readInteger(spec, text));
    };
    return s;
}

OptionSpec remotePenaltySpec() {
    OptionSpec s;
    s.id = "remote-penalty";
    s.label = "Remote read";
    s.type = OptionType::Real;
    s.help = "A map task away from its block runs this many times longer (our assumption)";
    s.min = 1.0;
    s.max = 1000.0;
    s.unit = "×";
    s.needsFlag = "locality";
    s.get = [](const RunOptions& o) { return numberText(o.locality.remotePenalty); };
    s.set = [spec = s](RunOptions& o, std::string_view text) {
        o.locality.remotePenalty = readReal(spec, text);
    };
    return s;
}

OptionSpec reconfigDelaySpec() {
    OptionSpec s;
    s.id = "reconfig-delay";
    s.label = "Core move";
    s.type = OptionType::Real;
    s.help = "Seconds to move a core between two VMs of a host ([Rao12] Alg. 1)";
    s.min = 0.0;
    s.max = 1e9;
    s.unit = "s";
    s.needsFlag = "locality";
    s.get = [](const RunOptions& o) { return numberText(o.locality.reconfigDelay); };
    s.set = [spec = s](RunOptions& o, std::string_view text) {
        o.locality.reconfigDelay = readReal(spec, text);
    };
    return s;
}

std::vector<OptionSpec> makeSpecs() {
    std::vector<OptionSpec> specs{estimatorSpec(),  seedSpec(),          poolsSpec(),
                                  orderSpec(),      threadsSpec(),       localitySpec(),
                                  vmsPerHostSpec(), remotePenaltySpec(), reconfigDelaySpec()};
    for (OptionSpec& spec : specs) {
        spec.defaultValue = spec.get(RunOptions{});
    }
    return specs;
}

}  // namespace

const char* toString(OptionType type) {
    switch (type) {
        case OptionType::Flag:
            return "flag";
        case OptionType::Integer:
            return "integer";
        case OptionType::Real:
            return "real";
        case OptionType::Choice:
            return "choice";
        case OptionType::Names:
            return "names";
    }
    return "?";
}

const std::vector<OptionSpec>& runOptionSpecs() {
    static const std::vector<OptionSpec> specs = makeSpecs();
    return specs;
}

const OptionSpec* findOptionSpec(std::string_view id) {
    for (const OptionSpec& spec : runOptionSpecs()) {
        if (spec.id == id) {
            return &spec;
        }
    }
    return nullptr;
}

const std::vector<std::string>& commonOptionIds() {
    static const std::vector<std::string> ids = {"seed", "locality", "remote-penalty"};
    return ids;
}

}  // namespace mr
