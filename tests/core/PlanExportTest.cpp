// The plan's files: the Capacity-scheduler XML parses (expat, an independent parser) with queue
// capacities that sum to 100 and equal the pools' node shares; the submit script passes `sh -n`
// and, dry-run, submits in the plan's order; the SLS trace parses back with every completed task
// at its simulated times; the task CSV has one row per task record.
#include <expat.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string_view>
#include <tuple>

#include "io/CapacitySchedulerXml.h"
#include "io/NumberFormat.h"
#include "io/PoolPlan.h"
#include "io/SlsTrace.h"
#include "io/SubmitScript.h"
#include "io/TaskCsv.h"
#include "schedulers/Registry.h"
#include "sim/OrderPolicy.h"
#include "sim/Simulator.h"
#include "support/TestSupport.h"

namespace mr {
namespace {

// --- capacity-scheduler.xml ---

struct XmlProperties {
    std::map<std::string, std::string> values;
    std::string element, name, value, text;
    bool wellFormed = false;
    std::string error;
};

XmlProperties parseHadoopConfiguration(const std::string& xml) {
    XmlProperties p;
    XML_Parser parser = XML_ParserCreate(nullptr);
    XML_SetUserData(parser, &p);
    XML_SetElementHandler(
        parser,
        [](void* data, const XML_Char*, const XML_Char**) {
            static_cast<XmlProperties*>(data)->text.clear();
        },
        [](void* data, const XML_Char* element) {
            auto* p = static_cast<XmlProperties*>(data);
            const std::string e = element;
            if (e == "name") {
                p->name = p->text;
            } else if (e == "value") {
                p->value = p->text;
            } else if (e == "property") {
                p->values[p->name] = p->value;
            }
            p->text.clear();
        });
    XML_SetCharacterDataHandler(parser, [](void* data, const XML_Char* s, int length) {
        static_cast<XmlProperties*>(data)->text.append(s, static_cast<std::size_t>(length));
    });
    p.wellFormed = XML_Parse(parser, xml.data(), static_cast<int>(xml.size()), 1) == XML_STATUS_OK;
    if (!p.wellFormed) {
        p.error = std::string(XML_ErrorString(XML_GetErrorCode(parser))) + " at line " +
                  std::to_string(XML_GetCurrentLineNumber(parser));
    }
    XML_ParserFree(parser);
    return p;
}

TEST(CapacitySchedulerXml, PooledPlanParsesWithTheNodeShares) {
    const Workload w = test::figure4(2);
    const PoolPlan plan = makePlan(w, test::twoPoolResult(w));
    const XmlProperties p = parseHadoopConfiguration(capacitySchedulerXml(w, plan));
    ASSERT_TRUE(p.wellFormed) << p.error;
    EXPECT_EQ(p.values.at("yarn.scheduler.capacity.root.queues"), "small,big");
    double sum = 0.0;
    // Pools of 10 and 20 of the 30 nodes.
    for (const auto& [queue, nodes] : {std::pair{"small", 10}, std::pair{"big", 20}}) {
        const std::string prefix = std::string("yarn.scheduler.capacity.root.") + queue + ".";
        const double capacity = std::stod(p.values.at(prefix + "capacity"));
        EXPECT_NEAR(capacity, 100.0 * nodes / 30.0, 0.005);
        EXPECT_EQ(p.values.at(prefix + "maximum-capacity"), p.values.at(prefix + "capacity"));
        EXPECT_EQ(p.values.at(prefix + "ordering-policy"), "fifo");
        EXPECT_EQ(p.values.at(prefix + "state"), "RUNNING");
        sum += capacity;
    }
    EXPECT_DOUBLE_EQ(sum, 100.0);
    EXPECT_EQ(p.values.size(), 11u);  // root.queues + 5 per queue
}

TEST(CapacitySchedulerXml, SinglePoolIsDefaultAt100AndNamesAreEscaped) {
    Workload w = test::figure4(1);
    w.name = "R&D <nightly> -- \"batch\" 'x' -";
    const PoolPlan plan = makePlan(w, runAlgorithm(w, "fifo", {}));
    const std::string xml = capacitySchedulerXml(w, plan);
    const XmlProperties p = parseHadoopConfiguration(xml);
    ASSERT_TRUE(p.wellFormed) << p.error << "\n" << xml;
    EXPECT_EQ(p.values.at("yarn.scheduler.capacity.root.queues"), "default");
    EXPECT_EQ(p.values.at("yarn.scheduler.capacity.root.default.capacity"), "100");
    EXPECT_EQ(xmlEscape("a<b & \"c\"\x01"), "a&lt;b &amp; &quot;c&quot;?");
}

// --- submit script ---

// Runs `command` through the shell; returns its exit status and what it wrote to `out` / `err`.
struct ShellRun {
    int status = -1;
    std::string out, err;
};

ShellRun shell(const std::string& command) {
    const std::string base = test::scratchDir() + "/shell";
    ShellRun r;
    r.status = std::system((command + " >" + base + ".out 2>" + base + ".err").c_str());
    r.out = test::readText(base + ".out");
    r.err = test::readText(base + ".err");
    return r;
}

// The job names the dry run announces, in order.
std::vector<std::string> submittedJobs(const std::string& err) {
    std::vector<std::string> jobs;
    std::istringstream lines(err);
    const std::string prefix = "mrx: submitting ";
    for (std::string line; std::getline(lines, line);) {
        if (line.rfind(prefix, 0) == 0) {
            jobs.push_back(line.substr(prefix.size()));
        }
    }
    return jobs;
}

std::string writeScript(const Workload& w, const PoolPlan& plan) {
    const std::string path = test::scratchDir() + "/submit.sh";
    test::writeText(path, submitScript(w, plan));
    return path;
}

TEST(SubmitScript, PassesShNAndSubmitsInThePlansOrder) {
    const Workload w = test::figure4(2);
    const PoolPlan plan = makePlan(w, test::twoPoolResult(w));
    const std::string path = writeScript(w, plan);
    const ShellRun syntax = shell("sh -n " + path);
    EXPECT_EQ(syntax.status, 0) << syntax.err;

    const ShellRun dry = shell("MRX_DRY_RUN=1 sh " + path);
    ASSERT_EQ(dry.status, 0) << dry.err;
    // Queues small = J2 J5 J1 and big = J4 J3, all arriving at 0: interleaved by position.
    EXPECT_EQ(submittedJobs(dry.err),
              (std::vector<std::string>{"J2 to queue small", "J4 to queue big", "J5 to queue small",
                                        "J3 to queue big", "J1 to queue small"}));
    // The placeholder: SleepJob with the job's counts and mean task times (J2: 30 × 1 s + 30 × 4
    // s).
    EXPECT_NE(dry.out.find("sleep -Dmapreduce.job.queuename=small -Dmapreduce.job.name=J2 -m 30 "
                           "-r 30 -mt 1000 -rt 4000"),
              std::string::npos)
        << dry.out;
    EXPECT_NE(dry.err.find("dry run: 5 jobs listed"), std::string::npos);
    const std::string text = test::readText(path);
    EXPECT_EQ(text.rfind("#!/bin/sh\n", 0), 0u);
    EXPECT_NE(text.find("\nset -eu\n"), std::string::npos);
    // One marked, editable command per job.
    std::size_t marks = 0;
    for (auto at = text.find("# EDIT: "); at != std::string::npos;
         at = text.find("# EDIT: ", at + 1)) {
        ++marks;
    }
    EXPECT_EQ(marks, 5u);
}

TEST(SubmitScript, WaitsForArrivalsAndQuotesAnyName) {
    Workload w;
    w.cluster = {2, 1, 1};
    w.jobs = {Job::uniform("it's a $(touch pwned) `job`; \"x\"", 2, 1.5, 1, 2),
              Job::uniform("late", 1, 1, 0, 0)};
    w.jobs[1].arrival = 4.6;
    const PoolPlan plan = makePlan(w, runAlgorithm(w, "fifo", {}));
    const std::string path = writeScript(w, plan);
    EXPECT_EQ(shell("sh -n " + path).status, 0);
    const std::string text = test::readText(path);
    EXPECT_NE(text.find("\nmrx_at 0\n"), std::string::npos);
    EXPECT_NE(text.find("\nmrx_at 5\n"), std::string::npos);  // 4.6 s, rounded
    const ShellRun dry = shell("cd " + test::scratchDir() + " && MRX_DRY_RUN=1 sh " + path);
    ASSERT_EQ(dry.status, 0) << dry.err;
    EXPECT_EQ(submittedJobs(dry.err),
              (std::vector<std::string>{"it's a $(touch pwned) `job`; \"x\" to queue default",
                                        "late to queue default"}));
    EXPECT_FALSE(std::ifstream(test::scratchDir() + "/pwned").good());
    EXPECT_NE(dry.out.find("-m 1 -r 0 -mt 1000\n"), std::string::npos) << dry.out;
    EXPECT_EQ(shellQuote("a'b"), "'a'\\''b'");
}

// --- SLS trace ---

// Every concatenated JSON object of an SLS trace.
std::vector<nlohmann::json> parseConcatenated(const std::string& text) {
    std::vector<nlohmann::json> values;
    std::istringstream in(text);
    while (in >> std::ws, in.peek() != std::char_traits<char>::eof()) {
        nlohmann::json j;
        in >> j;
        values.push_back(j);
    }
    return values;
}

using TaskKey =
    std::tuple<std::string, long long, long long, std::string>;  // type, start, end, host

// Order policy that kills one running map of job 0 when job 1 arrives (a killed execution).
class KillOnArrival : public OrderPolicy {
public:
    using OrderPolicy::OrderPolicy;
    void onJobArrived(SimState& s, int job) override {
        OrderPolicy::onJobArrived(s, job);
        if (job == 1) {
            s.kill(0, TaskKind::Map, 1);
        }
    }
};

void checkSlsTrace(const Workload& w, const RunResult& r) {
    const PoolPlan plan = makePlan(w, r);
    const std::vector<nlohmann::json> jobs = parseConcatenated(slsTrace(w, plan, r));
    ASSERT_EQ(jobs.size(), w.jobs.size());
    for (std::size_t i = 0; i < jobs.size(); ++i) {
        const nlohmann::json& sj = jobs[i];
        const int j = plan.submissions[i].job;  // in submission order
        SCOPED_TRACE(w.jobs[static_cast<std::size_t>(j)].name);
        EXPECT_EQ(sj.at("am.type"), "mapreduce");
        EXPECT_EQ(sj.at("job.id"), w.jobs[static_cast<std::size_t>(j)].name);
        EXPECT_EQ(
            sj.at("job.queue.name"),
            plan.queues[static_cast<std::size_t>(plan.queueOfJob[static_cast<std::size_t>(j)])]
                .name);
        const JobTimes& t = r.sim.jobs[static_cast<std::size_t>(j)];
        EXPECT_EQ(sj.at("job.start.ms").get<long long>(), std::llround(t.arrival * 1000.0));
        EXPECT_EQ(sj.at("job.end.ms").get<long long>(), std::llround(t.end * 1000.0));
        std::vector<TaskKey> expected, listed;
        for (const TaskRecord& rec : expandWaves(r.sim.tasks)) {  // one container per task
            if (rec.job == j && !rec.killed) {
                const bool map = rec.kind == TaskKind::Map;
                const int node =
                    rec.slot / (map ? w.cluster.mapSlotsPerNode : w.cluster.reduceSlotsPerNode);
                expected.emplace_back(map ? "map" : "reduce", std::llround(rec.start * 1000.0),
                                      std::llround(rec.end * 1000.0),
                                      "/default-rack/node" + std::to_string(node + 1));
            }
        }
        for (const auto& task : sj.at("job.tasks")) {
            listed.emplace_back(task.at("container.type").get<std::string>(),
                                task.at("container.start.ms").get<long long>(),
                                task.at("container.end.ms").get<long long>(),
                                task.at("container.host").get<std::string>());
            EXPECT_EQ(task.at("container.priority"), task.at("container.type") == "map" ? 20 : 10);
        }
        std::sort(expected.begin(), expected.end());
        std::sort(listed.begin(), listed.end());
        EXPECT_EQ(listed, expected);
        EXPECT_EQ(listed.size(),
                  static_cast<std::size_t>(w.jobs[static_cast<std::size_t>(j)].maps() +
                                           w.jobs[static_cast<std::size_t>(j)].reduces()));
    }
}

TEST(SlsTrace, ListsEveryTaskOfTheSimulatedScheduleWithItsTimes) {
    const Workload pooled = test::figure4(2);
    checkSlsTrace(pooled, test::twoPoolResult(pooled));
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
        SCOPED_TRACE(seed);
        const Workload w = test::randomWorkload(seed, {.arrivals = true});
        checkSlsTrace(w, runAlgorithm(w, seed % 2 ? "johnson" : "fifo", {}));
    }
}

TEST(SlsTrace, TopologyNamesEveryNodeTheTraceMayUse) {
    const Workload w = test::figure4(2);
    const nlohmann::json topology = nlohmann::json::parse(slsTopology(w));
    EXPECT_EQ(topology.at("rack"), "default-rack");
    ASSERT_EQ(topology.at("nodes").size(), 30u);
    std::set<std::string> hosts;
    for (const auto& node : topology.at("nodes")) {
        hosts.insert("/default-rack/" + node.at("node").get<std::string>());
    }
    EXPECT_EQ(hosts.size(), 30u);
    const RunResult r = test::twoPoolResult(w);
    for (const auto& job : parseConcatenated(slsTrace(w, makePlan(w, r), r))) {
        for (const auto& task : job.at("job.tasks")) {
            EXPECT_EQ(hosts.count(task.at("container.host").get<std::string>()), 1u);
        }
    }
}

TEST(SlsTrace, LeavesKilledExecutionsOutAndTheTaskCsvKeepsThem) {
    Workload w;
    w.cluster = {2, 2, 1};
    w.jobs = {Job::uniform("A", 4, 10, 1, 1), Job::uniform("B", 1, 1, 0, 0)};
    w.jobs[1].arrival = 4;
    std::vector<PoolSetup> pools(1);
    pools[0] = {"default", 0, 2, {0, 1}, std::make_unique<KillOnArrival>(std::vector<int>{1, 0})};
    RunResult r;
    r.algorithm = "kill-test";
    r.order = {1, 0};
    r.sim = simulate(w, std::move(pools));
    ASSERT_EQ(r.sim.jobs[0].killedMaps, 1);
    checkSlsTrace(w, r);  // 4 + 1 + 1 tasks, the killed execution not among them

    // CSV: header and one row per record, the killed one flagged.
    const std::string csv = taskRecordsCsv(w, r);
    std::istringstream lines(csv);
    std::string line;
    std::getline(lines, line);
    EXPECT_EQ(line, "job,kind,task,slot,node,start,end,killed");
    std::vector<std::string> rows;
    while (std::getline(lines, line)) {
        rows.push_back(line);
    }
    ASSERT_EQ(static_cast<long long>(rows.size()), taskCount(r.sim.tasks));
    EXPECT_EQ(std::count_if(rows.begin(), rows.end(),
                            [](const std::string& row) { return row.back() == '1'; }),
              1);
    // The killed run: one of A's maps started at 0 and killed at 4, on node slot / 2.
    const auto killed = std::find_if(r.sim.tasks.begin(), r.sim.tasks.end(),
                                     [](const TaskRecord& t) { return t.killed; });
    const std::string expectedRow = "A,map," + std::to_string(killed->task) + "," +
                                    std::to_string(killed->slot) + "," +
                                    std::to_string(killed->slot / 2) + ",0,4,1";
    EXPECT_NE(std::find(rows.begin(), rows.end(), expectedRow), rows.end()) << csv;
    // Rows in start order.
    double last = 0.0;
    for (const std::string& row : rows) {
        std::vector<std::string> fields;
        std::istringstream cells(row);
        for (std::string cell; std::getline(cells, cell, ',');) {
            fields.push_back(cell);
        }
        ASSERT_EQ(fields.size(), 8u) << row;
        EXPECT_GE(std::stod(fields[5]), last);
        last = std::stod(fields[5]);
    }
}

// Seconds as the CSV writes them: whole numbers without a fraction, others as the shortest text
// that reads back to the same double (what nlohmann's dump gives).
std::string exactText(double v) {
    return v == std::floor(v) ? std::to_string(static_cast<long long>(v))
                              : nlohmann::json(v).dump();
}

TEST(TaskCsv, RowsMatchTheRecordsExactly) {
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        SCOPED_TRACE(seed);
        Workload w = test::randomWorkload(seed, {.arrivals = true});
        w.jobs[0].name = "needs, \"quoting\"";
        const RunResult r = runAlgorithm(w, "johnson", {});
        std::multiset<std::string> rows;
        std::istringstream lines(taskRecordsCsv(w, r));
        std::string line;
        std::getline(lines, line);
        while (std::getline(lines, line)) {
            rows.insert(line);
        }
        ASSERT_EQ(static_cast<long long>(rows.size()), taskCount(r.sim.tasks));
        for (const TaskRecord& t : r.sim.tasks) {
            const bool map = t.kind == TaskKind::Map;
            const int node =
                t.slot / (map ? w.cluster.mapSlotsPerNode : w.cluster.reduceSlotsPerNode);
            const std::string row = (t.job == 0 ? "\"needs, \"\"quoting\"\"\""
                                                : w.jobs[static_cast<std::size_t>(t.job)].name) +
                                    "," + (map ? "map" : "reduce") + "," + std::to_string(t.task) +
                                    "," + std::to_string(t.slot) + "," + std::to_string(node) +
                                    "," + exactText(t.start) + "," + exactText(t.end) + ",0";
            const auto found = rows.find(row);
            ASSERT_NE(found, rows.end()) << row;
            rows.erase(found);
        }
    }
}

TEST(PlanExport, TaskCsvStreamedInPiecesIsTheOneRowPerTaskSort) {
    // The reference: every wave expanded, then sorted by (start, kind, slot) keeping the
    // engine's order on ties, as one string. Random batches with waves, kills and zero-length
    // tasks (which can share a slot and an instant with the next task).
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        SCOPED_TRACE(seed);
        Workload w = test::randomWorkload(
            seed, {.maxJobs = 8, .maxMaps = 30, .maxSlotsPerNode = 3, .arrivals = true});
        w.jobs[0].mapDurations.assign(w.jobs[0].mapDurations.size(), 0.0);
        const RunResult r = runAlgorithm(w, seed % 2 == 0 ? "fair" : "fifo", {});
        std::vector<TaskRecord> tasks = expandWaves(r.sim.tasks);
        std::stable_sort(tasks.begin(), tasks.end(), [](const TaskRecord& a, const TaskRecord& b) {
            if (a.start != b.start) {
                return a.start < b.start;
            }
            return a.kind != b.kind ? a.kind < b.kind : a.slot < b.slot;
        });
        std::string expected = "job,kind,task,slot,node,start,end,killed\n";
        for (const TaskRecord& t : tasks) {
            const int perNode =
                t.kind == TaskKind::Map ? w.cluster.mapSlotsPerNode : w.cluster.reduceSlotsPerNode;
            expected += w.jobs[static_cast<std::size_t>(t.job)].name + "," + toString(t.kind) +
                        "," + std::to_string(t.task) + "," + std::to_string(t.slot) + "," +
                        std::to_string(t.slot / perNode) + "," + formatNumber(t.start) + "," +
                        formatNumber(t.end) + "," + (t.killed ? "1" : "0") + "\n";
        }
        std::string streamed;
        int pieces = 0;
        writeTaskRecordsCsv(w, r, [&](std::string_view piece) {
            streamed += piece;
            ++pieces;
        });
        EXPECT_EQ(streamed, expected);
        EXPECT_EQ(pieces, 1);  // a small run is one piece of at most 1 MiB
    }
}

}  // namespace
}  // namespace mr
