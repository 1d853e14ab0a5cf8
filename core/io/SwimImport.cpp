#include "io/SwimImport.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <set>
#include <vector>

#include "io/NumberFormat.h"
#include "io/TextFile.h"
#include "io/WorkloadJson.h"
#include "model/InputError.h"
#include "model/Numbers.h"

namespace mr {

namespace {

const char* const kColumns[6] = {
    "new_unique_job_id", "submit_time_seconds", "inter_job_submit_gap_seconds",
    "map_input_bytes",   "shuffle_bytes",       "reduce_output_bytes"};

double roundToMs(double seconds) {
    return std::round(seconds * 1000.0) / 1000.0;
}

long long ceilDiv(long long a, long long b) {
    return a / b + (a % b != 0 ? 1 : 0);
}

long long reduceCount(long long shuffleBytes, const SwimModel& m) {
    return shuffleBytes > 0 ? ceilDiv(shuffleBytes, m.bytesPerReducer) : 0;
}

// A map-only job's maps write its output, and none writes more than a block of it (a generator
// like TeraGen splits its output over many maps rather than writing it from one).
long long mapCount(long long inputBytes, long long shuffleBytes, long long outputBytes,
                   const SwimModel& m) {
    const long long writers =
        reduceCount(shuffleBytes, m) == 0 ? ceilDiv(outputBytes, m.blockSize) : 0;
    return std::max({1LL, ceilDiv(inputBytes, m.blockSize), writers});
}

class RowReader {
public:
    RowReader(const std::string& source, long long line, std::vector<std::string_view> fields)
        : m_source(source), m_line(line), m_fields(std::move(fields)) {}

    std::string id() const { return std::string(m_fields[0]); }

    long long bytes(int column) const {
        const std::string_view f = m_fields[static_cast<std::size_t>(column)];
        const std::optional<std::int64_t> value = parseInteger(f);
        if (!value || *value < 0) {
            fail(column, "must be a whole number of bytes >= 0 (got '" + std::string(f) + "')");
        }
        return *value;
    }

    double seconds(int column) const {
        const std::string_view f = m_fields[static_cast<std::size_t>(column)];
        const std::optional<double> value = parseDouble(f);
        if (!value || *value < 0.0 || *value > 1.0e12) {
            fail(column, "must be a number of seconds >= 0 (got '" + std::string(f) + "')");
        }
        return *value;
    }

    [[noreturn]] void fail(int column, const std::string& message) const {
        throw InputError(m_source, id(), kColumns[column],
                         message + " (line " + std::to_string(m_line) + ")");
    }

private:
    const std::string& m_source;
    long long m_line;
    std::vector<std::string_view> m_fields;
};

std::vector<std::string_view> splitTabs(std::string_view line) {
    std::vector<std::string_view> fields;
    std::size_t start = 0;
    while (true) {
        const std::size_t tab = line.find('\t', start);
        fields.push_back(line.substr(start, tab == std::string_view::npos ? tab : tab - start));
        if (tab == std::string_view::npos) {
            return fields;
        }
        start = tab + 1;
    }
}

void checkModel(const SwimModel& m) {
    const auto positive = [](double v) { return std::isfinite(v) && v > 0.0; };
    if (m.blockSize < 1) {
        throw InputError("", "", "block-size", "must be at least 1 byte");
    }
    if (m.bytesPerReducer < 1) {
        throw InputError("", "", "bytes-per-reducer", "must be at least 1 byte");
    }
    if (!positive(m.mapMBPerS)) {
        throw InputError("", "", "map-mb-per-s", "must be a finite number > 0");
    }
    if (!positive(m.reduceMBPerS)) {
        throw InputError("", "", "reduce-mb-per-s", "must be a finite number > 0");
    }
    if (!std::isfinite(m.taskOverhead) || m.taskOverhead < 0.0) {
        throw InputError("", "", "task-overhead", "must be a finite number >= 0");
    }
}

Workload headerFor(const std::string& path, const SwimImportOptions& o) {
    const SwimModel& m = o.model;
    const std::string file = std::filesystem::path(path).filename().string();
    Workload w;
    w.name = "SWIM trace " + file;
    w.description =
        "Imported with mrsim import swim from " + file +
        (o.maxJobs > 0 ? " (the first " + std::to_string(o.maxJobs) + " rows)" : "") +
        (o.repeatDays > 1 ? ", repeated on " + std::to_string(o.repeatDays) +
                                " days (arrivals + k x 86400 s, names <id>-day<k+1>)"
                          : "") +
        ". Model: maps = max(1, ceil(input / " + std::to_string(m.blockSize) +
        " B), for map-only jobs ceil(output / block)); reduces = ceil(shuffle / " +
        std::to_string(m.bytesPerReducer) + " B); map time = " + formatNumber(m.taskOverhead) +
        " s + input / maps at " + formatNumber(m.mapMBPerS) +
        " MB/s (+ output / maps for map-only jobs); reduce time = " + formatNumber(m.taskOverhead) +
        " s + (shuffle + output) / reduces at " + formatNumber(m.reduceMBPerS) + " MB/s.";
    w.cluster = o.cluster;
    return w;
}

}  // namespace

std::string SwimImportReport::summary() const {
    return std::to_string(jobs) + " jobs" + (truncatedByMaxJobs ? " (--jobs limit reached)" : "") +
           ", " + std::to_string(mapTasks) + " map + " + std::to_string(reduceTasks) +
           " reduce tasks; " + std::to_string(jobsWithoutInput) +
           " jobs without input (one map task each), " + std::to_string(mapOnlyJobs) +
           " map-only jobs";
}

Job swimJob(const std::string& id, double submitSeconds, long long inputBytes,
            long long shuffleBytes, long long outputBytes, const SwimModel& m) {
    const long long maps = mapCount(inputBytes, shuffleBytes, outputBytes, m);
    const long long reduces = reduceCount(shuffleBytes, m);
    const double mapRate = m.mapMBPerS * 1.0e6;
    const double reduceRate = m.reduceMBPerS * 1.0e6;
    double mapBytes = static_cast<double>(inputBytes);
    if (reduces == 0) {
        mapBytes += static_cast<double>(outputBytes);  // a map-only job's maps write its output
    }
    Job job;
    job.name = id;
    job.arrival = submitSeconds;
    job.mapDurations.assign(
        static_cast<std::size_t>(maps),
        roundToMs(m.taskOverhead + mapBytes / static_cast<double>(maps) / mapRate));
    if (reduces > 0) {
        const double bytes = static_cast<double>(shuffleBytes) + static_cast<double>(outputBytes);
        job.reduceDurations.assign(
            static_cast<std::size_t>(reduces),
            roundToMs(m.taskOverhead + bytes / static_cast<double>(reduces) / reduceRate));
    }
    return job;
}

namespace {

// A SWIM row is six short columns; a longer line is not SWIM (a binary file, /dev/zero).
constexpr std::size_t kMaxLineBytes = 64 * 1024;
constexpr long long kMaxBlankLines = 1'000'000;
constexpr double kSecondsPerDay = 86'400.0;

// std::getline with a bound on the line's length (which std::getline would grow without end).
bool readLine(std::istream& in, std::string& line, const std::string& source,
              long long lineNumber) {
    line.clear();
    std::streambuf& buffer = *in.rdbuf();
    for (int c = buffer.sbumpc(); c != std::char_traits<char>::eof(); c = buffer.sbumpc()) {
        if (c == '\n') {
            return true;
        }
        if (line.size() == kMaxLineBytes) {
            throw InputError(source, "", "",
                             "line " + std::to_string(lineNumber) + " is longer than " +
                                 std::to_string(kMaxLineBytes) + " bytes (not a SWIM trace?)");
        }
        line.push_back(static_cast<char>(c));
    }
    in.setstate(std::ios::eofbit);
    return !line.empty();
}

// The row of a line: six tab-separated columns, the first a job id in UTF-8.
RowReader rowOf(const std::string& source, long long lineNumber, const std::string& line) {
    auto fields = splitTabs(line);
    if (fields.size() != 6 || fields[0].empty()) {
        throw InputError(source, fields[0].empty() ? "" : std::string(fields[0]), "",
                         "line " + std::to_string(lineNumber) +
                             ": a SWIM row has 6 tab-separated columns (job id, submit "
                             "time, gap, map input, shuffle and reduce output bytes); got " +
                             std::to_string(fields.size()));
    }
    if (!isValidUtf8(fields[0])) {
        throw InputError(source, std::string(fields[0]), kColumns[0],
                         "is not valid UTF-8 text (line " + std::to_string(lineNumber) + ")");
    }
    return RowReader(source, lineNumber, std::move(fields));
}

// The rows read so far, and what the next one must agree with.
struct SwimRows {
    explicit SwimRows(const SwimImportOptions& importOptions) : options(importOptions) {}

    const SwimImportOptions& options;
    SwimImportReport report;
    std::set<std::string> ids;
    double lastSubmit = 0.0;

    // The job of a row, checked against the rows before it and what a workload file can hold.
    Job jobOf(const RowReader& row) {
        const double submit = row.seconds(1);
        row.seconds(2);  // the gap repeats the submit times; checked, not used
        const long long input = row.bytes(3);
        const long long shuffle = row.bytes(4);
        const long long output = row.bytes(5);
        if (submit < lastSubmit) {
            row.fail(1, "submit times must not decrease (the previous row's is " +
                            formatNumber(lastSubmit) + ")");
        }
        lastSubmit = submit;
        if (!ids.insert(row.id()).second) {
            row.fail(0, "job id listed twice");
        }
        if (mapCount(input, shuffle, output, options.model) > kMaxTasksPerJob) {
            row.fail(3, "gives more than " + std::to_string(kMaxTasksPerJob) +
                            " map tasks at this block size (raise --block-size)");
        }
        if (reduceCount(shuffle, options.model) > kMaxTasksPerJob) {
            row.fail(4, "gives more than " + std::to_string(kMaxTasksPerJob) +
                            " reduce tasks (raise --bytes-per-reducer)");
        }
        Job job = swimJob(row.id(), submit, input, shuffle, output, options.model);
        checkLongestTasks(row, job);
        count(job, input);
        return job;
    }

    // What the workload file can hold: a slow model on a huge job makes tasks of centuries.
    static void checkLongestTasks(const RowReader& row, const Job& job) {
        const double longest[2] = {job.maxDuration(TaskKind::Map),
                                   job.maxDuration(TaskKind::Reduce)};
        for (int k = 0; k < 2; ++k) {
            if (longest[k] > kMaxTime) {
                row.fail(k == 0 ? 3 : 4, "gives " + std::string(k == 0 ? "map" : "reduce") +
                                             " tasks of " + formatNumber(longest[k]) +
                                             " s, more than the " + formatNumber(kMaxTime) +
                                             " s a workload file holds (raise --" +
                                             (k == 0 ? "map" : "reduce") + "-mb-per-s)");
            }
        }
    }

    void count(const Job& job, long long input) {
        ++report.jobs;
        report.mapTasks += job.maps();
        report.reduceTasks += job.reduces();
        report.jobsWithoutInput += input == 0 ? 1 : 0;
        report.mapOnlyJobs += job.reduces() == 0 ? 1 : 0;
    }
};

// The copies of the day after the first: arrivals k days later, names "<id>-day<k+1>"; the
// report counts every copy.
void repeatDay(const std::vector<Job>& day, int days, const std::function<void(const Job&)>& sink,
               SwimImportReport& report) {
    for (int k = 1; k < days; ++k) {
        const std::string suffix = "-day" + std::to_string(k + 1);
        for (Job job : day) {
            job.name += suffix;
            job.arrival += k * kSecondsPerDay;
            sink(job);
        }
    }
    report.jobs *= days;
    report.mapTasks *= days;
    report.reduceTasks *= days;
    report.jobsWithoutInput *= days;
    report.mapOnlyJobs *= days;
}

}  // namespace

void readSwim(std::istream& in, const std::string& source, const SwimImportOptions& options,
              const std::function<void(const Job&)>& sink, SwimImportReport* reportOut) {
    checkModel(options.model);
    if (options.repeatDays < 1 || options.repeatDays > kMaxRepeatDays) {
        throw InputError("", "", "repeat-days",
                         "must be 1 to " + std::to_string(kMaxRepeatDays) + " (got " +
                             std::to_string(options.repeatDays) + ")");
    }
    SwimRows rows(options);
    std::vector<Job> day;  // the trace's jobs, kept only to repeat them
    std::string line;
    long long lineNumber = 0;
    long long blankLines = 0;
    while (readLine(in, line, source, lineNumber + 1)) {
        ++lineNumber;
        if (!line.empty() && line.back() == '\r') {
            line.pop_back();
        }
        if (line.empty()) {
            // Blank lines are skipped, but not for ever: a pipe of nothing else never ends.
            if (++blankLines > kMaxBlankLines) {
                throw InputError(source, "", "",
                                 "more than " + std::to_string(kMaxBlankLines) +
                                     " blank lines in a row at line " + std::to_string(lineNumber) +
                                     " (a device or a pipe that does not end?)");
            }
            continue;
        }
        blankLines = 0;
        if (options.maxJobs > 0 && rows.report.jobs == options.maxJobs) {
            rows.report.truncatedByMaxJobs = true;
            break;
        }
        Job job = rows.jobOf(rowOf(source, lineNumber, line));
        sink(job);
        if (options.repeatDays > 1) {
            day.push_back(std::move(job));
        }
    }
    if (in.bad()) {
        throw InputError(source, "", "", "error while reading the file");
    }
    if (rows.report.jobs == 0) {
        throw InputError(source, "", "", "the trace holds no job (an empty file?)");
    }
    repeatDay(day, options.repeatDays, sink, rows.report);
    if (reportOut) {
        *reportOut = rows.report;
    }
}

Workload importSwim(const std::string& path, const SwimImportOptions& options,
                    SwimImportReport* report) {
    std::ifstream in = openInputFile(path);
    Workload w = headerFor(path, options);
    validateCluster(w.cluster, path);
    checkFileLimits(w.cluster, path);
    try {
        readSwim(
            in, path, options, [&](const Job& job) { w.jobs.push_back(job); }, report);
    } catch (const std::ios_base::failure& e) {  // libstdc++ throws from a failing read(2)
        throw InputError(path, "", "", std::string("error while reading the file: ") + e.what());
    }
    return w;
}

void importSwimToFile(const std::string& path, const SwimImportOptions& options,
                      const std::string& output, SwimImportReport* report) {
    std::ifstream in = openInputFile(path);
    checkModel(options.model);
    WorkloadWriter writer(output, headerFor(path, options));
    try {
        readSwim(
            in, path, options, [&](const Job& job) { writer.add(job); }, report);
    } catch (const std::ios_base::failure& e) {  // libstdc++ throws from a failing read(2)
        throw InputError(path, "", "", std::string("error while reading the file: ") + e.what());
    }
    writer.finish();
}

}  // namespace mr
