#include "io/AtomicFile.h"

#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fstream>
#include <mutex>

#include "model/InputError.h"

namespace mr {

namespace {

constexpr const char* kTempMarker = ".mrx-tmp-";
constexpr std::size_t kTempRandom = 6;         // mkostemp's XXXXXX
constexpr std::size_t kBufferBytes = 1 << 20;  // writes reach the kernel in 1 MiB pieces
constexpr int kMaxSymlinks = 40;               // as the kernel's ELOOP limit

std::string errorText(int error) {
    return std::strerror(error);
}

std::string directoryOf(const std::string& path) {
    const auto slash = path.rfind('/');
    if (slash == std::string::npos) {
        return ".";
    }
    return slash == 0 ? "/" : path.substr(0, slash);
}

std::string baseName(const std::string& path) {
    const auto slash = path.rfind('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

// ".NAME.mrx-tmp-XXXXXX" (mkostemp's template), next to `target`.
bool isOurTemporary(const std::string& name) {
    const auto marker = name.rfind(kTempMarker);
    return !name.empty() && name[0] == '.' && marker != std::string::npos && marker > 0 &&
           name.size() == marker + std::strlen(kTempMarker) + kTempRandom;
}

// The file a path names once every symbolic link on its last component is followed (a link to a
// link to a file: the file). A missing file is fine: it will be created.
std::string followLinks(const std::string& given) {
    std::string path = given;
    for (int hops = 0; hops <= kMaxSymlinks; ++hops) {
        struct stat st {};
        if (::lstat(path.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) {
            return path;
        }
        std::string link(static_cast<std::size_t>(PATH_MAX), '\0');
        const ssize_t n = ::readlink(path.c_str(), link.data(), link.size());
        if (n < 0) {
            throw InputError(given, "", "",
                             "cannot read the symbolic link " + path + ": " + errorText(errno));
        }
        link.resize(static_cast<std::size_t>(n));
        path = !link.empty() && link[0] == '/' ? link : directoryOf(path) + "/" + link;
    }
    throw InputError(given, "", "", "too many levels of symbolic links");
}

// The umask, read without changing it (umask() sets it, which races with other threads).
mode_t currentUmask() {
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line)) {
        if (line.rfind("Umask:", 0) == 0) {
            return static_cast<mode_t>(std::stoul(line.substr(6), nullptr, 8));
        }
    }
    return 022;
}

// --- Removing temporaries on SIGINT / SIGTERM / SIGHUP ---------------------------------------
// When the signal would end the process (its default action), the handler unlinks the
// temporaries, restores the default and raises the signal again. A handler the program had
// installed before is called instead (the program goes on, and so do its saves); an ignored
// signal stays ignored. Only async-signal-safe calls: a fixed table of paths, unlink, sigaction.

constexpr int kCleanupSlots = 64;
struct CleanupSlot {
    std::atomic<bool> taken{false};
    std::atomic<bool> armed{false};
    char path[PATH_MAX];
};
CleanupSlot g_cleanup[kCleanupSlots];

constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP};
struct sigaction g_previous[std::size(kSignals)];

void onTerminatingSignal(int signal, siginfo_t* info, void* context) {
    std::size_t i = 0;
    while (kSignals[i] != signal) {
        ++i;
    }
    const struct sigaction& previous = g_previous[i];
    if ((previous.sa_flags & SA_SIGINFO) != 0) {
        previous.sa_sigaction(signal, info, context);
        return;
    }
    if (previous.sa_handler != SIG_DFL) {
        previous.sa_handler(signal);
        return;
    }
    for (CleanupSlot& slot : g_cleanup) {
        if (slot.armed.load(std::memory_order_acquire)) {
            ::unlink(slot.path);
        }
    }
    ::sigaction(signal, &previous, nullptr);
    ::raise(signal);  // delivered when this handler returns, with the default action
}

void installSignalCleanup() {
    static std::once_flag once;
    std::call_once(once, [] {
        for (std::size_t i = 0; i < std::size(kSignals); ++i) {
            ::sigaction(kSignals[i], nullptr, &g_previous[i]);
            if ((g_previous[i].sa_flags & SA_SIGINFO) == 0 && g_previous[i].sa_handler == SIG_IGN) {
                continue;  // an ignored signal (nohup) cannot end the save
            }
            struct sigaction action {};
            action.sa_sigaction = &onTerminatingSignal;
            action.sa_flags = SA_SIGINFO | SA_RESTART;
            sigemptyset(&action.sa_mask);
            for (const int s : kSignals) {
                sigaddset(&action.sa_mask, s);
            }
            ::sigaction(kSignals[i], &action, nullptr);
        }
    });
}

int armCleanup(const std::string& path) {
    if (path.size() >= PATH_MAX) {
        return -1;
    }
    installSignalCleanup();
    for (int i = 0; i < kCleanupSlots; ++i) {
        CleanupSlot& slot = g_cleanup[i];
        bool expected = false;
        if (slot.taken.compare_exchange_strong(expected, true)) {
            std::memcpy(slot.path, path.c_str(), path.size() + 1);
            slot.armed.store(true, std::memory_order_release);
            return i;
        }
    }
    return -1;  // more than 64 saves at once: the next save still removes a stale temporary
}

void disarmCleanup(int index) {
    if (index >= 0) {
        g_cleanup[index].armed.store(false, std::memory_order_release);
        g_cleanup[index].taken.store(false, std::memory_order_release);
    }
}

bool writeAll(int fd, const char* data, std::size_t size, int& error) {
    while (size > 0) {
        const ssize_t n = ::write(fd, data, size);
        if (n < 0) {
            if (errno == EINTR) {
                continue;
            }
            error = errno;
            return false;
        }
        data += n;
        size -= static_cast<std::size_t>(n);
    }
    return true;
}

}  // namespace

int removeStaleTemporaries(const std::string& directory) {
    DIR* dir = ::opendir(directory.c_str());
    if (dir == nullptr) {
        return 0;
    }
    int removed = 0;
    while (const dirent* entry = ::readdir(dir)) {
        const std::string name = entry->d_name;
        if (!isOurTemporary(name)) {
            continue;
        }
        const std::string path = directory + "/" + name;
        const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
        if (fd < 0) {
            continue;
        }
        // Its writer holds the lock while it lives; the lock dies with the process.
        struct stat st {};
        if (::flock(fd, LOCK_EX | LOCK_NB) == 0 && ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
            ::unlink(path.c_str()) == 0) {
            ++removed;
        }
        ::close(fd);
    }
    ::closedir(dir);
    return removed;
}

AtomicFileWriter::AtomicFileWriter(std::string path) : m_path(std::move(path)) {
    if (m_path.empty()) {
        throw InputError("", "", "", "no file name to write to");
    }
    m_target = followLinks(m_path);
    struct stat existing {};
    const bool exists = ::stat(m_target.c_str(), &existing) == 0;
    if (exists && !S_ISREG(existing.st_mode)) {
        const char* what = S_ISDIR(existing.st_mode)    ? "a directory"
                           : S_ISCHR(existing.st_mode)  ? "a character device"
                           : S_ISBLK(existing.st_mode)  ? "a block device"
                           : S_ISFIFO(existing.st_mode) ? "a pipe"
                                                        : "not a regular file";
        throw InputError(
            m_path, "", "",
            std::string("is ") + what + ", not a regular file; refusing to replace it");
    }
    const std::string directory = directoryOf(m_target);
    removeStaleTemporaries(directory);

    // Created exclusively with a random name, then locked; a concurrent save's stale-temporary
    // sweep could remove it between the two, so check that the name is still ours.
    for (int attempt = 0; m_fd < 0; ++attempt) {
        std::string name =
            directory + "/." + baseName(m_target) + kTempMarker + std::string(kTempRandom, 'X');
        const int fd = ::mkostemp(name.data(), O_CLOEXEC);
        if (fd < 0) {
            throw InputError(m_path, "", "",
                             "cannot write a file in " + directory + ": " + errorText(errno));
        }
        struct stat mine {};
        struct stat named {};
        if (::flock(fd, LOCK_EX) == 0 && ::fstat(fd, &mine) == 0 &&
            ::stat(name.c_str(), &named) == 0 && mine.st_ino == named.st_ino &&
            mine.st_dev == named.st_dev) {
            m_fd = fd;
            m_temp = std::move(name);
        } else {
            ::close(fd);
            if (attempt == 10) {
                throw InputError(m_path, "", "", "cannot create a temporary file in " + directory);
            }
        }
    }
    m_cleanupSlot = armCleanup(m_temp);
    if (exists) {
        // The old file's permissions and, where the system allows it (root), its owner.
        if (existing.st_uid != ::geteuid() || existing.st_gid != ::getegid()) {
            [[maybe_unused]] const int ignored = ::fchown(m_fd, existing.st_uid, existing.st_gid);
        }
        ::fchmod(m_fd, existing.st_mode & 07777);
    } else {
        ::fchmod(m_fd, 0666 & ~currentUmask());
    }
    m_buffer.reserve(kBufferBytes);
}

AtomicFileWriter::~AtomicFileWriter() {
    discard();
}

void AtomicFileWriter::discard() {
    if (m_fd >= 0) {
        ::unlink(m_temp.c_str());
        ::close(m_fd);
        m_fd = -1;
    }
    disarmCleanup(m_cleanupSlot);
    m_cleanupSlot = -1;
}

void AtomicFileWriter::fail(const std::string& message, int error) {
    discard();
    throw InputError(
        m_path, "", "",
        message + (error != 0 ? ": " + errorText(error) : "") + "; the old file was kept");
}

void AtomicFileWriter::flush() {
    int error = 0;
    if (!writeAll(m_fd, m_buffer.data(), m_buffer.size(), error)) {
        fail("cannot write", error);
    }
    m_buffer.clear();
}

void AtomicFileWriter::write(std::string_view text) {
    if (m_fd < 0) {
        throw InputError(m_path, "", "", "write after the file was committed");
    }
    if (m_buffer.size() + text.size() > kBufferBytes) {
        flush();
    }
    if (text.size() >= kBufferBytes) {
        int error = 0;
        if (!writeAll(m_fd, text.data(), text.size(), error)) {
            fail("cannot write", error);
        }
        return;
    }
    m_buffer.append(text);
}

void AtomicFileWriter::commit() {
    if (m_fd < 0) {
        throw InputError(m_path, "", "", "the file was already committed");
    }
    flush();
    if (::fsync(m_fd) != 0) {
        fail("cannot write the file to disk", errno);
    }
    if (::rename(m_temp.c_str(), m_target.c_str()) != 0) {
        fail("cannot replace the file", errno);
    }
    ::close(m_fd);  // after the rename: the lock keeps a concurrent sweep off the temporary
    m_fd = -1;
    disarmCleanup(m_cleanupSlot);
    m_cleanupSlot = -1;
    // The rename itself reaches the disk with the directory. A file system that cannot sync a
    // directory (EINVAL) has made the rename durable its own way; the new file is in place
    // either way, so nothing here can be reported as "the old file was kept".
    const int dir = ::open(directoryOf(m_target).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir >= 0) {
        ::fsync(dir);
        ::close(dir);
    }
}

void writeFileAtomically(const std::string& path, std::string_view contents) {
    AtomicFileWriter writer(path);
    writer.write(contents);
    writer.commit();
}

}  // namespace mr
