// The algorithm registry and its listing (`mrsim algorithms --json` prints algorithmCatalogJson):
// every algorithm's metadata is complete, the option specs read back their own defaults and
// refuse what mrsim refuses, and a scheduler registered from outside core (the test-only
// tests/schedulers/LongestFirstTestScheduler.cpp) is listed like a built-in. The registry's
// built-ins come from schedulers/BuiltIns.def, in its order.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "catalog/AlgorithmCatalog.h"
#include "catalog/AlgorithmMarkdown.h"
#include "cost/CostAlgorithms.h"
#include "io/WorkloadJson.h"
#include "model/InputError.h"
#include "schedulers/Registry.h"
#include "schedulers/Suggestions.h"
#include "support/TestSupport.h"

namespace mr {
namespace {

using nlohmann::ordered_json;

const ordered_json* entry(const ordered_json& catalog, const std::string& id) {
    for (const auto& a : catalog["algorithms"]) {
        if (a["id"] == id) {
            return &a;
        }
    }
    return nullptr;
}

// docs/algorithms.md is this page: a scheduler registered anywhere gets its row, with its
// reference, in registry order after the built-ins, and its options in the options table.
TEST(Registry, AlgorithmPageHasARowPerRegisteredScheduler) {
    const std::string page = algorithmCatalogMarkdown();
    const std::size_t balanced = page.find(
        "| `balanced-pools` | BalancedPools | [Verma12] §III-C, Alg. 2 | two pools of small and "
        "big jobs, balanced by simulation | — | `estimator`, `pools`, `threads`,");
    const std::size_t test = page.find(
        "| `test-longest-first` | Longest first (test) | "
        "tests/schedulers/LongestFirstTestScheduler.cpp |");
    ASSERT_NE(balanced, std::string::npos) << page;
    ASSERT_NE(test, std::string::npos) << page;
    EXPECT_LT(balanced, test);
    EXPECT_NE(page.find("| `--pools` | integer | 2 | [2, 1000] |"), std::string::npos) << page;
    EXPECT_NE(page.find("| `facebook-1000` | [Verma12b] §IV-B:"), std::string::npos) << page;
}

TEST(Registry, ListsASchedulerRegisteredFromTheTests) {
    const ordered_json catalog = algorithmCatalogJson();
    const ordered_json* a = entry(catalog, "test-longest-first");
    ASSERT_NE(a, nullptr) << catalog.dump(2);
    EXPECT_EQ((*a)["name"], "Longest first (test)");
    EXPECT_EQ((*a)["source"], "tests/schedulers/LongestFirstTestScheduler.cpp");
    EXPECT_EQ((*a)["needs"],
              (ordered_json{{"arrivals", false}, {"deadlines", false}, {"cost_model", false}}));
    EXPECT_EQ((*a)["interactive"], true);
    std::vector<std::string> options;
    for (const auto& o : (*a)["options"]) {
        options.push_back(o["id"]);
    }
    // Its own option, then the ones every workload algorithm reads.
    EXPECT_EQ(options,
              (std::vector<std::string>{"estimator", "seed", "locality", "remote-penalty"}));
    // And it runs like any other: the most work first (figure 4 scenario 1: J4 36·30, J3 34·30).
    const RunResult r = runAlgorithm(test::figure4(1), "test-longest-first", {});
    EXPECT_EQ(r.order, (std::vector<int>{3, 2, 0, 1, 4}));
}

// A deadline scheduler registered the same way (tests/schedulers/LeastSlackTestScheduler.cpp)
// says it needs deadlines, and runs: the least slack first.
TEST(Registry, ListsADeadlineSchedulerRegisteredFromTheTests) {
    const ordered_json catalog = algorithmCatalogJson();
    const ordered_json* a = entry(catalog, "test-least-slack");
    ASSERT_NE(a, nullptr) << catalog.dump(2);
    EXPECT_EQ((*a)["needs"],
              (ordered_json{{"arrivals", false}, {"deadlines", true}, {"cost_model", false}}));
    // Figure 4 scenario 1, (m_i + r_i) = 9, 5, 34, 36, 5 on 30 slots; deadlines make the slack
    // 100 - 9, 50 - 5, none, 60 - 36, 100 - 5.
    Workload w = test::figure4(1);
    w.jobs[0].deadline = 100;
    w.jobs[1].deadline = 50;
    w.jobs[3].deadline = 60;
    w.jobs[4].deadline = 100;
    EXPECT_EQ(runAlgorithm(w, "test-least-slack", {}).order, (std::vector<int>{3, 1, 0, 4, 2}));
}

TEST(Registry, EveryAlgorithmHasCompleteMetadata) {
    const ordered_json catalog = algorithmCatalogJson();
    EXPECT_EQ(catalog["format"], "mrx-algorithms");
    ASSERT_EQ(catalog["algorithms"].size(), allAlgorithms().size() + cost::costAlgorithms().size());
    std::set<std::string> ids;
    for (const AlgorithmInfo& info : algorithmCatalog()) {
        SCOPED_TRACE(info.id);
        EXPECT_TRUE(ids.insert(info.id).second) << "id listed twice";
        EXPECT_EQ(info.id.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-"),
                  std::string::npos);
        for (const std::string* text : {&info.name, &info.description, &info.source}) {
            EXPECT_FALSE(text->empty());
            EXPECT_EQ(text->find('\n'), std::string::npos);
        }
        EXPECT_LE(info.description.size(), 100u) << "one line";
        for (const auto& option : info.options) {
            EXPECT_NE(findAnyOptionSpec(option), nullptr) << "unknown option " << option;
        }
        if (info.byDefault) {
            EXPECT_TRUE(info.interactive) << "a default must not block the others";
        }
    }
    EXPECT_EQ(baselineIds(), (std::vector<std::string>{"fifo", "reverse-johnson"}));
    // The explorer checks something at first start, and nothing slow.
    const auto all = allAlgorithms();
    EXPECT_TRUE(std::any_of(all.begin(), all.end(),
                            [](const Algorithm* a) { return a->info().byDefault; }));
    EXPECT_FALSE(findAlgorithm("balanced-pools")->info().interactive);
    EXPECT_FALSE(findAlgorithm("optimal")->info().interactive);
}

TEST(Registry, RefusesATakenOrMalformedId) {
    class Named : public OrderAlgorithm {
    public:
        explicit Named(std::string id) : OrderAlgorithm({.id = std::move(id)}) {}

    protected:
        std::vector<int> chooseOrder(const Workload& w, const std::vector<StageDurations>&,
                                     const RunOptions&) const override {
            return fileOrder(w);
        }
    };
    const auto before = algorithmIds();
    EXPECT_THROW(registerAlgorithm(std::make_unique<Named>("johnson")), std::logic_error);
    EXPECT_THROW(registerAlgorithm(std::make_unique<Named>("Not Kebab")), std::logic_error);
    EXPECT_EQ(algorithmIds(), before);
}

TEST(RunOptionSpecs, ReadBackTheirDefaultsAndRefuseWhatMrsimRefuses) {
    for (const OptionSpec& spec : runOptionSpecs()) {
        SCOPED_TRACE(spec.id);
        RunOptions o;
        o.seed = 99;
        o.pools = 7;
        spec.set(o, spec.defaultValue);
        EXPECT_EQ(spec.get(o), spec.defaultValue);
        if (spec.type == OptionType::Integer || spec.type == OptionType::Real) {
            EXPECT_THROW(spec.set(o, "x"), InputError);
            EXPECT_THROW(spec.set(o, "1,5"), InputError);  // never a locale's decimal comma
            if (spec.min > 0.0) {
                try {
                    spec.set(o, "0");
                    ADD_FAILURE() << "0 accepted";
                } catch (const InputError& e) {
                    EXPECT_EQ(e.field(), spec.id);
                }
            }
        }
    }
    RunOptions o;
    findOptionSpec("pools")->set(o, "1000");
    EXPECT_EQ(o.pools, 1000);
    EXPECT_THROW(findOptionSpec("pools")->set(o, "1001"), InputError);
    findOptionSpec("seed")->set(o, "18446744073709551615");
    EXPECT_EQ(o.seed, 18446744073709551615ULL);
    findOptionSpec("remote-penalty")->set(o, "2.5");
    EXPECT_EQ(o.locality.remotePenalty, 2.5);
    findOptionSpec("order")->set(o, "J2,J1");
    EXPECT_EQ(o.manualOrder, (std::vector<std::string>{"J2", "J1"}));
    EXPECT_THROW(findOptionSpec("estimator")->set(o, "magic"), InputError);
}

// The explorer's auto-check reads the registry: the algorithms made for deadlines are the ones
// whose metadata says so ([Verma12b]'s EDF, MinEDF, MinEDF-WC and [Rao12]'s completion-time
// scheduler), not a list kept in the UI.
TEST(Suggestions, DeadlineAlgorithmsComeFromTheRegistrysNeeds) {
    std::vector<std::string> expected;
    for (const Algorithm* a : allAlgorithms()) {
        if (a->info().needs.deadlines) {
            expected.push_back(a->id());
        }
    }
    EXPECT_EQ(deadlineAlgorithmIds(), expected);
    // The built-in ones, in registry order; after them only schedulers the tests register
    // (tests/schedulers/, ids "test-…", e.g. test-least-slack, which needs deadlines).
    const std::vector<std::string> builtIn = {"edf", "min-edf", "min-edf-wc", "completion-time"};
    const std::vector<std::string> ids = deadlineAlgorithmIds();
    ASSERT_GE(ids.size(), builtIn.size());
    EXPECT_EQ(std::vector<std::string>(ids.begin(), ids.begin() + 4), builtIn);
    for (std::size_t i = builtIn.size(); i < ids.size(); ++i) {
        EXPECT_EQ(ids[i].rfind("test-", 0), 0u) << ids[i];
    }
}

TEST(Suggestions, AWorkloadWithDeadlinesGetsMinEdfWcUnlessADeadlineAlgorithmIsChecked) {
    const Workload deadlines = loadWorkload(test::samplePath("deadlines-spare-kill.json"));
    const Workload none = loadWorkload(test::samplePath("figure4-scenario2.json"));
    const std::vector<std::string> minEdfWc = {"min-edf-wc"};
    EXPECT_EQ(suggestedAlgorithms(deadlines, {"fifo", "johnson"}), minEdfWc);
    EXPECT_EQ(suggestedAlgorithms(deadlines, {}), minEdfWc);
    for (const std::string& id : deadlineAlgorithmIds()) {
        SCOPED_TRACE(id);
        EXPECT_TRUE(suggestedAlgorithms(deadlines, {"johnson", id}).empty());
    }
    EXPECT_TRUE(suggestedAlgorithms(none, {"fifo"}).empty());
}

}  // namespace
}  // namespace mr
