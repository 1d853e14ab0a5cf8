// Numbers — the one way the program reads a number from text (command-line values, ranges, CSV
// and TSV cells). Whole texts only: no leading or trailing spaces, no trailing characters. Reads
// the same on every standard library and in every locale (a German desktop's "1,5" is not 1.5):
// doubles through the C library's correctly rounded strtod in the "C" locale, not
// std::from_chars, which Debian's libc++ lacks for floating point.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace mr {

// A decimal or scientific number ("3", "-2.5", "1e-3", "0x1p3" is refused); nullopt for anything
// else, including "nan", "inf" and values out of the double range.
std::optional<double> parseDouble(std::string_view text);
// A whole number in decimal ("42", "-7"); nullopt when not whole or out of range.
std::optional<std::int64_t> parseInteger(std::string_view text);
std::optional<std::uint64_t> parseUnsigned(std::string_view text);

// A time or duration for people: "47", "35.6667" (six significant digits, no trailing zeros,
// never scientific notation for large times). Machine-readable output uses formatNumber().
std::string formatTime(double seconds);

}  // namespace mr
