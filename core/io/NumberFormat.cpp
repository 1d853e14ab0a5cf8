#include "io/NumberFormat.h"

#include <cmath>
#include <nlohmann/json.hpp>

namespace mr {

std::string formatNumber(double value) {
    if (std::isfinite(value) && value == std::floor(value) && std::fabs(value) < 1.0e15) {
        return std::to_string(static_cast<long long>(value));
    }
    return nlohmann::json(value).dump();  // shortest representation that reads back exactly
}

}  // namespace mr
