// MemoryBudget — how much memory one computation may take, and the one-line refusal when its
// estimate is larger (a cluster that passes validation can ask for 48 GB and
// end with std::bad_alloc). Estimates are made before allocating (schedulers/RunMemory.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace mr {

// The limit: MRX_MEMORY_LIMIT when set (bytes, or with a K, M, G or T suffix, powers of 1024),
// else 3/4 of the memory this process can have: the machine's physical memory, or less when a
// cgroup limit or RLIMIT_AS / RLIMIT_DATA says so.
std::uint64_t memoryLimit();
// MRX_MEMORY_LIMIT's form: "123456", "1536M", "2G", "1.5GB" (K, M, G, T: powers of 1024; an
// optional B) in bytes, read by the one number parser (model/Numbers.h: "1,5G" is refused in
// every locale); nullopt when malformed, not positive or beyond 2^64.
std::optional<std::uint64_t> parseByteSize(std::string_view text);
// Overrides the limit (tests, fuzzers); 0 goes back to the rule above.
void setMemoryLimit(std::uint64_t bytes);

// "48.2 GB" (powers of 1024, three significant digits).
std::string formatBytes(std::uint64_t bytes);

// Throws InputError (`field`, no file: front ends add it) "<what> needs about X of memory; the
// limit is Y (MRX_MEMORY_LIMIT)" when `estimate` is above memoryLimit().
void checkMemory(std::uint64_t estimate, const std::string& what, const std::string& field);

}  // namespace mr
