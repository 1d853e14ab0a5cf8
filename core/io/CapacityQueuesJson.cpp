#include "io/CapacityQueuesJson.h"

#include "io/FieldReader.h"
#include "model/InputError.h"

namespace mr {

using nlohmann::json;
using nlohmann::ordered_json;

namespace {

const std::vector<std::string> kQueueKeys = {
    "name", "capacity", "maximum_capacity", "user_limit_factor", "ordering", "queues"};

std::vector<CapacityQueueSpec> readQueues(const json& value, const std::string& file,
                                          const std::string& field);

CapacityQueueSpec readQueue(const json& value, const std::string& file, const std::string& prefix) {
    if (!value.is_object()) {
        throw InputError(file, "", prefix.substr(0, prefix.size() - 1),
                         "each queue must be a JSON object");
    }
    const FieldReader f(value, file, "", prefix);
    for (const auto& key : f.unknownKeys(kQueueKeys)) {
        f.fail(key,
               "unknown queue field (expected name, capacity, maximum_capacity, "
               "user_limit_factor, ordering, queues)");
    }
    CapacityQueueSpec q;
    q.name = f.requiredString("name");
    q.capacity = f.requiredNumber("capacity", 0.0, 100.0);
    q.maximumCapacity = f.optionalNumber("maximum_capacity", 0.0, 100.0).value_or(100.0);
    if (f.has("user_limit_factor") && f.raw("user_limit_factor") == json(-1)) {
        q.userLimitFactor = kNoUserLimit;
    } else {
        q.userLimitFactor = f.optionalNumber("user_limit_factor", 0.0, 1e6, true).value_or(1.0);
    }
    const std::string ordering = f.optionalString("ordering").value_or("fifo");
    if (ordering != "fifo" && ordering != "fair") {
        f.fail("ordering", "must be \"fifo\" or \"fair\" (got \"" + ordering + "\")");
    }
    q.fair = ordering == "fair";
    if (f.has("queues")) {
        q.children = readQueues(f.raw("queues"), file, f.fieldName("queues"));
    }
    return q;
}

std::vector<CapacityQueueSpec> readQueues(const json& value, const std::string& file,
                                          const std::string& field) {
    if (!value.is_array() || value.empty()) {
        throw InputError(file, "", field, "must be a non-empty array of queues");
    }
    std::vector<CapacityQueueSpec> queues;
    for (std::size_t i = 0; i < value.size(); ++i) {
        queues.push_back(readQueue(value[i], file, field + "[" + std::to_string(i) + "]."));
    }
    return queues;
}

}  // namespace

std::vector<CapacityQueueSpec> readCapacityQueuesJson(const json& value, const std::string& file) {
    std::vector<CapacityQueueSpec> queues = readQueues(value, file, "capacity_queues");
    validateCapacityQueues(queues, file);
    return queues;
}

ordered_json capacityQueuesJson(const std::vector<CapacityQueueSpec>& queues) {
    ordered_json out = ordered_json::array();
    for (const CapacityQueueSpec& q : queues) {
        ordered_json queue;
        queue["name"] = q.name;
        queue["capacity"] = q.capacity;
        queue["maximum_capacity"] = q.maximumCapacity;
        queue["user_limit_factor"] = q.userLimitFactor;
        queue["ordering"] = q.fair ? "fair" : "fifo";
        if (!q.children.empty()) {
            queue["queues"] = capacityQueuesJson(q.children);
        }
        out.push_back(std::move(queue));
    }
    return out;
}

}  // namespace mr
