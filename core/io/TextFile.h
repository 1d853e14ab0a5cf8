// TextFile — opening the files users name for reading, with one clear error for what is not a
// readable file (missing, a directory, unreadable, too large).
#pragma once

#include <cstdint>
#include <fstream>
#include <string>

namespace mr {

// The largest file read whole into memory (workloads, cost models): about 100 million per-task
// durations (a stage of equal tasks is one duration, whatever its count). Writers refuse a
// workload whose text is longer.
inline constexpr std::uint64_t kMaxTextFileBytes = 1ULL << 30;

// Read a whole file; throws InputError naming `path` when it is missing, a directory, cannot be
// read, holds binary data (a NUL byte), or holds more than `maxBytes` (also for pipes and
// devices, which have no size).
std::string readTextFile(const std::string& path, std::uint64_t maxBytes = kMaxTextFileBytes);

// A file opened for streaming (traces); throws InputError naming `path` as readTextFile does.
std::ifstream openInputFile(const std::string& path);

}  // namespace mr
