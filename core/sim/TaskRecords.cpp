#include "sim/TaskRecords.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <thread>

namespace mr {

namespace {

std::size_t pageSize() {
    static const std::size_t size = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
    return size;
}

std::string temporaryFolder() {
    const char* dir = std::getenv("TMPDIR");
    return dir != nullptr && *dir != '\0' ? dir : "/tmp";
}

[[noreturn]] void spillFailed(const std::string& folder, const std::string& what, int error) {
    throw RecordSpillError("cannot keep the run's task records: " + what + " a temporary file in " +
                           folder + " failed: " + std::strerror(error) +
                           " (the chart of a run this large keeps its records on disk; free space "
                           "there or set TMPDIR to a folder with room)");
}

}  // namespace

// The open temporary file and the records not yet written to it. A thread of its own writes
// each full buffer while the run fills the next one, so the run does not wait for the disk.
struct TaskRecords::Writer {
    static constexpr std::size_t kBufferRecords = std::size_t{1} << 15;  // 1 MB
    // Bytes per write(): the page cache keeps a write's pages as one folio, and a read fault maps
    // its whole folio, so 1 MB writes made every random read (a chart's binary searches) map 1 MB
    // of records. 64 KB is what a fault maps around its page anyway.
    static constexpr std::size_t kWriteBytes = std::size_t{64} << 10;

    std::string folder = temporaryFolder();
    int fd = -1;
    std::vector<TaskRecord> buffer;  // filled by the run

    Writer() {
        std::string path = folder + "/mrx-records-XXXXXX";
        fd = mkstemp(path.data());
        if (fd < 0) {
            spillFailed(folder, "creating", errno);
        }
        unlink(path.c_str());  // nothing is left behind, whatever happens to the process
        buffer.reserve(kBufferRecords);
        m_writing.reserve(kBufferRecords);
        m_thread = std::thread([this] { writeLoop(); });
    }
    ~Writer() {
        {
            const std::lock_guard lock(m_mutex);
            m_stopping = true;
        }
        m_changed.notify_all();
        m_thread.join();
        close(fd);
    }
    Writer(const Writer&) = delete;
    Writer& operator=(const Writer&) = delete;

    // Hands the buffer to the writing thread, once it has written the one before.
    void flush() {
        std::unique_lock lock(m_mutex);
        m_changed.wait(lock, [this] { return !m_pending; });
        throwIfFailed();
        std::swap(buffer, m_writing);
        m_pending = true;
        m_changed.notify_all();
    }
    // Everything handed over written: the records in the file (a RecordSpillError if not).
    std::size_t finish() {
        flush();
        std::unique_lock lock(m_mutex);
        m_changed.wait(lock, [this] { return !m_pending; });
        throwIfFailed();
        return m_written;
    }

private:
    void throwIfFailed() const {
        if (m_error != 0) {
            spillFailed(folder, "writing", m_error);
        }
    }

    void writeLoop() {
        std::unique_lock lock(m_mutex);
        for (;;) {
            m_changed.wait(lock, [this] { return m_pending || m_stopping; });
            if (!m_pending) {
                return;
            }
            lock.unlock();
            const int error = m_error == 0 ? writeAll(m_writing) : m_error;
            lock.lock();
            m_error = error;
            m_written += m_writing.size();
            m_writing.clear();
            m_pending = false;
            m_changed.notify_all();
        }
    }

    // Writes the records kWriteBytes at a time; returns 0 or the errno of the failure.
    int writeAll(const std::vector<TaskRecord>& records) const {
        const char* bytes = reinterpret_cast<const char*>(records.data());
        std::size_t left = records.size() * sizeof(TaskRecord);
        while (left > 0) {
            const ssize_t n = write(fd, bytes, std::min(left, kWriteBytes));
            if (n < 0 && errno == EINTR) {
                continue;
            }
            if (n <= 0) {
                return n < 0 ? errno : ENOSPC;
            }
            bytes += n;
            left -= static_cast<std::size_t>(n);
        }
        return 0;
    }

    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::vector<TaskRecord> m_writing;  // handed to the thread (m_pending)
    bool m_pending = false;
    bool m_stopping = false;
    int m_error = 0;            // errno of the first failed write
    std::size_t m_written = 0;  // records in the file
    std::thread m_thread;
};

TaskRecords::Mapping::~Mapping() {
    if (records != nullptr) {
        munmap(const_cast<TaskRecord*>(records), bytes);
    }
}

std::vector<TaskRecord>& TaskRecords::memory() {
    if (spilled()) {
        throw std::logic_error("TaskRecords: a spilled run's records cannot be changed");
    }
    return m_memory;
}

void TaskRecords::clear() {
    m_memory.clear();
    m_writer.reset();
    m_map.reset();
}

void TaskRecords::startSpilling() {
    auto writer = std::make_shared<Writer>();
    for (const TaskRecord& r : m_memory) {
        writer->buffer.push_back(r);
        if (writer->buffer.size() == Writer::kBufferRecords) {
            writer->flush();
        }
    }
    m_memory = {};
    m_map.reset();
    m_writer = std::move(writer);
}

void TaskRecords::spill(const TaskRecord& record) {
    m_writer->buffer.push_back(record);
    if (m_writer->buffer.size() == Writer::kBufferRecords) {
        m_writer->flush();
    }
}

void TaskRecords::finish() {
    if (!m_writer) {
        return;
    }
    auto map = std::make_shared<Mapping>();
    map->count = m_writer->finish();
    map->bytes = map->count * sizeof(TaskRecord);
    if (map->bytes > 0) {
        void* p = mmap(nullptr, map->bytes, PROT_READ, MAP_SHARED, m_writer->fd, 0);
        if (p == MAP_FAILED) {
            spillFailed(m_writer->folder, "mapping", errno);
        }
        map->records = static_cast<const TaskRecord*>(p);
    }
    m_writer.reset();  // the mapping keeps the unlinked file
    m_map = std::move(map);
}

void TaskRecords::release() const {
    if (m_map && m_map->records != nullptr) {
        madvise(const_cast<TaskRecord*>(m_map->records), m_map->bytes, MADV_DONTNEED);
    }
}

void TaskRecords::release(std::size_t first, std::size_t last) const {
    if (!m_map || m_map->records == nullptr) {
        return;
    }
    const std::size_t page = pageSize();
    const auto base = reinterpret_cast<std::uintptr_t>(m_map->records);  // page-aligned (mmap)
    const std::uintptr_t from = (base + first * sizeof(TaskRecord) + page - 1) / page * page;
    const std::uintptr_t to =
        (base + std::min(last, m_map->count) * sizeof(TaskRecord)) / page * page;
    if (to > from) {
        madvise(reinterpret_cast<void*>(from), to - from, MADV_DONTNEED);
    }
}

bool operator==(const TaskRecords& a, const TaskRecords& b) {
    if (a.size() != b.size()) {
        return false;
    }
    return std::memcmp(a.data(), b.data(), a.size() * sizeof(TaskRecord)) == 0;
}

}  // namespace mr
