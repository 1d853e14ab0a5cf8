// Cluster — slot layout and speeds of equal nodes or node classes (model/Cluster.h).
#include "model/Cluster.h"

#include <algorithm>
#include <charconv>

#include "model/Limits.h"

namespace mr {

namespace {

// The shortest text that reads back as `value` ("0.5", "2").
std::string shortest(double value) {
    char text[32];
    const auto end = std::to_chars(text, text + sizeof text, value).ptr;
    return std::string(text, end);
}

int classSlotsOf(const NodeClass& c, TaskKind kind) {
    return kind == TaskKind::Map ? c.mapSlots : c.reduceSlots;
}

}  // namespace

int Cluster::classSlots(int kind) const {
    int total = 0;
    for (const NodeClass& c : nodeClasses) {
        total += c.count * classSlotsOf(c, static_cast<TaskKind>(kind));
    }
    return total;
}

bool Cluster::equalSlots() const {
    return std::all_of(nodeClasses.begin(), nodeClasses.end(), [&](const NodeClass& c) {
        return c.mapSlots == nodeClasses.front().mapSlots &&
               c.reduceSlots == nodeClasses.front().reduceSlots;
    });
}

bool Cluster::equalSpeeds() const {
    return std::all_of(nodeClasses.begin(), nodeClasses.end(),
                       [](const NodeClass& c) { return c.speed == 1.0; });
}

bool Cluster::equalNodes() const {
    return equalSlots() && equalSpeeds();
}

int Cluster::slotsOnNode(TaskKind kind, int node) const {
    if (nodeClasses.empty()) {
        return kind == TaskKind::Map ? mapSlotsPerNode : reduceSlotsPerNode;
    }
    for (const NodeClass& c : nodeClasses) {
        if (node < c.count) {
            return classSlotsOf(c, kind);
        }
        node -= c.count;
    }
    return 0;
}

int Cluster::firstSlot(TaskKind kind, int node) const {
    if (nodeClasses.empty()) {
        return node * (kind == TaskKind::Map ? mapSlotsPerNode : reduceSlotsPerNode);
    }
    int first = 0;
    for (const NodeClass& c : nodeClasses) {
        const int here = std::min(node, c.count);
        first += here * classSlotsOf(c, kind);
        node -= here;
        if (node == 0) {
            break;
        }
    }
    return first;
}

int Cluster::nodeOfSlot(TaskKind kind, int slot) const {
    if (nodeClasses.empty()) {
        return slot / (kind == TaskKind::Map ? mapSlotsPerNode : reduceSlotsPerNode);
    }
    int node = 0;
    for (const NodeClass& c : nodeClasses) {
        const int per = classSlotsOf(c, kind);
        if (per > 0 && slot < c.count * per) {
            return node + slot / per;
        }
        slot -= c.count * per;
        node += c.count;
    }
    return node - 1;
}

double Cluster::speedOf(int node) const {
    for (const NodeClass& c : nodeClasses) {
        if (node < c.count) {
            return c.speed;
        }
        node -= c.count;
    }
    return 1.0;
}

double Cluster::fastestSpeed() const {
    double fastest = 1.0;
    for (const NodeClass& c : nodeClasses) {
        fastest = std::max(fastest, c.speed);
    }
    return fastest;
}

void setNodeClasses(Cluster& cluster, std::vector<NodeClass> classes) {
    cluster.nodeClasses = std::move(classes);
    if (cluster.nodeClasses.empty()) {
        return;
    }
    long long nodes = 0;
    int maps = 0;
    int reduces = 0;
    for (const NodeClass& c : cluster.nodeClasses) {
        nodes += c.count;
        maps = std::max(maps, c.mapSlots);
        reduces = std::max(reduces, c.reduceSlots);
    }
    cluster.nodes = static_cast<int>(std::min<long long>(nodes, kMaxNodes + 1));
    cluster.mapSlotsPerNode = maps;
    cluster.reduceSlotsPerNode = reduces;
}

std::string describeNodeClasses(const Cluster& cluster) {
    std::string out;
    for (const NodeClass& c : cluster.nodeClasses) {
        out += (out.empty() ? "" : " + ") + std::to_string(c.count) + " " + c.name + " (" +
               std::to_string(c.mapSlots) + " map, " + std::to_string(c.reduceSlots) + " reduce" +
               (c.speed == 1.0 ? std::string() : ", speed " + shortest(c.speed)) + ")";
    }
    return out;
}

}  // namespace mr
