#include "io/RumenImport.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <unordered_map>
#include <unordered_set>

#include "io/NumberFormat.h"
#include "io/RumenJobReader.h"
#include "io/RumenOverheads.h"
#include "io/RumenReplayLimits.h"
#include "io/TextFile.h"
#include "io/WorkloadJson.h"
#include "model/InputError.h"

namespace mr {

namespace {

constexpr long long kUnknown = kRumenUnknown;

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

// What a workload file can hold: a task of more than kMaxTime seconds is a corrupt time stamp.
void checkTaskTimes(const Job& job, const std::string& source, const std::string& label) {
    for (const TaskKind kind : {TaskKind::Map, TaskKind::Reduce}) {
        const double longest = job.maxDuration(kind);
        if (longest > kMaxTime) {
            throw InputError(source, label, kind == TaskKind::Map ? "mapTasks" : "reduceTasks",
                             "a successful attempt lasts " + formatNumber(longest) +
                                 " s (finishTime - startTime); a workload file holds at most " +
                                 formatNumber(kMaxTime) + " s");
        }
    }
}

// A job's history in 64 bits (FNV-1a over its id, name, times and successful attempts): equal for
// the same history written twice.
std::uint64_t fingerprint(const JobDraft& d) {
    std::uint64_t h = 14695981039346656037ULL;
    const auto mix = [&h](long long v) {
        for (int byte = 0; byte < 8; ++byte) {
            h ^= static_cast<std::uint64_t>(v >> (8 * byte)) & 0xffU;
            h *= 1099511628211ULL;
        }
    };
    for (const std::string& text : {d.id.value_or(""), d.name, d.outcome.value_or("")}) {
        mix(static_cast<long long>(text.size()));
        for (char c : text) {
            mix(static_cast<unsigned char>(c));
        }
    }
    mix(d.submit.value_or(kUnknown));
    mix(d.finish.value_or(kUnknown));
    for (const auto* times : {&d.mapStarts, &d.mapFinishes}) {
        mix(static_cast<long long>(times->size()));
        for (long long t : *times) {
            mix(t);
        }
    }
    mix(static_cast<long long>(d.reduces.size()));
    for (const ReduceTimes& r : d.reduces) {
        mix(r.start);
        mix(r.finish);
        mix(r.shuffleEnd);
    }
    return h;
}

std::string fileName(const std::string& source) {
    return std::filesystem::path(source).filename().string();
}

}  // namespace

std::string RumenImportReport::summary() const {
    return std::to_string(jobs) + " jobs, " + std::to_string(mapTasks) + " map + " +
           std::to_string(reduceTasks) + " reduce tasks; " + std::to_string(failedAttempts) +
           " failed + " + std::to_string(killedAttempts) + " killed attempts, " +
           std::to_string(replayedAttempts) +
           " of them replayed as traced; skipped: " + std::to_string(otherAttempts) +
           " unfinished attempts, " + std::to_string(failedTasks) + " failed + " +
           std::to_string(killedTasks) + " killed + " + std::to_string(tasksWithoutSuccess) +
           " tasks without a successful attempt, " + std::to_string(setupCleanupTasks) +
           " setup/cleanup tasks, " + std::to_string(skippedJobs) + " jobs; " +
           std::to_string(hosts) + " hosts" +
           (concurrencyMeasured
                ? ", at most " + std::to_string(peakMapsPerHost) + " map + " +
                      std::to_string(peakReducesPerHost) + " reduce attempts at once per host"
                : "") +
           (renamedJobs > 0 ? "; " + std::to_string(renamedJobs) + " repeated jobs renamed" : "") +
           (duplicateJobs > 0
                ? "; " + std::to_string(duplicateJobs) + " duplicated job histories imported once"
                : "");
}

std::string RumenImportReport::overheadsSummary() const {
    if (!overheadsEstimated) {
        return {};
    }
    const Overheads& o = clusterOverheads;
    const auto secondsText = [](std::optional<double> v) {
        return v ? formatNumber(*v) + " s" : std::string("unknown");
    };
    return "overheads: AM start " + secondsText(o.amStart) + " (median), commit " +
           secondsText(o.commit) + " (median), AM " + std::to_string(o.amSlots.value_or(0)) +
           " map slots, assign gap " + secondsText(o.assignGap) + " (mean of " +
           std::to_string(gapSamples) + " gaps)";
}

namespace {

// One import: the trace's successful jobs read into a workload, then their arrivals, the
// overheads' cluster defaults and the cluster's size from the trace.
class RumenImporter {
public:
    RumenImporter(std::istream& in, const std::string& source, const RumenImportOptions& options)
        : m_source(source),
          m_options(options),
          // The cluster's default size needs every attempt's host and times: only kept when
          // needed.
          m_clusterGiven(options.nodes && options.mapSlotsPerNode && options.reduceSlotsPerNode),
          m_reader(in, source, m_report, !m_clusterGiven || options.replayLimits) {}

    Workload run(RumenImportReport* reportOut);

private:
    bool admit(const JobDraft& draft, const std::string& label);
    bool seenBefore(const JobDraft& draft, const std::string& label);
    void keepTraceTimes(Job& job, const JobDraft& draft, const std::string& label);
    void measureReplayLimits();
    Job jobOf(const JobDraft& draft, const std::string& label);
    void nameUniquely(Job& job, const std::string& label);
    void noteTotals(const Job& job, const JobDraft& draft, const std::string& label);
    void setArrivals();
    void setOverheads();
    void sizeCluster();
    void setTracedAttempts();

    const std::string& m_source;
    const RumenImportOptions& m_options;
    const bool m_clusterGiven;
    RumenImportReport m_report;
    RumenJobReader m_reader;
    Workload m_workload;
    std::vector<long long> m_submits;  // per job: its submit time (ms)
    std::vector<std::string> m_labels;
    std::unordered_set<std::string> m_names;
    // With overheads or traceEnds: per job, its traced end (ms).
    std::vector<std::optional<long long>> m_finishes;
    std::vector<double> m_gaps;
    std::unordered_map<std::string, std::vector<std::uint64_t>> m_histories;  // by jobID
    std::vector<JobAttempts> m_attempts;                                      // with replayLimits
    std::vector<Overheads> m_perJobEstimates;                                 // with replayLimits
    std::vector<std::vector<TracedDraft>> m_traced;                           // per job
    long long m_first = 0;  // the first submit time (ms)
};

Workload RumenImporter::run(RumenImportReport* reportOut) {
    while (const JobDraft* next = m_reader.next()) {
        const JobDraft& draft = *next;
        const std::string label = m_reader.jobLabel();
        if (!admit(draft, label)) {
            continue;
        }
        Job job = jobOf(draft, label);
        m_report.mapTasks += job.maps();
        m_report.reduceTasks += job.reduces();
        m_submits.push_back(*draft.submit);
        m_labels.push_back(label);
        m_traced.push_back(draft.traced);
        m_workload.jobs.push_back(std::move(job));
    }
    m_report.jobs = m_workload.jobCount();
    if (m_workload.jobs.empty() && m_report.skippedJobs == 0) {
        throw InputError(m_source, "", "",
                         "holds no job: the file is empty or blank (a Rumen trace is JSON job "
                         "objects, one after another)");
    }
    if (m_workload.jobs.empty()) {
        throw InputError(m_source, "", "",
                         "the trace holds no job with a successful map task (" +
                             std::to_string(m_report.skippedJobs) + " skipped)");
    }
    setArrivals();
    if (m_options.overheads) {
        setOverheads();
    }
    sizeCluster();
    setTracedAttempts();
    if (m_options.replayLimits) {
        measureReplayLimits();
    }
    const std::string file = fileName(m_source);
    m_workload.name = "Rumen trace " + file;
    m_workload.description =
        "Imported with mrsim import rumen from " + file + ": " + m_report.summary() + "." +
        (m_options.overheads ? " Estimated " + m_report.overheadsSummary() + "." : "");
    validate(m_workload, m_source);
    if (reportOut) {
        *reportOut = std::move(m_report);
    }
    return std::move(m_workload);
}

// Whether the job is imported: a job that failed or has no successful map task is skipped (and
// noted); one without an id or a submit time is an error.
bool RumenImporter::admit(const JobDraft& draft, const std::string& label) {
    if (!draft.id) {
        throw InputError(m_source, label, "jobID", "is required");
    }
    if (seenBefore(draft, label)) {
        return false;
    }
    if (draft.outcome && *draft.outcome != "SUCCESS") {
        ++m_report.skippedJobs;
        m_report.notes.push_back(
            escapeForMessage(label + " skipped: its outcome is " + *draft.outcome));
        return false;
    }
    if (draft.mapStarts.empty()) {
        ++m_report.skippedJobs;
        m_report.notes.push_back(escapeForMessage(label) + " skipped: no successful map task");
        return false;
    }
    if (!draft.submit) {
        throw InputError(m_source, label, "submitTime", "is required");
    }
    return true;
}

// The job of a successful attempt's times: its name, task durations, ARIA profile and (with
// overheads) the overheads estimated from its own time stamps.
Job RumenImporter::jobOf(const JobDraft& draft, const std::string& label) {
    Job job;
    job.name = draft.name.empty() ? *draft.id : draft.name + " " + *draft.id;
    nameUniquely(job, label);
    for (std::size_t i = 0; i < draft.mapStarts.size(); ++i) {
        job.mapDurations.push_back(seconds(draft.mapFinishes[i] - draft.mapStarts[i]));
    }
    for (const ReduceTimes& r : draft.reduces) {
        job.reduceDurations.push_back(seconds(r.finish - r.start));
    }
    job.perTaskDurations = true;
    checkTaskTimes(job, m_source, label);
    std::vector<std::string> missing;
    job.profile = ariaProfile(draft, job.mapDurations.toVector(), missing);
    for (const auto& m : missing) {
        m_report.notes.push_back(escapeForMessage(label) + ": profile: " + m);
    }
    noteTotals(job, draft, label);
    keepTraceTimes(job, draft, label);
    return job;
}

// The same history written twice (the same jobID, times and attempts: Gridmix's wordcount2.json)
// is one job: the copy is dropped with a note, and its attempts count nowhere.
bool RumenImporter::seenBefore(const JobDraft& draft, const std::string& label) {
    std::vector<std::uint64_t>& seen = m_histories[*draft.id];
    const std::uint64_t print = fingerprint(draft);
    if (std::find(seen.begin(), seen.end(), print) == seen.end()) {
        seen.push_back(print);
        return false;
    }
    m_reader.discardLast();
    ++m_report.duplicateJobs;
    m_report.notes.push_back(escapeForMessage(label) +
                             ": the same history as an earlier job (the same jobID, submit and "
                             "finish times and task attempts): imported once");
    return true;
}

// What the trace says around the job's tasks: its overheads (kept with options.overheads), its
// traced end (with overheads or traceEnds) and, with replayLimits, its attempts.
void RumenImporter::keepTraceTimes(Job& job, const JobDraft& draft, const std::string& label) {
    std::optional<long long> finish;
    Overheads estimated;
    if (m_options.overheads || m_options.replayLimits) {
        JobOverheadEstimate estimate = estimateOverheads(draft, label, m_report.notes);
        estimated = estimate.overheads;
        finish = estimate.finish;
        m_gaps.insert(m_gaps.end(), estimate.gaps.begin(), estimate.gaps.end());
        if (m_options.overheads) {
            job.overheads = estimate.overheads;
        }
    } else if (m_options.traceEnds) {
        finish = tracedFinish(draft, label, m_report.notes);
    }
    if (m_options.overheads || m_options.traceEnds) {
        m_finishes.push_back(finish);
    }
    if (m_options.replayLimits) {
        m_perJobEstimates.push_back(estimated);
        JobAttempts a;
        a.submit = *draft.submit;
        a.finish = finish;
        a.amSlots = estimated.amSlots.value_or(-1);  // -1: the cluster's, known later
        a.mapStarts = draft.mapStarts;
        a.mapFinishes = draft.mapFinishes;
        for (const ReduceTimes& r : draft.reduces) {
            a.reduceStarts.push_back(r.start);
        }
        a.retried = draft.retried;
        m_attempts.push_back(std::move(a));
    }
}

// Per job, what a replay of its successful attempts cannot reproduce (the trace's own estimates,
// whether or not the workload keeps them).
void RumenImporter::measureReplayLimits() {
    const Overheads cluster = clusterOverheads(m_perJobEstimates, m_gaps);
    for (JobAttempts& a : m_attempts) {
        if (a.amSlots < 0) {
            a.amSlots = cluster.amSlots.value_or(0);
        }
    }
    m_report.replayLimits = replayLimits(m_attempts, m_reader.hostEvents(TaskKind::Map),
                                         m_reader.hostEvents(TaskKind::Reduce), m_workload.cluster,
                                         cluster.assignGap.value_or(0.0));
}

void RumenImporter::nameUniquely(Job& job, const std::string& label) {
    if (m_names.insert(job.name).second) {
        return;
    }
    // A concatenated stream of traces (Hadoop's own test traces are such streams) may hold the
    // same job twice: both are work the cluster did, so both are kept.
    const std::string first = job.name;
    int copy = 2;
    while (!m_names.insert(job.name = first + " (" + std::to_string(copy) + ")").second) {
        ++copy;
    }
    m_report.renamedJobs += 1;
    m_report.notes.push_back(label + ": the trace holds another job named '" + first +
                             "'; this one is imported as '" + job.name + "'");
}

// A note where the successful tasks imported are not the job's totalMaps / totalReduces.
void RumenImporter::noteTotals(const Job& job, const JobDraft& draft, const std::string& label) {
    const long long listed[2] = {static_cast<long long>(job.mapDurations.size()),
                                 static_cast<long long>(job.reduceDurations.size())};
    const std::optional<long long> totals[2] = {draft.totalMaps, draft.totalReduces};
    for (int k = 0; k < 2; ++k) {
        if (totals[k] && *totals[k] >= 0 && *totals[k] != listed[k]) {
            m_report.notes.push_back(escapeForMessage(label) + ": " + std::to_string(listed[k]) +
                                     " successful " + (k == 0 ? "map" : "reduce") +
                                     " tasks imported, total" + (k == 0 ? "Maps" : "Reduces") +
                                     " says " + std::to_string(*totals[k]));
        }
    }
}

// Arrivals relative to the first submit time, within what a workload file holds.
void RumenImporter::setArrivals() {
    m_first = *std::min_element(m_submits.begin(), m_submits.end());
    for (std::size_t j = 0; j < m_workload.jobs.size(); ++j) {
        Job& job = m_workload.jobs[j];
        job.arrival = seconds(m_submits[j] - m_first);
        if (job.arrival > kMaxTime) {
            throw InputError(m_source, m_labels[j], "submitTime",
                             "comes " + formatNumber(job.arrival) +
                                 " s after the first job's; a workload file holds at most " +
                                 formatNumber(kMaxTime) + " s");
        }
    }
    for (std::size_t j = 0; j < m_finishes.size(); ++j) {
        if (m_finishes[j]) {
            m_workload.jobs[j].traceEnd = seconds(*m_finishes[j] - m_first);
        }
    }
}

// The cluster's overheads from the jobs' (and the assignment gaps); each job keeps what differs.
void RumenImporter::setOverheads() {
    Workload& w = m_workload;
    std::vector<Overheads> perJob;
    for (const Job& job : w.jobs) {
        perJob.push_back(job.overheads);
    }
    w.overheads = clusterOverheads(perJob, m_gaps);
    for (Job& job : w.jobs) {
        if (job.overheads.amSlots == w.overheads.amSlots) {
            job.overheads.amSlots.reset();  // the cluster's default says it
        }
    }
    m_report.overheadsEstimated = true;
    m_report.clusterOverheads = w.overheads;
    m_report.gapSamples = static_cast<long long>(m_gaps.size());
}

// The cluster as the options give it, else from the trace: its hosts, and the most attempts that
// ran at once on one.
void RumenImporter::sizeCluster() {
    m_report.hosts = m_reader.hostCount();
    m_report.concurrencyMeasured = !m_clusterGiven;
    m_report.peakMapsPerHost = peakConcurrency(m_reader.hostEvents(TaskKind::Map));
    m_report.peakReducesPerHost = peakConcurrency(m_reader.hostEvents(TaskKind::Reduce));
    if (!m_options.nodes && m_report.hosts == 0) {
        throw InputError(m_source, "", "hostName",
                         "the trace names no hosts, so the cluster size is unknown: give --nodes");
    }
    // Defaults from the trace, within what a workload file may hold.
    const auto fromTrace = [&](int value, long long limit, const char* what) {
        if (value > limit) {
            m_report.notes.push_back("the trace gives " + std::to_string(value) + " " + what +
                                     "; capped at " + std::to_string(limit));
        }
        return static_cast<int>(std::clamp<long long>(value, 1, limit));
    };
    Cluster& c = m_workload.cluster;
    c.nodes = m_options.nodes.value_or(fromTrace(m_report.hosts, kMaxNodes, "nodes"));
    c.mapSlotsPerNode = m_options.mapSlotsPerNode.value_or(
        fromTrace(m_report.peakMapsPerHost, kMaxSlotsPerNode, "map slots per node"));
    c.reduceSlotsPerNode = m_options.reduceSlotsPerNode.value_or(
        fromTrace(m_report.peakReducesPerHost, kMaxSlotsPerNode, "reduce slots per node"));
}

// Each job's failed and killed attempts (model/TracedAttempt.h), on the workload's clock; a host
// is its node when the cluster has that many (the default cluster numbers the trace's hosts in
// the order they appear), else unknown.
void RumenImporter::setTracedAttempts() {
    const int nodes = m_workload.cluster.nodes;
    const auto nodeOf = [nodes](int host) { return host < nodes ? host : -1; };
    for (std::size_t j = 0; j < m_traced.size(); ++j) {
        auto& traced = m_workload.jobs[j].tracedAttempts;
        for (const TracedDraft& d : m_traced[j]) {
            TracedAttempt a{d.kind,
                            d.index,
                            seconds(d.start - m_first),
                            seconds(d.finish - m_first),
                            0.0,
                            nodeOf(d.host),
                            d.result};
            if (d.result == TracedResult::Speculative) {
                a.successStart = seconds(d.successStart - m_first);
                a.successNode = nodeOf(d.successHost);
            } else {
                a.nextStart = seconds(d.nextStart - m_first);
            }
            traced.push_back(a);
        }
        m_report.replayedAttempts += static_cast<long long>(traced.size());
        std::stable_sort(traced.begin(), traced.end(),
                         [](const TracedAttempt& a, const TracedAttempt& b) {
                             return a.kind != b.kind ? a.kind < b.kind : a.task < b.task;
                         });
    }
}

}  // namespace

Workload importRumen(std::istream& in, const std::string& source, const RumenImportOptions& options,
                     RumenImportReport* reportOut) {
    return RumenImporter(in, source, options).run(reportOut);
}

Workload importRumen(const std::string& path, const RumenImportOptions& options,
                     RumenImportReport* report) {
    std::ifstream in = openInputFile(path);
    try {
        Workload w = importRumen(in, path, options, report);
        if (in.bad()) {
            throw InputError(path, "", "", "error while reading the file");
        }
        return w;
    } catch (const std::ios_base::failure& e) {  // libstdc++ throws from a failing read(2)
        throw InputError(path, "", "", std::string("error while reading the file: ") + e.what());
    }
}

}  // namespace mr
