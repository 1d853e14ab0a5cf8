// Every seed and every minimized crasher of the fuzz targets (tests/fuzz/corpus/NAME and
// regressions/NAME), replayed in the ordinary build: a fixed crash stays fixed even where no
// fuzzer runs. A broken property aborts the test program (FuzzTargets.h).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "FuzzTargets.h"

namespace mr::fuzz {
namespace {

namespace fs = std::filesystem;

class FuzzReplay : public ::testing::TestWithParam<std::string> {};

TEST_P(FuzzReplay, SeedsAndCrashersKeepEveryProperty) {
    initialise();
    const Target& t = target(GetParam());
    int inputs = 0;
    for (const char* folder : {"corpus", "regressions"}) {
        const fs::path dir = fs::path(MRX_FUZZ_DIR) / folder / GetParam();
        if (!fs::exists(dir)) {
            continue;
        }
        for (const auto& entry : fs::directory_iterator(dir)) {
            SCOPED_TRACE(entry.path().string());
            std::ifstream in(entry.path(), std::ios::binary);
            std::ostringstream bytes;
            bytes << in.rdbuf();
            t.run(bytes.str());
            ++inputs;
        }
    }
    EXPECT_GE(inputs, 5) << "the seed corpus of " << GetParam() << " is missing";
}

std::vector<std::string> targetNames() {
    std::vector<std::string> names;
    for (const Target& t : targets()) {
        names.emplace_back(t.name);
    }
    return names;
}

INSTANTIATE_TEST_SUITE_P(Targets, FuzzReplay, ::testing::ValuesIn(targetNames()),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace mr::fuzz
