// Linked into every test program (tests/CMakeLists.txt): under CTest, before any other static
// object or main() runs, makes the folders of the test's own scratch environment — HOME,
// XDG_CONFIG_HOME, XDG_RUNTIME_DIR (mode 0700, as Qt requires) and TMPDIR, which CTest points
// into the build tree (tests/cmake/ScratchEnvironment.cmake). The fixture that runs after the
// last test fails when anything is left in them and removes them. A folder outside
// MRX_TEST_SCRATCH is never touched, so a test run by hand uses the usual environment.
#include <sys/stat.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string_view>
#include <system_error>

namespace {

struct ScratchEnvironment {
    ScratchEnvironment() {
        const char* root = std::getenv("MRX_TEST_SCRATCH");
        if (root == nullptr || *root == '\0') {
            return;
        }
        for (const char* name : {"HOME", "XDG_CONFIG_HOME", "XDG_RUNTIME_DIR", "TMPDIR"}) {
            const char* value = std::getenv(name);
            if (value == nullptr || !std::string_view(value).starts_with(root)) {
                continue;
            }
            std::error_code error;
            std::filesystem::create_directories(value, error);
            if (error || ::chmod(value, 0700) != 0) {
                std::fprintf(stderr, "cannot make the scratch folder %s=%s: %s\n", name, value,
                             error ? error.message().c_str() : "chmod failed");
                std::exit(2);
            }
        }
    }
};

// First of the program's static objects (GCC and clang): the Qt tests' settings folder
// (tests/ui/OwnSettings.cpp) is made in TMPDIR by a static object of its own.
const ScratchEnvironment scratchEnvironment __attribute__((init_priority(101)));

}  // namespace
