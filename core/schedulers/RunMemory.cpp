#include "schedulers/RunMemory.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "exec/MemoryBudget.h"
#include "schedulers/Algorithm.h"
#include "schedulers/Registry.h"
#include "sim/TaskRecord.h"

namespace mr {

namespace {

// Per slot: the running task (job, task, start, end: 24 bytes), its generation (4), its bit in
// the free-slot set, and room for its task-end event in the event heap and in the batch of
// events of one instant (16 bytes each, twice for a vector's growth).
constexpr double kSlotBytes = 24.0 + 4.0 + 1.0 / 8.0 + 2.0 * 2.0 * 16.0;
constexpr double kNodeBytes = 4.0;  // the pool owning each node
// Per job: JobState, two PendingTasks, pool and policy pointers, the policies' per-job arrays
// and quota logs, the stage durations, SimResult's per-job times.
constexpr double kJobBytes = 512.0;
constexpr double kFixedBytes = 1 << 20;  // everything else (pools, notes, small vectors)
// Per task: its "started" byte; per execution with records: one TaskRecord.
constexpr double kTaskBytes = 1.0;
constexpr double kRecordBytes = static_cast<double>(sizeof(TaskRecord));
constexpr double kDurationBytes = sizeof(double);  // a task's duration in a Workload's job
// The locality model (sim/Locality.h): three ints per replica of every map task.
constexpr double kReplicaBytes = 3.0 * sizeof(int);

struct Part {
    double bytes;
    std::string what;
    const char* field;
};

std::string count(double n) {
    return std::to_string(static_cast<long long>(std::min(n, 9.0e18)));
}

// What the engine holds per task: the workload's tasks, and the records of its stages (one per
// task, or with RecordCount::Waves one per wave of a stage of equal tasks).
struct TaskCounts {
    double maps = 0.0;
    double tasks = 0.0;
    double taskRecords = 0.0;
    double jobsWithReduces = 0.0;
};

TaskCounts countTasks(const Workload& w, bool waves) {
    const Cluster& c = w.cluster;
    const double mapSlots = std::max(1.0, static_cast<double>(c.mapSlots()));
    const double reduceSlots = std::max(1.0, static_cast<double>(c.reduceSlots()));
    // RecordCount::Waves: the tasks of a stage that all take one time start on consecutive
    // free slots as one record per wave, about one per round of the cluster's slots plus one.
    // Otherwise (and for other stages) one record per task.
    const auto stageRecords = [&](const TaskDurations& d, double slotsOfKind) {
        const double n = static_cast<double>(d.size());
        return waves && d.uniform() ? std::min(n, std::ceil(n / slotsOfKind) + 1.0) : n;
    };
    TaskCounts counts;
    for (const Job& job : w.jobs) {
        counts.maps += job.maps();
        counts.tasks += job.maps() + job.reduces();
        counts.taskRecords += stageRecords(job.mapDurations, mapSlots) +
                              stageRecords(job.reduceDurations, reduceSlots);
        counts.jobsWithReduces += job.reduces() > 0 ? 1.0 : 0.0;
    }
    return counts;
}

// BalancedPools' (m_i, r_i) per job for each node count the search visits: every split's
// bisection touches about log2(nodes) counts, for each of up to `pools` - 1 splits.
Part balancedPoolsPart(double nodes, double jobs, int pools) {
    const double searched = std::max(1.0, jobs - 1.0) * (std::log2(std::max(nodes, 2.0)) + 2.0) *
                            std::max(1, pools - 1) * 2.0;
    const double rows = std::min(nodes + 1.0, searched);
    return {(nodes + 1.0) * 24.0 + rows * jobs * 16.0,
            "the stage durations of " + count(jobs) + " jobs on " + count(rows) + " pool sizes",
            "jobs"};
}

// The total, named after its largest part.
RunMemory sumOf(const std::vector<Part>& parts) {
    RunMemory estimate;
    estimate.bytes = kFixedBytes;
    const Part* largest = nullptr;
    for (const Part& p : parts) {
        estimate.bytes += p.bytes;
        if (largest == nullptr || p.bytes > largest->bytes) {
            largest = &p;
        }
    }
    estimate.what = largest->what;
    estimate.field = largest->field;
    return estimate;
}

}  // namespace

RunMemory estimateRunMemory(const Workload& w, std::string_view algorithm,
                            const RunOptions& options, RecordCount recordCount) {
    const bool waves = options.waves && recordCount == RecordCount::Waves;
    const Cluster& c = w.cluster;
    const double nodes = c.nodes;
    const double slots = static_cast<double>(c.mapSlots()) + static_cast<double>(c.reduceSlots());
    const double jobs = static_cast<double>(w.jobs.size());
    TaskCounts counts = countTasks(w, waves);
    const bool records = options.recordTasks || options.locality.enabled;

    const Algorithm* known = findAlgorithm(algorithm);
    const MemoryTraits traits = known ? known->info().memory : MemoryTraits{};
    // A copy of the jobs re-split over every slot ([Tian16] Claim 1).
    const bool resplit = traits.resplitsJobs;
    double simulatedTasks = counts.tasks;
    std::vector<Part> parts;
    if (resplit) {
        simulatedTasks = jobs * static_cast<double>(c.mapSlots()) +
                         counts.jobsWithReduces * static_cast<double>(c.reduceSlots());
        // Each re-split stage is one task per slot, all of one duration (see countTasks).
        counts.taskRecords = waves ? 2.0 * (jobs + counts.jobsWithReduces) : simulatedTasks;
        // A copy of the workload whose durations are then replaced by the re-split ones: one
        // duration per task, or (RecordCount::Waves) one per re-split stage, as TaskDurations
        // keeps a stage of equal tasks.
        const double resplitDurations = waves ? 2.0 * jobs : simulatedTasks;
        parts.push_back({(resplitDurations + counts.tasks) * kDurationBytes,
                         "re-splitting " + count(jobs) + " jobs over every slot (" +
                             count(simulatedTasks) + " tasks)",
                         "jobs"});
        counts.maps = jobs * static_cast<double>(c.mapSlots());
    }
    parts.push_back({slots * kSlotBytes + nodes * kNodeBytes,
                     "the engine's " + count(slots) + " slots", "cluster"});
    parts.push_back({jobs * kJobBytes, "the engine's " + count(jobs) + " jobs", "jobs"});
    // The engine's byte per task exists only for a job whose tasks a policy kills or picks one
    // by one; the re-split jobs run in order, whole (unless the locality model places them).
    const double taskBytes = resplit && waves && !options.locality.enabled ? 0.0 : kTaskBytes;
    // Records written to a temporary file (RunOptions::spillRecordsAbove) take no memory.
    const bool spilled =
        options.spillRecordsAbove > 0 &&
        counts.tasks * kRecordBytes > static_cast<double>(options.spillRecordsAbove);
    parts.push_back(
        {simulatedTasks * taskBytes +
             (records && !spilled ? counts.taskRecords * kRecordBytes : 0.0),
         (records ? "the records of " : "the engine's ") + count(simulatedTasks) + " tasks",
         "jobs"});
    if (options.locality.enabled) {
        parts.push_back({counts.maps * std::max(1, options.locality.replicas) * kReplicaBytes,
                         "the locality model's block replicas", "jobs"});
    }
    if (traits.searchesPoolSizes) {
        parts.push_back(balancedPoolsPart(nodes, jobs, options.pools));
    }
    return sumOf(parts);
}

void checkRunMemory(const Workload& workload, std::string_view algorithm,
                    const RunOptions& options) {
    const RunMemory m = estimateRunMemory(workload, algorithm, options, RecordCount::Waves);
    const double limit = static_cast<double>(std::numeric_limits<std::uint64_t>::max());
    const auto bytes = static_cast<std::uint64_t>(std::min(m.bytes, limit * 0.99));
    checkMemory(bytes, std::string(algorithm) + " on this workload (mostly " + m.what + ")",
                m.field);
}

}  // namespace mr
