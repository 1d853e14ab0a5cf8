// Job — one MapReduce job: its map and reduce task durations (seconds), arrival, deadline and an
// optional ARIA profile ([Verma12] §II-B, [Verma12b] §II). Plain value type.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "model/Overheads.h"
#include "model/TaskDurations.h"
#include "model/TaskKind.h"
#include "model/TracedAttempt.h"

namespace mr {

// ARIA job profile statistics, measured on a past run (seconds). Any of them may be unknown;
// estimators fall back to statistics of the job's task durations (shuffle: 0).
struct JobProfile {
    std::optional<double> mapAvg, mapMax;
    std::optional<double> firstShuffleAvg, firstShuffleMax;
    std::optional<double> typicalShuffleAvg, typicalShuffleMax;
    std::optional<double> reduceAvg, reduceMax;

    bool operator==(const JobProfile&) const = default;
};

struct Job {
    std::string name;
    TaskDurations mapDurations;  // compact when every task takes the same time
    TaskDurations reduceDurations;
    double arrival = 0.0;
    std::optional<double> deadline;  // relative to arrival
    std::optional<JobProfile> profile;
    // The job's own overheads (model/Overheads.h); fields left empty take the cluster's.
    Overheads overheads;
    // When the job came from a trace: its traced completion (the trace's finish time, on the same
    // clock as `arrival`), to compare the simulation with (mrsim validate, run --json).
    std::optional<double> traceEnd;
    // When the job came from a trace: its tasks' failed, killed and speculative attempts
    // (model/TracedAttempt.h), replayed as they happened; ordered by kind, task and start.
    std::vector<TracedAttempt> tracedAttempts;
    // The Fair Scheduler pool the job is submitted to (model/FairPools.h); empty: "default".
    std::string fairPool;
    // The Capacity scheduler's leaf queue the job is submitted to (model/CapacityQueues.h); empty:
    // "default".
    std::string queue;
    // True when the file gave per-task arrays; saving then keeps arrays even if all are equal.
    bool perTaskDurations = false;
    // Keys this version does not know, kept for the round trip as the one-line JSON text the
    // saver writes (io/JsonText.h toOneLine), so that load(save(w)) == w.
    std::map<std::string, std::string> extraFields;

    int maps() const { return static_cast<int>(mapDurations.size()); }
    int reduces() const { return static_cast<int>(reduceDurations.size()); }
    const TaskDurations& durations(TaskKind kind) const {
        return kind == TaskKind::Map ? mapDurations : reduceDurations;
    }
    int tasks(TaskKind kind) const { return static_cast<int>(durations(kind).size()); }
    double totalWork(TaskKind kind) const;
    double maxDuration(TaskKind kind) const;  // 0 for a stage without tasks
    std::optional<double> absoluteDeadline() const {
        return deadline ? std::optional<double>(arrival + *deadline) : std::nullopt;
    }

    // A job whose every map task takes mapDuration and every reduce task reduceDuration.
    static Job uniform(std::string name, int maps, double mapDuration, int reduces,
                       double reduceDuration);

    bool operator==(const Job&) const = default;
};

}  // namespace mr
