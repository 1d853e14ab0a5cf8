#include "io/RumenJobReader.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <istream>
#include <limits>
#include <nlohmann/json.hpp>
#include <streambuf>
#include <unordered_map>

#include "io/JsonParse.h"
#include "io/RumenAttemptChain.h"
#include "model/InputError.h"

namespace mr {

namespace {

using json = nlohmann::json;
constexpr long long kUnknown = kRumenUnknown;

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

    // A bound on what one part of the stream (the blank space before a job, one job) may read:
    // past `bytes` from here, the buffer ends (eof) and overBudget() says why. A pipe that never
    // ends, or a job's string that never closes, is then refused instead of read for ever (or
    // into all the memory).
    void startBudget(long long bytes) {
        m_budgetStart = m_fetched - (egptr() - gptr());
        m_budget = bytes;
        m_overBudget = false;
    }
    bool overBudget() const { return m_overBudget; }

protected:
    int_type underflow() override {
        if (gptr() < egptr()) {
            return traits_type::to_int_type(*gptr());
        }
        if (m_fetched - m_budgetStart >= m_budget) {
            m_overBudget = true;
            return traits_type::eof();
        }
        // Account for the chunk just consumed, then read the next one.
        m_linesBefore += std::count(eback(), egptr(), '\n');
        m_columnBefore = column() - 1;
        const std::streamsize n = m_source.sgetn(m_chunk.data(), std::ssize(m_chunk));
        m_fetched += std::max<std::streamsize>(n, 0);
        char* data = m_chunk.data();
        setg(data, data, data + std::max<std::streamsize>(n, 0));
        return n > 0 ? traits_type::to_int_type(*gptr()) : traits_type::eof();
    }

private:
    std::streambuf& m_source;
    std::vector<char> m_chunk;
    long long m_linesBefore = 0;
    long long m_columnBefore = 0;  // characters after the last newline of earlier chunks
    long long m_fetched = 0;       // bytes read from the source so far
    long long m_budgetStart = 0;   // the read position startBudget() was called at
    long long m_budget = std::numeric_limits<long long>::max();
    bool m_overBudget = false;
};

struct AttemptDraft {
    std::string result;
    long long start = kUnknown;
    long long finish = kUnknown;
    long long shuffleFinished = kUnknown;
    long long sortFinished = kUnknown;
    int host = -1;
};

enum class Role : std::uint8_t {
    Job,
    TaskList,
    Task,
    AttemptList,
    Attempt,
    OtherTasks,
    Properties
};

// The jobProperties the overheads are estimated from (io/RumenOverheads.h); the rest is skipped.
const std::vector<std::string>& overheadProperties() {
    static const std::vector<std::string> keys = {"yarn.app.mapreduce.am.resource.mb",
                                                  "mapreduce.map.memory.mb",
                                                  "mapred.job.map.memory.mb",
                                                  "yarn.scheduler.minimum-allocation-mb",
                                                  "mapreduce.job.reduce.slowstart.completedmaps",
                                                  "mapred.reduce.slowstart.completed.maps"};
    return keys;
}

bool isOverheadProperty(const std::string& key) {
    const auto& keys = overheadProperties();
    return std::find(keys.begin(), keys.end(), key) != keys.end();
}

struct Frame {
    explicit Frame(Role r, TaskKind k = TaskKind::Map) : role(r), kind(k) {}
    Role role;
    TaskKind kind = TaskKind::Map;  // TaskList, Task, AttemptList, Attempt
    std::string key;                // objects: the current key
    long long index = -1;           // arrays: the current element
    std::uint32_t seenKeys = 0;     // objects: the known keys met so far (keyBit)
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

// The SAX handler: walks one job object, keeps the fields the header lists, skips the rest
// (jobProperties, counters, CDFs) without building them.
class SaxHandler {
public:
    SaxHandler(std::string source, const LineCountingBuffer& buffer, RumenImportReport& report,
               bool trackHosts)
        : m_source(std::move(source)),
          m_buffer(buffer),
          m_report(report),
          m_trackHosts(trackHosts) {}

    void beginJob(long long index) {
        m_jobIndex = index;
        m_job = JobDraft{};
        m_pending.reset();
        m_stack.clear();
        m_skip = 0;
        m_jobDone = false;
        m_jobHostLog.clear();
        m_countsBefore = counts();
    }
    void discardJob() {
        for (auto it = m_jobHostLog.rbegin(); it != m_jobHostLog.rend(); ++it) {
            auto& events = m_hostEvents[it->first][static_cast<std::size_t>(it->second)];
            events.resize(events.size() - 2);
        }
        m_jobHostLog.clear();
        m_report.failedAttempts = m_countsBefore[0];
        m_report.killedAttempts = m_countsBefore[1];
        m_report.otherAttempts = m_countsBefore[2];
        m_report.failedTasks = m_countsBefore[3];
        m_report.killedTasks = m_countsBefore[4];
        m_report.tasksWithoutSuccess = m_countsBefore[5];
        m_report.setupCleanupTasks = m_countsBefore[6];
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
        // The range check first: converting a double beyond long long's range is undefined.
        s.integral =
            std::abs(value) < 9.0e15 && value == static_cast<double>(static_cast<long long>(value));
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
        checkDepth();
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
            case Role::Job:
                if (parent.key == "jobProperties") {
                    m_stack.push_back(Frame{Role::Properties});
                    return true;
                }
                wrongContainer("an object");
                break;
            default:
                wrongContainer("an object");
                break;
        }
        ++m_skip;
        return true;
    }

    bool start_array(std::size_t) {
        checkDepth();
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
            Frame& f = m_stack.back();
            f.key = key;
            // A known key given twice would silently replace the first value; other keys are
            // skipped unread, so their repeats change nothing.
            const std::uint32_t bit = keyBit(f.role, key);
            if ((f.seenKeys & bit) != 0) {
                problem(
                    "the key appears twice in one object (the second would silently replace "
                    "the first)");
            }
            f.seenKeys |= bit;
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
        if (m_buffer.overBudget()) {
            return false;  // the stream was cut at the reader's limit: RumenJobReader::next says so
        }
        std::string what = e.what();
        if (e.id == 406) {
            // A number beyond a double ("1e999"): named like every other bad number.
            const auto q1 = what.find('\'');
            const auto q2 = what.rfind('\'');
            fail(path(), "must be a finite number (got " +
                             (q1 < q2 ? what.substr(q1 + 1, q2 - q1 - 1) : std::string()) +
                             ", line " + std::to_string(m_buffer.line()) + ")");
        }
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

    // A NUL byte where a job starts: a binary file or a device such as /dev/zero, not JSON text.
    [[noreturn]] void failBinary() const {
        fail("", "holds binary data (a NUL byte at line " + std::to_string(m_buffer.line()) +
                     "), not a Rumen trace (JSON text)");
    }

    // The stream went past the reader's limits (RumenReadLimits).
    [[noreturn]] void failOverBudget(const std::string& what) const {
        fail("", what + " (a device or a pipe that does not end?)");
    }

    // sax_parse returned without finishing the object (it reports syntax errors through
    // parse_error, so this is a safety net).
    [[noreturn]] void failAtLine() const {
        fail("", "not valid JSON (truncated or corrupt file?) at line " +
                     std::to_string(m_buffer.line()));
    }

    std::string jobLabel() const {
        return m_job.id ? *m_job.id : "#" + std::to_string(m_jobIndex + 1);
    }

private:
    struct TaskDraft {
        std::optional<std::string> type;
        std::optional<std::string> status;
        bool hasSuccess = false;
        AttemptDraft success;             // the earliest-finishing successful attempt
        long long firstStart = kUnknown;  // of any attempt
        int failedAttempts = 0;
        int killedAttempts = 0;
        std::vector<ChainAttempt> others;  // the failed and killed attempts with both times
        int untimed = 0;                   // failed and killed attempts without them
    };

    std::array<long long, 7> counts() const {
        return {m_report.failedAttempts,   m_report.killedAttempts, m_report.otherAttempts,
                m_report.failedTasks,      m_report.killedTasks,    m_report.tasksWithoutSuccess,
                m_report.setupCleanupTasks};
    }

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

    // Nesting is bounded as in every JSON file we read (JsonParse.h): the SAX parser itself
    // would follow it, but nothing in a Rumen job nests that deep.
    void checkDepth() const {
        if (m_stack.size() + static_cast<std::size_t>(m_skip) >=
            static_cast<std::size_t>(kMaxJsonDepth)) {
            fail(path(), "nested deeper than " + std::to_string(kMaxJsonDepth) + " levels (line " +
                             std::to_string(m_buffer.line()) + ")");
        }
    }

    // One bit per key the import reads, per object role; 0 for any other key.
    static std::uint32_t keyBit(Role role, const std::string& key) {
        static const std::vector<std::string> job = {
            "jobID",    "jobName",     "submitTime", "outcome",    "totalMaps", "totalReduces",
            "mapTasks", "reduceTasks", "otherTasks", "finishTime", "jobMapMB",  "jobProperties"};
        static const std::vector<std::string> task = {"taskType", "taskStatus", "attempts"};
        static const std::vector<std::string> attempt = {
            "result", "startTime", "finishTime", "shuffleFinished", "sortFinished", "hostName"};
        if (role == Role::Properties) {
            const auto& keys = overheadProperties();
            const auto it = std::find(keys.begin(), keys.end(), key);
            return it == keys.end() ? 0 : std::uint32_t{1} << (it - keys.begin());
        }
        if (role != Role::Job && role != Role::Task && role != Role::Attempt) {
            return 0;
        }
        const auto& keys = role == Role::Job ? job : role == Role::Task ? task : attempt;
        const auto it = std::find(keys.begin(), keys.end(), key);
        return it == keys.end() ? 0 : std::uint32_t{1} << (it - keys.begin());
    }

    static bool isKnownScalar(Role role, const std::string& key) {
        static const std::vector<std::string> job = {"jobID",        "jobName", "submitTime",
                                                     "finishTime",   "outcome", "totalMaps",
                                                     "totalReduces", "jobMapMB"};
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
            if (f.role == Role::Properties) {
                p += "[" + json(f.key).dump() + "]";
                continue;
            }
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
        switch (f.role) {
            case Role::Job:
                jobField(f.key, s);
                break;
            case Role::Task:
                if (f.key == "taskType") {
                    m_task.type = text(s);
                } else if (f.key == "taskStatus") {
                    m_task.status = text(s);
                }
                break;
            case Role::Attempt:
                attemptField(f.key, s);
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
            case Role::Properties:
                propertyField(f.key, s);
                break;
        }
        return true;
    }

    void jobField(const std::string& k, const Scalar& s) {
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
        } else if (k == "finishTime") {
            m_job.finish = integer(s);
        } else if (k == "jobMapMB") {
            m_job.jobMapMB = integer(s);
        } else if (k == "outcome") {
            m_job.outcome = text(s);
        } else if (k == "totalMaps") {
            m_job.totalMaps = integer(s);
        } else if (k == "totalReduces") {
            m_job.totalReduces = integer(s);
        }
    }

    void attemptField(const std::string& k, const Scalar& s) {
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
    }

    // Configuration values are strings in Rumen; a number is read as its text.
    void propertyField(const std::string& k, const Scalar& s) {
        if (isOverheadProperty(k)) {
            if (s.type == Scalar::Type::String) {
                m_job.properties[k] = *s.text;
            } else if (s.type == Scalar::Type::Int) {
                m_job.properties[k] = std::to_string(s.integer);
            }
        }
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
        if (m_trackHosts && a.start >= 0 && a.finish >= a.start && a.host >= 0) {
            auto& events = m_hostEvents[static_cast<int>(kind)][static_cast<std::size_t>(a.host)];
            events.emplace_back(a.start, +1);
            events.emplace_back(a.finish, -1);
            m_jobHostLog.emplace_back(static_cast<int>(kind), a.host);
        }
        if (a.start >= 0 && (m_task.firstStart < 0 || a.start < m_task.firstStart)) {
            m_task.firstStart = a.start;
        }
        if (a.result == "FAILED") {
            ++m_report.failedAttempts;
            ++m_task.failedAttempts;
            if (a.start >= 0 && a.finish >= 0 && a.finish < a.start) {
                problem("a failed attempt must finish no earlier than it starts (startTime " +
                            std::to_string(a.start) + ", finishTime " + std::to_string(a.finish) +
                            ")",
                        at + "finishTime");
                return;
            }
            keepOther(a, TracedResult::Failed);
            return;
        }
        if (a.result == "KILLED") {
            ++m_report.killedAttempts;
            ++m_task.killedAttempts;
            keepOther(a, TracedResult::Killed);
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
            // -1 is Rumen's "not recorded"; any other value is a time within the attempt (a
            // negative one would make a negative shuffle).
            if (a.shuffleFinished != kUnknown &&
                (a.shuffleFinished < a.start || a.shuffleFinished > a.finish)) {
                problem(
                    "must lie between the attempt's startTime and finishTime (or be -1: not "
                    "recorded)",
                    at + "shuffleFinished");
                return;
            }
            const long long low = std::max(a.start, a.shuffleFinished);
            if (a.sortFinished != kUnknown && (a.sortFinished < low || a.sortFinished > a.finish)) {
                problem(
                    "must lie between the attempt's shuffleFinished (or startTime) and "
                    "finishTime (or be -1: not recorded)",
                    at + "sortFinished");
                return;
            }
        }
        if (!m_task.hasSuccess || a.finish < m_task.success.finish) {
            m_task.success = a;
            m_task.hasSuccess = true;
        }
    }

    // A failed or killed attempt, for the task's chain of traced attempts (RumenAttemptChain.h).
    void keepOther(const AttemptDraft& a, TracedResult result) {
        if (a.start >= 0 && a.finish >= a.start) {
            m_task.others.push_back(ChainAttempt{result, a.start, a.finish, a.host});
        } else {
            ++m_task.untimed;
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
        if (m_task.failedAttempts + m_task.killedAttempts > 0) {
            const std::size_t index =
                kind == TaskKind::Map ? m_job.mapStarts.size() : m_job.reduces.size();
            const auto chain = attemptChain(kind, static_cast<int>(index),
                                            {TracedResult::Failed, a.start, a.finish, a.host},
                                            std::move(m_task.others), m_task.untimed);
            if (chain) {
                m_job.traced.insert(m_job.traced.end(), chain->begin(), chain->end());
            }
            m_job.retried.push_back(RetriedTask{kind, static_cast<int>(index),
                                                m_task.failedAttempts, m_task.firstStart, a.start,
                                                chain.has_value(), m_task.killedAttempts});
        }
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
    bool m_trackHosts = true;  // false: the hosts are counted, their attempts' times not kept
    // The current job's attempts in m_hostEvents (kind, host) and the report's counts before it:
    // what discardJob() takes back.
    std::vector<std::pair<int, int>> m_jobHostLog;
    std::array<long long, 7> m_countsBefore{};
};

}  // namespace

struct RumenJobReader::State {
    State(std::istream& in, std::string source, RumenImportReport& report, bool trackHosts,
          RumenReadLimits readLimits)
        : limits(readLimits),
          buffer(*in.rdbuf()),
          stream(&buffer),
          handler(std::move(source), buffer, report, trackHosts) {}
    RumenReadLimits limits;
    LineCountingBuffer buffer;
    std::istream stream;
    SaxHandler handler;
    long long index = 0;
};

RumenJobReader::RumenJobReader(std::istream& in, std::string source, RumenImportReport& report,
                               bool trackHosts, RumenReadLimits limits)
    : m_state(std::make_unique<State>(in, std::move(source), report, trackHosts, limits)) {}

RumenJobReader::~RumenJobReader() = default;

const JobDraft* RumenJobReader::next() {
    LineCountingBuffer& buffer = m_state->buffer;
    SaxHandler& handler = m_state->handler;
    const RumenReadLimits& limits = m_state->limits;
    buffer.startBudget(limits.gapBytes);
    int c = buffer.sgetc();
    while (c != std::char_traits<char>::eof() && std::isspace(c)) {
        buffer.sbumpc();
        c = buffer.sgetc();
    }
    if (buffer.overBudget()) {
        handler.failOverBudget("more than " + std::to_string(limits.gapBytes) +
                               " bytes of blank space after " + std::to_string(m_state->index) +
                               " jobs");
    }
    if (c == std::char_traits<char>::eof()) {
        return nullptr;
    }
    handler.beginJob(m_state->index++);
    if (c == '\0') {
        handler.failBinary();
    }
    buffer.startBudget(limits.jobBytes);
    json::sax_parse(m_state->stream, &handler, json::input_format_t::json, false);
    if (buffer.overBudget()) {
        handler.failOverBudget("a job of more than " + std::to_string(limits.jobBytes) + " bytes");
    }
    if (!handler.jobDone()) {
        handler.failAtLine();
    }
    handler.throwPending();
    return &handler.job();
}

std::string RumenJobReader::jobLabel() const {
    return m_state->handler.jobLabel();
}

void RumenJobReader::discardLast() {
    m_state->handler.discardJob();
}

int RumenJobReader::hostCount() const {
    return m_state->handler.hostCount();
}

const std::vector<std::vector<std::pair<long long, int>>>& RumenJobReader::hostEvents(
    TaskKind kind) const {
    return m_state->handler.hostEvents(kind);
}

}  // namespace mr
