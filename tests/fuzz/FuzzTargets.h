// FuzzTargets — the inputs of the fuzzing, each a function of one byte string: the workload
// loader, the Rumen and SWIM importers, the cost-model loader, the capacity-scheduler.xml reader
// and mrsim's command line. Each checks more than "no crash" and calls fail() (abort) when a
// property breaks:
//  * bad input is one InputError whose message is one line of valid UTF-8 (never another
//    exception: uncaught, it ends the fuzzer as a crash, as it would end mrsim with exit 1);
//  * what loads saves and loads back to the same value, and what an importer makes saves to a
//    file the loader accepts;
//  * mrsim exits 0 or 2, and with 2 prints exactly one stderr line.
// Built twice: as libFuzzer programs (clang, scripts/ci/fuzz.sh) and into a GoogleTest that
// replays the seed corpora and the minimized crashers in every build (FuzzReplayTest.cpp).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace mr::fuzz {

struct Target {
    const char* name;  // also the folder of its corpus and crashers under tests/fuzz/
    void (*run)(std::string_view input);
};

const std::vector<Target>& targets();
const Target& target(std::string_view name);  // aborts for an unknown name

// Once per process: the memory limit the runs assume (so estimates refuse before a 2 GB RSS
// limit would end the fuzzer), and the command line's scratch folder with its fixtures (the
// process's working directory from then on).
void initialise();

[[noreturn]] void fail(const std::string& what);

}  // namespace mr::fuzz
