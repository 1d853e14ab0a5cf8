#include "io/TaskCsv.h"

#include <algorithm>

#include "io/Csv.h"
#include "io/NumberFormat.h"

namespace mr {

namespace {

// Why a stopped execution stopped (TaskRecord::cause); empty for a completed one.
const char* causeText(const TaskRecord& t) {
    if (!t.killed) {
        return "";
    }
    switch (t.cause) {
        case AttemptEnd::Killed:
            return "killed";
        case AttemptEnd::Failed:
            return "failed";
        case AttemptEnd::NodeLost:
            return "node-lost";
        case AttemptEnd::Superseded:
            return "superseded";
    }
    return "";
}

}  // namespace

std::string taskRecordsCsv(const Workload& w, const RunResult& r) {
    const Workload& simulated = r.simulatedWorkload ? *r.simulatedWorkload : w;
    const std::vector<TaskRecord> tasks = expandWaves(r.sim.tasks);  // one row per task
    std::vector<const TaskRecord*> records;
    records.reserve(tasks.size());
    for (const TaskRecord& t : tasks) {
        records.push_back(&t);
    }
    std::stable_sort(records.begin(), records.end(), [](const TaskRecord* a, const TaskRecord* b) {
        if (a->start != b->start) {
            return a->start < b->start;
        }
        return a->kind != b->kind ? a->kind < b->kind : a->slot < b->slot;
    });
    const Cluster& c = simulated.cluster;
    const bool causes = !simulated.scenario.empty();
    std::string out =
        std::string("job,kind,task,slot,node,start,end,killed") + (causes ? ",cause\n" : "\n");
    for (const TaskRecord* t : records) {
        const bool map = t->kind == TaskKind::Map;
        out += csvField(simulated.jobs[static_cast<std::size_t>(t->job)].name) + "," +
               toString(t->kind) + "," + std::to_string(t->task) + "," + std::to_string(t->slot) +
               "," + std::to_string(t->slot / (map ? c.mapSlotsPerNode : c.reduceSlotsPerNode)) +
               "," + formatNumber(t->start) + "," + formatNumber(t->end) + "," +
               (t->killed ? "1" : "0") + (causes ? std::string(",") + causeText(*t) : "") + "\n";
    }
    return out;
}

}  // namespace mr
