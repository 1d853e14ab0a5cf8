// TaskRecords — a run's task records (SimResult::tasks). Kept in memory, or, for a run whose
// records would not fit the memory a chart may take (SimOptions::spillRecordsAbove), written as
// the engine produces them to an unlinked temporary file (in $TMPDIR, else /tmp; the space is
// freed when the last copy of the result goes, even after a crash) and read back through a
// read-only mapping. Reading a spilled run costs only the pages being read: a scan by iterator
// gives back the pages behind it as it goes, and release() gives back all of them, so a day's
// 17 million records (536 MB) are never resident at once. The records and their order are the
// same either way.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <iterator>
#include <memory>
#include <span>
#include <stdexcept>
#include <vector>

#include "sim/TaskRecord.h"

namespace mr {

// Writing a run's records to the temporary file failed (the disk is full, no temporary folder):
// what() says where and why, in words for the person who started the run.
class RecordSpillError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class TaskRecords {
public:
    // Records read this many at a time before a scan gives their pages back (2 MB).
    static constexpr std::size_t kReleaseRecords = std::size_t{1} << 16;
    // Records read in no order (a chart's query through an index) before all pages go back: each
    // such read may map the 64 KB around it, so a query holds at most 64 MB of them.
    static constexpr std::size_t kQueryReleaseRecords = std::size_t{1} << 10;

    // A forward scan over the records; over a spilled run it gives back the pages it has passed.
    class const_iterator {
    public:
        using iterator_category = std::forward_iterator_tag;
        using value_type = TaskRecord;
        using difference_type = std::ptrdiff_t;
        using pointer = const TaskRecord*;
        using reference = const TaskRecord&;

        const_iterator() = default;
        const_iterator(const TaskRecords* owner, const TaskRecord* at) : m_owner(owner), m_at(at) {}
        reference operator*() const { return *m_at; }
        pointer operator->() const { return m_at; }
        const_iterator& operator++() {
            ++m_at;
            if (m_owner->m_map != nullptr &&
                ((m_at - m_owner->m_map->records) & (kReleaseRecords - 1)) == 0) {
                const auto at = static_cast<std::size_t>(m_at - m_owner->m_map->records);
                m_owner->release(at - kReleaseRecords, at);
            }
            return *this;
        }
        const_iterator operator++(int) {
            const_iterator old = *this;
            ++*this;
            return old;
        }
        bool operator==(const const_iterator& o) const { return m_at == o.m_at; }

    private:
        const TaskRecords* m_owner = nullptr;
        const TaskRecord* m_at = nullptr;
    };
    using value_type = TaskRecord;
    using iterator = const_iterator;

    TaskRecords() = default;
    TaskRecords(std::vector<TaskRecord> records) : m_memory(std::move(records)) {}  // NOLINT
    TaskRecords(std::initializer_list<TaskRecord> records) : m_memory(records) {}

    std::size_t size() const { return m_map ? m_map->count : m_memory.size(); }
    bool empty() const { return size() == 0; }
    const TaskRecord* data() const { return m_map ? m_map->records : m_memory.data(); }
    const TaskRecord& operator[](std::size_t i) const { return data()[i]; }
    const TaskRecord& front() const { return data()[0]; }
    const TaskRecord& back() const { return data()[size() - 1]; }
    const_iterator begin() const { return {this, data()}; }
    const_iterator end() const { return {this, data() + size()}; }
    operator std::span<const TaskRecord>() const { return {data(), size()}; }  // NOLINT

    // The records in memory, to change or add to (not for a spilled run: std::logic_error).
    std::vector<TaskRecord>& memory();
    void push_back(const TaskRecord& record) {
        if (m_writer) {
            spill(record);
        } else {
            m_memory.push_back(record);
        }
    }
    void reserve(std::size_t n) { m_memory.reserve(n); }
    void clear();
    void shrink_to_fit() { m_memory.shrink_to_fit(); }

    // From now on push_back() writes to a new unlinked temporary file (RecordSpillError when it
    // cannot be made); the records already added move there first.
    void startSpilling();
    // Ends the writing and maps the file (a run's last step); nothing for records in memory.
    void finish();
    // Whether the records are in a temporary file rather than in memory.
    bool spilled() const { return m_map != nullptr || m_writer != nullptr; }
    // Gives back the pages of a spilled run read so far (they are read again from the file when
    // needed); nothing for records in memory.
    void release() const;
    // The same for the pages that hold only records first .. last - 1.
    void release(std::size_t first, std::size_t last) const;
    // release(i + 1 - kReleaseRecords, i + 1) after every kReleaseRecords-th record i: a scan
    // by index calls it for each record it has read.
    void releaseAfter(std::size_t i) const {
        if (m_map != nullptr && ((i + 1) & (kReleaseRecords - 1)) == 0) {
            release(i + 1 - kReleaseRecords, i + 1);
        }
    }
    // For a scan from the last record down: after every kReleaseRecords-th record i, gives back
    // the pages of records four such chunks behind it (8 MB: scans running side by side, each a
    // little ahead of the other at times, do not take each other's pages away).
    void releaseBehind(std::size_t i) const {
        if (m_map != nullptr && (i & (kReleaseRecords - 1)) == 0) {
            release(i + 4 * kReleaseRecords, i + 5 * kReleaseRecords);
        }
    }
    // The memory the records take for good: the vector's, none for a spilled run.
    std::size_t memoryBytes() const { return m_memory.capacity() * sizeof(TaskRecord); }
    // The temporary file's size: none for records in memory.
    std::size_t diskBytes() const { return spilled() ? size() * sizeof(TaskRecord) : 0; }

    friend bool operator==(const TaskRecords& a, const TaskRecords& b);

private:
    struct Writer;
    struct Mapping {
        const TaskRecord* records = nullptr;
        std::size_t count = 0;
        std::size_t bytes = 0;
        ~Mapping();
    };
    void spill(const TaskRecord& record);

    std::vector<TaskRecord> m_memory;
    std::shared_ptr<Writer> m_writer;      // while a spilling run adds records
    std::shared_ptr<const Mapping> m_map;  // a spilled run's records, once finished
};

// The records with every wave expanded into its single tasks (in place of the wave, slot order).
std::vector<TaskRecord> expandWaves(const TaskRecords& records);
// Single tasks in `records` (the sum of counts).
long long taskCount(const TaskRecords& records);

}  // namespace mr
