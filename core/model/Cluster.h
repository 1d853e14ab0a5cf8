// Cluster — nodes with a fixed number of map and reduce slots each (docs/simulator.md, "Model").
#pragma once

namespace mr {

struct Cluster {
    int nodes = 1;
    int mapSlotsPerNode = 1;
    int reduceSlotsPerNode = 1;

    int mapSlots() const { return nodes * mapSlotsPerNode; }
    int reduceSlots() const { return nodes * reduceSlotsPerNode; }

    bool operator==(const Cluster&) const = default;
};

}  // namespace mr
