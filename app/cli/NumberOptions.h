// NumberOptions — mrsim's numeric options, read with the program's one number reader
// (model/Numbers.h) and refused in the words of the run options (schedulers/RunOptions.h):
// "field 'jobs': must be a whole number between 1 and 1000000 (got '1e30')". CLI11's own
// conversions are not used for numbers: they take "0x10" and "1e3" as whole numbers, wrap "-1"
// round for unsigned targets and word their refusals their own way.
#pragma once

#include <CLI/CLI.hpp>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

#include "model/Limits.h"

namespace mr::cli {

// The accepted values: [min, max], or (min, max] when minExclusive.
struct NumberBounds {
    double min = 0.0;
    double max = 0.0;
    bool minExclusive = false;
};

// `text` as a number within `bounds` (a whole one when `whole`), else InputError on field
// `field` saying what is accepted.
double readNumberOption(const std::string& field, std::string_view text, NumberBounds bounds,
                        bool whole);

namespace detail {
std::string fieldOf(const std::string& names);  // "-o,--jobs" -> "jobs"

template <class T>
struct NumberOf {
    using type = T;
};
template <class T>
struct NumberOf<std::optional<T>> {
    using type = T;
};
}  // namespace detail

// Declares the option `names` ("--jobs", "-n,--nodes") reading into `target` (an arithmetic type
// or std::optional of one); METAVAR in --help is `metavar` (N, SECONDS, ...).
template <class T>
CLI::Option* addNumberOption(CLI::App& app, const std::string& names, T& target,
                             NumberBounds bounds, const std::string& help,
                             const std::string& metavar) {
    using Value = typename detail::NumberOf<T>::type;
    static_assert(std::is_arithmetic_v<Value>);
    const std::string field = detail::fieldOf(names);
    return app
        .add_option_function<std::string>(
            names,
            [&target, field, bounds](const std::string& text) {
                target = static_cast<Value>(
                    readNumberOption(field, text, bounds, std::is_integral_v<Value>));
            },
            help)
        ->type_name(metavar);
}

}  // namespace mr::cli
