#include "run/ResultCache.h"

#include "run/ChartTimeline.h"

namespace mr::ui {

std::string ResultCache::optionsKey(const RunOptions& options) {
    std::string key;
    for (const OptionSpec& spec : runOptionSpecs()) {
        if (spec.id != "threads" && spec.get) {
            key += spec.id + '=' + spec.get(options) + ';';
        }
    }
    key += options.waves ? "waves;" : "tasks;";
    key += options.recordTasks ? "records" : "no-records";
    return key;
}

double ResultCache::entryBytes(const Workload& workload, const Kept& kept) {
    const RunResult& result = *kept.result;
    const double timeline = kept.timeline ? static_cast<double>(kept.timeline->memoryBytes()) : 0.0;
    // A spilled run's records are in a temporary file, not in memory.
    const double records = result.sim.tasks.spilled()
                               ? 0.0
                               : static_cast<double>(result.sim.tasks.size()) * sizeof(TaskRecord);
    const double jobs = static_cast<double>(result.sim.jobs.size()) * sizeof(JobTimes);
    const double tasks = static_cast<double>(workload.taskCount()) * sizeof(double);
    return records + jobs + tasks + timeline + 1024.0;
}

std::optional<ResultCache::Kept> ResultCache::find(const Workload& workload,
                                                   const std::string& algorithm,
                                                   const RunOptions& options) {
    const std::string key = optionsKey(options);
    for (auto it = m_entries.begin(); it != m_entries.end(); ++it) {
        if (it->algorithm == algorithm && it->options == key &&
            (it->workload.get() == &workload || *it->workload == workload)) {
            m_entries.splice(m_entries.begin(), m_entries, it);
            return m_entries.front().kept;
        }
    }
    return std::nullopt;
}

void ResultCache::insert(std::shared_ptr<const Workload> workload, const std::string& algorithm,
                         const RunOptions& options, Kept kept) {
    if (!workload || !kept.result || find(*workload, algorithm, options)) {
        return;
    }
    const double bytes = entryBytes(*workload, kept);
    if (bytes > kMaxBytes) {
        return;  // larger than the whole cache: kept only where it is shown
    }
    m_entries.push_front(
        {std::move(workload), algorithm, optionsKey(options), std::move(kept), bytes});
    m_bytes += bytes;
    while (m_entries.size() > kMaxEntries || m_bytes > kMaxBytes) {
        m_bytes -= m_entries.back().bytes;
        m_entries.pop_back();
    }
}

void ResultCache::clear() {
    m_entries.clear();
    m_bytes = 0.0;
}

ResultCache& resultCache() {
    static ResultCache cache;
    return cache;
}

}  // namespace mr::ui
