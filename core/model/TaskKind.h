// TaskKind — the two stages of a MapReduce job.
#pragma once

#include <cstdint>

namespace mr {

enum class TaskKind : std::uint8_t { Map = 0, Reduce = 1 };

inline const char* toString(TaskKind kind) {
    return kind == TaskKind::Map ? "map" : "reduce";
}

}  // namespace mr
