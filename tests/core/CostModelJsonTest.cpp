// The cost model file (docs/formats.md, "Cost model"): the samples load and round-trip byte for
// byte, and every kind of bad model is refused with one error naming the file, the item and the
// field.
#include <gtest/gtest.h>

#include <functional>
#include <nlohmann/json.hpp>

#include "cost/CostGenerators.h"
#include "cost/CostModelJson.h"
#include "io/TextFile.h"
#include "model/InputError.h"
#include "support/CostSupport.h"
#include "support/TestSupport.h"

namespace mr::cost {
namespace {

using nlohmann::json;

// docs/lips-cost.md's example, verbatim.
const char* kDesignExample = R"({
  "format": "mrx-costmodel", "version": 1, "name": "two machines",
  "stores":   [{"name": "s1", "capacity_mb": 160000}, {"name": "s2", "capacity_mb": 160000}],
  "machines": [{"name": "A", "store": "s1", "cpu_units": 1, "cpu_cost_per_s": 5, "uptime_s": 3600},
               {"name": "B", "store": "s2", "cpu_units": 2, "cpu_cost_per_s": 1, "uptime_s": 3600}],
  "transfer": {"default_cost_per_mb": 0, "default_mb_per_s": 100,
               "pairs": [{"a": "s1", "b": "s2", "cost_per_mb": 1, "mb_per_s": 30}]},
  "data":     [{"name": "d1", "size_mb": 100, "origin": "s1"}],
  "jobs":     [{"name": "grep", "cpu_s_per_mb": 1, "data": ["d1"]},
               {"name": "pi", "cpu_s": 400, "data": []}]
})";

TEST(CostModelJson, ReadsTheDesignExample) {
    const CostModel m = parseCostModel(kDesignExample, "design.json");
    EXPECT_EQ(m.name, "two machines");
    ASSERT_EQ(m.machines.size(), 2u);
    EXPECT_EQ(m.machines[1].store, 1);
    EXPECT_DOUBLE_EQ(m.machines[1].cpuUnits, 2.0);
    EXPECT_DOUBLE_EQ(m.jobCpuS(0), 100.0);  // 1 CPU-s/MB × 100 MB
    EXPECT_DOUBLE_EQ(m.jobCpuS(1), 400.0);
    EXPECT_EQ(m.jobTasks(0), 2);  // 100 MB in 64 MB blocks
    EXPECT_EQ(m.jobTasks(1), 1);
    const TransferTable t(m);
    EXPECT_DOUBLE_EQ(t.costPerMb(0, 1), 1.0);
    EXPECT_DOUBLE_EQ(t.costPerMb(1, 0), 1.0);  // pairs are symmetric
    EXPECT_DOUBLE_EQ(t.costPerMb(1, 1), 0.0);  // local
    EXPECT_DOUBLE_EQ(t.mbPerS(0, 1), 30.0);
}

TEST(CostModelJson, SamplesRoundTripByteForByteAndMatchTheirGenerator) {
    const std::pair<const char*, int> samples[] = {{"lips-ec2-20.json", 0},
                                                   {"lips-ec2-20-c1medium50.json", 10}};
    for (const auto& [name, c1] : samples) {
        SCOPED_TRACE(name);
        const std::string text = readTextFile(test::samplePath(name));
        const CostModel m = parseCostModel(text, name);
        EXPECT_EQ(serializeCostModel(m), text);
        // The samples are ec2CostModel's output: regenerate them if the generator changes.
        EXPECT_EQ(serializeCostModel(ec2CostModel(c1)), text);
    }
}

TEST(CostModelJson, Ec2SampleHasThePapersSetting) {
    const CostModel m = loadCostModel(test::samplePath("lips-ec2-20-c1medium50.json"));
    ASSERT_EQ(m.machines.size(), 20u);
    int c1 = 0;
    for (const auto& mc : m.machines) {
        c1 += mc.cpuUnits == 5.0;
    }
    EXPECT_EQ(c1, 10);
    ASSERT_EQ(m.jobs.size(), 9u);
    int tasks = 0;
    double inputMb = 0.0;
    for (int k = 0; k < 9; ++k) {
        tasks += m.jobTasks(k);
        inputMb += m.jobSizeMb(k);
    }
    EXPECT_EQ(tasks, 1608);                 // Table IV: "more than 1608 map tasks"
    EXPECT_DOUBLE_EQ(inputMb, 100 * 1024);  // Table IV: 100 GB of input
    // Table I: WordCount 90 CPU-seconds per 64 MB block.
    EXPECT_DOUBLE_EQ(m.jobCpuS(2), 160 * 90.0);
    // $0.01 per GB between zones = 62.5 millicent per 64 MB block (§VI-A).
    const TransferTable t(m);
    EXPECT_NEAR(t.costPerMb(0, 1) * 64.0, 62.5e-5, 1e-12);
    EXPECT_DOUBLE_EQ(t.costPerMb(0, 3), 0.0);  // nodes 1 and 4 share zone a
}

TEST(CostModelJson, GeneratedModelsRoundTrip) {
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        SCOPED_TRACE(seed);
        const CostModel m = test::randomCostModel(seed);
        const std::string text = serializeCostModel(m);
        EXPECT_EQ(serializeCostModel(parseCostModel(text, "x.json")), text);
        const CostModel g = randomCostModel({3 + static_cast<int>(seed % 5), 7, 0, seed});
        const std::string generated = serializeCostModel(g);
        EXPECT_EQ(serializeCostModel(parseCostModel(generated, "g.json")), generated);
    }
}

TEST(CostModelJson, SaveIsAtomicAndValidates) {
    const std::string path = test::scratchDir() + "/model.json";
    const CostModel m = parseCostModel(kDesignExample, "design.json");
    saveCostModel(m, path);
    EXPECT_EQ(serializeCostModel(loadCostModel(path)), serializeCostModel(m));
    CostModel bad = m;
    bad.data[0].sizeMb = -1.0;
    EXPECT_THROW(saveCostModel(bad, path), InputError);
    EXPECT_EQ(serializeCostModel(loadCostModel(path)), serializeCostModel(m));  // untouched
}

struct BadModel {
    const char* label;
    std::function<void(json&)> change;
    const char* item;  // "machine 'A'", "" = none expected
    const char* field;
    const char* words;
};

class BadCostModel : public ::testing::TestWithParam<BadModel> {};

TEST_P(BadCostModel, IsRefusedWithOneClearError) {
    const BadModel& c = GetParam();
    json doc = json::parse(kDesignExample);
    c.change(doc);
    const std::string text = doc.dump();
    try {
        parseCostModel(text, "bad.json");
        FAIL() << "accepted: " << text;
    } catch (const InputError& e) {
        const std::string what = e.what();
        EXPECT_EQ(what.find('\n'), std::string::npos) << what;
        EXPECT_EQ(what.rfind("bad.json: ", 0), 0u) << what;
        if (*c.item) {
            EXPECT_NE(what.find(c.item), std::string::npos) << what;
        }
        if (*c.field) {
            EXPECT_NE(what.find(std::string("field '") + c.field + "'"), std::string::npos) << what;
        }
        EXPECT_NE(what.find(c.words), std::string::npos) << what;
    }
}

INSTANTIATE_TEST_SUITE_P(
    Cases, BadCostModel,
    ::testing::Values(
        BadModel{"machine on an unknown store", [](json& d) { d["machines"][1]["store"] = "s9"; },
                 "machine 'B'", "store", "unknown store 's9'"},
        BadModel{"data on an unknown store", [](json& d) { d["data"][0]["origin"] = "nowhere"; },
                 "data 'd1'", "origin", "unknown store"},
        BadModel{"pair with an unknown store",
                 [](json& d) { d["transfer"]["pairs"][0]["b"] = "s3"; }, "", "transfer.pairs[0].b",
                 "unknown store"},
        BadModel{"negative size", [](json& d) { d["data"][0]["size_mb"] = -100; }, "data 'd1'",
                 "size_mb", ">= 0"},
        BadModel{"job reading missing data", [](json& d) { d["jobs"][0]["data"] = {"d2"}; },
                 "job 'grep'", "data", "'d2', which is not in the model's data"},
        BadModel{"store too small for its data",
                 [](json& d) { d["stores"][0]["capacity_mb"] = 50; }, "store 's1'", "capacity_mb",
                 "too small for the data stored there"},
        BadModel{"both CPU forms", [](json& d) { d["jobs"][1]["cpu_s_per_mb"] = 2; }, "job 'pi'",
                 "cpu_s", "exactly one"},
        BadModel{"no CPU form", [](json& d) { d["jobs"][0].erase("cpu_s_per_mb"); }, "job 'grep'",
                 "cpu_s", "exactly one"},
        BadModel{"per-MB CPU without data",
                 [](json& d) {
                     d["jobs"][1] = {{"name", "pi"}, {"cpu_s_per_mb", 1}, {"data", json::array()}};
                 },
                 "job 'pi'", "cpu_s_per_mb", "needs data"},
        BadModel{"zero cpu units", [](json& d) { d["machines"][0]["cpu_units"] = 0; },
                 "machine 'A'", "cpu_units", "> 0"},
        BadModel{"negative price", [](json& d) { d["machines"][0]["cpu_cost_per_s"] = -1; },
                 "machine 'A'", "cpu_cost_per_s", ">= 0"},
        BadModel{"price as a string", [](json& d) { d["machines"][0]["cpu_cost_per_s"] = "5"; },
                 "machine 'A'", "cpu_cost_per_s", "must be a number"},
        BadModel{"duplicate machine", [](json& d) { d["machines"][1]["name"] = "A"; },
                 "machine 'A'", "name", "used twice"},
        BadModel{"duplicate store", [](json& d) { d["stores"][1]["name"] = "s1"; }, "store 's1'",
                 "name", "used twice"},
        BadModel{"data read twice",
                 [](json& d) {
                     d["jobs"][0]["data"] = {"d1", "d1"};
                 },
                 "job 'grep'", "data", "twice"},
        BadModel{"pair to itself", [](json& d) { d["transfer"]["pairs"][0]["b"] = "s1"; }, "",
                 "transfer.pairs[0]", "local"},
        BadModel{"pair listed twice",
                 [](json& d) {
                     d["transfer"]["pairs"].push_back({{"a", "s2"}, {"b", "s1"}});
                 },
                 "", "transfer.pairs[1]", "twice"},
        BadModel{"zero bandwidth", [](json& d) { d["transfer"]["pairs"][0]["mb_per_s"] = 0; }, "",
                 "transfer.pairs[0].mb_per_s", "> 0"},
        BadModel{"unknown machine field", [](json& d) { d["machines"][0]["zone"] = "a"; },
                 "machine 'A'", "zone", "unknown machine field"},
        BadModel{"unknown top-level field", [](json& d) { d["epoch"] = 600; }, "", "epoch",
                 "unknown top-level field"},
        BadModel{"tasks beside data", [](json& d) { d["jobs"][0]["tasks"] = 3; }, "job 'grep'",
                 "tasks", "only a job without data"},
        BadModel{"fractional tasks", [](json& d) { d["jobs"][1]["tasks"] = 2.5; }, "job 'pi'",
                 "tasks", "whole number"},
        BadModel{"no machines", [](json& d) { d["machines"] = json::array(); }, "", "machines",
                 "at least one machine"},
        BadModel{"machines not an array", [](json& d) { d["machines"] = 3; }, "", "machines",
                 "must be an array"},
        BadModel{"wrong format", [](json& d) { d["format"] = "mrx-workload"; }, "", "format",
                 "expected \"mrx-costmodel\""},
        BadModel{"future version", [](json& d) { d["version"] = 2; }, "", "version",
                 "unsupported version 2"},
        BadModel{"no transfer", [](json& d) { d.erase("transfer"); }, "", "transfer",
                 "is required"}),
    [](const ::testing::TestParamInfo<BadModel>& info) {
        std::string name = info.param.label;
        for (char& ch : name) {
            ch = std::isalnum(static_cast<unsigned char>(ch)) ? ch : '_';
        }
        return name;
    });

TEST(CostModelJson, TruncatedFileNamesThePosition) {
    const std::string text(kDesignExample);
    try {
        parseCostModel(text.substr(0, text.size() / 2), "cut.json");
        FAIL();
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("cut.json: not valid JSON"), std::string::npos)
            << e.what();
    }
}

}  // namespace
}  // namespace mr::cost
