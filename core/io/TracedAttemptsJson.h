// TracedAttemptsJson — a job's "traced_attempts" array in a workload file (docs/formats.md,
// "traced_attempts"; model/TracedAttempt.h). Strict like the workload loader: a wrong type, a
// missing or unknown field is one InputError naming the file, the job and the field.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "model/TracedAttempt.h"

namespace mr {

// Reads the array `value` of job `job`; validateTracedAttempts() checks it against the job.
std::vector<TracedAttempt> readTracedAttempts(const nlohmann::json& value, const std::string& file,
                                              const std::string& job);
nlohmann::ordered_json tracedAttemptsJson(const std::vector<TracedAttempt>& attempts);

}  // namespace mr
