#include "io/TaskCsv.h"

#include <algorithm>
#include <tuple>
#include <vector>

#include "io/Csv.h"
#include "io/NumberFormat.h"

namespace mr {

namespace {

constexpr std::size_t kChunkBytes = 1 << 20;  // what is handed to the sink at once

// One task of an instant: its record (in record order) and its index inside the record's wave.
struct InstantTask {
    const TaskRecord* record;
    std::int32_t index;
};

// The order rows are written in: start, map before reduce, slot, then the order the engine
// recorded them (a zero-length task and the next one can share a slot and an instant).
bool rowBefore(const InstantTask& a, const InstantTask& b) {
    const auto key = [](const InstantTask& t) {
        return std::make_tuple(static_cast<int>(t.record->kind), t.record->slot + t.index, t.record,
                               t.index);
    };
    return key(a) < key(b);
}

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

class CsvWriter {
public:
    CsvWriter(const Workload& simulated, const std::function<void(std::string_view)>& sink)
        : m_w(simulated),
          m_sink(sink),
          m_causes(!simulated.scenario.empty() || hasTracedAttempts(simulated)) {}

    // The header; under a scenario a last column says why a stopped execution stopped.
    void header() {
        m_out += m_causes ? "job,kind,task,slot,node,start,end,killed,cause\n"
                          : "job,kind,task,slot,node,start,end,killed\n";
    }

    void row(const TaskRecord& t) {
        m_out += csvField(m_w.jobs[static_cast<std::size_t>(t.job)].name);
        m_out += ',';
        m_out += toString(t.kind);
        m_out += ',' + std::to_string(t.task) + ',' + std::to_string(t.slot) + ',' +
                 std::to_string(m_w.cluster.nodeOfSlot(t.kind, t.slot)) + ',' +
                 formatNumber(t.start) + ',' + formatNumber(t.end) + ',' + (t.killed ? "1" : "0");
        if (m_causes) {
            m_out += ',';
            m_out += causeText(t);
        }
        m_out += '\n';
        if (m_out.size() >= kChunkBytes) {
            flush();
        }
    }
    void flush() {
        m_sink(m_out);
        m_out.clear();
    }

private:
    const Workload& m_w;
    const std::function<void(std::string_view)>& m_sink;
    std::string m_out;
    bool m_causes;
};

}  // namespace

void writeTaskRecordsCsv(const Workload& w, const RunResult& r,
                         const std::function<void(std::string_view)>& sink) {
    const Workload& simulated = r.simulatedWorkload ? *r.simulatedWorkload : w;
    std::vector<const TaskRecord*> records;
    records.reserve(r.sim.tasks.size());
    for (const TaskRecord& t : r.sim.tasks) {
        records.push_back(&t);
    }
    std::stable_sort(records.begin(), records.end(),
                     [](const TaskRecord* a, const TaskRecord* b) { return a->start < b->start; });
    CsvWriter out(simulated, sink);
    out.header();
    std::vector<InstantTask> instant;
    for (std::size_t i = 0; i < records.size();) {
        // The records of one start time, their waves as single tasks, in row order.
        std::size_t end = i;
        instant.clear();
        for (; end < records.size() && records[end]->start == records[i]->start; ++end) {
            for (std::int32_t k = 0; k < records[end]->count; ++k) {
                instant.push_back({records[end], k});
            }
        }
        std::sort(instant.begin(), instant.end(), rowBefore);
        for (const InstantTask& t : instant) {
            out.row(t.record->count == 1 ? *t.record : t.record->single(t.index));
        }
        i = end;
    }
    out.flush();
}

std::string taskRecordsCsv(const Workload& w, const RunResult& r) {
    std::string out;
    writeTaskRecordsCsv(w, r, [&](std::string_view piece) { out += piece; });
    return out;
}

}  // namespace mr
