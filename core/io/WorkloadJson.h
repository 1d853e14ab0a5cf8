// WorkloadJson — load and save "mrx-workload" version 1 files (docs/formats.md).
// Loading is strict: every problem is one InputError naming the file, the job and the field.
// Saving writes a canonical text (one job per line) that loads back to the same Workload.
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "io/AtomicFile.h"
#include "model/Limits.h"
#include "model/Workload.h"

namespace mr {

struct LoadReport {
    // Not errors, but worth telling the user (unknown keys kept for the round trip, ...).
    std::vector<std::string> warnings;
};

inline constexpr const char* kWorkloadFormat = "mrx-workload";
inline constexpr int kWorkloadVersion = 1;

// What a workload file may hold beyond validate(): times up to kMaxTime, the per-job task limit,
// the cluster's limits. Every writer checks it, so that nothing is written that loading refuses.
// Throws InputError naming `file`, the job and the field.
void checkFileLimits(const Cluster& cluster, const std::string& file);
void checkFileLimits(const Job& job, const std::string& file);

Workload loadWorkload(const std::string& path, LoadReport* report = nullptr);
// `source` names the text in error messages (usually the file path).
Workload parseWorkload(const std::string& text, const std::string& source,
                       LoadReport* report = nullptr);

std::string serializeWorkload(const Workload& workload);
// What saveWorkload checks before writing: validate() and checkFileLimits() (InputError naming
// `path`). Writers of files that embed a workload (sessions) call it.
void checkWritable(const Workload& workload, const std::string& path);
// Atomic: writes a temporary file and renames it over `path`. Refuses (InputError) a workload that
// validate() or checkFileLimits() refuses, or whose text is longer than loading reads
// (kMaxTextFileBytes).
void saveWorkload(const Workload& workload, const std::string& path);

// Saves a workload job by job, so that memory holds one job, not the batch (importers of large
// traces). The file is byte for byte what saveWorkload writes for the same jobs, and appears
// (atomically) only when finish() succeeds. Every job is checked as validate() would, plus the
// loader's limits (checkFileLimits, the text's length); errors name `path`.
class WorkloadWriter {
public:
    // `header`: name, description, cluster and extra fields; no jobs and no manual order.
    WorkloadWriter(const std::string& path, const Workload& header);
    void add(const Job& job);
    void finish();
    long long jobs() const { return m_jobs; }
    long long tasks() const { return m_tasks; }

private:
    AtomicFileWriter m_file;
    std::set<std::string> m_names;
    long long m_jobs = 0;
    long long m_tasks = 0;
    std::uint64_t m_bytes = 0;  // the text written so far
};

}  // namespace mr
