// FairPools — the pools of Hadoop's Fair Scheduler, as its allocation file gives them (Hadoop 1
// fair-scheduler.xml: <pool name> with <weight>, <minMaps>, <minReduces>, <schedulingMode>). A
// workload lists them under "fair_pools"; each job names its pool ("fair_pool"; none: the pool
// "default"). A job naming a pool the list does not have gets one with the defaults below, as
// Hadoop creates pools on first use. Only the `fair` algorithm reads them (sim/FairPolicy.h).
#pragma once

#include <string>

namespace mr {

inline constexpr const char* kDefaultFairPool = "default";

struct FairPoolSpec {
    std::string name;
    double weight = 1.0;  // share of the slots above the minimum shares, relative to the others
    int minMaps = 0;      // map slots the pool is guaranteed while it has map tasks to run
    int minReduces = 0;   // reduce slots, likewise
    bool fifo = false;    // schedulingMode fifo: its jobs by arrival; else fair among its jobs

    bool operator==(const FairPoolSpec&) const = default;
};

}  // namespace mr
