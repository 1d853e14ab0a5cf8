// Cluster — nodes with a number of map and reduce slots each (docs/simulator.md, "Model"): every
// node alike, or node classes (older, slower nodes beside newer ones).
#pragma once

#include <string>
#include <vector>

#include "model/TaskKind.h"

namespace mr {

// `count` nodes with `mapSlots` and `reduceSlots` slots each, running a task of duration d in
// d / speed (speed 0.5: twice as long).
struct NodeClass {
    std::string name;
    int count = 1;
    int mapSlots = 1;
    int reduceSlots = 1;
    double speed = 1.0;

    bool operator==(const NodeClass&) const = default;
};

struct Cluster {
    // Equal nodes: Cluster{nodes, map slots per node, reduce slots per node} (a constructor, not
    // aggregate initialisation, so that the classes need no initialiser of their own).
    Cluster() = default;
    Cluster(int nodeCount, int mapSlots, int reduceSlots)
        : nodes(nodeCount), mapSlotsPerNode(mapSlots), reduceSlotsPerNode(reduceSlots) {}

    int nodes = 1;
    int mapSlotsPerNode = 1;
    int reduceSlotsPerNode = 1;
    // Empty: every node alike (the three fields above). Otherwise the nodes class by class (the
    // first class's nodes are 0 .. count − 1, and so on), each node's slots after the previous
    // node's; `nodes` is then the classes' total and the per-node fields the largest node's
    // (setNodeClasses() keeps them so).
    std::vector<NodeClass> nodeClasses;

    int mapSlots() const { return nodeClasses.empty() ? nodes * mapSlotsPerNode : classSlots(0); }
    int reduceSlots() const {
        return nodeClasses.empty() ? nodes * reduceSlotsPerNode : classSlots(1);
    }
    // Every node has the same slots and speed 1: what the two-stage model and the bounds assume.
    bool equalNodes() const;
    // Every node has the same map and reduce slots (speeds may differ).
    bool equalSlots() const;
    bool equalSpeeds() const;
    // Slots of `kind` on `node`; the first of them; the node a slot is on.
    int slotsOnNode(TaskKind kind, int node) const;
    int firstSlot(TaskKind kind, int node) const;
    int nodeOfSlot(TaskKind kind, int slot) const;
    double speedOf(int node) const;
    // The largest speed, at least 1: no task runs faster than its duration over it (lower
    // bounds divide by it).
    double fastestSpeed() const;

    bool operator==(const Cluster&) const = default;

private:
    int classSlots(int kind) const;
};

// Sets the classes and the fields derived from them (nodes, the largest node's slots).
void setNodeClasses(Cluster& cluster, std::vector<NodeClass> classes);

// "32 old (2 map, 1 reduce, speed 0.5) + 32 new (4 map, 2 reduce)"; empty for equal nodes.
std::string describeNodeClasses(const Cluster& cluster);

}  // namespace mr
