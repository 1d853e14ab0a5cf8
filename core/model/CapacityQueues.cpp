#include "model/CapacityQueues.h"

#include <cmath>
#include <cstdio>
#include <set>

#include "model/InputError.h"

namespace mr {

std::vector<CapacityQueueSpec> defaultCapacityQueues() {
    CapacityQueueSpec queue;
    queue.name = kDefaultQueue;
    queue.capacity = 100.0;
    return {queue};
}

namespace {

// YARN accepts children whose capacities sum to 100 up to float rounding; a hundredth of a
// percent also covers files written with two decimals (33.33 + 33.33 + 33.34).
constexpr double kSumTolerance = 0.01;

bool validName(const std::string& name) {
    if (name.empty() || name == "root") {
        return false;
    }
    for (const char c : name) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                        (c >= '0' && c <= '9') || c == '_' || c == '-';
        if (!ok) {
            return false;
        }
    }
    return true;
}

void fail(const std::string& file, const std::string& path, const std::string& field,
          const std::string& message) {
    throw InputError(file, path, field, message, "queue");
}

void checkPercent(const std::string& file, const std::string& path, const char* field,
                  double value) {
    if (!std::isfinite(value) || value < 0.0 || value > 100.0) {
        fail(file, path, field, "must be a percentage from 0 to 100");
    }
}

void checkQueue(const CapacityQueueSpec& q, const std::string& path, const std::string& file,
                std::set<std::string>& names) {
    if (!validName(q.name)) {
        fail(file, path, "name",
             "a queue name is letters, digits, '_' and '-' (and not \"root\"), got \"" + q.name +
                 "\"");
    }
    if (!names.insert(q.name).second) {
        fail(file, path, "name", "another queue has the name \"" + q.name + "\"");
    }
    checkPercent(file, path, "capacity", q.capacity);
    checkPercent(file, path, "maximum-capacity", q.maximumCapacity);
    if (q.maximumCapacity < q.capacity) {
        fail(file, path, "maximum-capacity", "must be at least the capacity");
    }
    if (!(q.userLimitFactor == kNoUserLimit ||
          (std::isfinite(q.userLimitFactor) && q.userLimitFactor > 0.0))) {
        fail(file, path, "user-limit-factor", "must be a number > 0 (or -1: no user limit)");
    }
}

void checkChildren(const std::vector<CapacityQueueSpec>& children, const std::string& parent,
                   const std::string& file, std::set<std::string>& names) {
    double sum = 0.0;
    for (const CapacityQueueSpec& q : children) {
        const std::string path = parent + "." + q.name;
        checkQueue(q, path, file, names);
        sum += q.capacity;
        if (!q.isLeaf() && (q.fair || q.userLimitFactor != 1.0)) {
            fail(file, path, q.fair ? "ordering" : "user-limit-factor",
                 "applies to the jobs of a leaf queue; a parent queue has none");
        }
        checkChildren(q.children, path, file, names);
    }
    if (!children.empty() && std::fabs(sum - 100.0) > kSumTolerance) {
        char text[32];
        std::snprintf(text, sizeof text, "%g", sum);
        fail(file, parent, "capacity",
             "the capacities of its children sum to " + std::string(text) + ", not 100");
    }
}

}  // namespace

void validateCapacityQueues(const std::vector<CapacityQueueSpec>& queues, const std::string& file) {
    std::set<std::string> names;
    checkChildren(queues, "root", file, names);
}

}  // namespace mr
