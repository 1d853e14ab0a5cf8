// JsonText — the compact one-line JSON our canonical files write (one job, one machine per line).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace mr {

// Compact one-line JSON with ", " and ": " separators and formatNumber() for doubles.
std::string toOneLine(const nlohmann::ordered_json& value);

}  // namespace mr
