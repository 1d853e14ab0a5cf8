// TaskRecord — one task execution on one slot (a killed execution too).
#pragma once

#include <cstdint>

#include "model/TaskKind.h"

namespace mr {

struct TaskRecord {
    std::int32_t job = 0;
    std::int32_t task = 0;  // index within the job's map (or reduce) tasks
    std::int32_t slot = 0;  // index within the cluster's map (or reduce) slots
    TaskKind kind = TaskKind::Map;
    bool killed = false;  // stopped before the end; its work is lost and the task reruns
    double start = 0.0;
    double end = 0.0;  // for a killed task: the kill time
};

}  // namespace mr
