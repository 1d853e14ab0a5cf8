// TaskRecord — one task execution on one slot (a killed execution too), or a wave of them: `count`
// tasks task, task+1, ... of the same job and kind on consecutive slots slot, slot+1, ..., all
// with the same start and end (HScheduler's re-split jobs fill the whole cluster this way).
// Code that needs single tasks expands a wave; count is 1 for a single task.
#pragma once

#include <cstdint>
#include <vector>

#include "model/Limits.h"
#include "model/TaskKind.h"

namespace mr {

// Why an execution stopped before its task's end (TaskRecord::cause; meaningful when killed).
enum class AttemptEnd : std::uint8_t {
    Killed = 0,      // by the scheduling policy (preemption): the task reruns
    Failed = 1,      // the attempt failed (model/Scenario.h): the task retries, or its job fails
    NodeLost = 2,    // its node failed: the task reruns
    Superseded = 3,  // another attempt of the task completed first, or the job failed
};

// 32 bytes (a 9M-task run kept for its timeline is 288 MB): the kind, the killed flag, its cause
// and the wave's size share one 32-bit word. A wave covers at most the slots of one kind
// (model/Limits.h: kMaxSlotsPerKind, 10 M), well inside count's 28 bits.
struct TaskRecord {
    std::int32_t job = 0;
    std::int32_t task = 0;  // index within the job's map (or reduce) tasks
    std::int32_t slot = 0;  // index within the cluster's map (or reduce) slots
    TaskKind kind : 1 = TaskKind::Map;
    bool killed : 1 = false;  // stopped before the end; its work is lost (see cause)
    AttemptEnd cause : 2 = AttemptEnd::Killed;
    std::int32_t count : 28 = 1;  // tasks in this wave (>= 1)
    double start = 0.0;
    double end = 0.0;  // for a killed task: the kill time

    // Task i of the wave (0 <= i < count) as a single record.
    TaskRecord single(std::int32_t i) const {
        TaskRecord t = *this;
        t.task = task + i;
        t.slot = slot + i;
        t.count = 1;
        return t;
    }
};
static_assert(sizeof(TaskRecord) == 32, "TaskRecord packs kind, killed and count in one word");
static_assert(kMaxSlotsPerKind < (1LL << 27), "a wave's count must fit its 28-bit field");

// Calls f(TaskRecord) for every single task of `records`, waves expanded in slot order.
template <class Records, class F>
void forEachTask(const Records& records, F&& f) {
    for (const TaskRecord& r : records) {
        if (r.count == 1) {
            f(r);
        } else {
            for (std::int32_t i = 0; i < r.count; ++i) {
                f(r.single(i));
            }
        }
    }
}

}  // namespace mr
