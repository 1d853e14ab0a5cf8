// mrsim — the command-line twin of the explorer (docs/cli.md). Thin over mrcore:
// parses arguments (CLI11), loads the workload, runs the algorithms and prints tables or JSON.
// Exit codes: 0 success, 2 bad input (one line on stderr), 1 internal error.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace mr::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitInternal = 1;
inline constexpr int kExitBadInput = 2;

// `args` excludes the program name.
int runMrsim(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace mr::cli
