#include "experiments/Ranges.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "model/InputError.h"
#include "model/Numbers.h"

namespace mr {

namespace {

// The value as the user would have typed it: FROM + i·STEP carries the binary error of STEP
// (0 + 3 × 0.1 is 0.30000000000000004), which every output would print; 15 significant digits
// drop that error and keep every value a decimal FROM:TO:STEP can name.
double decimalValue(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.15g", value);
    return std::strtod(text, nullptr);
}

}  // namespace

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
        values.push_back(decimalValue(from + i * step));
    }
    return values;
}

std::optional<RangeText> readRange(std::string_view text) {
    std::vector<double> parts;
    std::size_t start = 0;
    while (parts.size() < 3) {
        const std::size_t colon = text.find(':', start);
        const std::optional<double> value = parseDouble(text.substr(
            start, colon == std::string_view::npos ? std::string_view::npos : colon - start));
        if (!value) {
            return std::nullopt;
        }
        parts.push_back(*value);
        if (colon == std::string_view::npos) {
            RangeText range{parts[0], parts.size() > 1 ? parts[1] : parts[0],
                            parts.size() > 2 ? parts[2] : 1.0};
            return range;
        }
        start = colon + 1;
    }
    return std::nullopt;  // a fourth part
}

std::vector<double> parseRange(std::string_view text, const std::string& field) {
    const std::optional<RangeText> range = readRange(text);
    if (!range) {
        throw InputError("", "", field, "expected FROM:TO:STEP (got '" + std::string(text) + "')");
    }
    if (range->from < 0.0) {
        throw InputError("", "", field, "FROM must be >= 0 (got '" + std::string(text) + "')");
    }
    return rangeValues(range->from, range->to, range->step, field);
}

}  // namespace mr
