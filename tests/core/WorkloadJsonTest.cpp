// The workload file format: samples load, round trips are exact, and every kind of bad input
// gives one InputError naming the file, the job and the field (docs/formats.md).
#include <gtest/gtest.h>

#include <filesystem>
#include <random>

#include "io/TextFile.h"
#include "io/WorkloadJson.h"
#include "model/InputError.h"
#include "support/TestSupport.h"

namespace mr {
namespace {

using test::samplePath;

TEST(WorkloadJson, LoadsFigure4Scenario2Sample) {
    const Workload w = loadWorkload(samplePath("figure4-scenario2.json"));
    EXPECT_EQ(w.name, "Figure 4, scenario 2");
    EXPECT_EQ(w.cluster, (Cluster{30, 1, 1}));
    ASSERT_EQ(w.jobCount(), 5);
    EXPECT_EQ(w.jobs[2].name, "J3");
    EXPECT_EQ(w.jobs[2].maps(), 20);
    EXPECT_EQ(w.jobs[2].reduces(), 20);
    EXPECT_DOUBLE_EQ(w.jobs[2].mapDurations[19], 30.0);
    EXPECT_DOUBLE_EQ(w.jobs[2].reduceDurations[0], 4.0);
    // The sample describes its expected results.
    EXPECT_NE(w.description.find("47"), std::string::npos);
    EXPECT_NE(w.description.find("40"), std::string::npos);
}

TEST(WorkloadJson, SavingALoadedSampleReproducesTheFile) {
    for (const char* name : {"figure4-scenario1.json", "figure4-scenario2.json", "two-jobs.json"}) {
        SCOPED_TRACE(name);
        const std::string text = readTextFile(samplePath(name));
        EXPECT_EQ(serializeWorkload(parseWorkload(text, name)), text);
    }
}

Workload richWorkload(std::uint64_t seed) {
    Workload w = test::randomWorkload(seed, {.arrivals = true});
    w.description = "with \"quotes\", unicode ✓ and a\nnewline";
    std::mt19937_64 rng(seed);
    for (auto& job : w.jobs) {
        if (rng() % 2) {
            job.deadline = 100.0 + static_cast<double>(rng() % 1000) / 7.0;
        }
        if (rng() % 3 == 0) {
            JobProfile p;
            p.mapAvg = 3.25;
            p.typicalShuffleMax = 1.0 / 3.0;
            job.profile = p;
        }
        if (rng() % 4 == 0) {
            job.extraFields["color"] = "\"#ff8800\"";
        }
        job.perTaskDurations = rng() % 2 == 0;
        if (rng() % 3 == 0) {
            job.overheads.amStart = 6.651;
            job.overheads.slowstart = 2.0 / 3.0;
            job.traceEnd = job.arrival + 99.375;
        }
        if (rng() % 5 == 0) {
            job.overheads = {0.0, 1, 10.99, 0.25, 0.05, 5.894};
        }
        if (rng() % 3 == 0) {
            job.fairPool = rng() % 2 ? "prod" : "ad hoc \"q\"";
        }
    }
    if (seed % 3 == 0) {
        w.fairPools = {{"prod", 2.5, 4, 1, false}, {"batch", 1.0 / 3.0, 0, 0, true}};
    }
    if (seed % 2 == 0) {
        w.overheads = {6.615, 2, std::nullopt, 1.630758, std::nullopt, std::nullopt};
    }
    w.extraFields["x-tool"] = R"({"version": [1, 2]})";  // kept as the saver writes it
    if (w.jobCount() > 1) {
        w.manualOrder = {w.jobs[1].name, w.jobs[0].name};
        for (int j = 2; j < w.jobCount(); ++j) {
            w.manualOrder.push_back(w.jobs[static_cast<std::size_t>(j)].name);
        }
    }
    return w;
}

TEST(WorkloadJson, LoadSaveLoadGivesTheSameWorkload) {
    for (std::uint64_t seed = 1; seed <= 60; ++seed) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        const Workload original = richWorkload(seed);
        const std::string text = serializeWorkload(original);
        const Workload loaded = parseWorkload(text, "mem.json");
        // Uniform per-task arrays saved in scalar form come back as scalar: same durations.
        Workload expected = original;
        for (std::size_t j = 0; j < expected.jobs.size(); ++j) {
            expected.jobs[j].perTaskDurations = loaded.jobs[j].perTaskDurations;
        }
        EXPECT_EQ(loaded, expected);
        EXPECT_EQ(serializeWorkload(loaded), text);  // canonical text is a fixed point
    }
}

TEST(WorkloadJson, UnknownJobKeysAreKeptAndReported) {
    const std::string text = R"({"format": "mrx-workload", "version": 1,
        "cluster": {"nodes": 2, "map_slots_per_node": 1, "reduce_slots_per_node": 1},
        "jobs": [{"name": "A", "maps": 1, "map_duration": 2, "deadlin": 50, "reduces": 0,
                  "reduce_duration": 7}]})";
    LoadReport report;
    const Workload w = parseWorkload(text, "extra.json", &report);
    ASSERT_EQ(report.warnings.size(), 1u);
    EXPECT_NE(report.warnings[0].find("'deadlin'"), std::string::npos);
    EXPECT_EQ(w.jobs[0].extraFields.at("deadlin"), "50");
    EXPECT_EQ(w.jobs[0].extraFields.at("reduce_duration"), "7");
    const std::string saved = serializeWorkload(w);
    EXPECT_NE(saved.find("\"deadlin\": 50"), std::string::npos);
    EXPECT_NE(saved.find("\"reduce_duration\": 7"), std::string::npos);
    EXPECT_EQ(parseWorkload(saved, "again.json"), w);
}

// Found by the fuzzer: a number written 21.00 in an unknown field was kept as the text 21.0 but
// saved (and so loaded again) as 21, so load(save(w)) differed from w.
TEST(WorkloadJson, UnknownFieldsAreKeptAsTheyWillBeSaved) {
    const std::string text = R"({"format": "mrx-workload", "version": 1, "x": [21.00, 1e2, -0.0],
        "cluster": {"nodes": 2, "map_slots_per_node": 1, "reduce_slots_per_node": 1},
        "jobs": [{"name": "A", "maps": 1, "map_duration": 2, "y": {"b": 3.50, "a": "s"}}]})";
    const Workload w = parseWorkload(text, "extra.json");
    EXPECT_EQ(w.extraFields.at("x"), "[21, 100, 0]");
    EXPECT_EQ(w.jobs[0].extraFields.at("y"), R"({"a": "s", "b": 3.5})");
    const std::string saved = serializeWorkload(w);
    EXPECT_EQ(parseWorkload(saved, "again.json"), w);
    EXPECT_EQ(serializeWorkload(parseWorkload(saved, "again.json")), saved);
}

TEST(WorkloadJson, UnknownFieldsNeverShadowKnownOnes) {
    // Whatever stale values a job's extra fields hold under known names, saving writes what the
    // job holds, so an edit made after loading survives reopening.
    const char* const known[] = {"name",
                                 "maps",
                                 "reduces",
                                 "map_duration",
                                 "reduce_duration",
                                 "map_durations",
                                 "reduce_durations",
                                 "arrival",
                                 "deadline",
                                 "profile"};
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        Workload w = richWorkload(seed);
        Workload stale = w;
        for (auto& job : stale.jobs) {
            for (const char* key : known) {
                job.extraFields[key] = "999";
            }
        }
        stale.extraFields["name"] = "\"stale\"";
        stale.extraFields["jobs"] = "[]";
        const Workload loaded = parseWorkload(serializeWorkload(stale), "mem.json");
        ASSERT_EQ(loaded.jobCount(), w.jobCount());
        EXPECT_EQ(loaded.name, w.name);
        for (std::size_t j = 0; j < w.jobs.size(); ++j) {
            const Job& a = loaded.jobs[j];
            const Job& b = w.jobs[j];
            EXPECT_EQ(a.name, b.name);
            EXPECT_EQ(a.mapDurations, b.mapDurations);
            EXPECT_EQ(a.reduceDurations, b.reduceDurations);
            EXPECT_EQ(a.arrival, b.arrival);
            EXPECT_EQ(a.deadline, b.deadline);
            EXPECT_EQ(a.profile, b.profile);
        }
    }
}

TEST(WorkloadJson, AReduceTimeGivenAfterLoadingSurvivesTheKeptOne) {
    // "reduces": 0 with a "reduce_duration" keeps the value; once the job has reduce tasks, their
    // own duration is what the file says.
    const std::string text = R"({"format": "mrx-workload", "version": 1,
        "cluster": {"nodes": 2, "map_slots_per_node": 1, "reduce_slots_per_node": 1},
        "jobs": [{"name": "A", "maps": 1, "map_duration": 2, "reduces": 0,
                  "reduce_duration": 7}]})";
    Workload w = parseWorkload(text, "kept.json");
    w.jobs[0].reduceDurations = {12, 12, 12};
    const Workload again = parseWorkload(serializeWorkload(w), "again.json");
    EXPECT_EQ(again.jobs[0].reduceDurations, (std::vector<double>{12, 12, 12}));
    w.jobs[0].reduceDurations = {12, 5};  // per-task form
    EXPECT_EQ(parseWorkload(serializeWorkload(w), "again.json").jobs[0].reduceDurations,
              (std::vector<double>{12, 5}));
}

struct BadCase {
    const char* label;
    std::string jobs;     // the "jobs" array text
    std::string cluster;  // the "cluster" object text
    std::string header;   // format/version lines
    const char* job;      // expected job name in the message ("" = none)
    const char* field;    // expected field in the message
    const char* words;    // expected words of the message
};

const std::string kCluster = R"({"nodes": 4, "map_slots_per_node": 1, "reduce_slots_per_node": 1})";
const std::string kHeader = R"("format": "mrx-workload", "version": 1)";
const std::string kGoodJob = R"({"name": "ok", "maps": 2, "map_duration": 1})";
const std::string kJ1 = R"({"name": "J1", "maps": 1, "map_duration": 1})";

std::string document(const BadCase& c) {
    return "{" + (c.header.empty() ? kHeader : c.header) +
           ", \"cluster\": " + (c.cluster.empty() ? kCluster : c.cluster) + ", \"jobs\": [" +
           kGoodJob + ", " + c.jobs + "]}";
}

class BadWorkload : public ::testing::TestWithParam<BadCase> {};

TEST_P(BadWorkload, IsRefusedWithOneClearError) {
    const BadCase& c = GetParam();
    try {
        parseWorkload(document(c), "bad.json");
        FAIL() << "accepted: " << document(c);
    } catch (const InputError& e) {
        const std::string what = e.what();
        EXPECT_EQ(what.find('\n'), std::string::npos) << what;
        EXPECT_EQ(e.file(), "bad.json") << what;
        EXPECT_EQ(what.rfind("bad.json: ", 0), 0u) << what;
        if (*c.job) {
            EXPECT_NE(what.find(std::string("job '") + c.job + "'"), std::string::npos) << what;
        }
        if (*c.field) {
            EXPECT_NE(what.find(std::string("field '") + c.field + "'"), std::string::npos) << what;
        }
        EXPECT_NE(what.find(c.words), std::string::npos) << what;
    }
}

INSTANTIATE_TEST_SUITE_P(
    Cases, BadWorkload,
    ::testing::Values(
        BadCase{"negative scalar duration", R"({"name": "J1", "maps": 3, "map_duration": -1})", "",
                "", "J1", "map_duration", ">= 0"},
        BadCase{"negative per-task duration",
                R"({"name": "J1", "map_durations": [1, 2], "reduce_durations": [3, -4]})", "", "",
                "J1", "reduce_durations[1]", ">= 0"},
        BadCase{"overflowing duration", R"({"name": "J2", "maps": 1, "map_duration": 1e999})", "",
                "", "J2", "map_duration", "finite"},
        BadCase{"overflowing task duration", R"({"name": "J3", "map_durations": [1, -1e400]})", "",
                "", "J3", "map_durations[1]", "finite"},
        BadCase{"repeated key in a job",
                R"({"name": "J4", "maps": 2, "map_duration": 1, "maps": 3})", "", "", "J4", "maps",
                "appears twice"},
        BadCase{"repeated key in the cluster",
                "{\"name\": \"J1\", \"maps\": 1, \"map_duration\": 1}",
                R"({"nodes": 4, "nodes": 5, "map_slots_per_node": 1, "reduce_slots_per_node": 1})",
                "", "", "cluster.nodes", "appears twice"},
        BadCase{"repeated key in an unknown field",
                R"({"name": "J5", "maps": 1, "map_duration": 1, "x": [{"a": 1, "a": 2}]})", "", "",
                "J5", "x[0].a", "appears twice"},
        BadCase{"repeated top-level key", "{\"name\": \"J1\", \"maps\": 1, \"map_duration\": 1}",
                "", R"("format": "mrx-workload", "version": 1, "version": 1)", "", "version",
                "appears twice"},
        BadCase{"deep nesting in an unknown field",
                R"({"name": "J6", "maps": 1, "map_duration": 1, "x": )" + std::string(100000, '[') +
                    std::string(100000, ']') + "}",
                "", "", "J6", "", "field 'x[0][0][0]"},
        BadCase{"deep nesting",
                R"({"name": "J6", "maps": 1, "map_duration": 1, "x": )" +
                    [] {
                        std::string nested = "1";
                        for (int i = 0; i < 130; ++i) {
                            nested = R"({"a": )" + nested + "}";
                        }
                        return nested;
                    }() +
                    "}",
                "", "", "J6", "", "nested deeper than 128 levels"},
        BadCase{"a name with a newline", R"({"name": "J\nrm -rf", "maps": -1, "map_duration": 1})",
                "", "", "J\\nrm -rf", "maps", "between 1"},
        BadCase{"a name with control characters",
                R"({"name": "J\u001b[31m\u2028x", "maps": 1, "map_duration": -1})", "", "",
                "J\\x1b[31m\\u2028x", "map_duration", ">= 0"},
        BadCase{"zero map slots", "{\"name\": \"J1\", \"maps\": 1, \"map_duration\": 1}",
                R"({"nodes": 4, "map_slots_per_node": 0, "reduce_slots_per_node": 1})", "", "",
                "cluster.map_slots_per_node", "between 1"},
        BadCase{"zero nodes", "{\"name\": \"J1\", \"maps\": 1, \"map_duration\": 1}",
                R"({"nodes": 0, "map_slots_per_node": 1, "reduce_slots_per_node": 1})", "", "",
                "cluster.nodes", "between 1"},
        BadCase{"no map task", R"({"name": "J7", "maps": 0, "map_duration": 1})", "", "", "J7",
                "maps", "between 1"},
        BadCase{"empty map array", R"({"name": "J7", "map_durations": []})", "", "", "J7", "maps",
                "at least one map task"},
        BadCase{"duplicate names", R"({"name": "ok", "maps": 1, "map_duration": 1})", "", "", "ok",
                "name", "duplicate"},
        BadCase{"count as string", R"({"name": "J1", "maps": "thirty", "map_duration": 1})", "", "",
                "J1", "maps", "must be a whole number (got \"thirty\")"},
        BadCase{"fractional count", R"({"name": "J1", "maps": 30.5, "map_duration": 1})", "", "",
                "J1", "maps", "whole number"},
        BadCase{"huge count", R"({"name": "J1", "maps": 1e12, "map_duration": 1})", "", "", "J1",
                "maps", "between 1"},
        // Whole, but beyond any range: said so, not "not a whole number".
        BadCase{"enormous count", R"({"name": "J1", "maps": 1e30, "map_duration": 1})", "", "",
                "J1", "maps", "must be between 1 and 10000000 (got 1e+30)"},
        BadCase{"count past 64 bits",
                R"({"name": "J1", "maps": 18446744073709551615, "map_duration": 1})", "", "", "J1",
                "maps", "must be between 1 and 10000000 (got 18446744073709551615)"},
        BadCase{"duration as string", R"({"name": "J1", "maps": 3, "map_duration": "fast"})", "",
                "", "J1", "map_duration", "must be a number (got \"fast\")"},
        BadCase{"duration as bool", R"({"name": "J1", "maps": 3, "map_duration": true})", "", "",
                "J1", "map_duration", "must be a number"},
        BadCase{"both forms",
                R"({"name": "J1", "maps": 2, "map_duration": 1, "map_durations": [1, 1]})", "", "",
                "J1", "map_durations", "not both"},
        BadCase{"reduce count without duration",
                R"({"name": "J1", "maps": 1, "map_duration": 1, "reduces": 2})", "", "", "J1",
                "reduce_duration", "required"},
        BadCase{"negative arrival",
                R"({"name": "J1", "maps": 1, "map_duration": 1, "arrival": -5})", "", "", "J1",
                "arrival", ">= 0"},
        BadCase{"zero deadline", R"({"name": "J1", "maps": 1, "map_duration": 1, "deadline": 0})",
                "", "", "J1", "deadline", "> 0"},
        BadCase{"job not an object", R"("J1")", "", "", "#2", "", "JSON object"},
        BadCase{"name not a string", R"({"name": 5, "maps": 1, "map_duration": 1})", "", "", "#2",
                "name", "must be a string"},
        BadCase{"unknown profile key",
                R"({"name": "J1", "maps": 1, "map_duration": 1, "profile": {"mavg": 1}})", "", "",
                "J1", "profile.mavg", "unknown"},
        BadCase{"unknown cluster key", "{\"name\": \"J1\", \"maps\": 1, \"map_duration\": 1}",
                R"({"nodes": 4, "map_slots_per_node": 1, "reduce_slots_per_node": 1, "racks": 2})",
                "", "", "cluster.racks", "unknown"},
        BadCase{"unknown overhead",
                R"({"name": "J1", "maps": 1, "map_duration": 1, "overheads": {"am_begin": 1}})", "",
                "", "J1", "overheads.am_begin", "unknown overhead"},
        BadCase{"slow-start above 1",
                R"({"name": "J1", "maps": 1, "map_duration": 1, "overheads": {"slowstart": 1.5}})",
                "", "", "J1", "overheads.slowstart", "<= 1"},
        BadCase{"negative commit",
                R"({"name": "J1", "maps": 1, "map_duration": 1, "overheads": {"commit": -2}})", "",
                "", "J1", "overheads.commit", ">= 0"},
        BadCase{"fractional AM slots",
                R"({"name": "J1", "maps": 1, "map_duration": 1, "overheads": {"am_slots": 1.5}})",
                "", "", "J1", "overheads.am_slots", "whole number"},
        BadCase{"overheads not an object",
                R"({"name": "J1", "maps": 1, "map_duration": 1, "overheads": 3})", "", "", "J1",
                "overheads", "must be an object"},
        BadCase{"cluster overhead out of range",
                "{\"name\": \"J1\", \"maps\": 1, \"map_duration\": 1}",
                R"({"nodes": 4, "map_slots_per_node": 1, "reduce_slots_per_node": 1,
                    "overheads": {"assign_gap": -1}})",
                "", "", "cluster.overheads.assign_gap", ">= 0"},
        BadCase{"trace end before arrival",
                R"({"name": "J1", "maps": 1, "map_duration": 1, "arrival": 5, "trace_end": 4})", "",
                "", "J1", "trace_end", "no earlier than the job's arrival"},
        BadCase{"pool weight zero", kJ1, "",
                std::string(kHeader) + R"(, "fair_pools": [{"name": "prod", "weight": 0}])", "",
                "fair_pools[0].weight", "> 0"},
        BadCase{"duplicate pool", kJ1, "",
                std::string(kHeader) + R"(, "fair_pools": [{"name": "a"}, {"name": "a"}])", "",
                "fair_pools[1].name", "duplicate pool 'a'"},
        BadCase{
            "unknown scheduling mode", kJ1, "",
            std::string(kHeader) + R"(, "fair_pools": [{"name": "a", "scheduling_mode": "drf"}])",
            "", "fair_pools[0].scheduling_mode", "\"fair\" or \"fifo\""},
        BadCase{"negative minimum share", kJ1, "",
                std::string(kHeader) + R"(, "fair_pools": [{"name": "a", "min_maps": -1}])", "",
                "fair_pools[0].min_maps", "between 0 and"},
        BadCase{"pools not an array", kJ1, "",
                std::string(kHeader) + R"(, "fair_pools": {"name": "a"})", "", "fair_pools",
                "array of pools"},
        BadCase{"queue capacity above 100", kJ1, "",
                std::string(kHeader) + R"(, "capacity_queues": [{"name": "a", "capacity": 120}])",
                "", "capacity_queues[0].capacity", "100"},
        BadCase{
            "queue capacities not summing to 100", kJ1, "",
            std::string(kHeader) +
                R"(, "capacity_queues": [{"name": "a", "capacity": 60, "queues": [{"name": "b", "capacity": 100}]}])",
            "", "capacity",
            "queue 'root': field 'capacity': the capacities of its children sum to 60"},
        BadCase{"unknown queue field", kJ1, "",
                std::string(kHeader) +
                    R"(, "capacity_queues": [{"name": "a", "capacity": 100, "weight": 2}])",
                "", "capacity_queues[0].weight", "unknown queue field"},
        BadCase{"unknown queue ordering", kJ1, "",
                std::string(kHeader) +
                    R"(, "capacity_queues": [{"name": "a", "capacity": 100, "ordering": "drf"}])",
                "", "capacity_queues[0].ordering", "\"fifo\" or \"fair\""},
        BadCase{"pool of a job not text",
                R"({"name": "J1", "maps": 1, "map_duration": 1, "fair_pool": 3})", "", "", "J1",
                "fair_pool", "string"},
        BadCase{"cluster not an object", "{\"name\": \"J1\", \"maps\": 1, \"map_duration\": 1}",
                "[4, 1, 1]", "", "", "cluster", "JSON object"},
        BadCase{"unknown format", "{\"name\": \"J1\", \"maps\": 1, \"map_duration\": 1}", "",
                R"("format": "mrx-costmodel", "version": 1)", "", "format", "expected"},
        BadCase{"missing format", "{\"name\": \"J1\", \"maps\": 1, \"map_duration\": 1}", "",
                R"("version": 1)", "", "format", "required"},
        BadCase{"unknown version", "{\"name\": \"J1\", \"maps\": 1, \"map_duration\": 1}", "",
                R"("format": "mrx-workload", "version": 2)", "", "version",
                "unsupported version 2"}),
    [](const ::testing::TestParamInfo<BadCase>& info) {
        std::string name = info.param.label;
        for (char& ch : name) {
            ch = std::isalnum(static_cast<unsigned char>(ch)) ? ch : '_';
        }
        return name;
    });

TEST(WorkloadJson, TruncatedFileIsRefusedWithItsPosition) {
    const std::string text = readTextFile(samplePath("figure4-scenario1.json"));
    for (std::size_t cut :
         {std::size_t{0}, std::size_t{1}, text.size() / 3, text.size() / 2, text.size() - 3}) {
        SCOPED_TRACE(cut);
        try {
            parseWorkload(text.substr(0, cut), "cut.json");
            FAIL() << "a truncated file was accepted";
        } catch (const InputError& e) {
            const std::string what = e.what();
            EXPECT_EQ(what.rfind("cut.json: not valid JSON", 0), 0u) << what;
            EXPECT_NE(what.find("line"), std::string::npos) << what;
        }
    }
}

TEST(WorkloadJson, TopLevelMustBeAnObject) {
    EXPECT_THROW(parseWorkload("[1, 2]", "array.json"), InputError);
    EXPECT_THROW(parseWorkload(R"({"format": "mrx-workload", "version": 1, "cluster":
        {"nodes": 1, "map_slots_per_node": 1, "reduce_slots_per_node": 1}, "jobs": {}})",
                               "jobs.json"),
                 InputError);
}

TEST(WorkloadJson, ManualOrderMustNameEveryJob) {
    const std::string text = R"({"format": "mrx-workload", "version": 1,
        "cluster": {"nodes": 1, "map_slots_per_node": 1, "reduce_slots_per_node": 1},
        "manual_order": ["B", "Z"],
        "jobs": [{"name": "A", "maps": 1, "map_duration": 1}, {"name": "B", "maps": 1, "map_duration": 1}]})";
    try {
        parseWorkload(text, "order.json");
        FAIL();
    } catch (const InputError& e) {
        EXPECT_STREQ(
            e.what(),
            "order.json: job 'Z': field 'manual_order': no job of that name in the workload");
    }
}

TEST(WorkloadJson, MissingFileNamesTheFile) {
    try {
        loadWorkload("/nonexistent/dir/w.json");
        FAIL();
    } catch (const InputError& e) {
        EXPECT_EQ(e.file(), "/nonexistent/dir/w.json");
        EXPECT_NE(std::string(e.what()).find("cannot open"), std::string::npos);
    }
}

TEST(WorkloadJson, SaveReplacesAtomicallyAndLeavesNoTemporaryFile) {
    namespace fs = std::filesystem;
    const fs::path dir = fs::path(test::scratchDir()) / "save";
    fs::create_directories(dir);
    const std::string path = (dir / "w.json").string();
    test::writeText(path, "old contents");
    const Workload w = test::figure4(1);
    saveWorkload(w, path);
    EXPECT_EQ(loadWorkload(path), w);
    int files = 0;
    for (const auto& entry : fs::directory_iterator(dir)) {
        (void)entry;
        ++files;
    }
    EXPECT_EQ(files, 1);
    // A failed save leaves the old file alone.
    EXPECT_THROW(saveWorkload(w, (dir / "missing-dir" / "w.json").string()), InputError);
    Workload invalid = w;
    invalid.jobs[1].name = invalid.jobs[0].name;
    EXPECT_THROW(saveWorkload(invalid, path), InputError);
    EXPECT_EQ(loadWorkload(path), w);
}

}  // namespace
}  // namespace mr

namespace mr {
namespace {

TEST(WorkloadWriter, StreamsExactlyWhatSaveWrites) {
    const std::string dir = test::scratchDir();
    for (std::uint64_t seed = 1; seed <= 30; ++seed) {
        SCOPED_TRACE(seed);
        Workload w = richWorkload(seed);
        w.manualOrder.clear();
        Workload header = w;
        header.jobs.clear();
        const std::string path = dir + "/streamed.json";
        WorkloadWriter writer(path, header);
        for (const Job& job : w.jobs) {
            writer.add(job);
        }
        writer.finish();
        EXPECT_EQ(test::readText(path), serializeWorkload(w));
        EXPECT_EQ(writer.jobs(), w.jobCount());
        EXPECT_EQ(writer.tasks(), w.taskCount());
    }
}

TEST(WorkloadWriter, RefusesBadJobsAndLeavesTheOldFileWhenNotFinished) {
    const std::string path = test::scratchDir() + "/writer.json";
    test::writeText(path, "old");
    Workload header = test::figure4(1);
    header.jobs.clear();
    {
        WorkloadWriter writer(path, header);
        writer.add(Job::uniform("A", 1, 1, 0, 0));
        EXPECT_THROW(writer.add(Job::uniform("A", 1, 1, 0, 0)), InputError);  // duplicate
        EXPECT_THROW(writer.add(Job::uniform("B", 0, 1, 0, 0)), InputError);  // no map task
        Job negative = Job::uniform("C", 1, -1, 0, 0);
        EXPECT_THROW(writer.add(negative), InputError);
    }  // never finished
    EXPECT_EQ(test::readText(path), "old");
    for (const auto& entry : std::filesystem::directory_iterator(test::scratchDir())) {
        EXPECT_NE(entry.path().filename().string().rfind(".writer.json.tmp", 0), 0u)
            << "temporary left behind: " << entry.path();
    }
    Workload withOrder = header;
    withOrder.manualOrder = {"A"};
    EXPECT_THROW(WorkloadWriter(path, withOrder), std::logic_error);
}

}  // namespace
}  // namespace mr
