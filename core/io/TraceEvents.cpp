#include "io/TraceEvents.h"

#include <nlohmann/json.hpp>
#include <stdexcept>
#include <vector>

#include "io/NumberFormat.h"

namespace mr {

namespace {

constexpr std::size_t kChunk = 1 << 20;  // bytes handed to the sink at once

class Writer {
public:
    explicit Writer(const std::function<void(std::string_view)>& sink) : m_sink(sink) {
        m_buffer.reserve(kChunk + 4096);
    }
    Writer& operator<<(std::string_view text) {
        m_buffer += text;
        if (m_buffer.size() >= kChunk) {
            flush();
        }
        return *this;
    }
    void flush() {
        if (!m_buffer.empty()) {
            m_sink(m_buffer);
            m_buffer.clear();
        }
    }

private:
    const std::function<void(std::string_view)>& m_sink;
    std::string m_buffer;
};

std::string quoted(const std::string& text) {
    return nlohmann::json(text).dump();
}

std::string micros(double seconds) {
    return formatNumber(seconds * 1e6);
}

}  // namespace

void writeTraceEvents(const Workload& workload, const RunResult& result,
                      const std::function<void(std::string_view)>& sink) {
    const Workload& w = result.simulatedWorkload ? *result.simulatedWorkload : workload;
    if (result.sim.tasks.empty() && w.taskCount() > 0) {
        throw std::logic_error("writeTraceEvents: the run kept no task records");
    }
    const Cluster& c = w.cluster;
    std::vector<std::string> names;
    names.reserve(w.jobs.size());
    for (const Job& job : w.jobs) {
        names.push_back(quoted(job.name));
    }
    std::vector<std::string> poolOf(w.jobs.size());
    for (const PoolTimes& pool : result.sim.pools) {
        for (int j : pool.jobs) {
            poolOf[static_cast<std::size_t>(j)] = quoted(pool.name);
        }
    }

    Writer out(sink);
    out << "{\"displayTimeUnit\": \"ms\", \"otherData\": {\"workload\": " << quoted(w.name)
        << ", \"algorithm\": " << quoted(result.algorithm)
        << ", \"makespan_s\": " << formatNumber(result.sim.makespan) << "},\n\"traceEvents\": [\n";
    bool first = true;
    const auto event = [&](const std::string& text) {
        out << (first ? "" : ",\n") << text;
        first = false;
    };
    for (TaskKind kind : {TaskKind::Map, TaskKind::Reduce}) {
        const bool map = kind == TaskKind::Map;
        const std::string pid = map ? "1" : "2";
        event("{\"ph\": \"M\", \"pid\": " + pid + ", \"name\": \"process_name\", \"args\": " +
              "{\"name\": \"" + (map ? "map slots" : "reduce slots") + "\"}}");
        event("{\"ph\": \"M\", \"pid\": " + pid +
              ", \"name\": \"process_sort_index\", \"args\": {\"sort_index\": " + pid + "}}");
        const int slots = map ? c.mapSlots() : c.reduceSlots();
        const int perNode = map ? c.mapSlotsPerNode : c.reduceSlotsPerNode;
        for (int s = 0; s < slots; ++s) {
            const std::string tid = std::to_string(s);
            event("{\"ph\": \"M\", \"pid\": " + pid + ", \"tid\": " + tid +
                  ", \"name\": \"thread_name\", \"args\": {\"name\": \"" +
                  (map ? "map" : "reduce") + " slot " + tid + " \\u00b7 node " +
                  std::to_string(s / perNode) + "\"}}");
            event("{\"ph\": \"M\", \"pid\": " + pid + ", \"tid\": " + tid +
                  ", \"name\": \"thread_sort_index\", \"args\": {\"sort_index\": " + tid + "}}");
        }
    }
    for (const TaskRecord& t : result.sim.tasks) {
        const bool map = t.kind == TaskKind::Map;
        const auto j = static_cast<std::size_t>(t.job);
        std::string text = "{\"ph\": \"X\", \"pid\": ";
        text += map ? "1" : "2";
        text += ", \"tid\": " + std::to_string(t.slot) + ", \"ts\": " + micros(t.start) +
                ", \"dur\": " + micros(t.end - t.start) + ", \"name\": " + names[j] +
                ", \"cat\": \"" + (map ? "map" : "reduce") + (t.killed ? ",killed" : "") +
                "\", \"args\": {\"job\": " + names[j] + ", \"phase\": \"" +
                (map ? "map" : "reduce") + "\", \"task\": " + std::to_string(t.task);
        if (t.count > 1) {
            text += ", \"tasks\": " + std::to_string(t.count) +
                    ", \"last_slot\": " + std::to_string(t.slot + t.count - 1);
        }
        if (t.killed) {
            text += ", \"killed\": true";
        }
        if (!poolOf[j].empty() && result.sim.pools.size() > 1) {
            text += ", \"pool\": " + poolOf[j];
        }
        text += "}}";
        event(text);
    }
    out << "\n]}\n";
    out.flush();
}

std::string traceEventsJson(const Workload& workload, const RunResult& result) {
    std::string all;
    writeTraceEvents(workload, result, [&](std::string_view piece) { all += piece; });
    return all;
}

}  // namespace mr
