#include "catalog/AlgorithmCatalog.h"

#include <algorithm>

#include "cost/CostAlgorithms.h"
#include "io/TextTable.h"
#include "schedulers/Registry.h"

namespace mr {

namespace {

using nlohmann::ordered_json;

// The option's default as a JSON value of its type.
ordered_json defaultJson(const OptionSpec& spec) {
    switch (spec.type) {
        case OptionType::Flag:
            return spec.defaultValue == "true";
        case OptionType::Integer:
        case OptionType::Real:
            return ordered_json::parse(spec.defaultValue);
        case OptionType::Choice:
            return spec.defaultValue;
        case OptionType::Names: {
            ordered_json names = ordered_json::array();
            std::size_t start = 0;
            while (start < spec.defaultValue.size()) {
                const std::size_t comma = spec.defaultValue.find(',', start);
                names.push_back(spec.defaultValue.substr(start, comma - start));
                start = comma == std::string::npos ? spec.defaultValue.size() : comma + 1;
            }
            return names;
        }
    }
    return nullptr;
}

ordered_json optionJson(const OptionSpec& spec) {
    ordered_json o;
    o["id"] = spec.id;
    o["type"] = toString(spec.type);
    o["default"] = defaultJson(spec);
    o["help"] = spec.help;
    if (spec.type == OptionType::Integer || spec.type == OptionType::Real) {
        o["min"] = spec.min;
        o["max"] = spec.max;
        if (spec.minExclusive) {
            o["min_exclusive"] = true;
        }
    }
    if (spec.type == OptionType::Choice) {
        o["choices"] = spec.choices;
    }
    if (!spec.unit.empty()) {
        o["unit"] = spec.unit;
    }
    if (!spec.needsFlag.empty()) {
        o["requires"] = spec.needsFlag;
    }
    return o;
}

// Own options first, then the common ones it does not list already.
std::vector<std::string> optionIdsOf(const AlgorithmInfo& info) {
    std::vector<std::string> ids = info.options;
    if (!info.needs.costModel) {
        for (const auto& id : commonOptionIds()) {
            if (std::find(ids.begin(), ids.end(), id) == ids.end()) {
                ids.push_back(id);
            }
        }
    }
    return ids;
}

}  // namespace

std::vector<AlgorithmInfo> algorithmCatalog() {
    std::vector<AlgorithmInfo> list;
    for (const Algorithm* a : allAlgorithms()) {
        list.push_back(a->info());
    }
    for (const AlgorithmInfo& info : cost::costAlgorithms()) {
        list.push_back(info);
    }
    return list;
}

const OptionSpec* findAnyOptionSpec(const std::string& id) {
    if (const OptionSpec* spec = findOptionSpec(id)) {
        return spec;
    }
    for (const OptionSpec& spec : cost::costOptionSpecs()) {
        if (spec.id == id) {
            return &spec;
        }
    }
    return nullptr;
}

ordered_json algorithmCatalogJson() {
    ordered_json list = ordered_json::array();
    for (const AlgorithmInfo& info : algorithmCatalog()) {
        ordered_json a;
        a["id"] = info.id;
        a["name"] = info.name;
        a["description"] = info.description;
        a["source"] = info.source;
        ordered_json options = ordered_json::array();
        for (const auto& id : optionIdsOf(info)) {
            if (const OptionSpec* spec = findAnyOptionSpec(id)) {
                options.push_back(optionJson(*spec));
            }
        }
        a["options"] = options;
        a["needs"] = {{"arrivals", info.needs.arrivals},
                      {"deadlines", info.needs.deadlines},
                      {"cost_model", info.needs.costModel}};
        a["interactive"] = info.interactive;
        a["default"] = info.byDefault;
        a["baseline"] = info.baseline;
        if (!info.needs.costModel) {
            a["unequal_nodes"] = info.unequalNodes;  // why it refuses them; empty: it runs
        }
        list.push_back(std::move(a));
    }
    ordered_json out;
    out["format"] = "mrx-algorithms";
    out["version"] = 1;
    out["algorithms"] = list;
    return out;
}

std::string algorithmCatalogText() {
    std::vector<std::vector<std::string>> rows{{"id", "name", "reference", "description"}};
    for (const AlgorithmInfo& info : algorithmCatalog()) {
        rows.push_back({info.id, info.name, info.source, info.description});
    }
    return textTable(rows, "llll");
}

}  // namespace mr
