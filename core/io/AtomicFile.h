// AtomicFile — save a file so that, whatever happens (an error, a full disk, Ctrl+C, kill -9, a
// power cut), the target is either the old file or the new one, never a torn mix:
//  * the text goes to a temporary file with a unique name in the target's directory
//    (".NAME.mrx-tmp-XXXXXX", created exclusively), which is fsync'ed and renamed over the
//    target; the directory is fsync'ed after the rename;
//  * the new file keeps the old one's permissions (and owner, where allowed); a new file gets
//    0666 minus the umask, as any other program's;
//  * a symbolic link is written through: its target is replaced, the link stays;
//  * a target that exists but is not a regular file (a device such as /dev/null, a directory, a
//    pipe) is refused: renaming over it would replace the device node itself;
//  * the temporary is removed on every error and on SIGINT, SIGTERM and SIGHUP; one left by
//    kill -9 (or a power cut) is removed by the next save into that directory. A temporary is
//    locked (flock) while its writer lives, so a save never removes another one's.
// Every failure is an InputError naming the path as given; the old file is then untouched.
#pragma once

#include <string>
#include <string_view>

namespace mr {

void writeFileAtomically(const std::string& path, std::string_view contents);

// The same for a file written piece by piece (an importer streaming a large workload): text goes
// to the temporary file; commit() renames it over the target. A writer destroyed before commit()
// (an exception on the way) removes the temporary and leaves the old file untouched.
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
    void flush();
    void discard();
    [[noreturn]] void fail(const std::string& message, int error);

    std::string m_path;    // as given, for messages
    std::string m_target;  // symbolic links resolved
    std::string m_temp;
    int m_fd = -1;
    int m_cleanupSlot = -1;  // where the signal handler finds m_temp
    std::string m_buffer;
};

// The temporaries of our naming in `directory` whose writer has ended without removing them
// (kill -9); each save calls it. Returns how many were removed.
int removeStaleTemporaries(const std::string& directory);

}  // namespace mr
