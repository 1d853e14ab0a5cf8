#include "schedulers/Registry.h"

#include <memory>
#include <stdexcept>

#include "model/InputError.h"
#include "schedulers/RunMemory.h"

namespace mr {

// The built-ins' factories, each defined in its scheduler's own file.
#define MRX_SCHEDULER(Name) std::unique_ptr<Algorithm> make##Name();
#include "schedulers/BuiltIns.def"
#undef MRX_SCHEDULER

namespace {

std::vector<std::unique_ptr<Algorithm>> builtIns() {
    // Every built-in scheduler, in the order of BuiltIns.def.
    std::vector<std::unique_ptr<Algorithm>> list;
#define MRX_SCHEDULER(Name) list.push_back(make##Name());
#include "schedulers/BuiltIns.def"
#undef MRX_SCHEDULER
    return list;
}

void checkId(const std::string& id, const std::vector<std::unique_ptr<Algorithm>>& taken) {
    if (id.empty() ||
        id.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-") != std::string::npos) {
        throw std::logic_error("algorithm id '" + id + "' is not kebab-case");
    }
    for (const auto& a : taken) {
        if (a->id() == id) {
            throw std::logic_error("algorithm id '" + id + "' is registered twice");
        }
    }
}

// Function-local, so registrations from other translation units' static initialisers find it
// constructed whatever the initialisation order.
std::vector<std::unique_ptr<Algorithm>>& registry() {
    static std::vector<std::unique_ptr<Algorithm>> algorithms = [] {
        std::vector<std::unique_ptr<Algorithm>> checked;
        for (auto& a : builtIns()) {
            checkId(a->id(), checked);
            checked.push_back(std::move(a));
        }
        return checked;
    }();
    return algorithms;
}

}  // namespace

void registerAlgorithm(std::unique_ptr<Algorithm> algorithm) {
    auto& list = registry();
    checkId(algorithm->id(), list);
    list.push_back(std::move(algorithm));
}

const Algorithm* findAlgorithm(std::string_view id) {
    for (const auto& algorithm : registry()) {
        if (algorithm->id() == id) {
            return algorithm.get();
        }
    }
    return nullptr;
}

std::vector<const Algorithm*> allAlgorithms() {
    std::vector<const Algorithm*> list;
    for (const auto& algorithm : registry()) {
        list.push_back(algorithm.get());
    }
    return list;
}

std::vector<std::string> algorithmIds() {
    std::vector<std::string> ids;
    for (const auto& algorithm : registry()) {
        ids.push_back(algorithm->id());
    }
    return ids;
}

std::vector<std::string> baselineIds() {
    std::vector<std::string> ids;
    for (const auto& algorithm : registry()) {
        if (algorithm->info().baseline) {
            ids.push_back(algorithm->id());
        }
    }
    return ids;
}

RunResult runAlgorithm(const Workload& workload, std::string_view id, const RunOptions& options) {
    const Algorithm* algorithm = findAlgorithm(id);
    if (algorithm == nullptr) {
        std::string known;
        for (const auto& name : algorithmIds()) {
            known += (known.empty() ? "" : ", ") + name;
        }
        throw InputError("", "", "algorithm",
                         "unknown algorithm '" + std::string(id) + "' (known: " + known + ")");
    }
    if (!algorithm->info().unequalNodes.empty()) {
        refuseUnequalNodes(workload.cluster, std::string(id), algorithm->info().unequalNodes);
    }
    checkRunMemory(workload, id, options);  // refused before anything large is allocated
    return algorithm->run(workload, options);
}

}  // namespace mr
