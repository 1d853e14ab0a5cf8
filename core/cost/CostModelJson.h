// CostModelJson — strict load/save of the LiPS cost model file ("format": "mrx-costmodel",
// "version": 1; docs/lips-cost.md "Cost model file"). Every error names the file, the item (store,
// machine, data, job) and the field; unknown fields are refused (a typo must not silently
// change a price). Saving writes a canonical text (one item per line) atomically; loading a
// canonical file and saving it reproduces it byte for byte.
#pragma once

#include <string>

#include "cost/CostModel.h"

namespace mr::cost {

inline constexpr const char* kCostModelFormat = "mrx-costmodel";
inline constexpr int kCostModelVersion = 1;

// `source` names the text in errors (a file path, or "<generated>").
CostModel parseCostModel(const std::string& text, const std::string& source);
CostModel loadCostModel(const std::string& path);
std::string serializeCostModel(const CostModel& model);
void saveCostModel(const CostModel& model, const std::string& path);  // validates first

}  // namespace mr::cost
