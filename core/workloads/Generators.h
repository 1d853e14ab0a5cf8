// Generators — synthetic workloads by kind (`mrsim generate KIND`, the UI's generator menu).
// Every generator is seeded: the same options give a byte-identical file. Adding one: a function
// in its own file and one line in Generators.cpp.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "model/Workload.h"

namespace mr {

struct GenerateOptions {
    int jobs = 100;
    std::uint64_t seed = 1;
    int nodes = 64;
    int slotsPerNode = 1;  // map slots and reduce slots per node
};

struct GeneratorInfo {
    std::string kind;
    std::string summary;
    Workload (*generate)(const GenerateOptions& options);
};

const std::vector<GeneratorInfo>& generators();
std::vector<std::string> generatorKinds();
// Throws InputError (field "kind") for an unknown kind, (field "jobs"/"nodes"/"slots_per_node")
// for bad sizes.
Workload generateWorkload(std::string_view kind, const GenerateOptions& options);

}  // namespace mr
