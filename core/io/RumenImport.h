// RumenImport — a Hadoop Rumen job trace (the job-history digest that Hadoop's Scheduler Load
// Simulator replays) as a workload. Per job: the successful attempt of every map and reduce task
// (finish − start, ms → s), the arrival (submitTime relative to the earliest job), the name
// (jobName + jobID), and the ARIA job profile of [Verma12] §II-B / [Verma12b] §II:
//   map_avg, map_max           over the successful map attempts (finish − start);
//   first_shuffle_avg/max      reduce attempts that started before the map stage ended (the
//                              first reduce wave): only the part of the shuffle after the map
//                              stage, sortFinished − last map finish ([Verma12]: "the
//                              non-overlapping portion"); when no reduce overlapped the map stage,
//                              every shuffle;
//   typical_shuffle_avg/max    reduce attempts that started after the map stage:
//                              sortFinished − startTime;
//   reduce_avg, reduce_max     finishTime − sortFinished.
// sortFinished falls back to shuffleFinished; when neither is known for every successful reduce
// attempt, the shuffle statistics stay unset (estimators then take 0), reduce_avg/max cover whole
// attempts, and the report says so. A task's failed and killed attempts, when each has its times
// and they are retries one after another before the success with at most one killed attempt
// running beside it (io/RumenAttemptChain.h), become the job's traced attempts
// (model/TracedAttempt.h: start, end, the next attempt's or the successful one's start, the
// hosts' nodes), which a replay runs as traced. Failed and killed attempts, tasks and jobs are
// counted in the report (failed and killed tasks and jobs are not imported); setup/cleanup tasks
// (otherTasks) are not MapReduce work and are counted apart (their time is part of the estimated
// overheads: io/RumenOverheads.h).
// A Rumen file is a sequence of concatenated JSON objects, one per job; a job whose name an
// earlier one had (streams of several traces repeat jobs) is kept under "NAME (2)", unless it is
// the same history again (same jobID, times and attempts): then it is dropped, with a note. It is
// read one job at a time by a SAX parser that keeps only the fields above, so memory is bounded by
// the largest job plus the imported workload (8 bytes per task) — not by the file — and, unless the
// options give the whole cluster, 32 bytes per attempt for the default cluster size. A truncated or
// corrupt file is one InputError naming the file, the job, the field and the line; no partial
// workload is ever returned.
#pragma once

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "model/Workload.h"

namespace mr {

struct RumenImportOptions {
    // The cluster. By default: nodes = the hosts that ran attempts in the trace; slots per node =
    // the most attempts of that kind that ran at once on one host (at least 1).
    std::optional<int> nodes;
    std::optional<int> mapSlotsPerNode;
    std::optional<int> reduceSlotsPerNode;
    // Estimate the overheads model (model/Overheads.h, io/RumenOverheads.h) and each job's traced
    // end (Job::traceEnd). false: the tasks alone, as the papers' model.
    bool overheads = true;
    // Record each job's traced end (Job::traceEnd) without the overheads too: what `mrsim validate
    // --no-overheads` compares the tasks alone with.
    bool traceEnds = false;
    // Measure, per job, what a replay of its successful attempts cannot reproduce
    // (RumenImportReport::replayLimits; io/RumenReplayLimits.h). Keeps every attempt's host and
    // times (32 bytes per attempt), as the default cluster does.
    bool replayLimits = false;
};

struct RumenImportReport {
    long long jobs = 0;  // imported
    long long mapTasks = 0;
    long long reduceTasks = 0;
    // Attempts that did not succeed, counted; of the failed and killed ones, `replayedAttempts`
    // are kept as the job's traced attempts and replayed (the rest `validate` names):
    long long failedAttempts = 0;
    long long killedAttempts = 0;
    long long replayedAttempts = 0;
    // Skipped, counted:
    long long otherAttempts = 0;  // result neither SUCCESS, FAILED nor KILLED (or unknown)
    long long failedTasks = 0;
    long long killedTasks = 0;
    long long tasksWithoutSuccess = 0;  // no successful attempt although not failed or killed
    long long setupCleanupTasks = 0;    // otherTasks[]
    long long skippedJobs = 0;          // outcome not SUCCESS, or no successful map task
    // Jobs whose name (jobName + jobID) an earlier job of the stream already had: kept, renamed
    // "NAME (2)", "NAME (3)", ... (a concatenated stream of traces may repeat a job).
    long long renamedJobs = 0;
    // Jobs the trace holds a second time — the same jobID, submit and finish times and the same
    // successful attempts (Gridmix's wordcount2.json is one history written twice): one history
    // cannot be two jobs sharing the cluster, so the copy is dropped (with a note) and its
    // attempts count neither in the cluster's concurrency nor in the skipped counts.
    long long duplicateJobs = 0;
    // The trace's hosts and per-host peak concurrency (what the default cluster comes from).
    int hosts = 0;
    int peakMapsPerHost = 0;
    int peakReducesPerHost = 0;
    bool concurrencyMeasured = false;  // not when the options gave the whole cluster
    // The estimated overheads (when asked for): the cluster's defaults and the gap samples.
    bool overheadsEstimated = false;
    Overheads clusterOverheads;
    long long gapSamples = 0;
    // One line per job whose profile lacks a statistic (which ones, and why), per skipped job,
    // and per job whose task lists disagree with totalMaps / totalReduces.
    std::vector<std::string> notes;
    // With RumenImportOptions::replayLimits: per imported job, what its replay cannot reproduce
    // (failed and killed attempts it leaves out, waits beside a free slot), one sentence each.
    std::vector<std::vector<std::string>> replayLimits;

    // "2 jobs, 192 map + 0 reduce tasks; skipped: 0 failed + 0 killed attempts, ..."
    std::string summary() const;
    // "overheads: AM start 6.615 s (median), commit 6.416 s, AM 2 map slots, assign gap 1.63 s
    // (132 gaps)"; empty when not estimated.
    std::string overheadsSummary() const;
};

Workload importRumen(const std::string& path, const RumenImportOptions& options = {},
                     RumenImportReport* report = nullptr);
// `source` names the stream in errors and in the workload's name.
Workload importRumen(std::istream& in, const std::string& source,
                     const RumenImportOptions& options = {}, RumenImportReport* report = nullptr);

}  // namespace mr
