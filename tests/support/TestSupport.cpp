#include "support/TestSupport.h"

#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <regex>
#include <set>
#include <sstream>
#include <stdexcept>
#include <system_error>

#include "exec/ThreadPool.h"
#include "model/SeededRandom.h"
#include "schedulers/Registry.h"
#include "sim/OrderPolicy.h"
#include "sim/ScheduleCheck.h"
#include "sim/Simulator.h"

namespace mr::test {

std::string samplePath(const std::string& name) {
    return std::string(MRX_SAMPLES_DIR) + "/" + name;
}

std::string testDataPath(const std::string& name) {
    return std::string(MRX_TEST_DATA_DIR) + "/" + name;
}

std::string tracePath(const std::string& relative) {
    return std::string(MRX_TRACES_DIR) + "/" + relative;
}

Workload figure4(int scenario) {
    Workload w;
    w.name = "Figure 4, scenario " + std::to_string(scenario);
    w.cluster = {30, 1, 1};
    const int small = scenario == 2 ? 20 : 30;
    w.jobs = {Job::uniform("J1", 30, 4, 30, 5), Job::uniform("J2", 30, 1, 30, 4),
              Job::uniform("J3", small, 30, small, 4), Job::uniform("J4", small, 6, small, 30),
              Job::uniform("J5", 30, 2, 30, 3)};
    return w;
}

RunResult twoPoolResult(const Workload& w) {
    std::vector<PoolSetup> pools(2);
    pools[0] = {
        "small", 0, 10, {1, 4, 0}, std::make_unique<OrderPolicy>(std::vector<int>{1, 4, 0})};
    pools[1] = {"big", 10, 20, {3, 2}, std::make_unique<OrderPolicy>(std::vector<int>{3, 2})};
    RunResult r;
    r.algorithm = "two-pools";
    r.order = {1, 4, 0, 3, 2};
    r.sim = simulate(w, std::move(pools));
    return r;
}

RunOptions invariantRunOptions(const Workload& workload, std::uint64_t seed) {
    RunOptions o;
    o.seed = seed;
    for (auto it = workload.jobs.rbegin(); it != workload.jobs.rend(); ++it) {
        o.manualOrder.push_back(it->name);
    }
    return o;
}

RunResult runChecked(const Workload& workload, const std::string& algorithm, std::uint64_t seed) {
    RunResult r = runAlgorithm(workload, algorithm, invariantRunOptions(workload, seed));
    const Workload& simulated = r.simulatedWorkload ? *r.simulatedWorkload : workload;
    for (const std::string& problem : checkSchedule(simulated, r.sim)) {
        ADD_FAILURE() << problem;
    }
    return r;
}

std::string parameterName(std::string algorithmId) {
    std::replace(algorithmId.begin(), algorithmId.end(), '-', '_');
    return algorithmId;
}

Workload randomWorkload(std::uint64_t seed, const RandomWorkloadOptions& o) {
    SeededRandom rng(seed);
    auto uniformInt = [&](int lo, int hi) { return rng.uniformInt(lo, hi); };
    auto duration = [&] {
        const double d = rng.uniform(0.5, 20.0);
        return o.integerDurations ? std::round(d) : d;
    };
    Workload w;
    w.name = "random seed " + std::to_string(seed);
    w.cluster.nodes = uniformInt(o.minNodes, o.maxNodes);
    w.cluster.mapSlotsPerNode = uniformInt(1, o.maxSlotsPerNode);
    w.cluster.reduceSlotsPerNode = uniformInt(1, o.maxSlotsPerNode);
    const int jobs = uniformInt(o.minJobs, o.maxJobs);
    for (int j = 0; j < jobs; ++j) {
        Job job;
        job.name = "J" + std::to_string(j + 1);
        const int maps = uniformInt(1, o.maxMaps);
        const int reduces = uniformInt(0, o.maxReduces);
        const bool uniform = uniformInt(0, 2) == 0;
        const double m = duration();
        const double r = duration();
        for (int i = 0; i < maps; ++i) {
            job.mapDurations.push_back(uniform ? m : duration());
        }
        for (int i = 0; i < reduces; ++i) {
            job.reduceDurations.push_back(uniform ? r : duration());
        }
        if (o.arrivals) {
            job.arrival = uniformInt(0, 3) == 0 ? 0.0 : std::round(duration() * 3.0);
        }
        if (o.deadlines) {
            // Tight to loose: the job's longest map plus longest reduce times 1 to 4.
            const double alone = job.maxDuration(TaskKind::Map) + job.maxDuration(TaskKind::Reduce);
            job.deadline = alone * (1.0 + 3.0 * duration() / 20.0);
        }
        w.jobs.push_back(std::move(job));
    }
    return w;
}

std::vector<TaskRecord> tasksOf(const SimResult& r, int job, TaskKind kind) {
    std::vector<TaskRecord> out;
    forEachTask(r.tasks, [&](const TaskRecord& t) {
        if (t.job == job && t.kind == kind) {
            out.push_back(t);
        }
    });
    std::sort(out.begin(), out.end(), [](const TaskRecord& a, const TaskRecord& b) {
        return a.start != b.start ? a.start < b.start : a.slot < b.slot;
    });
    return out;
}

namespace {

// The process's scratch directory: made on first use (mkdtemp: unique, private), removed with
// everything in it when the test process exits, so runs leave nothing in the temp directory.
class ScratchDirectory {
public:
    ScratchDirectory() {
        std::string pattern = (std::filesystem::temp_directory_path() / "mrx-test-XXXXXX").string();
        if (::mkdtemp(pattern.data()) == nullptr) {
            throw std::runtime_error("cannot make a scratch directory from " + pattern);
        }
        m_path = pattern;
    }
    ~ScratchDirectory() {
        std::error_code ignored;
        std::filesystem::remove_all(m_path, ignored);
    }
    ScratchDirectory(const ScratchDirectory&) = delete;
    ScratchDirectory& operator=(const ScratchDirectory&) = delete;
    const std::string& path() const { return m_path; }

private:
    std::string m_path;
};

}  // namespace

std::string scratchDir() {
    static const ScratchDirectory dir;
    return dir.path();
}

void writeText(const std::string& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary);
    out << text;
}

std::string readText(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

std::size_t lineCount(const std::string& text) {
    return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

namespace {

std::string shellQuote(const std::string& s) {
    std::string q = "'";
    for (char c : s) {
        q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    }
    return q + "'";
}

}  // namespace

std::string mrsimPath() {
    return MRX_MRSIM_PATH;
}

Completed runMrsimBinary(const std::vector<std::string>& args) {
    static int counter = 0;
    const std::string base = scratchDir() + "/run" + std::to_string(++counter);
    std::string command = shellQuote(MRX_MRSIM_PATH);
    for (const auto& a : args) {
        command += " " + shellQuote(a);
    }
    command += " >" + shellQuote(base + ".out") + " 2>" + shellQuote(base + ".err");
    const int status = std::system(command.c_str());
    Completed c;
    c.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    c.out = readText(base + ".out");
    c.err = readText(base + ".err");
    return c;
}

EndlessBuffer::EndlessBuffer(std::string start, const std::string& repeated)
    : m_start(std::move(start)) {
    while (m_chunk.size() < (1u << 16)) {
        m_chunk += repeated;
    }
    setg(m_start.data(), m_start.data(), m_start.data() + m_start.size());
}

EndlessBuffer::int_type EndlessBuffer::underflow() {
    setg(m_chunk.data(), m_chunk.data(), m_chunk.data() + m_chunk.size());
    return traits_type::to_int_type(m_chunk[0]);
}

std::string shiftRumenTimes(const std::string& text, long long ms) {
    static const std::regex stamp(
        R"re("(submitTime|launchTime|startTime|finishTime|shuffleFinished|sortFinished)" : ([0-9]+))re");
    std::string out;
    auto last = text.cbegin();
    for (std::sregex_iterator it(text.begin(), text.end(), stamp), end; it != end; ++it) {
        const std::smatch& m = *it;
        out.append(last, m[0].first);
        out += "\"" + m[1].str() + "\" : " + std::to_string(std::stoll(m[2].str()) + ms);
        last = m[0].second;
    }
    out.append(last, text.cend());
    return out;
}

namespace {

struct LoopRecord {
    std::mutex mutex;
    std::set<std::thread::id> ids;
    int largestBound = 0;
    std::size_t indices = 0;
};

LoopRecord& loopRecord() {
    static LoopRecord record;
    return record;
}

void recordLoopIndex(std::size_t, int threads) {
    LoopRecord& r = loopRecord();
    const std::lock_guard lock(r.mutex);
    r.ids.insert(std::this_thread::get_id());
    r.largestBound = std::max(r.largestBound, threads);
    ++r.indices;
}

}  // namespace

LoopThreads::LoopThreads() {
    LoopRecord& r = loopRecord();
    {
        const std::lock_guard lock(r.mutex);
        r.ids.clear();
        r.largestBound = 0;
        r.indices = 0;
    }
    setParallelIndexObserver(&recordLoopIndex);
}

LoopThreads::~LoopThreads() {
    setParallelIndexObserver(nullptr);
}

std::size_t LoopThreads::threads() const {
    const std::lock_guard lock(loopRecord().mutex);
    return loopRecord().ids.size();
}

int LoopThreads::largestBound() const {
    const std::lock_guard lock(loopRecord().mutex);
    return loopRecord().largestBound;
}

std::size_t LoopThreads::indices() const {
    const std::lock_guard lock(loopRecord().mutex);
    return loopRecord().indices;
}

bool LoopThreads::onlyOn(std::thread::id id) const {
    const std::lock_guard lock(loopRecord().mutex);
    return loopRecord().ids.size() == 1 && *loopRecord().ids.begin() == id;
}

}  // namespace mr::test
