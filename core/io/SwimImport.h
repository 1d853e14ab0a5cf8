// SwimImport — a SWIM workload (UC Berkeley's Statistical Workload Injector for MapReduce, e.g.
// the Facebook 2009/2010 samples) as a workload. SWIM rows are job-level only (tab-separated, no
// header): job id, submit time (s), inter-job gap (s), map input bytes, shuffle bytes, reduce
// output bytes. Tasks and their durations come from a byte model (MB = 10^6 bytes):
//   maps          = max(1, ceil(input / block size))        (a job without input keeps one map;
//                   a map-only job has at least ceil(output / block size): no map writes more
//                   than a block)
//   reduces       = ceil(shuffle / bytes per reducer)       (0 when nothing is shuffled)
//   map time      = overhead + (input / maps) / map rate    (+ output / maps / map rate when the
//                                                             job has no reduce: maps write it)
//   reduce time   = overhead + (shuffle + output) / reduces / reduce rate
// Every task of a stage gets the same time (the bytes are split evenly), rounded to 1 ms.
// Arrival = the row's submit time; names are the rows' job ids. Rows must have six columns, whole
// non-negative byte counts and non-decreasing submit times; any other row is one InputError
// naming the file, the job, the column and the line.
#pragma once

#include <functional>
#include <iosfwd>
#include <string>

#include "model/Workload.h"

namespace mr {

struct SwimModel {
    long long blockSize = 64LL * 1024 * 1024;  // bytes; HDFS default of [Verma12]'s testbed (§IV-C)
    double mapMBPerS = 5.0;                    // bytes a map task reads (or writes) per second
    double reduceMBPerS = 5.0;                 // bytes a reduce task shuffles + writes per second
    long long bytesPerReducer = 1'000'000'000;  // Hive/Pig's default bytes per reducer (1 GB)
    double taskOverhead = 0.0;                  // seconds added to every task (start-up)
};

struct SwimImportOptions {
    SwimModel model;
    long long maxJobs = 0;  // the first N rows; 0 = all
    // The trace as N consecutive days: after the rows themselves, every job again with its
    // arrival k x 86400 s later and its name suffixed "-day<k+1>", for k = 1 … N - 1 (a week or a
    // month of a production cluster from one day's sample). Memory holds one day's jobs.
    int repeatDays = 1;
    Cluster cluster{64, 4, 4};  // [Verma12] §IV-C testbed: 64 workers, 4 map + 4 reduce slots
};

struct SwimImportReport {
    long long jobs = 0;
    long long mapTasks = 0;
    long long reduceTasks = 0;
    long long jobsWithoutInput = 0;   // kept with one map task
    long long mapOnlyJobs = 0;        // no shuffle bytes: no reduce task
    bool truncatedByMaxJobs = false;  // stopped after maxJobs rows
    std::string summary() const;      // "100 jobs, 1234 map + 56 reduce tasks; ..."
};

// The job one row describes under `model` (exposed for tests and the documentation's examples).
Job swimJob(const std::string& id, double submitSeconds, long long inputBytes,
            long long shuffleBytes, long long outputBytes, const SwimModel& model);

inline constexpr int kMaxRepeatDays = 3660;  // ten years of days

// Reads the rows one by one and hands each job to `sink`, in file order (then the repeated days):
// memory holds one job, or one day's jobs with repeatDays > 1.
void readSwim(std::istream& in, const std::string& source, const SwimImportOptions& options,
              const std::function<void(const Job&)>& sink, SwimImportReport* report = nullptr);

// The whole trace as a workload in memory.
Workload importSwim(const std::string& path, const SwimImportOptions& options = {},
                    SwimImportReport* report = nullptr);

// Streams the trace into an mrx-workload file at `output` (what `mrsim import swim` does): the
// text equals saveWorkload(importSwim(...)), but memory holds one job, not the batch (the
// FB-2010 sample expands to 16 million tasks). The file appears only if the whole trace is good.
void importSwimToFile(const std::string& path, const SwimImportOptions& options,
                      const std::string& output, SwimImportReport* report = nullptr);

}  // namespace mr
