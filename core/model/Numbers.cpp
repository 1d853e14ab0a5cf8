#include "model/Numbers.h"

#include <locale.h>
#include <cerrno>
#include <charconv>
#include <clocale>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace mr {

namespace {

// POSIX's per-call locale: strtod_l reads '.' as the decimal point whatever setlocale() says
// (Qt sets the user's locale at start).
locale_t cLocale() {
    static const locale_t locale = newlocale(LC_ALL_MASK, "C", static_cast<locale_t>(nullptr));
    return locale;
}

bool plainDecimal(std::string_view text) {
    // strtod also reads hex floats, "nan(...)", "infinity" and leading spaces; we accept only
    // [+-]digits[.digits][(e|E)[+-]digits].
    std::size_t i = 0;
    const auto digits = [&] {
        const std::size_t start = i;
        while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
            ++i;
        }
        return i - start;
    };
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) {
        ++i;
    }
    std::size_t mantissa = digits();
    if (i < text.size() && text[i] == '.') {
        ++i;
        mantissa += digits();
    }
    if (mantissa == 0) {
        return false;
    }
    if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
        ++i;
        if (i < text.size() && (text[i] == '+' || text[i] == '-')) {
            ++i;
        }
        if (digits() == 0) {
            return false;
        }
    }
    return i == text.size();
}

}  // namespace

std::optional<double> parseDouble(std::string_view text) {
    if (!plainDecimal(text)) {
        return std::nullopt;
    }
    const std::string copy(text);  // strtod needs a terminated string
    errno = 0;
    char* end = nullptr;
    const double value = strtod_l(copy.c_str(), &end, cLocale());
    if (end != copy.c_str() + copy.size() || !std::isfinite(value)) {
        return std::nullopt;
    }
    // ERANGE on underflow still gives the nearest representable value (0 or a subnormal), which
    // is what the text means; overflow gave ±HUGE_VAL, refused above.
    return value;
}

std::string formatTime(double seconds) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, std::fabs(seconds) >= 1e6 ? "%.0f" : "%.6g", seconds);
    return buffer;
}

std::optional<std::int64_t> parseInteger(std::string_view text) {
    std::int64_t value = 0;
    const char* first = text.data();
    const char* last = text.data() + text.size();
    if (first != last && *first == '+') {
        ++first;
    }
    const auto [end, ec] = std::from_chars(first, last, value);  // integers: every library has it
    if (first == last || ec != std::errc() || end != last) {
        return std::nullopt;
    }
    return value;
}

std::optional<std::uint64_t> parseUnsigned(std::string_view text) {
    std::uint64_t value = 0;
    const char* first = text.data();
    const char* last = text.data() + text.size();
    if (first != last && *first == '+') {
        ++first;
    }
    const auto [end, ec] = std::from_chars(first, last, value);
    if (first == last || ec != std::errc() || end != last) {
        return std::nullopt;
    }
    return value;
}

}  // namespace mr
