#include "cost/CostModelJson.h"

#include <functional>
#include <map>

#include "io/AtomicFile.h"
#include "io/FieldReader.h"
#include "io/JsonParse.h"
#include "io/JsonText.h"
#include "io/NumberFormat.h"
#include "io/TextFile.h"
#include "model/InputError.h"

namespace mr::cost {

using nlohmann::json;
using nlohmann::ordered_json;

namespace {

constexpr double kMax = 1.0e12;

const std::vector<std::string> kTopKeys = {"format",   "version", "name",     "description",
                                           "block_mb", "stores",  "machines", "transfer",
                                           "data",     "jobs"};
const std::vector<std::string> kStoreKeys = {"name", "capacity_mb"};
const std::vector<std::string> kMachineKeys = {"name", "store", "cpu_units", "cpu_cost_per_s",
                                               "uptime_s"};
const std::vector<std::string> kTransferKeys = {"default_cost_per_mb", "default_mb_per_s", "pairs"};
const std::vector<std::string> kPairKeys = {"a", "b", "cost_per_mb", "mb_per_s"};
const std::vector<std::string> kDataKeys = {"name", "size_mb", "origin"};
const std::vector<std::string> kJobKeys = {"name", "cpu_s", "cpu_s_per_mb", "data", "tasks"};

void refuseUnknown(const FieldReader& f, const std::vector<std::string>& known,
                   const std::string& what) {
    for (const auto& key : f.unknownKeys(known)) {
        std::string list;
        for (const auto& k : known) {
            list += (list.empty() ? "" : ", ") + k;
        }
        f.fail(key, "unknown " + what + " field (expected " + list + ")");
    }
}

// Calls `read(fields, index)` for each object of the array `key`; the reader names the item by
// its "name" (or "#N" when it has none yet) so that every error can say which one is wrong.
void forEachItem(const FieldReader& top, const char* key, const std::string& kind,
                 const std::string& file,
                 const std::function<void(const FieldReader&, std::size_t)>& read) {
    const json& array = top.raw(key);
    if (!array.is_array()) {
        top.fail(key, std::string("must be an array (got ") + array.type_name() + ")");
    }
    for (std::size_t i = 0; i < array.size(); ++i) {
        const json& value = array[i];
        std::string name = "#" + std::to_string(i + 1);
        if (value.is_object() && value.contains("name") && value["name"].is_string() &&
            !value["name"].get<std::string>().empty()) {
            name = value["name"].get<std::string>();
        }
        if (!value.is_object()) {
            throw InputError(file, name, "",
                             std::string("each entry of '") + key + "' must be a JSON object",
                             kind);
        }
        read(FieldReader(value, file, name, {}, kind), i);
    }
}

// Remembers `name` → `index`; a name used twice is refused.
void addName(std::map<std::string, int>& names, const std::string& name, std::size_t index,
             const FieldReader& fields) {
    if (!names.emplace(name, static_cast<int>(index)).second) {
        fields.fail("name", "is used twice");
    }
}

int storeByName(const std::map<std::string, int>& stores, const FieldReader& f, const char* key) {
    const std::string name = f.requiredString(key);
    const auto it = stores.find(name);
    if (it == stores.end()) {
        f.fail(key, "unknown store '" + name + "'");
    }
    return it->second;
}

// "transfer": its defaults and its priced pairs of stores (by name).
Transfer readTransfer(const FieldReader& f, const std::string& source,
                      const std::map<std::string, int>& stores) {
    Transfer prices;
    const FieldReader t(f.requiredObject("transfer"), source, "", "transfer.");
    refuseUnknown(t, kTransferKeys, "transfer");
    prices.defaultCostPerMb = t.requiredNumber("default_cost_per_mb", 0.0, kMax);
    prices.defaultMbPerS = t.requiredNumber("default_mb_per_s", 0.0, kMax, true);
    if (!t.has("pairs")) {
        return prices;
    }
    const json& pairs = t.raw("pairs");
    if (!pairs.is_array()) {
        t.fail("pairs", std::string("must be an array (got ") + pairs.type_name() + ")");
    }
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        const FieldReader p(pairs[i], source, "", "transfer.pairs[" + std::to_string(i) + "].");
        refuseUnknown(p, kPairKeys, "transfer pair");
        TransferPair pair;
        pair.a = storeByName(stores, p, "a");
        pair.b = storeByName(stores, p, "b");
        pair.costPerMb = p.optionalNumber("cost_per_mb", 0.0, kMax);
        pair.mbPerS = p.optionalNumber("mb_per_s", 0.0, kMax, true);
        prices.pairs.push_back(pair);
    }
    return prices;
}

// One entry of "jobs"; the data it reads by name.
CostJob readJob(const FieldReader& s, const std::map<std::string, int>& data) {
    refuseUnknown(s, kJobKeys, "job");
    CostJob j;
    j.name = s.requiredString("name");
    j.cpuS = s.optionalNumber("cpu_s", 0.0, kMax);
    j.cpuSPerMb = s.optionalNumber("cpu_s_per_mb", 0.0, kMax);
    const auto names = s.stringArray("data");
    for (const auto& name : names) {
        const auto it = data.find(name);
        if (it == data.end()) {
            s.fail("data", "reads '" + name + "', which is not in the model's data");
        }
        j.data.push_back(it->second);
    }
    if (s.has("tasks")) {
        j.tasks = static_cast<int>(s.requiredInt("tasks", 1, 10'000'000));
    }
    return j;
}

// A list of one-line items as the file writes it: "  KEY: [\n    ITEM,\n    ITEM\n  ]".
std::string listJson(const std::string& key, const std::vector<ordered_json>& items, bool last) {
    std::string out = "  " + json(key).dump() + ": [";
    for (std::size_t i = 0; i < items.size(); ++i) {
        out += (i == 0 ? "\n    " : ",\n    ") + toOneLine(items[i]);
    }
    out += items.empty() ? "]" : "\n  ]";
    return out + (last ? "\n" : ",\n");
}

// "transfer": the defaults, then the pairs one a line.
std::string transferJson(const CostModel& m) {
    std::string out =
        "  \"transfer\": {\"default_cost_per_mb\": " + formatNumber(m.transfer.defaultCostPerMb) +
        ", \"default_mb_per_s\": " + formatNumber(m.transfer.defaultMbPerS);
    if (m.transfer.pairs.empty()) {
        return out + "},\n";
    }
    out += ", \"pairs\": [";
    for (std::size_t i = 0; i < m.transfer.pairs.size(); ++i) {
        const auto& p = m.transfer.pairs[i];
        ordered_json pair = {{"a", m.stores[static_cast<std::size_t>(p.a)].name},
                             {"b", m.stores[static_cast<std::size_t>(p.b)].name}};
        if (p.costPerMb) {
            pair["cost_per_mb"] = *p.costPerMb;
        }
        if (p.mbPerS) {
            pair["mb_per_s"] = *p.mbPerS;
        }
        out += (i == 0 ? "\n    " : ",\n    ") + toOneLine(pair);
    }
    return out + "\n  ]},\n";
}

ordered_json jobJson(const CostModel& m, const CostJob& j) {
    ordered_json job = {{"name", j.name}};
    if (j.cpuS) {
        job["cpu_s"] = *j.cpuS;
    }
    if (j.cpuSPerMb) {
        job["cpu_s_per_mb"] = *j.cpuSPerMb;
    }
    std::vector<std::string> names;
    for (int d : j.data) {
        names.push_back(m.data[static_cast<std::size_t>(d)].name);
    }
    job["data"] = names;
    if (j.tasks) {
        job["tasks"] = *j.tasks;
    }
    return job;
}

}  // namespace

CostModel parseCostModel(const std::string& text, const std::string& source) {
    const json root = parseFormattedDocument(text, source, kCostModelFormat, kCostModelVersion);
    const FieldReader f(root, source, "");
    refuseUnknown(f, kTopKeys, "top-level");

    CostModel m;
    m.name = f.optionalString("name").value_or("");
    m.description = f.optionalString("description").value_or("");
    m.blockMb = f.optionalNumber("block_mb", 0.0, kMax, true).value_or(kDefaultBlockMb);

    std::map<std::string, int> stores;
    forEachItem(f, "stores", "store", source, [&](const FieldReader& s, std::size_t) {
        refuseUnknown(s, kStoreKeys, "store");
        Store store{s.requiredString("name"), s.requiredNumber("capacity_mb", 0.0, kMax)};
        addName(stores, store.name, m.stores.size(), s);
        m.stores.push_back(std::move(store));
    });

    forEachItem(f, "machines", "machine", source, [&](const FieldReader& s, std::size_t) {
        refuseUnknown(s, kMachineKeys, "machine");
        Machine mc;
        mc.name = s.requiredString("name");
        mc.store = storeByName(stores, s, "store");
        mc.cpuUnits = s.requiredNumber("cpu_units", 0.0, kMax, true);
        mc.cpuCostPerS = s.requiredNumber("cpu_cost_per_s", 0.0, kMax);
        mc.uptimeS = s.requiredNumber("uptime_s", 0.0, kMax);
        m.machines.push_back(std::move(mc));
    });

    m.transfer = readTransfer(f, source, stores);

    std::map<std::string, int> data;
    forEachItem(f, "data", "data", source, [&](const FieldReader& s, std::size_t) {
        refuseUnknown(s, kDataKeys, "data");
        DataObject d;
        d.name = s.requiredString("name");
        d.sizeMb = s.requiredNumber("size_mb", 0.0, kMax);
        d.origin = storeByName(stores, s, "origin");
        addName(data, d.name, m.data.size(), s);
        m.data.push_back(std::move(d));
    });

    forEachItem(f, "jobs", "job", source,
                [&](const FieldReader& s, std::size_t) { m.jobs.push_back(readJob(s, data)); });

    validate(m, source);
    return m;
}

CostModel loadCostModel(const std::string& path) {
    return parseCostModel(readTextFile(path), path);
}

std::string serializeCostModel(const CostModel& m) {
    auto storeName = [&](int s) { return m.stores[static_cast<std::size_t>(s)].name; };
    std::string out = "{\n";
    out += "  \"format\": \"" + std::string(kCostModelFormat) + "\",\n";
    out += "  \"version\": " + std::to_string(kCostModelVersion) + ",\n";
    out += "  \"name\": " + json(m.name).dump() + ",\n";
    if (!m.description.empty()) {
        out += "  \"description\": " + json(m.description).dump() + ",\n";
    }
    if (m.blockMb != kDefaultBlockMb) {
        out += "  \"block_mb\": " + formatNumber(m.blockMb) + ",\n";
    }
    std::vector<ordered_json> items;
    for (const auto& s : m.stores) {
        items.push_back({{"name", s.name}, {"capacity_mb", s.capacityMb}});
    }
    out += listJson("stores", items, false);
    items.clear();
    for (const auto& mc : m.machines) {
        items.push_back({{"name", mc.name},
                         {"store", storeName(mc.store)},
                         {"cpu_units", mc.cpuUnits},
                         {"cpu_cost_per_s", mc.cpuCostPerS},
                         {"uptime_s", mc.uptimeS}});
    }
    out += listJson("machines", items, false);
    out += transferJson(m);
    items.clear();
    for (const auto& d : m.data) {
        items.push_back({{"name", d.name}, {"size_mb", d.sizeMb}, {"origin", storeName(d.origin)}});
    }
    out += listJson("data", items, false);
    items.clear();
    for (const auto& j : m.jobs) {
        items.push_back(jobJson(m, j));
    }
    out += listJson("jobs", items, true);
    return out + "}\n";
}

void saveCostModel(const CostModel& model, const std::string& path) {
    validate(model, path);
    writeFileAtomically(path, serializeCostModel(model));
}

}  // namespace mr::cost
