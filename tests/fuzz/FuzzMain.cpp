// One libFuzzer program per target: MRX_FUZZ_TARGET names it (see FuzzTargets.h).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "FuzzTargets.h"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    mr::fuzz::initialise();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const mr::fuzz::Target& target = mr::fuzz::target(MRX_FUZZ_TARGET);
    target.run(std::string_view(reinterpret_cast<const char*>(data), size));
    return 0;
}
