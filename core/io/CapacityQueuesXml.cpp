#include "io/CapacityQueuesXml.h"

#include <map>
#include <optional>
#include <set>

#include "io/HadoopConfXml.h"
#include "io/TextFile.h"
#include "model/InputError.h"
#include "model/Numbers.h"

namespace mr {

namespace {

const char* const kSupported =
    "supported: <queue-path>.queues, .capacity, .maximum-capacity, .user-limit-factor, "
    ".ordering-policy, .state";

class TreeReader {
public:
    TreeReader(const std::vector<ConfProperty>& properties, const std::string& file)
        : m_file(file) {
        for (const ConfProperty& p : properties) {
            const auto [it, added] = m_byName.emplace(p.name, &p);
            if (!added) {
                throw InputError(m_file, "", p.name,
                                 "line " + std::to_string(p.line) + ": set again (first on line " +
                                     std::to_string(it->second->line) + ")");
            }
        }
    }

    std::vector<CapacityQueueSpec> root() {
        const std::string key = std::string(kCapacityPrefix) + "root.queues";
        if (!m_byName.count(key)) {
            throw InputError(m_file, "", key, "missing: it lists the queues under root");
        }
        return children("root");
    }

    // The first property nothing read, in file order (nullptr: none).
    const ConfProperty* firstUnread(const std::vector<ConfProperty>& properties) const {
        for (const ConfProperty& p : properties) {
            if (!m_read.count(p.name)) {
                return &p;
            }
        }
        return nullptr;
    }

private:
    const ConfProperty* take(const std::string& path, const char* key) {
        const std::string name = std::string(kCapacityPrefix) + path + "." + key;
        const auto it = m_byName.find(name);
        if (it == m_byName.end()) {
            return nullptr;
        }
        m_read.insert(name);
        return it->second;
    }
    [[noreturn]] void fail(const ConfProperty& p, const std::string& message) const {
        throw InputError(m_file, "", p.name, "line " + std::to_string(p.line) + ": " + message);
    }
    std::optional<double> number(const std::string& path, const char* key) {
        const ConfProperty* p = take(path, key);
        if (p == nullptr) {
            return std::nullopt;
        }
        const std::optional<double> value = parseDouble(p->value);
        if (!value) {
            fail(*p, "must be a number (got \"" + p->value +
                         "\"; absolute resources and weights are not supported)");
        }
        return value;
    }
    std::vector<CapacityQueueSpec> children(const std::string& path);
    CapacityQueueSpec queue(const std::string& parent, const std::string& name);

    std::string m_file;
    std::map<std::string, const ConfProperty*> m_byName;
    std::set<std::string> m_read;
};

std::vector<std::string> splitNames(const std::string& list) {
    std::vector<std::string> names;
    std::size_t start = 0;
    for (;;) {
        const std::size_t comma = list.find(',', start);
        std::string name = list.substr(start, comma == std::string::npos ? comma : comma - start);
        const std::size_t first = name.find_first_not_of(" \t\r\n");
        name = first == std::string::npos
                   ? std::string()
                   : name.substr(first, name.find_last_not_of(" \t\r\n") - first + 1);
        names.push_back(name);
        if (comma == std::string::npos) {
            return names;
        }
        start = comma + 1;
    }
}

std::vector<CapacityQueueSpec> TreeReader::children(const std::string& path) {
    const ConfProperty* list = take(path, "queues");
    std::vector<CapacityQueueSpec> out;
    for (const std::string& name : splitNames(list->value)) {
        if (name.empty()) {
            fail(*list, "an empty queue name in \"" + list->value + "\"");
        }
        out.push_back(queue(path, name));
    }
    if (const ConfProperty* p = take(path, "ordering-policy"); p && p->value != "utilization") {
        fail(*p,
             "a parent queue orders its children by utilization only (got \"" + p->value + "\")");
    }
    return out;
}

CapacityQueueSpec TreeReader::queue(const std::string& parent, const std::string& name) {
    const std::string path = parent + "." + name;
    CapacityQueueSpec q;
    q.name = name;
    const std::optional<double> capacity = number(path, "capacity");
    if (!capacity) {
        throw InputError(m_file, "", std::string(kCapacityPrefix) + path + ".capacity",
                         "missing: every queue needs a capacity");
    }
    q.capacity = *capacity;
    const std::optional<double> maximum = number(path, "maximum-capacity");
    q.maximumCapacity = !maximum || *maximum == -1.0 ? 100.0 : *maximum;
    q.userLimitFactor = number(path, "user-limit-factor").value_or(1.0);
    if (const ConfProperty* p = take(path, "state"); p && p->value != "RUNNING") {
        fail(*p, "only RUNNING queues are modelled (got \"" + p->value + "\")");
    }
    if (m_byName.count(std::string(kCapacityPrefix) + path + ".queues")) {
        q.children = children(path);
    } else if (const ConfProperty* p = take(path, "ordering-policy")) {
        if (p->value != "fifo" && p->value != "fair") {
            fail(*p, "a leaf queue's ordering-policy is fifo or fair (got \"" + p->value + "\")");
        }
        q.fair = p->value == "fair";
    }
    return q;
}

}  // namespace

std::vector<CapacityQueueSpec> readCapacityQueuesXml(const std::string& text,
                                                     const std::string& file) {
    const std::vector<ConfProperty> properties = readHadoopConf(text, file);
    TreeReader reader(properties, file);
    std::vector<CapacityQueueSpec> queues = reader.root();
    if (const ConfProperty* p = reader.firstUnread(properties)) {
        const bool ours = p->name.rfind(kCapacityPrefix, 0) == 0;
        throw InputError(file, "", p->name,
                         "line " + std::to_string(p->line) + ": " +
                             (ours ? std::string("not supported, or names a queue that no "
                                                 ".queues list holds (") +
                                         kSupported + ")"
                                   : std::string("not a Capacity scheduler property")));
    }
    validateCapacityQueues(queues, file);
    return queues;
}

std::vector<CapacityQueueSpec> loadCapacityQueuesXml(const std::string& path) {
    return readCapacityQueuesXml(readTextFile(path), path);
}

}  // namespace mr
