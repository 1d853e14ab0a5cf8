// Trace import throughput and memory: the importers stream, so peak memory must follow
// the largest job, not the file.
//   RumenImport/MB:N   a Rumen trace of about N MB built by repeating the SLS sample
//                      (tests/data/traces/rumen, 2 TeraGen jobs, 395 KiB) with fresh jobIDs, in a
//                      temporary folder; imported into a workload in memory, with the cluster
//                      from the trace (per-attempt host records kept) or given (not kept).
//   SwimImport/…       a whole SWIM Facebook sample streamed into a workload file (FB-2010
//                      expands to 24 442 jobs and 16.6 million tasks).
// Counters: input bytes per second, the input's size, and the peak resident memory of the
// process during the benchmark (Linux VmHWM, reset before each benchmark through
// /proc/self/clear_refs), next to the resident memory before it.
// The traces come from MRX_TRACE_DIR (tests/data/traces by default); a missing one fails the
// benchmark.
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "io/RumenImport.h"
#include "io/SwimImport.h"

namespace {

namespace fs = std::filesystem;

const std::string kShared = MRX_TRACES_DIR;

// A /proc/self/status value in MB ("VmHWM", "VmRSS").
double procStatusMb(const std::string& key) {
    std::ifstream status("/proc/self/status");
    for (std::string line; std::getline(status, line);) {
        if (line.rfind(key + ":", 0) == 0) {
            return std::stod(line.substr(key.size() + 1)) / 1024.0;  // kB
        }
    }
    return 0.0;
}

// Start a new peak: "5" resets VmHWM to the current resident size (Linux ≥ 4.0).
void resetPeak() {
    std::ofstream("/proc/self/clear_refs") << "5";
}

double minimum(const std::vector<double>& v) {
    return *std::min_element(v.begin(), v.end());
}

struct TempDir {
    fs::path path = fs::temp_directory_path() / ("mrx-bench-" + std::to_string(::getpid()));
    TempDir() { fs::create_directories(path); }
    ~TempDir() {
        std::error_code ignored;
        fs::remove_all(path, ignored);
    }
};

TempDir& tempDir() {
    static TempDir dir;
    return dir;
}

// The sample repeated until the file holds at least `megabytes` MB; each copy's two jobIDs are
// renamed (job names must be unique). Built once per size.
std::string repeatedRumenTrace(int megabytes) {
    static std::map<int, std::string> built;
    if (const auto it = built.find(megabytes); it != built.end()) {
        return it->second;
    }
    std::ifstream in(kShared + "/rumen/2jobs2min-rumen-jh.json", std::ios::binary);
    if (!in) {
        return {};
    }
    std::ostringstream text;
    text << in.rdbuf();
    const std::string sample = text.str();
    const std::string path =
        (tempDir().path / ("rumen-" + std::to_string(megabytes) + "MB.json")).string();
    std::ofstream out(path, std::ios::binary);
    const double target = megabytes * 1.0e6;
    for (int copy = 0; static_cast<double>(out.tellp()) < target; ++copy) {
        std::string job = sample;
        for (const char* id : {"job_1369942127770_1205", "job_1369942127770_1206"}) {
            const std::string key = std::string("\"jobID\" : \"") + id + "\"";
            const auto at = job.find(key);
            job.replace(at, key.size(),
                        std::string("\"jobID\" : \"") + id + "_copy" + std::to_string(copy) + "\"");
        }
        out << job;
    }
    out.close();
    built[megabytes] = path;
    return path;
}

void setCounters(benchmark::State& state, double bytes, double rssBefore) {
    state.counters["input_MB/s"] =
        benchmark::Counter(bytes / 1.0e6, benchmark::Counter::kIsIterationInvariantRate);
    state.counters["input_MB"] = bytes / 1.0e6;
    state.counters["peak_rss_MB"] = procStatusMb("VmHWM");
    state.counters["rss_before_MB"] = rssBefore;
}

void RumenImport(benchmark::State& state) {
    const std::string path = repeatedRumenTrace(static_cast<int>(state.range(0)));
    if (path.empty()) {
        state.SkipWithError(("no Rumen sample under " + kShared).c_str());
        return;
    }
    const double rssBefore = procStatusMb("VmRSS");
    resetPeak();
    mr::RumenImportOptions options;
    if (state.range(1) != 0) {  // the cluster given: no per-attempt host record
        options.nodes = 4;
        options.mapSlotsPerNode = 8;
        options.reduceSlotsPerNode = 1;
    }
    long long tasks = 0;
    for (auto _ : state) {
        const mr::Workload w = mr::importRumen(path, options);
        tasks = w.taskCount();
        benchmark::DoNotOptimize(tasks);
    }
    setCounters(state, static_cast<double>(fs::file_size(path)), rssBefore);
    state.counters["tasks"] = static_cast<double>(tasks);
}
BENCHMARK(RumenImport)
    ->ArgsProduct({{10, 100}, {0, 1}})
    ->ArgNames({"MB", "cluster_given"})
    ->Unit(benchmark::kMillisecond)
    ->ComputeStatistics("min", minimum);

void SwimImport(benchmark::State& state, const std::string& file) {
    const std::string path = kShared + "/swim/" + file;
    if (!fs::exists(path)) {
        state.SkipWithError(("no " + path).c_str());
        return;
    }
    const std::string output = (tempDir().path / "swim.json").string();
    const double rssBefore = procStatusMb("VmRSS");
    resetPeak();
    for (auto _ : state) {
        mr::importSwimToFile(path, {}, output);
    }
    setCounters(state, static_cast<double>(fs::file_size(path)), rssBefore);
    state.counters["output_MB"] = static_cast<double>(fs::file_size(output)) / 1.0e6;
}
BENCHMARK_CAPTURE(SwimImport, FB2009, std::string("FB-2009_samples_24_times_1hr_0.tsv"))
    ->Unit(benchmark::kMillisecond)
    ->ComputeStatistics("min", minimum);
BENCHMARK_CAPTURE(SwimImport, FB2010, std::string("FB-2010_samples_24_times_1hr_0.tsv"))
    ->Unit(benchmark::kMillisecond)
    ->ComputeStatistics("min", minimum);

}  // namespace

BENCHMARK_MAIN();
