#include "experiments/Ranges.h"

#include <charconv>
#include <cmath>

#include "model/InputError.h"

namespace mr {

std::vector<double> rangeValues(double from, double to, double step, const std::string& field) {
    if (!std::isfinite(from) || !std::isfinite(to) || !std::isfinite(step)) {
        throw InputError("", "", field, "FROM:TO:STEP must be finite numbers");
    }
    if (step <= 0.0) {
        throw InputError("", "", field, "STEP must be > 0");
    }
    if (from > to) {
        throw InputError("", "", field, "FROM must not be above TO");
    }
    // The tolerance keeps TO when (TO − FROM) / STEP lands a hair below a whole number.
    const double count = std::floor((to - from) / step * (1.0 + 1e-12) + 1e-9) + 1.0;
    if (count > 10000.0) {
        throw InputError("", "", field, "more than 10000 points");
    }
    std::vector<double> values;
    for (int i = 0; i < static_cast<int>(count); ++i) {
        values.push_back(from + i * step);
    }
    return values;
}

std::vector<double> parseRange(std::string_view text, const std::string& field) {
    std::vector<double> parts;
    std::size_t start = 0;
    while (parts.size() < 4) {
        const std::size_t colon = text.find(':', start);
        const std::string_view part = text.substr(
            start, colon == std::string_view::npos ? std::string_view::npos : colon - start);
        double value = 0.0;
        const auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), value);
        if (part.empty() || ec != std::errc() || end != part.data() + part.size()) {
            throw InputError("", "", field,
                             "expected FROM:TO:STEP (got '" + std::string(text) + "')");
        }
        parts.push_back(value);
        if (colon == std::string_view::npos) {
            break;
        }
        start = colon + 1;
    }
    if (parts.size() > 3) {
        throw InputError("", "", field, "expected FROM:TO:STEP (got '" + std::string(text) + "')");
    }
    if (parts[0] < 0.0) {
        throw InputError("", "", field, "FROM must be >= 0 (got '" + std::string(text) + "')");
    }
    return rangeValues(parts[0], parts.size() > 1 ? parts[1] : parts[0],
                       parts.size() > 2 ? parts[2] : 1.0, field);
}

}  // namespace mr
