#include "io/TracedAttemptsJson.h"

#include "io/FieldReader.h"
#include "model/InputError.h"
#include "model/Limits.h"

namespace mr {

namespace {

const std::vector<std::string> kKeys = {"kind", "task",       "result",        "start",       "end",
                                        "node", "next_start", "success_start", "success_node"};

TracedResult readResult(const FieldReader& f) {
    const std::string result = f.requiredString("result");
    for (const TracedResult r :
         {TracedResult::Failed, TracedResult::Killed, TracedResult::Speculative}) {
        if (result == toString(r)) {
            return r;
        }
    }
    f.fail("result", "must be \"failed\", \"killed\" or \"speculative\"");
}

// A failed or killed attempt has the retry's start; a speculative one the successful attempt's
// start and node instead.
void readLinks(const FieldReader& f, TracedAttempt& a) {
    const bool race = a.result == TracedResult::Speculative;
    for (const char* key : {"next_start", "success_start", "success_node"}) {
        if (f.has(key) && race == (std::string(key) == "next_start")) {
            f.fail(key, std::string("is not a field of a ") + toString(a.result) +
                            " attempt (next_start: failed and killed; success_start, "
                            "success_node: speculative)");
        }
    }
    if (race) {
        a.successStart = f.requiredNumber("success_start", 0.0, kMaxTime);
        a.successNode =
            static_cast<int>(f.optionalInt("success_node", 0, kMaxNodes - 1).value_or(-1));
    } else {
        a.nextStart = f.requiredNumber("next_start", 0.0, kMaxTime);
    }
}

TracedAttempt readAttempt(const nlohmann::json& value, const std::string& file,
                          const std::string& job, const std::string& prefix) {
    const FieldReader f(value, file, job, prefix + ".");
    const auto unknown = f.unknownKeys(kKeys);
    if (!unknown.empty()) {
        f.fail(unknown.front(), "unknown field of a traced attempt");
    }
    TracedAttempt a;
    const std::string kind = f.requiredString("kind");
    if (kind != "map" && kind != "reduce") {
        f.fail("kind", "must be \"map\" or \"reduce\"");
    }
    a.kind = kind == "map" ? TaskKind::Map : TaskKind::Reduce;
    a.task = static_cast<int>(f.requiredInt("task", 0, kMaxTasksPerJob - 1));
    a.result = readResult(f);
    a.start = f.requiredNumber("start", 0.0, kMaxTime);
    a.end = f.requiredNumber("end", 0.0, kMaxTime);
    readLinks(f, a);
    a.node = static_cast<int>(f.optionalInt("node", 0, kMaxNodes - 1).value_or(-1));
    return a;
}

}  // namespace

std::vector<TracedAttempt> readTracedAttempts(const nlohmann::json& value, const std::string& file,
                                              const std::string& job) {
    if (!value.is_array()) {
        throw InputError(file, job, "traced_attempts", "must be an array of attempts");
    }
    std::vector<TracedAttempt> out;
    out.reserve(value.size());
    for (std::size_t i = 0; i < value.size(); ++i) {
        out.push_back(
            readAttempt(value[i], file, job, "traced_attempts[" + std::to_string(i) + "]"));
    }
    return out;
}

nlohmann::ordered_json tracedAttemptsJson(const std::vector<TracedAttempt>& attempts) {
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const TracedAttempt& a : attempts) {
        nlohmann::ordered_json j;
        j["kind"] = toString(a.kind);
        j["task"] = a.task;
        j["result"] = toString(a.result);
        j["start"] = a.start;
        j["end"] = a.end;
        const bool race = a.result == TracedResult::Speculative;
        j[race ? "success_start" : "next_start"] = race ? a.successStart : a.nextStart;
        if (a.node >= 0) {
            j["node"] = a.node;
        }
        if (race && a.successNode >= 0) {
            j["success_node"] = a.successNode;
        }
        out.push_back(std::move(j));
    }
    return out;
}

}  // namespace mr
