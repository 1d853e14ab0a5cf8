// Memory estimates before allocating: runAlgorithm refuses, with the estimate and the
// limit, a run that would not fit, and the estimate holds against what a run really allocates —
// measured here by counting every operator new of this test executable (an independent
// reference: it knows nothing of the engine's data structures).
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>

#include "exec/MemoryBudget.h"
#include "model/InputError.h"
#include "schedulers/Registry.h"
#include "schedulers/RunMemory.h"
#include "support/TestSupport.h"
#include "workloads/Generators.h"

namespace {

std::atomic<long long> g_live{0};
std::atomic<long long> g_peak{0};

void* counted(std::size_t size) {
    // A header keeps the size for delete; max_align_t keeps the block aligned.
    constexpr std::size_t kHeader = alignof(std::max_align_t);
    auto* block = static_cast<unsigned char*>(std::malloc(size + kHeader));
    if (block == nullptr) {
        throw std::bad_alloc();
    }
    *reinterpret_cast<std::size_t*>(block) = size;
    const long long live = g_live += static_cast<long long>(size);
    long long peak = g_peak.load();
    while (live > peak && !g_peak.compare_exchange_weak(peak, live)) {
    }
    return block + kHeader;
}

void* countedOrNull(std::size_t size) noexcept {
    try {
        return counted(size);
    } catch (const std::bad_alloc&) {
        return nullptr;
    }
}

void release(void* p) {
    if (p != nullptr) {
        auto* block = static_cast<unsigned char*>(p) - alignof(std::max_align_t);
        g_live -= static_cast<long long>(*reinterpret_cast<std::size_t*>(block));
        std::free(block);
    }
}

}  // namespace

void* operator new(std::size_t size) {
    return counted(size);
}
void* operator new[](std::size_t size) {
    return counted(size);
}
// The nothrow forms too (std::stable_sort's temporary buffer uses them): a sanitizer's runtime
// replaces them with its own, which would not write the header release() reads.
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
    return countedOrNull(size);
}
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept {
    return countedOrNull(size);
}
void operator delete(void* p, const std::nothrow_t&) noexcept {
    release(p);
}
void operator delete[](void* p, const std::nothrow_t&) noexcept {
    release(p);
}
void operator delete(void* p) noexcept {
    release(p);
}
void operator delete[](void* p) noexcept {
    release(p);
}
void operator delete(void* p, std::size_t) noexcept {
    release(p);
}
void operator delete[](void* p, std::size_t) noexcept {
    release(p);
}

namespace mr {
namespace {

// The most memory `algorithm` held at once on `w`, beyond what was live before it started.
double measuredPeak(const Workload& w, const std::string& algorithm, const RunOptions& options) {
    const long long before = g_live.load();
    g_peak.store(before);
    const RunResult r = runAlgorithm(w, algorithm, options);
    EXPECT_GT(r.makespan(), 0.0);
    return static_cast<double>(g_peak.load() - before);
}

TEST(RunMemory, TheEstimateBoundsWhatARunAllocates) {
    // Sizes where the per-slot, per-task, re-split and memo parts each dominate somewhere.
    struct Case {
        std::string kind, algorithm;
        int jobs, nodes, slotsPerNode;
        bool locality = false;
    };
    const Case cases[] = {
        {"facebook", "fifo", 400, 64, 1},
        {"facebook", "johnson", 400, 20000, 8},
        {"yahoo-unimodal", "hscheduler", 50, 2000, 2},
        {"synthetic-bimodal", "balanced-pools", 60, 300, 2},
        {"facebook", "min-edf-wc", 200, 64, 2},
        {"testbed", "fair", 60, 100, 1},
        {"facebook", "fifo", 300, 64, 2, true},
        {"facebook", "completion-time", 100, 64, 2, true},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.algorithm + " on " + c.kind);
        const Workload w = generateWorkload(
            c.kind, {.jobs = c.jobs, .seed = 5, .nodes = c.nodes, .slotsPerNode = c.slotsPerNode});
        for (const bool records : {true, false}) {
            for (const bool waves : {true, false}) {
                RunOptions options;
                options.recordTasks = records;
                options.waves = waves;
                options.threads = 1;
                options.locality.enabled = c.locality;
                const double estimate = estimateRunMemory(w, c.algorithm, options).bytes;
                const double measured = measuredPeak(w, c.algorithm, options);
                // An upper bound, and without waves (one record per task, what the estimate
                // counts) not a wild one (else valid runs would be refused).
                EXPECT_GE(estimate, measured) << "records " << records << " waves " << waves;
                if (!waves) {
                    EXPECT_LE(estimate, 4.0 * measured + 4.0e6) << "records " << records;
                }
            }
        }
    }
}

TEST(RunMemory, ARunThatWouldNotFitIsRefusedWithTheEstimateAndTheLimit) {
    setMemoryLimit(2ULL << 30);
    // 2000 jobs re-split over 2 × 1 000 000 slots: 4e9 tasks. Each re-split stage is one
    // (count, duration) and starts as one wave: what remains is the 2 000 000 slots' arrays
    // (187 MB). Without waves every task is a record.
    Workload w = test::figure4(1);
    w.cluster = {100'000, 10, 10};
    for (int i = 0; w.jobCount() < 2000; ++i) {
        w.jobs.push_back(Job::uniform("X" + std::to_string(i), 1, 1.0, 1, 1.0));
    }
    EXPECT_LT(estimateRunMemory(w, "hscheduler", {}, RecordCount::Waves).bytes, 200.0e6);
    RunOptions taskByTask;
    taskByTask.waves = false;
    try {
        runAlgorithm(w, "hscheduler", taskByTask);
        ADD_FAILURE() << "ran";
    } catch (const InputError& e) {
        EXPECT_EQ(e.field(), "jobs");
        EXPECT_NE(e.message().find("hscheduler on this workload (mostly the records of "
                                   "4000000000 tasks)"),
                  std::string::npos)
            << e.what();
        EXPECT_NE(e.message().find("GB of memory; the limit is 2.00 GB (MRX_MEMORY_LIMIT)"),
                  std::string::npos)
            << e.what();
    }
    // The same workload fits for an algorithm that does not re-split it.
    EXPECT_NO_THROW(runAlgorithm(w, "johnson", {}));
    // The cluster's slots themselves: 2e6 slots need ~58 MB; a 10 MB limit refuses them.
    setMemoryLimit(10ULL << 20);
    try {
        runAlgorithm(w, "johnson", {});
        ADD_FAILURE() << "ran";
    } catch (const InputError& e) {
        EXPECT_EQ(e.field(), "cluster");
        EXPECT_NE(e.message().find("the engine's 2000000 slots"), std::string::npos) << e.what();
    }
    setMemoryLimit(0);
}

TEST(RunMemory, TasksAreRefusedOnlyByTheMemoryTheyNeed) {
    // 60 000 000 map tasks of 1 s in six jobs, on 1000 nodes x 10 map slots: more than any
    // fixed task ceiling held, but each stage is one (count, duration) and starts in waves of
    // 10 000 tasks. It runs under this machine's own limit; fifo ends after 60e6 / 1e4 rounds.
    Workload w;
    w.name = "sixty million";
    w.cluster = {1000, 10, 1};
    for (int i = 0; i < 6; ++i) {
        w.jobs.push_back(Job::uniform("J" + std::to_string(i), 10'000'000, 1.0, 0, 0.0));
    }
    ASSERT_EQ(w.taskCount(), 60'000'000);
    g_peak = g_live.load();
    const RunResult result = runAlgorithm(w, "fifo", {});
    EXPECT_DOUBLE_EQ(result.makespan(), 6000.0);
    EXPECT_LT(g_peak - g_live, 64LL << 20);  // the run's memory follows its waves, not its tasks
    // An absurd workload: 20 000 jobs of 2 x 10 000 000 tasks (4e11 tasks, a byte each and
    // their wave records) is refused in one line naming the estimate and the limit, before
    // anything large is allocated.
    for (int i = 6; i < 20'000; ++i) {
        w.jobs.push_back(Job::uniform("J" + std::to_string(i), 10'000'000, 1.0, 10'000'000, 1.0));
    }
    setMemoryLimit(16ULL << 30);
    try {
        runAlgorithm(w, "fifo", {});
        ADD_FAILURE() << "ran";
    } catch (const InputError& e) {
        EXPECT_EQ(e.field(), "jobs");
        EXPECT_EQ(e.message().find('\n'), std::string::npos) << e.what();
        EXPECT_NE(e.message().find("fifo on this workload (mostly the records of 399940000000 "
                                   "tasks) needs about 379 GB of memory; the limit is 16.0 GB "
                                   "(MRX_MEMORY_LIMIT)"),
                  std::string::npos)
            << e.what();
    }
    setMemoryLimit(0);
}

TEST(MemoryBudget, LimitFromTheEnvironmentAndReadableSizes) {
    EXPECT_EQ(formatBytes(512), "512 bytes");
    EXPECT_EQ(formatBytes(1536), "1.50 KB");
    EXPECT_EQ(formatBytes(48ULL << 30), "48.0 GB");
    EXPECT_EQ(formatBytes(3ULL << 40), "3.00 TB");
    ::setenv("MRX_MEMORY_LIMIT", "1.5G", 1);
    EXPECT_EQ(memoryLimit(), 1536ULL << 20);
    ::setenv("MRX_MEMORY_LIMIT", "123456", 1);
    EXPECT_EQ(memoryLimit(), 123456u);
    ::unsetenv("MRX_MEMORY_LIMIT");
    EXPECT_GT(memoryLimit(), 100ULL << 20);  // some of the machine's memory
    setMemoryLimit(42);
    EXPECT_EQ(memoryLimit(), 42u);
    setMemoryLimit(0);
}

// MRX_MEMORY_LIMIT is read by the one number parser (model/Numbers.h), not the locale's strtod:
// "1.5G" is 1.5 GiB and "1,5G" is refused whatever the locale says.
TEST(MemoryBudget, SizesAreReadByTheOneNumberParser) {
    EXPECT_EQ(parseByteSize("123456"), 123456u);
    EXPECT_EQ(parseByteSize("2K"), 2048u);
    EXPECT_EQ(parseByteSize("1536m"), 1536ULL << 20);
    EXPECT_EQ(parseByteSize("1.5G"), 1536ULL << 20);
    EXPECT_EQ(parseByteSize("1.5GB"), 1536ULL << 20);
    EXPECT_EQ(parseByteSize("3T"), 3ULL << 40);
    EXPECT_EQ(parseByteSize("4096b"), 4096u);
    for (const char* bad : {"", "G", "1,5G", " 2G", "2G ", "0", "-1G", "1e30", "0x10", "nan", "inf",
                            "2X", "2BG", "max"}) {
        EXPECT_EQ(parseByteSize(bad), std::nullopt) << bad;
    }
}

}  // namespace
}  // namespace mr
