#include "io/RumenImport.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <streambuf>
#include <unordered_map>

#include "model/InputError.h"

namespace mr {

namespace {

using json = nlohmann::json;

constexpr long long kUnknown = -1;  // Rumen's own "not recorded" value

// Reads another stream buffer in large chunks and knows the line and column of its read position,
// so that errors point into the file although each job is parsed on its own.
class LineCountingBuffer : public std::streambuf {
public:
    explicit LineCountingBuffer(std::streambuf& source) : m_source(source), m_chunk(1 << 20) {}

    long long line() const { return m_linesBefore + std::count(eback(), gptr(), '\n') + 1; }
    long long column() const {
        const char* p = gptr();
        while (p != eback() && p[-1] != '\n') {
            --p;
        }
        return (p == eback() ? m_columnBefore : 0) + (gptr() - p) + 1;
    }

protected:
    int_type underflow() override {
        if (gptr() < egptr()) {
            return traits_type::to_int_type(*gptr());
        }
        // Account for the chunk just consumed, then read the next one.
        m_linesBefore += std::count(eback(), egptr(), '\n');
        m_columnBefore = column() - 1;
        const std::streamsize n = m_source.sgetn(m_chunk.data(), std::ssize(m_chunk));
        char* data = m_chunk.data();
        setg(data, data, data + std::max<std::streamsize>(n, 0));
        return n > 0 ? traits_type::to_int_type(*gptr()) : traits_type::eof();
    }

private:
    std::streambuf& m_source;
    std::vector<char> m_chunk;
    long long m_linesBefore = 0;
    long long m_columnBefore = 0;  // characters after the last newline of earlier chunks
};

struct AttemptDraft {
    std::string result;
    long long start = kUnknown;
    long long finish = kUnknown;
    long long shuffleFinished = kUnknown;
    long long sortFinished = kUnknown;
    int host = -1;
};

// A successful reduce attempt; shuffleEnd is sortFinished (or shuffleFinished), kUnknown if
// neither was recorded.
struct ReduceTimes {
    long long start = 0;
    long long finish = 0;
    long long shuffleEnd = kUnknown;
};

struct JobDraft {
    std::optional<std::string> id;
    std::string name;
    std::optional<long long> submit;
    std::optional<std::string> outcome;
    std::optional<long long> totalMaps;
    std::optional<long long> totalReduces;
    std::vector<long long> mapStarts, mapFinishes;
    std::vector<ReduceTimes> reduces;
};

enum class Role : std::uint8_t { Job, TaskList, Task, AttemptList, Attempt, OtherTasks };

struct Frame {
    explicit Frame(Role r, TaskKind k = TaskKind::Map) : role(r), kind(k) {}
    Role role;
    TaskKind kind = TaskKind::Map;  // TaskList, Task, AttemptList, Attempt
    std::string key;                // objects: the current key
    long long index = -1;           // arrays: the current element
};

// One scalar handed over by the SAX parser.
struct Scalar {
    enum class Type : std::uint8_t { Null, Bool, Int, Float, String } type = Type::Null;
    long long integer = 0;
    bool integral = false;  // Int, or a Float with an integral value that fits
    const std::string* text = nullptr;
    const char* typeName() const {
        switch (type) {
            case Type::Null:
                return "null";
            case Type::Bool:
                return "boolean";
            case Type::Int:
            case Type::Float:
                return "number";
            case Type::String:
                return "string";
        }
        return "value";
    }
};

double seconds(long long ms) {
    return static_cast<double>(ms) / 1000.0;
}

struct Stats {
    double avg = 0.0, max = 0.0;
};

Stats statsOf(const std::vector<double>& values) {
    Stats s;
    double sum = 0.0;
    for (double v : values) {
        sum += v;
        s.max = std::max(s.max, v);
    }
    // Averages to the microsecond: the inputs are whole milliseconds, and 21.092552083333338 in a
    // workload file would only pretend to a precision the trace does not have.
    s.avg = std::round(sum / static_cast<double>(values.size()) * 1.0e6) / 1.0e6;
    return s;
}

// The SAX handler: walks one job object, keeps the fields the header lists, skips the rest
// (jobProperties, counters, CDFs) without building them.
class RumenJobReader {
public:
    RumenJobReader(std::string source, const LineCountingBuffer& buffer, RumenImportReport& report)
        : m_source(std::move(source)), m_buffer(buffer), m_report(report) {}

    void beginJob(long long index) {
        m_jobIndex = index;
        m_job = JobDraft{};
        m_pending.reset();
        m_stack.clear();
        m_skip = 0;
        m_jobDone = false;
    }
    bool jobDone() const { return m_jobDone; }
    JobDraft& job() { return m_job; }
    const std::vector<std::vector<std::pair<long long, int>>>& hostEvents(TaskKind kind) const {
        return m_hostEvents[static_cast<int>(kind)];
    }
    int hostCount() const { return static_cast<int>(m_hosts.size()); }

    // --- nlohmann SAX interface ---
    bool null() { return scalar(Scalar{}); }
    bool boolean(bool) {
        Scalar s;
        s.type = Scalar::Type::Bool;
        return scalar(s);
    }
    bool number_integer(json::number_integer_t value) {
        Scalar s;
        s.type = Scalar::Type::Int;
        s.integer = value;
        s.integral = true;
        return scalar(s);
    }
    bool number_unsigned(json::number_unsigned_t value) {
        Scalar s;
        s.type = Scalar::Type::Int;
        s.integral =
            value <= static_cast<json::number_unsigned_t>(std::numeric_limits<long long>::max());
        s.integer = s.integral ? static_cast<long long>(value) : 0;
        return scalar(s);
    }
    bool number_float(json::number_float_t value, const std::string&) {
        Scalar s;
        s.type = Scalar::Type::Float;
        s.integral =
            value == static_cast<double>(static_cast<long long>(value)) && std::abs(value) < 9.0e15;
        s.integer = s.integral ? static_cast<long long>(value) : 0;
        return scalar(s);
    }
    bool string(std::string& value) {
        Scalar s;
        s.type = Scalar::Type::String;
        s.text = &value;
        return scalar(s);
    }
    bool binary(json::binary_t&) { return scalar(Scalar{}); }

    bool start_object(std::size_t) {
        if (m_skip > 0) {
            ++m_skip;
            return true;
        }
        if (m_stack.empty()) {
            m_stack.push_back(Frame{Role::Job});
            return true;
        }
        Frame& parent = m_stack.back();
        switch (parent.role) {
            case Role::TaskList:
                ++parent.index;
                m_task = TaskDraft{};
                m_stack.push_back(Frame{Role::Task, parent.kind});
                return true;
            case Role::AttemptList:
                ++parent.index;
                m_attempt = AttemptDraft{};
                m_stack.push_back(Frame{Role::Attempt, parent.kind});
                return true;
            case Role::OtherTasks:
                ++parent.index;
                ++m_report.setupCleanupTasks;
                break;
            default:
                wrongContainer("an object");
                break;
        }
        ++m_skip;
        return true;
    }

    bool start_array(std::size_t) {
        if (m_skip > 0) {
            ++m_skip;
            return true;
        }
        if (m_stack.empty()) {
            fail("", "a Rumen trace is a sequence of JSON job objects; found an array");
        }
        Frame& parent = m_stack.back();
        if (parent.role == Role::Job && (parent.key == "mapTasks" || parent.key == "reduceTasks")) {
            m_stack.push_back(
                Frame{Role::TaskList, parent.key == "mapTasks" ? TaskKind::Map : TaskKind::Reduce});
            return true;
        }
        if (parent.role == Role::Job && parent.key == "otherTasks") {
            m_stack.push_back(Frame{Role::OtherTasks});
            return true;
        }
        if (parent.role == Role::Task && parent.key == "attempts") {
            m_stack.push_back(Frame{Role::AttemptList, parent.kind});
            return true;
        }
        if (parent.role == Role::TaskList || parent.role == Role::AttemptList ||
            parent.role == Role::OtherTasks) {
            ++parent.index;
        }
        wrongContainer("an array");
        ++m_skip;
        return true;
    }

    bool key(std::string& key) {
        if (m_skip == 0) {
            m_stack.back().key = key;
        }
        return true;
    }

    bool end_object() {
        if (m_skip > 0) {
            --m_skip;
            return true;
        }
        const Frame frame = std::move(m_stack.back());
        m_stack.pop_back();
        if (frame.role == Role::Attempt) {
            finishAttempt(frame.kind);
        } else if (frame.role == Role::Task) {
            finishTask(frame.kind);
        } else if (frame.role == Role::Job) {
            m_jobDone = true;
        }
        return true;
    }

    bool end_array() {
        if (m_skip > 0) {
            --m_skip;
            return true;
        }
        m_stack.pop_back();
        return true;
    }

    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& e) {
        std::string what = e.what();
        // Drop nlohmann's "[json.exception.parse_error.101] parse error at line 1, column 2: ":
        // its position counts from the start of this job, ours from the start of the file.
        const auto colon = what.find(": ");
        if (what.rfind("[json.exception", 0) == 0 && colon != std::string::npos) {
            what = what.substr(colon + 2);
        }
        throw InputError(m_source, jobLabel(), path(),
                         "not valid JSON (truncated or corrupt file?) at line " +
                             std::to_string(m_buffer.line()) + ", column " +
                             std::to_string(m_buffer.column()) + ": " + what);
    }

    // Throws the first problem found in the job's fields, now that its jobID is known.
    void throwPending() const {
        if (m_pending) {
            throw InputError(m_source, jobLabel(), m_pending->first, m_pending->second);
        }
    }

    std::string jobLabel() const {
        return m_job.id ? *m_job.id : "#" + std::to_string(m_jobIndex + 1);
    }

private:
    struct TaskDraft {
        std::optional<std::string> type;
        std::optional<std::string> status;
        bool hasSuccess = false;
        AttemptDraft success;  // the earliest-finishing successful attempt
    };

    [[noreturn]] void fail(const std::string& field, const std::string& message) const {
        throw InputError(m_source, jobLabel(), field, message);
    }

    // Semantic problems wait for the end of the job object, so the error can name its jobID even
    // when that key comes late; syntax errors cannot wait (nothing after them can be read).
    void problem(const std::string& message, const std::string& field = {}) {
        if (!m_pending) {
            m_pending.emplace(field.empty() ? path() : field, message);
        }
    }

    void wrongContainer(const char* what) {
        const Frame& parent = m_stack.back();
        if (parent.role == Role::TaskList || parent.role == Role::AttemptList) {
            problem(std::string("each entry must be a JSON object (got ") + what + ")");
        } else if (isKnownScalar(parent.role, parent.key)) {
            problem(std::string("must not be ") + what);
        } else if ((parent.role == Role::Job &&
                    (parent.key == "mapTasks" || parent.key == "reduceTasks" ||
                     parent.key == "otherTasks")) ||
                   (parent.role == Role::Task && parent.key == "attempts")) {
            problem(std::string("must be an array (got ") + what + ")");
        }
    }

    static bool isKnownScalar(Role role, const std::string& key) {
        static const std::vector<std::string> job = {"jobID",   "jobName",   "submitTime",
                                                     "outcome", "totalMaps", "totalReduces"};
        static const std::vector<std::string> task = {"taskType", "taskStatus"};
        static const std::vector<std::string> attempt = {
            "result", "startTime", "finishTime", "shuffleFinished", "sortFinished", "hostName"};
        const auto& keys = role == Role::Job ? job : role == Role::Task ? task : attempt;
        return (role == Role::Job || role == Role::Task || role == Role::Attempt) &&
               std::find(keys.begin(), keys.end(), key) != keys.end();
    }

    // "mapTasks[3].attempts[0].finishTime"
    std::string path() const {
        std::string p;
        for (std::size_t i = 0; i < m_stack.size(); ++i) {
            const Frame& f = m_stack[i];
            const bool isArray = f.role == Role::TaskList || f.role == Role::AttemptList ||
                                 f.role == Role::OtherTasks;
            if (isArray) {
                if (f.index >= 0) {
                    p += "[" + std::to_string(f.index) + "]";
                }
            } else if (!f.key.empty()) {
                p += (p.empty() ? "" : ".") + f.key;
            }
        }
        return p;
    }

    std::optional<std::string> text(const Scalar& s) {
        if (s.type == Scalar::Type::Null) {
            return std::nullopt;
        }
        if (s.type != Scalar::Type::String) {
            problem(std::string("must be a string (got ") + s.typeName() + ")");
            return std::nullopt;
        }
        return *s.text;
    }

    // Times and counts: whole numbers; -1 (or null) is Rumen's "unknown".
    long long integer(const Scalar& s) {
        if (s.type == Scalar::Type::Null) {
            return kUnknown;
        }
        if (s.type == Scalar::Type::String || s.type == Scalar::Type::Bool) {
            problem(std::string("must be a whole number (got ") + s.typeName() + ")");
            return kUnknown;
        }
        if (!s.integral) {
            problem("must be a whole number of milliseconds");
            return kUnknown;
        }
        return s.integer;
    }

    bool scalar(const Scalar& s) {
        if (m_skip > 0 || m_stack.empty()) {
            if (m_stack.empty()) {
                fail("", std::string("a Rumen trace is a sequence of JSON job objects; found a ") +
                             s.typeName());
            }
            return true;
        }
        Frame& f = m_stack.back();
        const std::string& k = f.key;
        switch (f.role) {
            case Role::Job:
                if (k == "jobID") {
                    m_job.id = text(s);
                } else if (k == "jobName") {
                    m_job.name = text(s).value_or("");
                } else if (k == "submitTime") {
                    const long long t = integer(s);
                    if (t < 0) {
                        problem("must be a time in milliseconds >= 0");
                    }
                    m_job.submit = t;
                } else if (k == "outcome") {
                    m_job.outcome = text(s);
                } else if (k == "totalMaps") {
                    m_job.totalMaps = integer(s);
                } else if (k == "totalReduces") {
                    m_job.totalReduces = integer(s);
                }
                break;
            case Role::Task:
                if (k == "taskType") {
                    m_task.type = text(s);
                } else if (k == "taskStatus") {
                    m_task.status = text(s);
                }
                break;
            case Role::Attempt:
                if (k == "result") {
                    m_attempt.result = text(s).value_or("");
                } else if (k == "startTime") {
                    m_attempt.start = integer(s);
                } else if (k == "finishTime") {
                    m_attempt.finish = integer(s);
                } else if (k == "shuffleFinished") {
                    m_attempt.shuffleFinished = integer(s);
                } else if (k == "sortFinished") {
                    m_attempt.sortFinished = integer(s);
                } else if (k == "hostName") {
                    const auto host = text(s);
                    if (host && !host->empty()) {
                        m_attempt.host = hostId(*host);
                    }
                }
                break;
            case Role::TaskList:
            case Role::AttemptList:
                ++f.index;
                problem(std::string("each entry must be a JSON object (got ") + s.typeName() + ")",
                        path());
                break;
            case Role::OtherTasks:
                ++f.index;
                break;
        }
        return true;
    }

    int hostId(const std::string& name) {
        const auto [it, added] = m_hosts.emplace(name, static_cast<int>(m_hosts.size()));
        if (added) {
            for (auto& events : m_hostEvents) {
                events.emplace_back();
            }
        }
        return it->second;
    }

    void finishAttempt(TaskKind kind) {
        const AttemptDraft& a = m_attempt;
        const std::string at = path() + ".";  // "mapTasks[3].attempts[0]."
        if (a.start >= 0 && a.finish >= a.start && a.host >= 0) {
            auto& events = m_hostEvents[static_cast<int>(kind)][static_cast<std::size_t>(a.host)];
            events.emplace_back(a.start, +1);
            events.emplace_back(a.finish, -1);
        }
        if (a.result == "FAILED") {
            ++m_report.failedAttempts;
            return;
        }
        if (a.result == "KILLED") {
            ++m_report.killedAttempts;
            return;
        }
        if (a.result != "SUCCESS") {
            ++m_report.otherAttempts;
            return;
        }
        if (a.start < 0) {
            problem("a successful attempt needs its start time in milliseconds", at + "startTime");
            return;
        }
        if (a.finish < a.start) {
            problem("a successful attempt must finish no earlier than it starts (startTime " +
                        std::to_string(a.start) + ", finishTime " + std::to_string(a.finish) + ")",
                    at + "finishTime");
            return;
        }
        if (kind == TaskKind::Reduce) {
            if (a.shuffleFinished >= 0 &&
                (a.shuffleFinished < a.start || a.shuffleFinished > a.finish)) {
                problem("must lie between the attempt's startTime and finishTime",
                        at + "shuffleFinished");
                return;
            }
            const long long low = std::max(a.start, a.shuffleFinished);
            if (a.sortFinished >= 0 && (a.sortFinished < low || a.sortFinished > a.finish)) {
                problem(
                    "must lie between the attempt's shuffleFinished (or startTime) and "
                    "finishTime",
                    at + "sortFinished");
                return;
            }
        }
        if (!m_task.hasSuccess || a.finish < m_task.success.finish) {
            m_task.success = a;
            m_task.hasSuccess = true;
        }
    }

    void finishTask(TaskKind kind) {
        const char* expected = kind == TaskKind::Map ? "MAP" : "REDUCE";
        if (m_task.type && *m_task.type != expected) {
            problem(
                std::string("a ") + *m_task.type + " task in the " + toString(kind) + " task list",
                path() + ".taskType");
            return;
        }
        const std::string status = m_task.status.value_or("SUCCESS");
        if (status == "FAILED") {
            ++m_report.failedTasks;
            return;
        }
        if (status == "KILLED") {
            ++m_report.killedTasks;
            return;
        }
        if (status != "SUCCESS" || !m_task.hasSuccess) {
            ++m_report.tasksWithoutSuccess;
            return;
        }
        const AttemptDraft& a = m_task.success;
        if (kind == TaskKind::Map) {
            m_job.mapStarts.push_back(a.start);
            m_job.mapFinishes.push_back(a.finish);
        } else {
            const long long shuffleEnd = a.sortFinished >= 0 ? a.sortFinished : a.shuffleFinished;
            m_job.reduces.push_back(ReduceTimes{a.start, a.finish, shuffleEnd});
        }
    }

    std::string m_source;
    const LineCountingBuffer& m_buffer;
    RumenImportReport& m_report;
    long long m_jobIndex = 0;
    JobDraft m_job;
    TaskDraft m_task;
    AttemptDraft m_attempt;
    std::vector<Frame> m_stack;
    int m_skip = 0;  // depth inside a container whose contents are not needed
    bool m_jobDone = false;
    std::optional<std::pair<std::string, std::string>> m_pending;  // field, message
    std::unordered_map<std::string, int> m_hosts;
    // Per kind, per host: (time, +1 start / −1 end) of every attempt that ran there.
    std::vector<std::vector<std::pair<long long, int>>> m_hostEvents[2];
};

// The ARIA profile of one job from its successful attempts (see the header for the definitions);
// `notes` gets one line naming what could not be measured.
JobProfile ariaProfile(const JobDraft& draft, const std::vector<double>& mapDurations,
                       std::vector<std::string>& missing) {
    JobProfile p;
    const Stats maps = statsOf(mapDurations);
    p.mapAvg = maps.avg;
    p.mapMax = maps.max;
    if (draft.reduces.empty()) {
        return p;
    }
    const long long mapStageEnd =
        *std::max_element(draft.mapFinishes.begin(), draft.mapFinishes.end());
    const auto unknown =
        std::count_if(draft.reduces.begin(), draft.reduces.end(),
                      [](const ReduceTimes& r) { return r.shuffleEnd == kUnknown; });
    std::vector<double> first, typical, reduce;
    for (const ReduceTimes& r : draft.reduces) {
        if (unknown > 0) {
            reduce.push_back(seconds(r.finish - r.start));
            continue;
        }
        reduce.push_back(seconds(r.finish - r.shuffleEnd));
        if (r.start < mapStageEnd) {
            first.push_back(seconds(std::max(0LL, r.shuffleEnd - mapStageEnd)));
        } else {
            typical.push_back(seconds(r.shuffleEnd - r.start));
        }
    }
    const Stats reduceStats = statsOf(reduce);
    p.reduceAvg = reduceStats.avg;
    p.reduceMax = reduceStats.max;
    if (unknown > 0) {
        missing.push_back(
            "first_shuffle and typical_shuffle unknown: sortFinished and shuffleFinished are "
            "missing on " +
            std::to_string(unknown) + " of " + std::to_string(draft.reduces.size()) +
            " successful reduce attempts; reduce_avg/max cover whole attempts");
        return p;
    }
    if (first.empty()) {
        // No reduce overlapped the map stage (slow start at 100%): every shuffle is whole and
        // non-overlapping, so the first wave's shuffle is like any other.
        first = typical;
    }
    const Stats firstStats = statsOf(first);
    p.firstShuffleAvg = firstStats.avg;
    p.firstShuffleMax = firstStats.max;
    if (typical.empty()) {
        missing.push_back(
            "typical_shuffle unknown: every reduce attempt started during the map stage (one "
            "reduce wave)");
    } else {
        const Stats typicalStats = statsOf(typical);
        p.typicalShuffleAvg = typicalStats.avg;
        p.typicalShuffleMax = typicalStats.max;
    }
    return p;
}

// The most attempts that ran at once on one host (an attempt ending at t frees its container for
// one starting at t).
int peakConcurrency(std::vector<std::vector<std::pair<long long, int>>> hosts) {
    int peak = 0;
    for (auto& events : hosts) {
        std::sort(events.begin(), events.end());
        int running = 0;
        for (const auto& [time, delta] : events) {
            running += delta;
            peak = std::max(peak, running);
        }
    }
    return peak;
}

std::string fileName(const std::string& source) {
    return std::filesystem::path(source).filename().string();
}

}  // namespace

std::string RumenImportReport::summary() const {
    return std::to_string(jobs) + " jobs, " + std::to_string(mapTasks) + " map + " +
           std::to_string(reduceTasks) +
           " reduce tasks; skipped: " + std::to_string(failedAttempts) + " failed + " +
           std::to_string(killedAttempts) + " killed + " + std::to_string(otherAttempts) +
           " unfinished attempts, " + std::to_string(failedTasks) + " failed + " +
           std::to_string(killedTasks) + " killed + " + std::to_string(tasksWithoutSuccess) +
           " tasks without a successful attempt, " + std::to_string(setupCleanupTasks) +
           " setup/cleanup tasks, " + std::to_string(skippedJobs) + " jobs; " +
           std::to_string(hosts) + " hosts, at most " + std::to_string(peakMapsPerHost) +
           " map + " + std::to_string(peakReducesPerHost) + " reduce attempts at once per host";
}

Workload importRumen(std::istream& in, const std::string& source, const RumenImportOptions& options,
                     RumenImportReport* reportOut) {
    RumenImportReport report;
    LineCountingBuffer buffer(*in.rdbuf());
    std::istream stream(&buffer);
    RumenJobReader reader(source, buffer, report);

    Workload w;
    std::vector<long long> submits;
    for (long long index = 0;; ++index) {
        int c = buffer.sgetc();
        while (c != std::char_traits<char>::eof() && std::isspace(c)) {
            buffer.sbumpc();
            c = buffer.sgetc();
        }
        if (c == std::char_traits<char>::eof()) {
            break;
        }
        reader.beginJob(index);
        json::sax_parse(stream, &reader, json::input_format_t::json, false);
        if (!reader.jobDone()) {
            throw InputError(source, reader.jobLabel(), "",
                             "not valid JSON (truncated or corrupt file?) at line " +
                                 std::to_string(buffer.line()));
        }
        reader.throwPending();
        JobDraft& draft = reader.job();
        const std::string label = reader.jobLabel();
        if (!draft.id) {
            throw InputError(source, label, "jobID", "is required");
        }
        if (draft.outcome && *draft.outcome != "SUCCESS") {
            ++report.skippedJobs;
            report.notes.push_back(label + " skipped: its outcome is " + *draft.outcome);
            continue;
        }
        if (draft.mapStarts.empty()) {
            ++report.skippedJobs;
            report.notes.push_back(label + " skipped: no successful map task");
            continue;
        }
        if (!draft.submit) {
            throw InputError(source, label, "submitTime", "is required");
        }
        Job job;
        job.name = draft.name.empty() ? *draft.id : draft.name + " " + *draft.id;
        for (std::size_t i = 0; i < draft.mapStarts.size(); ++i) {
            job.mapDurations.push_back(seconds(draft.mapFinishes[i] - draft.mapStarts[i]));
        }
        for (const ReduceTimes& r : draft.reduces) {
            job.reduceDurations.push_back(seconds(r.finish - r.start));
        }
        job.perTaskDurations = true;
        std::vector<std::string> missing;
        job.profile = ariaProfile(draft, job.mapDurations, missing);
        for (const auto& m : missing) {
            report.notes.push_back(label + ": profile: " + m);
        }
        const long long listed[2] = {static_cast<long long>(job.mapDurations.size()),
                                     static_cast<long long>(job.reduceDurations.size())};
        const std::optional<long long> totals[2] = {draft.totalMaps, draft.totalReduces};
        for (int k = 0; k < 2; ++k) {
            if (totals[k] && *totals[k] >= 0 && *totals[k] != listed[k]) {
                report.notes.push_back(label + ": " + std::to_string(listed[k]) + " successful " +
                                       (k == 0 ? "map" : "reduce") + " tasks imported, total" +
                                       (k == 0 ? "Maps" : "Reduces") + " says " +
                                       std::to_string(*totals[k]));
            }
        }
        report.mapTasks += job.maps();
        report.reduceTasks += job.reduces();
        submits.push_back(*draft.submit);
        w.jobs.push_back(std::move(job));
    }
    report.jobs = w.jobCount();
    if (w.jobs.empty()) {
        throw InputError(source, "", "",
                         "the trace holds no job with a successful map task (" +
                             std::to_string(report.skippedJobs) + " skipped)");
    }
    const long long first = *std::min_element(submits.begin(), submits.end());
    for (std::size_t j = 0; j < w.jobs.size(); ++j) {
        w.jobs[j].arrival = seconds(submits[j] - first);
    }

    report.hosts = reader.hostCount();
    report.peakMapsPerHost = peakConcurrency(reader.hostEvents(TaskKind::Map));
    report.peakReducesPerHost = peakConcurrency(reader.hostEvents(TaskKind::Reduce));
    if (!options.nodes && report.hosts == 0) {
        throw InputError(source, "", "hostName",
                         "the trace names no hosts, so the cluster size is unknown: give --nodes");
    }
    w.cluster.nodes = options.nodes.value_or(report.hosts);
    w.cluster.mapSlotsPerNode =
        options.mapSlotsPerNode.value_or(std::max(1, report.peakMapsPerHost));
    w.cluster.reduceSlotsPerNode =
        options.reduceSlotsPerNode.value_or(std::max(1, report.peakReducesPerHost));
    w.name = "Rumen trace " + fileName(source);
    w.description =
        "Imported with mrsim import rumen from " + fileName(source) + ": " + report.summary() + ".";
    validate(w, source);
    if (reportOut) {
        *reportOut = std::move(report);
    }
    return w;
}

Workload importRumen(const std::string& path, const RumenImportOptions& options,
                     RumenImportReport* report) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        throw InputError(path, "", "", "cannot open the file for reading");
    }
    Workload w = importRumen(in, path, options, report);
    if (in.bad()) {
        throw InputError(path, "", "", "error while reading the file");
    }
    return w;
}

}  // namespace mr
