// AtomicFile — save a file without ever leaving a half-written one behind: write a temporary
// file next to the target, flush it, then rename it over the target.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

namespace mr {

// Throws InputError (naming `path`) when the file cannot be written; the old file is untouched.
void writeFileAtomically(const std::string& path, const std::string& contents);

// The same for a file written piece by piece (an importer streaming a large workload): text goes
// to a temporary file next to `path`; commit() renames it over `path`. A writer destroyed before
// commit() (an exception on the way) removes the temporary and leaves the old file untouched.
class AtomicFileWriter {
public:
    explicit AtomicFileWriter(std::string path);  // throws InputError when it cannot create
    ~AtomicFileWriter();
    AtomicFileWriter(const AtomicFileWriter&) = delete;
    AtomicFileWriter& operator=(const AtomicFileWriter&) = delete;

    void write(std::string_view text);  // throws InputError (disk full, ...)
    void commit();                      // throws InputError; the old file is then untouched

    const std::string& path() const { return m_path; }

private:
    void discard();

    std::string m_path;
    std::string m_temp;
    std::FILE* m_file = nullptr;
};

}  // namespace mr
