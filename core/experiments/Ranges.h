// Ranges — the FROM:TO:STEP values every sweep takes (inter-arrival times, epoch lengths, machine
// counts). One parser, so every command reads ranges the same way and says the same thing when
// one is wrong.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mr {

struct RangeText {
    double from = 0.0;
    double to = 0.0;
    double step = 1.0;
};
// The numbers of "FROM:TO:STEP", "FROM:TO" (STEP 1) or "N" (FROM = TO = N), each read with
// parseDouble (model/Numbers.h); nullopt when the text is not of that shape. The one reader of
// ranges: parseRange, parseNodeRange and the explorer's command line use it.
std::optional<RangeText> readRange(std::string_view text);

// FROM, FROM+STEP, ... up to TO (TO included up to rounding). Throws InputError naming `field`
// when a value is not finite, STEP <= 0, FROM > TO, or there would be more than 10 000 values.
std::vector<double> rangeValues(double from, double to, double step, const std::string& field);

// "FROM:TO:STEP", "FROM:TO" (step 1) or "N" -> rangeValues; FROM must be >= 0. Throws
// InputError naming `field` otherwise.
std::vector<double> parseRange(std::string_view text, const std::string& field);

}  // namespace mr
