// AtomicFile — save a file without ever leaving a half-written one behind: write a temporary
// file next to the target, flush it, then rename it over the target.
#pragma once

#include <string>

namespace mr {

// Throws InputError (naming `path`) when the file cannot be written; the old file is untouched.
void writeFileAtomically(const std::string& path, const std::string& contents);

}  // namespace mr
