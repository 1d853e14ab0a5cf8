// Workload generators: seeded and reproducible, sizes as the papers state.
#include <gtest/gtest.h>

#include "io/WorkloadJson.h"
#include "model/InputError.h"
#include "workloads/Facebook1000.h"
#include "workloads/Generators.h"

namespace mr {
namespace {

TEST(Generators, Facebook1000HasSeed004TableISizes) {
    const Workload w = generateWorkload("facebook-1000", {.jobs = 1000, .seed = 3, .nodes = 64});
    ASSERT_EQ(w.jobCount(), 1000);
    EXPECT_EQ(w.cluster, (Cluster{64, 1, 1}));
    // Table I: 380 + 160 + ... jobs; 216 100 map and 17 820 reduce tasks in all.
    long long maps = 0;
    long long reduces = 0;
    int singleMapJobs = 0;
    for (const auto& job : w.jobs) {
        maps += job.maps();
        reduces += job.reduces();
        singleMapJobs += job.maps() == 1 ? 1 : 0;
        for (double d : job.mapDurations) {
            ASSERT_GT(d, 0.0);
        }
    }
    EXPECT_EQ(maps, 216100);
    EXPECT_EQ(reduces, 17820);
    EXPECT_EQ(singleMapJobs, 380);
}

TEST(Generators, SameSeedSameFileOtherSeedOtherFile) {
    const GenerateOptions a{.jobs = 100, .seed = 7, .nodes = 16};
    GenerateOptions b = a;
    b.seed = 8;
    EXPECT_EQ(serializeWorkload(generateWorkload("facebook-1000", a)),
              serializeWorkload(generateWorkload("facebook-1000", a)));
    EXPECT_NE(serializeWorkload(generateWorkload("facebook-1000", a)),
              serializeWorkload(generateWorkload("facebook-1000", b)));
}

TEST(Generators, UnknownKindAndBadSizesAreInputErrors) {
    EXPECT_THROW(generateWorkload("yahoo", {}), InputError);
    EXPECT_THROW(generateWorkload("facebook-1000", {.jobs = 0}), InputError);
    EXPECT_THROW(generateWorkload("facebook-1000", {.jobs = 10, .seed = 1, .nodes = 0}),
                 InputError);
}

}  // namespace
}  // namespace mr
