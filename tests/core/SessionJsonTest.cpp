// The session file: every field survives a save and a load exactly, over
// seeded random sessions; saving is atomic; and every kind of bad input is one InputError naming
// the file, the job where there is one, and the field's path in the session.
#include <gtest/gtest.h>

#include <filesystem>
#include <random>

#include "io/SessionJson.h"
#include "io/TextFile.h"
#include "model/InputError.h"
#include "schedulers/Registry.h"
#include "support/TestSupport.h"

namespace mr {
namespace {

Variant randomVariant(std::uint64_t seed, const std::string& name) {
    std::mt19937_64 rng(seed);
    Variant v;
    v.name = name;
    v.workload = test::randomWorkload(seed, {.arrivals = true});
    v.workload.name = "workload " + name;
    v.workload.description = "a \"what-if\"\nwith ✓";
    if (rng() % 2) {
        v.workload.jobs[0].deadline = 1.0 / 3.0 + static_cast<double>(rng() % 100);
        v.workload.jobs[0].extraFields["color"] = "\"#ff8800\"";
    }
    for (const Job& job : v.workload.jobs) {
        v.workload.manualOrder.insert(v.workload.manualOrder.begin(), job.name);
    }
    const std::vector<std::string> ids = algorithmIds();
    for (const std::string& id : ids) {
        if (rng() % 3 == 0) {
            v.algorithms.push_back(id);
        }
    }
    v.options.seed = rng() % 1'000'000'007ULL;
    v.options.estimator = static_cast<Estimator>(rng() % 4);
    v.options.pools = 2 + static_cast<int>(rng() % 5);
    v.options.locality.enabled = rng() % 2 == 0;
    if (v.options.locality.enabled) {
        v.options.locality.replicas = 1 + static_cast<int>(rng() % 4);
        v.options.locality.vmsPerHost = 1 + static_cast<int>(rng() % 3);
        v.options.locality.remotePenalty = 1.0 + static_cast<double>(rng() % 100) / 7.0;
        v.options.locality.reconfigDelay = static_cast<double>(rng() % 10) / 3.0;
    }
    return v;
}

Session randomSession(std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    Session s;
    s.current = randomVariant(seed, "");
    const int variants = static_cast<int>(rng() % 4);
    for (int i = 0; i < variants; ++i) {
        s.variants.push_back(
            randomVariant(seed * 31 + static_cast<std::uint64_t>(i), nextVariantName(s.variants)));
    }
    s.view.tab = kSessionTabs[rng() % kSessionTabs.size()];
    if (rng() % 2) {
        s.view.timeRange = std::array<double, 2>{-1.5, 100.0 / 7.0};
    }
    if (rng() % 2) {
        s.view.slotRange = std::array<double, 2>{2.4, 11.0 / 3.0};
    }
    s.view.teachStep = static_cast<int>(rng() % 9);
    s.view.teachLesson = rng() % 3 == 0 ? "" : kSessionLessons[rng() % kSessionLessons.size()];
    s.view.highlightedJob = s.current.workload.jobs.back().name;
    if (!s.variants.empty()) {
        s.view.referenceVariant = s.variants.back().name;
    }
    return s;
}

TEST(SessionJson, EveryFieldSurvivesSaveAndLoad) {
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        Session s = randomSession(seed);
        const std::string text = serializeSession(s, "s.mrxs");
        const Session back = parseSession(text, "s.mrxs");
        // As in workload files, uniform per-task arrays are saved in scalar form and come back
        // as scalar: the same durations (the only field a workload file does not keep).
        const auto sameForm = [](Workload& expected, const Workload& loaded) {
            for (std::size_t j = 0; j < expected.jobs.size() && j < loaded.jobs.size(); ++j) {
                expected.jobs[j].perTaskDurations = loaded.jobs[j].perTaskDurations;
            }
        };
        sameForm(s.current.workload, back.current.workload);
        for (std::size_t i = 0; i < s.variants.size() && i < back.variants.size(); ++i) {
            sameForm(s.variants[i].workload, back.variants[i].workload);
        }
        EXPECT_TRUE(back == s);
        // Field by field, so that a failure says which (and operator== is checked too).
        EXPECT_TRUE(back.current.workload == s.current.workload);
        EXPECT_EQ(back.current.algorithms, s.current.algorithms);
        EXPECT_TRUE(sameVariantOptions(back.current.options, s.current.options));
        ASSERT_EQ(back.variants.size(), s.variants.size());
        for (std::size_t i = 0; i < s.variants.size(); ++i) {
            EXPECT_EQ(back.variants[i].name, s.variants[i].name);
            EXPECT_TRUE(back.variants[i].workload == s.variants[i].workload);
            EXPECT_EQ(back.variants[i].algorithms, s.variants[i].algorithms);
            EXPECT_TRUE(sameVariantOptions(back.variants[i].options, s.variants[i].options));
        }
        EXPECT_TRUE(back.view == s.view);
        // The canonical text is a fixed point.
        EXPECT_EQ(serializeSession(back, "s.mrxs"), text);
    }
}

TEST(SessionJson, SamplesLoadAndAreCanonical) {
    for (const char* name : {"what-if-tour.mrxs", "teaching.mrxs"}) {
        SCOPED_TRACE(name);
        const std::string text = readTextFile(test::samplePath(name));
        EXPECT_EQ(serializeSession(parseSession(text, name), name), text);
    }
    // The tour: [Verma12] Figure 4 scenario 2 as published, with one slot more per node, and
    // with J3 split into two jobs of half its tasks.
    const Session tour = loadSession(test::samplePath("what-if-tour.mrxs"));
    ASSERT_EQ(tour.variants.size(), 3u);
    const Workload published = test::figure4(2);
    const Workload& first = tour.variants[0].workload;
    EXPECT_EQ(first.cluster, published.cluster);
    ASSERT_EQ(first.jobCount(), published.jobCount());
    for (std::size_t j = 0; j < first.jobs.size(); ++j) {
        EXPECT_EQ(first.jobs[j].name, published.jobs[j].name);
        EXPECT_EQ(first.jobs[j].mapDurations, published.jobs[j].mapDurations);
        EXPECT_EQ(first.jobs[j].reduceDurations, published.jobs[j].reduceDurations);
    }
    EXPECT_EQ(tour.variants[1].workload.cluster, (Cluster{30, 2, 2}));
    const Workload& split = tour.variants[2].workload;
    ASSERT_EQ(split.jobCount(), 6);
    EXPECT_EQ(split.jobs[2].name, "J3a");
    EXPECT_EQ(split.jobs[2].maps() + split.jobs[3].maps(), 20);
    EXPECT_EQ(tour.view.referenceVariant, "as published");
}

TEST(SessionJson, EqualityNoticesEachField) {
    const Session s = randomSession(7);
    auto changed = [&](auto change) {
        Session other = s;
        change(other);
        return !(other == s);
    };
    EXPECT_TRUE(changed([](Session& o) { o.view.teachStep += 1; }));
    EXPECT_TRUE(changed([](Session& o) { o.view.teachLesson = "x"; }));
    EXPECT_TRUE(changed([](Session& o) { o.view.tab = "zzz"; }));
    EXPECT_TRUE(changed([](Session& o) { o.view.timeRange = std::array<double, 2>{0, 1}; }));
    EXPECT_TRUE(changed([](Session& o) { o.view.slotRange = std::array<double, 2>{0, 1}; }));
    EXPECT_TRUE(changed([](Session& o) { o.current.options.seed += 1; }));
    EXPECT_TRUE(changed([](Session& o) { o.current.options.locality.enabled ^= true; }));
    EXPECT_TRUE(changed([](Session& o) { o.current.workload.cluster.nodes += 1; }));
    EXPECT_TRUE(changed([](Session& o) { o.current.algorithms.push_back("x"); }));
    EXPECT_TRUE(changed([](Session& o) { o.variants.push_back(o.current); }));
}

TEST(SessionJson, VariantNamesRunLikeSpreadsheetColumns) {
    std::vector<Variant> variants;
    std::vector<std::string> names;
    for (int i = 0; i < 28; ++i) {
        variants.push_back(Variant{nextVariantName(variants), {}, {}, {}});
        names.push_back(variants.back().name);
    }
    EXPECT_EQ(names[0], "A");
    EXPECT_EQ(names[25], "Z");
    EXPECT_EQ(names[26], "AA");
    EXPECT_EQ(names[27], "AB");
    variants.erase(variants.begin() + 1);  // "B" is free again
    EXPECT_EQ(nextVariantName(variants), "B");
}

TEST(SessionJson, SaveIsAtomicAndLoadsBack) {
    const std::string dir = test::scratchDir() + "/session-save";
    std::filesystem::create_directories(dir);
    const std::string path = dir + "/what-if.mrxs";
    const Session s = parseSession(serializeSession(randomSession(3)), "s.mrxs");
    saveSession(s, path);
    EXPECT_TRUE(loadSession(path) == s);
    // A session that loading would refuse is not written: the old file stays.
    Session bad = s;
    bad.view.highlightedJob = "no such job";
    EXPECT_THROW(saveSession(bad, path), InputError);
    EXPECT_TRUE(loadSession(path) == s);
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        EXPECT_EQ(entry.path().filename().string(), "what-if.mrxs");  // no temporary left
    }
}

// A valid session's text with one edit, and the error it must give.
struct BadSession {
    const char* what;
    std::string from;
    std::string to;
    std::string expected;  // the whole one-line message
};

TEST(SessionJson, BadInputNamesFileAndField) {
    Session s;
    s.current.workload = test::figure4(2);
    s.current.algorithms = {"johnson", "balanced-pools"};
    s.variants.push_back(s.current);
    s.variants.back().name = "A";
    s.view.referenceVariant = "A";
    const std::string text = serializeSession(s, "t.mrxs");
    const std::vector<BadSession> cases = {
        {"format", "\"mrx-session\"", "\"mrx-workload\"",
         "t.mrxs: field 'format': expected \"mrx-session\" (got \"mrx-workload\")"},
        {"unknown top key",
         "\"view\":", "\"viwe\": {}, \"view\":", "t.mrxs: field 'viwe': unknown field"},
        {"unknown algorithm", "[\"johnson\", \"balanced-pools\"],\n    \"run_options\"",
         "[\"johnson\", \"jonhson\"],\n    \"run_options\"",
         "t.mrxs: field 'current.algorithms': unknown algorithm 'jonhson'"},
        {"a job of a variant", "{\"name\": \"J3\", \"maps\": 20", "{\"name\": \"J3\", \"maps\": -2",
         "t.mrxs: job 'J3': field 'current.workload.maps': must be between 1 and "},
        {"run option", "\"pools\": 2", "\"pools\": 1",
         "t.mrxs: field 'current.run_options.pools': must be between 2 and 1000"},
        {"unknown run option", "\"pools\": 2", "\"pool\": 2",
         "t.mrxs: field 'current.run_options.pool': unknown field"},
        {"reference", "\"reference_variant\": \"A\"", "\"reference_variant\": \"B\"",
         "t.mrxs: field 'view.reference_variant': no variant is named 'B'"},
        {"tab", "\"view\": {", "\"view\": {\"tab\": \"gantt\", ",
         "t.mrxs: field 'view.tab': unknown tab 'gantt'"},
        {"highlighted job", "\"view\": {", "\"view\": {\"highlighted_job\": \"J9\", ",
         "t.mrxs: field 'view.highlighted_job': the current workload has no job 'J9'"},
        {"lesson", "\"view\": {", "\"view\": {\"teach\": \"lips\", ",
         "t.mrxs: field 'view.teach': unknown lesson 'lips'"},
        {"time range", "\"view\": {", "\"view\": {\"time_range\": [5, 5], ",
         "t.mrxs: field 'view.time_range': must be [from, to] with from < to"},
        {"slot range", "\"view\": {", "\"view\": {\"slot_range\": [3, 2], ",
         "t.mrxs: field 'view.slot_range': must be [from, to] with from < to"},
        {"variant name", "\"name\": \"A\"", "\"name\": \"\"",
         "t.mrxs: field 'variants[0].name': must not be empty"},
        {"embedded workload format", "\"format\": \"mrx-workload\"", "\"format\": \"mrx-wl\"",
         "t.mrxs: field 'current.workload.format': expected \"mrx-workload\""},
    };
    for (const BadSession& c : cases) {
        SCOPED_TRACE(c.what);
        std::string bad = text;
        const auto at = bad.find(c.from);
        ASSERT_NE(at, std::string::npos) << c.from;
        bad.replace(at, c.from.size(), c.to);
        try {
            parseSession(bad, "t.mrxs");
            ADD_FAILURE() << "accepted";
        } catch (const InputError& e) {
            const std::string message = e.what();
            EXPECT_EQ(message.substr(0, c.expected.size()), c.expected) << message;
            EXPECT_EQ(message.find('\n'), std::string::npos);
        }
    }
}

TEST(SessionJson, RepeatedVariantNamesAreRefused) {
    Session s;
    s.current.workload = test::figure4(1);
    s.variants = {s.current, s.current};
    s.variants[0].name = "A";
    s.variants[1].name = "A";
    EXPECT_THROW(serializeSession(s, "t.mrxs"), InputError);
    s.variants[1].name = "B";
    std::string text = serializeSession(s, "t.mrxs");
    text.replace(text.rfind("\"name\": \"B\""), 11, "\"name\": \"A\"");
    try {
        parseSession(text, "t.mrxs");
        ADD_FAILURE() << "accepted";
    } catch (const InputError& e) {
        EXPECT_STREQ(e.what(),
                     "t.mrxs: field 'variants[1].name': a variant named 'A' comes earlier");
    }
}

}  // namespace
}  // namespace mr
