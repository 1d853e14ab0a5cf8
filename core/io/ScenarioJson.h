// ScenarioJson — the "scenario" section of a workload file, and scenario files for
// `mrsim run --scenario FILE` (the same object on its own): docs/formats.md, "Scenario".
// Strict like the workload loader: every problem is one InputError naming the file and the field.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "model/Scenario.h"

namespace mr {

// Reads the scenario object `value`; fields are named "scenario.…" in errors. Checks what can be
// checked without the workload (ranges, types, unknown fields); validateScenario() does the rest.
Scenario readScenario(const nlohmann::json& value, const std::string& file);
// The object readScenario reads back to `scenario` (only the fields that differ from defaults).
nlohmann::ordered_json scenarioJson(const Scenario& scenario);
// A scenario file: one JSON object, the same fields as a workload's "scenario" section.
Scenario loadScenarioFile(const std::string& path);

}  // namespace mr
