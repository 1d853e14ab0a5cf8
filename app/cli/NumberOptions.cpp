#include "cli/NumberOptions.h"

#include "io/NumberFormat.h"
#include "model/InputError.h"
#include "model/Numbers.h"

namespace mr::cli {

double readNumberOption(const std::string& field, std::string_view text, NumberBounds bounds,
                        bool whole) {
    std::optional<double> value;
    if (whole) {
        if (const auto integer = parseInteger(text)) {
            value = static_cast<double>(*integer);
        }
    } else {
        value = parseDouble(text);
    }
    const bool aboveMin =
        value && (bounds.minExclusive ? *value > bounds.min : *value >= bounds.min);
    if (value && aboveMin && *value <= bounds.max) {
        return *value;
    }
    // Whole bounds in digits, as people type them (formatNumber writes 2^53 as 9.007e+15).
    const auto bound = [whole](double value) {
        return whole ? std::to_string(static_cast<long long>(value)) : formatNumber(value);
    };
    const std::string range =
        bounds.minExclusive
            ? "greater than " + bound(bounds.min) + " and at most " + bound(bounds.max)
            : "between " + bound(bounds.min) + " and " + bound(bounds.max);
    const std::string kind = whole ? "a whole number" : "a number";
    throw InputError("", "", field,
                     "must be " + kind + " " + range + " (got '" + std::string(text) + "')");
}

namespace detail {

std::string fieldOf(const std::string& names) {
    const std::size_t last = names.rfind(',');
    std::string name = last == std::string::npos ? names : names.substr(last + 1);
    return name.substr(name.find_first_not_of('-'));
}

}  // namespace detail

}  // namespace mr::cli
