#include "io/SlsTrace.h"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "io/JsonText.h"

namespace mr {

using nlohmann::json;
using nlohmann::ordered_json;

long long slsMilliseconds(double seconds) {
    return std::llround(seconds * 1000.0);
}

namespace {

std::string slsHost(int node) {
    return "/default-rack/node" + std::to_string(node + 1);
}

}  // namespace

std::string slsTopology(const Workload& w) {
    std::string out = "{\n  \"rack\": \"default-rack\",\n  \"nodes\": [";
    for (int n = 0; n < w.cluster.nodes; ++n) {
        out += std::string(n == 0 ? "\n" : ",\n") + "    {\"node\": \"node" +
               std::to_string(n + 1) + "\"}";
    }
    return out + "\n  ]\n}\n";
}

std::string slsTrace(const Workload& w, const PoolPlan& plan, const RunResult& r) {
    const Workload& simulated = r.simulatedWorkload ? *r.simulatedWorkload : w;
    if (r.sim.tasks.empty()) {
        throw std::logic_error("slsTrace: the run kept no task records");
    }
    // Completed executions per job, maps first, each stage by start time then task index.
    std::vector<std::vector<const TaskRecord*>> tasksOf(simulated.jobs.size());
    const std::vector<TaskRecord> all = expandWaves(r.sim.tasks);  // one container per task
    for (const TaskRecord& t : all) {
        if (!t.killed) {
            tasksOf[static_cast<std::size_t>(t.job)].push_back(&t);
        }
    }
    const Cluster& c = simulated.cluster;
    std::string out;
    for (const PlanSubmission& s : plan.submissions) {
        const std::size_t j = static_cast<std::size_t>(s.job);
        auto& tasks = tasksOf[j];
        std::sort(tasks.begin(), tasks.end(), [](const TaskRecord* a, const TaskRecord* b) {
            if (a->kind != b->kind) {
                return a->kind < b->kind;
            }
            return a->start != b->start ? a->start < b->start : a->task < b->task;
        });
        out += "{\n";
        out += "  \"am.type\": \"mapreduce\",\n";
        out +=
            "  \"job.start.ms\": " + std::to_string(slsMilliseconds(r.sim.jobs[j].arrival)) + ",\n";
        out += "  \"job.end.ms\": " + std::to_string(slsMilliseconds(r.sim.jobs[j].end)) + ",\n";
        out += "  \"job.queue.name\": " +
               json(plan.queues[static_cast<std::size_t>(s.queue)].name).dump() + ",\n";
        out += "  \"job.id\": " + json(simulated.jobs[j].name).dump() + ",\n";
        out += "  \"job.user\": \"default\",\n";
        out += "  \"job.tasks\": [";
        for (std::size_t i = 0; i < tasks.size(); ++i) {
            const TaskRecord& t = *tasks[i];
            const bool map = t.kind == TaskKind::Map;
            const int node = c.nodeOfSlot(t.kind, t.slot);
            ordered_json task;
            task["container.host"] = slsHost(node);
            task["container.start.ms"] = slsMilliseconds(t.start);
            task["container.end.ms"] = slsMilliseconds(t.end);
            task["container.priority"] = map ? 20 : 10;
            task["container.type"] = map ? "map" : "reduce";
            task["container.execution.type"] = "GUARANTEED";
            out += (i == 0 ? "\n    " : ",\n    ") + toOneLine(task);
        }
        out += tasks.empty() ? "]\n}\n" : "\n  ]\n}\n";
    }
    return out;
}

}  // namespace mr
