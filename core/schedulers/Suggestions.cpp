#include "schedulers/Suggestions.h"

#include <algorithm>

#include "schedulers/Registry.h"

namespace mr {

namespace {
constexpr const char* kForDeadlines = "min-edf-wc";  // [Verma12b] Alg. 1
}

std::vector<std::string> deadlineAlgorithmIds() {
    std::vector<std::string> ids;
    for (const Algorithm* a : allAlgorithms()) {
        if (a->info().needs.deadlines) {
            ids.push_back(a->id());
        }
    }
    return ids;
}

std::vector<std::string> suggestedAlgorithms(const Workload& workload,
                                             const std::vector<std::string>& checked) {
    const bool deadlines = std::any_of(workload.jobs.begin(), workload.jobs.end(),
                                       [](const Job& job) { return job.deadline.has_value(); });
    if (!deadlines) {
        return {};
    }
    const std::vector<std::string> aware = deadlineAlgorithmIds();
    const bool served = std::any_of(checked.begin(), checked.end(), [&](const std::string& id) {
        return std::find(aware.begin(), aware.end(), id) != aware.end();
    });
    if (served || findAlgorithm(kForDeadlines) == nullptr) {
        return {};
    }
    return {kForDeadlines};
}

}  // namespace mr
