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
           std::to_string(reduceTasks) +
           " reduce tasks; skipped: " + std::to_string(failedAttempts) + " failed + " +
           std::to_string(killedAttempts) + " killed + " + std::to_string(otherAttempts) +
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

Workload importRumen(std::istream& in, const std::string& source, const RumenImportOptions& options,
                     RumenImportReport* reportOut) {
    RumenImportReport report;
    // The cluster's default size needs every attempt's host and times: only kept when needed.
    const bool clusterGiven =
        options.nodes && options.mapSlotsPerNode && options.reduceSlotsPerNode;
    RumenJobReader reader(in, source, report, !clusterGiven || options.replayLimits);
    Workload w;
    std::vector<long long> submits;
    std::vector<std::string> labels;
    std::unordered_set<std::string> names;
    std::vector<std::optional<long long>> finishes;
    std::vector<double> gaps;
    std::unordered_map<std::string, std::vector<std::uint64_t>> histories;  // by jobID
    std::vector<JobAttempts> attempts;  // with options.replayLimits
    std::vector<Overheads> perJobEstimates;
    while (const JobDraft* next = reader.next()) {
        const JobDraft& draft = *next;
        const std::string label = reader.jobLabel();
        if (!draft.id) {
            throw InputError(source, label, "jobID", "is required");
        }
        std::vector<std::uint64_t>& seen = histories[*draft.id];
        if (const std::uint64_t print = fingerprint(draft);
            std::find(seen.begin(), seen.end(), print) != seen.end()) {
            reader.discardLast();
            ++report.duplicateJobs;
            report.notes.push_back(escapeForMessage(label) +
                                   ": the same history as an earlier job (the same jobID, submit "
                                   "and finish times and task attempts): imported once");
            continue;
        } else {
            seen.push_back(print);
        }
        if (draft.outcome && *draft.outcome != "SUCCESS") {
            ++report.skippedJobs;
            report.notes.push_back(
                escapeForMessage(label + " skipped: its outcome is " + *draft.outcome));
            continue;
        }
        if (draft.mapStarts.empty()) {
            ++report.skippedJobs;
            report.notes.push_back(escapeForMessage(label) + " skipped: no successful map task");
            continue;
        }
        if (!draft.submit) {
            throw InputError(source, label, "submitTime", "is required");
        }
        Job job;
        job.name = draft.name.empty() ? *draft.id : draft.name + " " + *draft.id;
        if (!names.insert(job.name).second) {
            // A concatenated stream of traces (Hadoop's own test traces are such streams) may
            // hold the same job twice: both are work the cluster did, so both are kept.
            const std::string first = job.name;
            int copy = 2;
            while (!names.insert(job.name = first + " (" + std::to_string(copy) + ")").second) {
                ++copy;
            }
            report.renamedJobs += 1;
            report.notes.push_back(label + ": the trace holds another job named '" + first +
                                   "'; this one is imported as '" + job.name + "'");
        }
        for (std::size_t i = 0; i < draft.mapStarts.size(); ++i) {
            job.mapDurations.push_back(seconds(draft.mapFinishes[i] - draft.mapStarts[i]));
        }
        for (const ReduceTimes& r : draft.reduces) {
            job.reduceDurations.push_back(seconds(r.finish - r.start));
        }
        job.perTaskDurations = true;
        checkTaskTimes(job, source, label);
        std::vector<std::string> missing;
        job.profile = ariaProfile(draft, job.mapDurations.toVector(), missing);
        for (const auto& m : missing) {
            report.notes.push_back(escapeForMessage(label) + ": profile: " + m);
        }
        const long long listed[2] = {static_cast<long long>(job.mapDurations.size()),
                                     static_cast<long long>(job.reduceDurations.size())};
        const std::optional<long long> totals[2] = {draft.totalMaps, draft.totalReduces};
        for (int k = 0; k < 2; ++k) {
            if (totals[k] && *totals[k] >= 0 && *totals[k] != listed[k]) {
                report.notes.push_back(escapeForMessage(label) + ": " + std::to_string(listed[k]) +
                                       " successful " + (k == 0 ? "map" : "reduce") +
                                       " tasks imported, total" + (k == 0 ? "Maps" : "Reduces") +
                                       " says " + std::to_string(*totals[k]));
            }
        }
        std::optional<long long> finish;
        Overheads estimated;
        if (options.overheads || options.replayLimits) {
            JobOverheadEstimate estimate = estimateOverheads(draft, label, report.notes);
            estimated = estimate.overheads;
            finish = estimate.finish;
            gaps.insert(gaps.end(), estimate.gaps.begin(), estimate.gaps.end());
            if (options.overheads) {
                job.overheads = estimate.overheads;
            }
        } else if (options.traceEnds) {
            finish = tracedFinish(draft, label, report.notes);
        }
        if (options.overheads || options.traceEnds) {
            finishes.push_back(finish);
        }
        if (options.replayLimits) {
            perJobEstimates.push_back(estimated);
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
            attempts.push_back(std::move(a));
        }
        report.mapTasks += job.maps();
        report.reduceTasks += job.reduces();
        submits.push_back(*draft.submit);
        labels.push_back(label);
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
        if (w.jobs[j].arrival > kMaxTime) {
            throw InputError(source, labels[j], "submitTime",
                             "comes " + formatNumber(w.jobs[j].arrival) +
                                 " s after the first job's; a workload file holds at most " +
                                 formatNumber(kMaxTime) + " s");
        }
    }
    for (std::size_t j = 0; j < finishes.size(); ++j) {
        if (finishes[j]) {
            w.jobs[j].traceEnd = seconds(*finishes[j] - first);
        }
    }
    if (options.overheads) {
        std::vector<Overheads> perJob;
        for (const Job& job : w.jobs) {
            perJob.push_back(job.overheads);
        }
        w.overheads = clusterOverheads(perJob, gaps);
        for (Job& job : w.jobs) {
            if (job.overheads.amSlots == w.overheads.amSlots) {
                job.overheads.amSlots.reset();  // the cluster's default says it
            }
        }
        report.overheadsEstimated = true;
        report.clusterOverheads = w.overheads;
        report.gapSamples = static_cast<long long>(gaps.size());
    }

    report.hosts = reader.hostCount();
    report.concurrencyMeasured = !clusterGiven;
    report.peakMapsPerHost = peakConcurrency(reader.hostEvents(TaskKind::Map));
    report.peakReducesPerHost = peakConcurrency(reader.hostEvents(TaskKind::Reduce));
    if (!options.nodes && report.hosts == 0) {
        throw InputError(source, "", "hostName",
                         "the trace names no hosts, so the cluster size is unknown: give --nodes");
    }
    // Defaults from the trace, within what a workload file may hold.
    const auto fromTrace = [&](int value, long long limit, const char* what) {
        if (value > limit) {
            report.notes.push_back("the trace gives " + std::to_string(value) + " " + what +
                                   "; capped at " + std::to_string(limit));
        }
        return static_cast<int>(std::clamp<long long>(value, 1, limit));
    };
    w.cluster.nodes = options.nodes.value_or(fromTrace(report.hosts, kMaxNodes, "nodes"));
    w.cluster.mapSlotsPerNode = options.mapSlotsPerNode.value_or(
        fromTrace(report.peakMapsPerHost, kMaxSlotsPerNode, "map slots per node"));
    w.cluster.reduceSlotsPerNode = options.reduceSlotsPerNode.value_or(
        fromTrace(report.peakReducesPerHost, kMaxSlotsPerNode, "reduce slots per node"));
    if (options.replayLimits) {
        // The trace's own estimates, whether or not the workload keeps them.
        const Overheads cluster = clusterOverheads(perJobEstimates, gaps);
        for (JobAttempts& a : attempts) {
            if (a.amSlots < 0) {
                a.amSlots = cluster.amSlots.value_or(0);
            }
        }
        report.replayLimits = replayLimits(attempts, reader.hostEvents(TaskKind::Map),
                                           reader.hostEvents(TaskKind::Reduce), w.cluster,
                                           cluster.assignGap.value_or(0.0));
    }
    w.name = "Rumen trace " + fileName(source);
    w.description = "Imported with mrsim import rumen from " + fileName(source) + ": " +
                    report.summary() + "." +
                    (options.overheads ? " Estimated " + report.overheadsSummary() + "." : "");
    validate(w, source);
    if (reportOut) {
        *reportOut = std::move(report);
    }
    return w;
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
