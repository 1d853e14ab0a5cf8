// CostGenerators — cost models built in code: the random clusters of [Ehsan13]'s scaling study
// (Fig. 5) and the paper's 20-node EC2 testbed (§VI, Tables I, III and IV) with a chosen number of
// c1.medium nodes (Figs. 6–8). Seeded and deterministic: the same options give the same file.
// Changing what it makes for a seed? Bump kGeneratorRevision (model/Revisions.h).
#pragma once

#include <cstdint>

#include "cost/CostModel.h"

namespace mr::cost {

struct RandomCostOptions {
    int machines = 10;
    int jobs = 40;
    int stores = 0;  // 0: one store per machine; fewer: machines share; more: stores without CPU
    std::uint64_t seed = 1;
};

// Fig. 5's ranges: CPU price 0–5 millicent per CPU-second, input 0–6 GB per job (one data object
// on a random store: the paper "shuffles the data blocks randomly"), 0–60 millicent per 64 MB
// between two stores, 0–1000 CPU-seconds per job; cpu_units 1, 2 or 5 (Table III's types).
// Uptime gives the machines twice the CPU-seconds the jobs need; stores hold twice the data.
// Throws InputError (field "machines", "jobs", "stores") for sizes out of range.
CostModel randomCostModel(const RandomCostOptions& options);

// The 20-node EC2 testbed of §VI with `c1MediumNodes` of the 20 nodes c1.medium (the rest
// m1.medium), three availability zones, jobs J1–J9 of Table IV. The description says where each
// number comes from and what is assumed. Throws InputError (field "c1-medium") outside 0–20.
CostModel ec2CostModel(int c1MediumNodes);

}  // namespace mr::cost
