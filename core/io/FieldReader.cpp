#include "io/FieldReader.h"

#include <cmath>
#include <limits>

#include "io/NumberFormat.h"
#include "model/InputError.h"

namespace mr {

using nlohmann::json;

namespace {

// A value as an error message shows it: a number or a literal as written, a string quoted (its
// first 40 bytes, made safe for one line), an array or an object by its kind.
std::string shownValue(const json& value) {
    if (value.is_string()) {
        constexpr std::size_t kShown = 40;
        const std::string& text = value.get_ref<const std::string&>();
        // Not inside a UTF-8 sequence: back to the start of the character at the cut.
        std::size_t cut = std::min(text.size(), kShown);
        while (cut < text.size() && cut > 0 &&
               (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) {
            --cut;
        }
        return "\"" + escapeForMessage(std::string_view(text).substr(0, cut)) +
               (cut < text.size() ? "…" : "") + "\"";
    }
    if (value.is_array()) {
        return "an array";
    }
    if (value.is_object()) {
        return "an object";
    }
    return value.dump();
}

}  // namespace

FieldReader::FieldReader(const json& object, std::string file, std::string item,
                         std::string fieldPrefix, std::string itemKind)
    : m_object(object),
      m_file(std::move(file)),
      m_item(std::move(item)),
      m_prefix(std::move(fieldPrefix)),
      m_itemKind(std::move(itemKind)) {
    if (!m_object.is_object()) {
        throw InputError(m_file, m_item,
                         m_prefix.empty() ? "" : m_prefix.substr(0, m_prefix.size() - 1),
                         "must be a JSON object", m_itemKind);
    }
}

void FieldReader::fail(const std::string& key, const std::string& message) const {
    throw InputError(m_file, m_item, fieldName(key), message, m_itemKind);
}

bool FieldReader::has(const char* key) const {
    return m_object.contains(key);
}

const json& FieldReader::raw(const char* key) const {
    const auto it = m_object.find(key);
    if (it == m_object.end()) {
        fail(key, "is required");
    }
    return *it;
}

std::string FieldReader::requiredString(const char* key) const {
    const json& value = raw(key);
    if (!value.is_string()) {
        fail(key, "must be a string (got " + shownValue(value) + ")");
    }
    return value.get<std::string>();
}

std::optional<std::string> FieldReader::optionalString(const char* key) const {
    if (!has(key)) {
        return std::nullopt;
    }
    return requiredString(key);
}

long long FieldReader::requiredInt(const char* key, long long min, long long max) const {
    const json& value = raw(key);
    const auto outOfRange = [&] {
        fail(key, "must be between " + std::to_string(min) + " and " + std::to_string(max) +
                      " (got " + shownValue(value) + ")");
    };
    long long result = 0;
    if (value.is_number_integer()) {
        if (value.is_number_unsigned() &&
            value.get<unsigned long long>() >
                static_cast<unsigned long long>(std::numeric_limits<long long>::max())) {
            outOfRange();
        }
        result = value.get<long long>();
    } else if (value.is_number_float()) {
        // A whole number out of range (1e30 maps) is out of range, not "not whole".
        const double d = value.get<double>();
        if (!std::isfinite(d) || d != std::floor(d)) {
            fail(key, "must be a whole number (got " + shownValue(value) + ")");
        }
        if (d < static_cast<double>(min) || d > static_cast<double>(max)) {
            outOfRange();
        }
        if (std::fabs(d) > 9.0e15) {  // beyond what a double holds exactly (and a long long)
            fail(key, "is too large to be exact (got " + shownValue(value) + ")");
        }
        result = static_cast<long long>(d);
    } else {
        fail(key, "must be a whole number (got " + shownValue(value) + ")");
    }
    if (result < min || result > max) {
        outOfRange();
    }
    return result;
}

std::optional<long long> FieldReader::optionalInt(const char* key, long long min,
                                                  long long max) const {
    if (!has(key)) {
        return std::nullopt;
    }
    return requiredInt(key, min, max);
}

double FieldReader::checkedNumber(const json& value, const std::string& field, double min,
                                  double max, bool minExclusive) const {
    if (!value.is_number()) {
        throw InputError(m_file, m_item, field, "must be a number (got " + shownValue(value) + ")",
                         m_itemKind);
    }
    const double d = value.get<double>();
    const bool belowMin = minExclusive ? !(d > min) : !(d >= min);
    if (!std::isfinite(d) || belowMin || d > max) {
        std::string range = minExclusive ? "> " + formatNumber(min) : ">= " + formatNumber(min);
        if (max < std::numeric_limits<double>::max()) {
            range += " and <= " + formatNumber(max);
        }
        throw InputError(m_file, m_item, field,
                         "must be a finite number " + range + " (got " + value.dump() + ")",
                         m_itemKind);
    }
    return d;
}

double FieldReader::requiredNumber(const char* key, double min, double max,
                                   bool minExclusive) const {
    return checkedNumber(raw(key), fieldName(key), min, max, minExclusive);
}

std::optional<double> FieldReader::optionalNumber(const char* key, double min, double max,
                                                  bool minExclusive) const {
    if (!has(key)) {
        return std::nullopt;
    }
    return requiredNumber(key, min, max, minExclusive);
}

std::vector<double> FieldReader::numberArray(const char* key, double min, double max,
                                             std::size_t maxSize) const {
    const json& value = raw(key);
    if (!value.is_array()) {
        fail(key, "must be an array of numbers (got " + shownValue(value) + ")");
    }
    if (value.size() > maxSize) {
        fail(key, "has " + std::to_string(value.size()) + " entries; at most " +
                      std::to_string(maxSize) + " are allowed");
    }
    std::vector<double> result;
    result.reserve(value.size());
    for (std::size_t i = 0; i < value.size(); ++i) {
        result.push_back(checkedNumber(value[i], fieldName(key) + "[" + std::to_string(i) + "]",
                                       min, max, false));
    }
    return result;
}

std::vector<std::string> FieldReader::stringArray(const char* key) const {
    const json& value = raw(key);
    if (!value.is_array()) {
        fail(key, "must be an array of strings (got " + shownValue(value) + ")");
    }
    std::vector<std::string> result;
    for (std::size_t i = 0; i < value.size(); ++i) {
        if (!value[i].is_string()) {
            throw InputError(m_file, m_item, fieldName(key) + "[" + std::to_string(i) + "]",
                             "must be a string", m_itemKind);
        }
        result.push_back(value[i].get<std::string>());
    }
    return result;
}

const json& FieldReader::requiredObject(const char* key) const {
    const json& value = raw(key);
    if (!value.is_object()) {
        fail(key, "must be a JSON object (got " + shownValue(value) + ")");
    }
    return value;
}

std::vector<std::string> FieldReader::unknownKeys(const std::vector<std::string>& known) const {
    std::vector<std::string> unknown;
    for (auto it = m_object.begin(); it != m_object.end(); ++it) {
        bool isKnown = false;
        for (const auto& k : known) {
            isKnown = isKnown || k == it.key();
        }
        if (!isKnown) {
            unknown.push_back(it.key());
        }
    }
    return unknown;
}

}  // namespace mr
