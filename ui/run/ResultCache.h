// ResultCache — the algorithm results the explorer has computed, kept so that an undo, a redo,
// a switch between variants or an algorithm checked again shows its result at once instead of
// running it again. One cache for the process (every window's and variant's RunController asks
// it), used on the GUI thread only. A result is found by the exact workload (compared whole, the
// shared pointer first), the algorithm id and the run options that change results; the least
// recently used results go first once the cache holds more than its entry, memory or disk bound
// (a large run's records are in a temporary file, core/sim/TaskRecords.h). A
// result keeps its chart's timeline (index and summary) when it has one, so that showing it again
// draws at once instead of summarising its records on the GUI thread.
#pragma once

#include <cstddef>
#include <list>
#include <memory>
#include <optional>
#include <string>

#include "schedulers/Algorithm.h"

namespace mr::ui {

struct ChartTimeline;

class ResultCache {
public:
    static constexpr std::size_t kMaxEntries = 64;
    static constexpr double kMaxBytes = 256.0 * 1024 * 1024;
    // Temporary files of the records kept (about three charts of a production day on 64 nodes).
    static constexpr double kMaxDiskBytes = 2.0 * 1024 * 1024 * 1024;

    explicit ResultCache(double maxDiskBytes = kMaxDiskBytes) : m_maxDiskBytes(maxDiskBytes) {}

    struct Kept {
        std::shared_ptr<const RunResult> result;
        double milliseconds = 0.0;                      // how long the run took
        std::shared_ptr<const ChartTimeline> timeline;  // its chart's, or null (none built)
    };

    // The result of `algorithm` on `workload` with these options, if kept (it becomes the most
    // recently used).
    std::optional<Kept> find(const Workload& workload, const std::string& algorithm,
                             const RunOptions& options);
    void insert(std::shared_ptr<const Workload> workload, const std::string& algorithm,
                const RunOptions& options, Kept kept);
    void clear();
    std::size_t size() const { return m_entries.size(); }
    double bytes() const { return m_bytes; }
    double diskBytes() const { return m_diskBytes; }

    // The options that change a result, as one text (every run option but the thread count).
    static std::string optionsKey(const RunOptions& options);
    // What an entry holds in memory, roughly: its task records, the workload's task times and
    // its chart's timeline (index and summary).
    static double entryBytes(const Workload& workload, const Kept& kept);

private:
    struct Entry {
        std::shared_ptr<const Workload> workload;
        std::string algorithm;
        std::string options;
        Kept kept;
        double bytes = 0.0;
        double diskBytes = 0.0;
    };
    std::list<Entry> m_entries;  // the most recently used first
    double m_bytes = 0.0;
    double m_diskBytes = 0.0;
    double m_maxDiskBytes;
};

// The process's cache (GUI thread only).
ResultCache& resultCache();

}  // namespace mr::ui
