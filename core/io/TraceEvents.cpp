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

namespace {

// The slots' rows: names and sort indices of the two processes and of every slot.
void writeSlotRows(const Cluster& c, const std::function<void(const std::string&)>& event) {
    for (TaskKind kind : {TaskKind::Map, TaskKind::Reduce}) {
        const bool map = kind == TaskKind::Map;
        const std::string pid = map ? "1" : "2";
        event("{\"ph\": \"M\", \"pid\": " + pid + ", \"name\": \"process_name\", \"args\": " +
              "{\"name\": \"" + (map ? "map slots" : "reduce slots") + "\"}}");
        event("{\"ph\": \"M\", \"pid\": " + pid +
              ", \"name\": \"process_sort_index\", \"args\": {\"sort_index\": " + pid + "}}");
        const int slots = map ? c.mapSlots() : c.reduceSlots();
        for (int s = 0; s < slots; ++s) {
            const std::string tid = std::to_string(s);
            event("{\"ph\": \"M\", \"pid\": " + pid + ", \"tid\": " + tid +
                  ", \"name\": \"thread_name\", \"args\": {\"name\": \"" +
                  (map ? "map" : "reduce") + " slot " + tid + " \\u00b7 node " +
                  std::to_string(c.nodeOfSlot(map ? TaskKind::Map : TaskKind::Reduce, s)) + "\"}}");
            event("{\"ph\": \"M\", \"pid\": " + pid + ", \"tid\": " + tid +
                  ", \"name\": \"thread_sort_index\", \"args\": {\"sort_index\": " + tid + "}}");
        }
    }
}

std::string taskEvent(const TaskRecord& t, const std::string& name, const std::string& pool) {
    const bool map = t.kind == TaskKind::Map;
    std::string text = "{\"ph\": \"X\", \"pid\": ";
    text += map ? "1" : "2";
    text += ", \"tid\": " + std::to_string(t.slot) + ", \"ts\": " + micros(t.start) +
            ", \"dur\": " + micros(t.end - t.start) + ", \"name\": " + name + ", \"cat\": \"" +
            (map ? "map" : "reduce") + (t.killed ? ",killed" : "") +
            "\", \"args\": {\"job\": " + name + ", \"phase\": \"" + (map ? "map" : "reduce") +
            "\", \"task\": " + std::to_string(t.task);
    if (t.count > 1) {
        text += ", \"tasks\": " + std::to_string(t.count) +
                ", \"last_slot\": " + std::to_string(t.slot + t.count - 1);
    }
    if (t.killed) {
        text += ", \"killed\": true";
    }
    if (!pool.empty()) {
        text += ", \"pool\": " + pool;
    }
    return text + "}}";
}

// The records past the size limit, per job and stage: first start, last end, tasks, records.
struct StageSpan {
    double start = 0.0;
    double end = 0.0;
    long long tasks = 0;
    long long records = 0;
};

class Summary {
public:
    void add(const TaskRecord& t, std::size_t jobs) {
        if (m_spans.empty()) {
            m_spans.resize(jobs * 2);
            m_result.from = t.start;
        }
        StageSpan& s =
            m_spans[static_cast<std::size_t>(t.job) * 2 + (t.kind == TaskKind::Map ? 0 : 1)];
        s.start = s.records == 0 ? t.start : std::min(s.start, t.start);
        s.end = s.records == 0 ? t.end : std::max(s.end, t.end);
        s.tasks += t.count;
        ++s.records;
        ++m_result.records;
        m_result.tasks += t.count;
        m_result.from = std::min(m_result.from, t.start);
    }
    // Process 3: one event per job and stage, on the job's own row; its name says what it is.
    void write(const std::vector<std::string>& names,
               const std::function<void(const std::string&)>& event) const {
        event(
            "{\"ph\": \"M\", \"pid\": 3, \"name\": \"process_name\", \"args\": {\"name\": "
            "\"summarised: " +
            describe() + "\"}}");
        for (std::size_t i = 0; i < m_spans.size(); ++i) {
            const StageSpan& s = m_spans[i];
            if (s.records == 0) {
                continue;
            }
            const std::string& name = names[i / 2];
            const char* phase = i % 2 == 0 ? "map" : "reduce";
            event("{\"ph\": \"X\", \"pid\": 3, \"tid\": " + std::to_string(i / 2) +
                  ", \"ts\": " + micros(s.start) + ", \"dur\": " + micros(s.end - s.start) +
                  ", \"name\": " + name + ", \"cat\": \"" + phase +
                  ",summary\", \"args\": {\"job\": " + name + ", \"phase\": \"" + phase +
                  "\", \"tasks\": " + std::to_string(s.tasks) +
                  ", \"records\": " + std::to_string(s.records) + "}}");
        }
    }
    std::string describe() const {
        return std::to_string(m_result.records) + " records (" + std::to_string(m_result.tasks) +
               " tasks) from t = " + formatNumber(m_result.from) +
               " s on, one event per job and stage";
    }
    const TraceEventsSummary& result() const { return m_result; }

private:
    std::vector<StageSpan> m_spans;
    TraceEventsSummary m_result;
};

}  // namespace

TraceEventsSummary writeTraceEvents(const Workload& workload, const RunResult& result,
                                    const std::function<void(std::string_view)>& sink,
                                    std::uint64_t maxBytes) {
    const Workload& w = result.simulatedWorkload ? *result.simulatedWorkload : workload;
    if (result.sim.tasks.empty() && w.taskCount() > 0) {
        throw std::logic_error("writeTraceEvents: the run kept no task records");
    }
    std::vector<std::string> names;
    names.reserve(w.jobs.size());
    for (const Job& job : w.jobs) {
        names.push_back(quoted(job.name));
    }
    std::vector<std::string> poolOf(w.jobs.size());
    if (result.sim.pools.size() > 1) {
        for (const PoolTimes& pool : result.sim.pools) {
            for (int j : pool.jobs) {
                poolOf[static_cast<std::size_t>(j)] = quoted(pool.name);
            }
        }
    }

    Writer out(sink);
    out << "{\"displayTimeUnit\": \"ms\", \"otherData\": {\"workload\": " << quoted(w.name)
        << ", \"algorithm\": " << quoted(result.algorithm)
        << ", \"makespan_s\": " << formatNumber(result.sim.makespan) << "},\n\"traceEvents\": [\n";
    bool first = true;
    std::uint64_t written = 0;
    const std::function<void(const std::string&)> event = [&](const std::string& text) {
        out << (first ? "" : ",\n") << text;
        written += text.size() + 2;
        first = false;
    };
    writeSlotRows(w.cluster, event);
    Summary summary;
    for (const TaskRecord& t : result.sim.tasks) {
        const auto j = static_cast<std::size_t>(t.job);
        std::string text = taskEvent(t, names[j], poolOf[j]);
        if (summary.result().records > 0 || written + text.size() > maxBytes) {
            summary.add(t, w.jobs.size());
        } else {
            event(text);
        }
    }
    if (summary.result().records > 0) {
        summary.write(names, event);
        out << "\n],\n\"summarised\": " << quoted(summary.describe()) << "}\n";
    } else {
        out << "\n]}\n";
    }
    out.flush();
    return summary.result();
}

std::string traceEventsJson(const Workload& workload, const RunResult& result) {
    std::string all;
    writeTraceEvents(workload, result, [&](std::string_view piece) { all += piece; });
    return all;
}

}  // namespace mr
