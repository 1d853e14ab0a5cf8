#include "io/JsonFields.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fstream>
#include <limits>
#include <sstream>

#include "model/InputError.h"

namespace mr {

using nlohmann::json;

JsonFields::JsonFields(const json& object, std::string file, std::string item,
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

void JsonFields::fail(const std::string& key, const std::string& message) const {
    throw InputError(m_file, m_item, fieldName(key), message, m_itemKind);
}

bool JsonFields::has(const char* key) const {
    return m_object.contains(key);
}

const json& JsonFields::raw(const char* key) const {
    const auto it = m_object.find(key);
    if (it == m_object.end()) {
        fail(key, "is required");
    }
    return *it;
}

std::string JsonFields::requiredString(const char* key) const {
    const json& value = raw(key);
    if (!value.is_string()) {
        fail(key, std::string("must be a string (got ") + value.type_name() + ")");
    }
    return value.get<std::string>();
}

std::optional<std::string> JsonFields::optionalString(const char* key) const {
    if (!has(key)) {
        return std::nullopt;
    }
    return requiredString(key);
}

long long JsonFields::requiredInt(const char* key, long long min, long long max) const {
    const json& value = raw(key);
    long long result = 0;
    if (value.is_number_integer()) {
        if (value.is_number_unsigned() &&
            value.get<unsigned long long>() >
                static_cast<unsigned long long>(std::numeric_limits<long long>::max())) {
            fail(key, "is too large");
        }
        result = value.get<long long>();
    } else if (value.is_number_float()) {
        const double d = value.get<double>();
        if (!std::isfinite(d) || d != std::floor(d) || std::fabs(d) > 9.0e15) {
            fail(key, "must be a whole number (got " + value.dump() + ")");
        }
        result = static_cast<long long>(d);
    } else {
        fail(key, std::string("must be a whole number (got ") + value.type_name() + ")");
    }
    if (result < min || result > max) {
        fail(key, "must be between " + std::to_string(min) + " and " + std::to_string(max) +
                      " (got " + std::to_string(result) + ")");
    }
    return result;
}

std::optional<long long> JsonFields::optionalInt(const char* key, long long min,
                                                 long long max) const {
    if (!has(key)) {
        return std::nullopt;
    }
    return requiredInt(key, min, max);
}

double JsonFields::checkedNumber(const json& value, const std::string& field, double min,
                                 double max, bool minExclusive) const {
    if (!value.is_number()) {
        throw InputError(m_file, m_item, field,
                         std::string("must be a number (got ") + value.type_name() + ")",
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

double JsonFields::requiredNumber(const char* key, double min, double max,
                                  bool minExclusive) const {
    return checkedNumber(raw(key), fieldName(key), min, max, minExclusive);
}

std::optional<double> JsonFields::optionalNumber(const char* key, double min, double max,
                                                 bool minExclusive) const {
    if (!has(key)) {
        return std::nullopt;
    }
    return requiredNumber(key, min, max, minExclusive);
}

std::vector<double> JsonFields::numberArray(const char* key, double min, double max,
                                            std::size_t maxSize) const {
    const json& value = raw(key);
    if (!value.is_array()) {
        fail(key, std::string("must be an array of numbers (got ") + value.type_name() + ")");
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

std::vector<std::string> JsonFields::stringArray(const char* key) const {
    const json& value = raw(key);
    if (!value.is_array()) {
        fail(key, std::string("must be an array of strings (got ") + value.type_name() + ")");
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

const json& JsonFields::requiredObject(const char* key) const {
    const json& value = raw(key);
    if (!value.is_object()) {
        fail(key, std::string("must be a JSON object (got ") + value.type_name() + ")");
    }
    return value;
}

std::vector<std::string> JsonFields::unknownKeys(const std::vector<std::string>& known) const {
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

namespace {

// nlohmann refuses numbers that overflow a double ("1e999") without a position. Find the token,
// its line and column, the key it belongs to and the "name" of the enclosing object, so the
// error can name the job and the field like every other error.
[[noreturn]] void throwOverflow(const std::string& text, const std::string& file,
                                const std::string& what) {
    const auto q1 = what.find('\'');
    const auto q2 = what.rfind('\'');
    const std::string token = q1 < q2 ? what.substr(q1 + 1, q2 - q1 - 1) : std::string();
    std::size_t at = token.empty() ? std::string::npos : text.find(token);
    while (at != std::string::npos) {
        std::size_t before = at;
        while (before > 0 && std::isspace(static_cast<unsigned char>(text[before - 1]))) {
            --before;
        }
        if (before > 0 &&
            (text[before - 1] == ':' || text[before - 1] == ',' || text[before - 1] == '[')) {
            break;
        }
        at = text.find(token, at + 1);
    }
    if (at == std::string::npos) {
        throw InputError(file, "", "", "a number is too large to be finite: " + what);
    }
    // The key: the last "...": before the token.
    std::string field;
    const std::size_t colon = text.rfind("\":", at);
    if (colon != std::string::npos) {
        const std::size_t open = text.rfind('"', colon - 1);
        if (open != std::string::npos) {
            field = text.substr(open + 1, colon - open - 1);
        }
    }
    // The enclosing object's "name" (for arrays: the object holding the array).
    std::string item;
    int depth = 0;
    std::size_t start = at;
    while (start > 0) {
        const char c = text[--start];
        if (c == '}' || c == ']') {
            ++depth;
        } else if (c == '{' || c == '[') {
            if (depth > 0) {
                --depth;
            } else if (c == '{') {
                break;  // the enclosing object; an enclosing array is looked through
            }
        }
    }
    const std::size_t nameKey = text.find("\"name\"", start);
    if (text[start] == '{' && nameKey != std::string::npos && nameKey < text.find('}', start)) {
        const std::size_t open = text.find('"', text.find(':', nameKey) + 1);
        const std::size_t close = open == std::string::npos ? open : text.find('"', open + 1);
        if (close != std::string::npos) {
            item = text.substr(open + 1, close - open - 1);
        }
    }
    const std::size_t line =
        1 + static_cast<std::size_t>(
                std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
    throw InputError(
        file, item, field,
        "must be a finite number (got " + token + ", line " + std::to_string(line) + ")");
}

}  // namespace

json parseJsonText(const std::string& text, const std::string& file) {
    try {
        return json::parse(text);
    } catch (const json::out_of_range& e) {
        throwOverflow(text, file, e.what());
    } catch (const json::parse_error& e) {
        std::string what = e.what();
        // Drop nlohmann's "[json.exception.parse_error.101] " prefix: users need the position.
        const auto bracket = what.find("] ");
        if (what.rfind("[json.exception", 0) == 0 && bracket != std::string::npos) {
            what = what.substr(bracket + 2);
        }
        throw InputError(file, "", "", "not valid JSON (truncated or corrupt file?): " + what);
    }
}

json parseFormattedDocument(const std::string& text, const std::string& file,
                            const std::string& format, int version) {
    json root = parseJsonText(text, file);
    if (!root.is_object()) {
        throw InputError(file, "", "", "the file must hold one JSON object");
    }
    const JsonFields f(root, file, "");
    const std::string found = f.requiredString("format");
    if (found != format) {
        f.fail("format", "expected \"" + format + "\" (got \"" + found + "\")");
    }
    const long long v = f.requiredInt("version", std::numeric_limits<long long>::min(),
                                      std::numeric_limits<long long>::max());
    if (v != version) {
        f.fail("version", "unsupported version " + std::to_string(v) +
                              " (this program reads version " + std::to_string(version) + ")");
    }
    return root;
}

std::string readTextFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        throw InputError(path, "", "", "cannot open the file for reading");
    }
    std::ostringstream buffer;
    buffer << in.rdbuf();
    if (in.bad()) {
        throw InputError(path, "", "", "error while reading the file");
    }
    return buffer.str();
}

std::string formatNumber(double value) {
    if (std::isfinite(value) && value == std::floor(value) && std::fabs(value) < 1.0e15) {
        return std::to_string(static_cast<long long>(value));
    }
    return json(value).dump();  // shortest representation that reads back exactly
}

std::string toOneLine(const nlohmann::ordered_json& value) {
    if (value.is_object()) {
        std::string out = "{";
        bool first = true;
        for (auto it = value.begin(); it != value.end(); ++it) {
            out += first ? "" : ", ";
            first = false;
            out += json(it.key()).dump() + ": " + toOneLine(it.value());
        }
        return out + "}";
    }
    if (value.is_array()) {
        std::string out = "[";
        for (std::size_t i = 0; i < value.size(); ++i) {
            out += (i == 0 ? "" : ", ") + toOneLine(value[i]);
        }
        return out + "]";
    }
    if (value.is_number_float()) {
        return formatNumber(value.get<double>());
    }
    return value.dump();
}

}  // namespace mr
