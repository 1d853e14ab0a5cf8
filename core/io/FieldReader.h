// FieldReader — strict typed access to JSON objects for our file formats. Every failure throws
// InputError naming the file, the item (job, machine, ...) and the field. Shared by the workload
// and cost-model loaders so both are equally strict.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace mr {

class FieldReader {
public:
    // `object` must outlive this reader. `item` is the job (or other element) name; may be empty.
    // `itemKind` says what the item is in error messages ("job", "machine", "store", ...).
    FieldReader(const nlohmann::json& object, std::string file, std::string item,
                std::string fieldPrefix = {}, std::string itemKind = "job");

    bool has(const char* key) const;
    const nlohmann::json& raw(const char* key) const;  // throws if missing

    std::string requiredString(const char* key) const;
    std::optional<std::string> optionalString(const char* key) const;
    // Integers may be written as 30 or 30.0; anything else (30.5, "30", true) is refused.
    long long requiredInt(const char* key, long long min, long long max) const;
    std::optional<long long> optionalInt(const char* key, long long min, long long max) const;
    // Finite numbers within [min, max] (or (min, max] when minExclusive).
    double requiredNumber(const char* key, double min, double max, bool minExclusive = false) const;
    std::optional<double> optionalNumber(const char* key, double min, double max,
                                         bool minExclusive = false) const;
    std::vector<double> numberArray(const char* key, double min, double max,
                                    std::size_t maxSize) const;
    std::vector<std::string> stringArray(const char* key) const;
    const nlohmann::json& requiredObject(const char* key) const;

    // Keys of the object that are not in `known`.
    std::vector<std::string> unknownKeys(const std::vector<std::string>& known) const;

    [[noreturn]] void fail(const std::string& key, const std::string& message) const;
    std::string fieldName(const std::string& key) const { return m_prefix + key; }

private:
    double checkedNumber(const nlohmann::json& value, const std::string& field, double min,
                         double max, bool minExclusive) const;

    const nlohmann::json& m_object;
    std::string m_file;
    std::string m_item;
    std::string m_prefix;
    std::string m_itemKind;
};

}  // namespace mr
