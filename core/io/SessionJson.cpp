#include "io/SessionJson.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "io/AtomicFile.h"
#include "io/FieldReader.h"
#include "io/JsonParse.h"
#include "io/JsonText.h"
#include "io/SweepFormat.h"
#include "io/TextFile.h"
#include "model/InputError.h"
#include "model/Limits.h"
#include "schedulers/Registry.h"

namespace mr {

using nlohmann::json;
using nlohmann::ordered_json;

namespace {

const std::vector<std::string> kTopKeys = {"format", "version", "view", "current", "variants"};
const std::vector<std::string> kVariantKeys = {"name", "algorithms", "run_options", "workload"};
const std::vector<std::string> kOptionKeys = {"seed", "estimator", "order", "pools", "locality"};
const std::vector<std::string> kLocalityKeys = {"replicas", "vms_per_host", "remote_penalty",
                                                "reconfig_delay"};
const std::vector<std::string> kViewKeys = {
    "tab",        "time_range",      "slot_range",        "teach",
    "teach_step", "highlighted_job", "reference_variant", "job_colours"};
constexpr double kMaxColourSlot = 1e9;

// Rethrows an error of a part read on its own (a workload, the run options) with the part's
// path in front of its field, so that the line says where in the session it is.
template <typename Read>
auto readPart(const std::string& file, const std::string& path, Read read) {
    try {
        return read();
    } catch (const InputError& e) {
        const std::string field =
            e.field().empty() ? path.substr(0, path.size() - 1) : path + e.field();
        throw InputError(file, e.job(), field, e.message(), e.itemKind());
    }
}

void refuseUnknown(const FieldReader& f, const std::vector<std::string>& known) {
    for (const auto& key : f.unknownKeys(known)) {
        f.fail(key, "unknown field");
    }
}

std::vector<std::string> readAlgorithms(const FieldReader& f) {
    std::vector<std::string> ids = f.stringArray("algorithms");
    std::set<std::string> seen;
    for (const std::string& id : ids) {
        if (!findAlgorithm(id)) {
            f.fail("algorithms", "unknown algorithm '" + id + "'");
        }
        if (!seen.insert(id).second) {
            f.fail("algorithms", "'" + id + "' is listed twice");
        }
    }
    return ids;
}

RunOptions readOptions(const json& value, const std::string& file, const std::string& path) {
    if (!value.is_object()) {
        throw InputError(file, "", path + "run_options", "must be an object");
    }
    const FieldReader f(value, file, "", path + "run_options.");
    refuseUnknown(f, kOptionKeys);
    if (f.has("locality")) {
        const FieldReader l(f.requiredObject("locality"), file, "", path + "run_options.locality.");
        refuseUnknown(l, kLocalityKeys);
    }
    return readPart(file, path, [&] {
        RunOptions options = runOptionsFromJson(value, file);
        validateLocality(options.locality);
        return options;
    });
}

Variant readVariant(const json& value, const std::string& file, const std::string& path, bool named,
                    LoadReport* report) {
    if (!value.is_object()) {
        throw InputError(file, "", path.substr(0, path.size() - 1), "must be an object");
    }
    const FieldReader f(value, file, "", path);
    refuseUnknown(f, named ? kVariantKeys
                           : std::vector<std::string>{"algorithms", "run_options", "workload"});
    Variant v;
    if (named) {
        v.name = f.requiredString("name");
        if (v.name.empty()) {
            f.fail("name", "must not be empty");
        }
    }
    v.algorithms = readAlgorithms(f);
    v.options = readOptions(f.raw("run_options"), file, path);
    const json& workload = f.raw("workload");
    if (!workload.is_object()) {
        f.fail("workload", "must be an mrx-workload object");
    }
    v.workload = readPart(file, path + "workload.",
                          [&] { return parseWorkload(workload.dump(), file, report); });
    return v;
}

SessionView readView(const json& value, const std::string& file) {
    const FieldReader f(value, file, "", "view.");
    refuseUnknown(f, kViewKeys);
    SessionView view;
    view.tab = f.optionalString("tab").value_or("");
    if (!view.tab.empty() &&
        std::find(kSessionTabs.begin(), kSessionTabs.end(), view.tab) == kSessionTabs.end()) {
        f.fail("tab", "unknown tab '" + view.tab + "'");
    }
    const auto readRange = [&f](const char* key) -> std::optional<std::array<double, 2>> {
        if (!f.has(key)) {
            return std::nullopt;
        }
        const std::vector<double> range = f.numberArray(key, -kMaxTime, kMaxTime, 2);
        if (range.size() != 2 || !(range[0] < range[1])) {
            f.fail(key, "must be [from, to] with from < to");
        }
        return std::array<double, 2>{range[0], range[1]};
    };
    view.timeRange = readRange("time_range");
    view.slotRange = readRange("slot_range");
    view.teachLesson = f.optionalString("teach").value_or("");
    if (!view.teachLesson.empty() && std::find(kSessionLessons.begin(), kSessionLessons.end(),
                                               view.teachLesson) == kSessionLessons.end()) {
        f.fail("teach", "unknown lesson '" + view.teachLesson + "'");
    }
    view.teachStep = static_cast<int>(f.optionalInt("teach_step", 0, 1'000'000).value_or(0));
    view.highlightedJob = f.optionalString("highlighted_job").value_or("");
    view.referenceVariant = f.optionalString("reference_variant").value_or("");
    if (f.has("job_colours")) {
        // One colour per job: a file's text ("0," per entry at least) bounds their number.
        for (const double slot : f.numberArray("job_colours", 0, kMaxColourSlot,
                                               static_cast<std::size_t>(kMaxTextFileBytes / 2))) {
            if (slot != std::floor(slot)) {
                f.fail("job_colours", "colours are whole numbers");
            }
            view.jobColours.push_back(static_cast<int>(slot));
        }
    }
    return view;
}

// What loading checks across the parts (names that must exist, names that must be unique).
void checkSession(const Session& s, const std::string& file) {
    std::set<std::string> names;
    for (std::size_t i = 0; i < s.variants.size(); ++i) {
        const std::string& name = s.variants[i].name;
        const std::string field = "variants[" + std::to_string(i) + "].name";
        if (name.empty()) {
            throw InputError(file, "", field, "must not be empty");
        }
        if (!names.insert(name).second) {
            throw InputError(file, "", field, "a variant named '" + name + "' comes earlier");
        }
    }
    if (!s.view.referenceVariant.empty() && !s.findVariant(s.view.referenceVariant)) {
        throw InputError(file, "", "view.reference_variant",
                         "no variant is named '" + s.view.referenceVariant + "'");
    }
    if (!s.view.jobColours.empty() &&
        s.view.jobColours.size() != static_cast<std::size_t>(s.current.workload.jobCount())) {
        throw InputError(file, "", "view.job_colours",
                         "has " + std::to_string(s.view.jobColours.size()) +
                             " colours for a workload of " +
                             std::to_string(s.current.workload.jobCount()) + " jobs");
    }
    if (!s.view.highlightedJob.empty() && !s.current.workload.findJob(s.view.highlightedJob)) {
        throw InputError(file, "", "view.highlighted_job",
                         "the current workload has no job '" + s.view.highlightedJob + "'");
    }
}

std::string indented(const std::string& text, const std::string& pad) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        out += text[i];
        if (text[i] == '\n' && i + 1 < text.size()) {
            out += pad;
        }
    }
    return out;
}

std::string variantText(const Variant& v, bool named, const std::string& pad) {
    std::string out = "{\n";
    if (named) {
        out += pad + "  \"name\": " + json(v.name).dump() + ",\n";
    }
    out += pad + "  \"algorithms\": " + toOneLine(ordered_json(v.algorithms)) + ",\n";
    out += pad + "  \"run_options\": " + toOneLine(runOptionsJson(v.options)) + ",\n";
    std::string workload = serializeWorkload(v.workload);
    workload.pop_back();  // the final newline
    out += pad + "  \"workload\": " + indented(workload, pad + "  ") + "\n";
    return out + pad + "}";
}

ordered_json viewJson(const SessionView& view) {
    ordered_json out = ordered_json::object();
    if (!view.tab.empty()) {
        out["tab"] = view.tab;
    }
    if (view.timeRange) {
        out["time_range"] = {(*view.timeRange)[0], (*view.timeRange)[1]};
    }
    if (view.slotRange) {
        out["slot_range"] = {(*view.slotRange)[0], (*view.slotRange)[1]};
    }
    if (!view.teachLesson.empty()) {
        out["teach"] = view.teachLesson;
    }
    if (view.teachStep != 0) {
        out["teach_step"] = view.teachStep;
    }
    if (!view.highlightedJob.empty()) {
        out["highlighted_job"] = view.highlightedJob;
    }
    if (!view.referenceVariant.empty()) {
        out["reference_variant"] = view.referenceVariant;
    }
    if (!view.jobColours.empty()) {
        out["job_colours"] = view.jobColours;
    }
    return out;
}

}  // namespace

Session parseSession(const std::string& text, const std::string& source, LoadReport* report) {
    const json root = parseFormattedDocument(text, source, kSessionFormat, kSessionVersion);
    const FieldReader f(root, source, "");
    refuseUnknown(f, kTopKeys);
    Session s;
    s.current = readVariant(f.requiredObject("current"), source, "current.", false, report);
    if (f.has("variants")) {
        const json& variants = f.raw("variants");
        if (!variants.is_array()) {
            f.fail("variants", "must be an array of variants");
        }
        for (std::size_t i = 0; i < variants.size(); ++i) {
            s.variants.push_back(readVariant(variants[i], source,
                                             "variants[" + std::to_string(i) + "].", true, report));
        }
    }
    if (f.has("view")) {
        s.view = readView(f.requiredObject("view"), source);
    }
    checkSession(s, source);
    return s;
}

Session loadSession(const std::string& path, LoadReport* report) {
    return parseSession(readTextFile(path), path, report);
}

std::string serializeSession(const Session& s, const std::string& path) {
    // Nothing is written that loading refuses.
    checkSession(s, path);
    const auto check = [&](const Variant& v, const std::string& where) {
        readPart(path, where + "workload.", [&] {
            checkWritable(v.workload, path);
            return 0;
        });
        for (const std::string& id : v.algorithms) {
            if (!findAlgorithm(id)) {
                throw InputError(path, "", where + "algorithms", "unknown algorithm '" + id + "'");
            }
        }
    };
    check(s.current, "current.");
    for (std::size_t i = 0; i < s.variants.size(); ++i) {
        check(s.variants[i], "variants[" + std::to_string(i) + "].");
    }

    std::string out = "{\n";
    out += "  \"format\": \"" + std::string(kSessionFormat) + "\",\n";
    out += "  \"version\": " + std::to_string(kSessionVersion) + ",\n";
    out += "  \"view\": " + toOneLine(viewJson(s.view)) + ",\n";
    out += "  \"current\": " + variantText(s.current, false, "  ") + ",\n";
    out += "  \"variants\": [";
    for (std::size_t i = 0; i < s.variants.size(); ++i) {
        out += (i == 0 ? "\n    " : ",\n    ") + variantText(s.variants[i], true, "    ");
    }
    out += s.variants.empty() ? "]\n" : "\n  ]\n";
    return out + "}\n";
}

void saveSession(const Session& session, const std::string& path) {
    writeFileAtomically(path, serializeSession(session, path));
}

}  // namespace mr
