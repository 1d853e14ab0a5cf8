// UsageSeries — a simulated schedule's utilisation and queue depth over time, per slot kind: how
// many map (reduce) tasks run, and how many wait (their job has arrived — for reduces, its map
// stage is done — and they neither run nor are done). Drawn under every timeline at any zoom,
// from an hour of a batch to a week of a production cluster.
//
// Built once in time linear in the records and the jobs (waves count with all their tasks, never
// expanded): each quantity is a step function whose integral is kept per time bin as a running
// sum (bins of a power-of-two width, at most kMaxBins of them, so the memory is the bins', a few
// MB, whatever the number of tasks). A query returns the time-weighted mean over any interval
// (one pixel of a strip) in constant time: the mean keeps the area, so a strip's busy area is the
// busy slot-seconds, and utilisation is busy slots over slots as everywhere else in the program.
// Inside one bin the mean is the bin's (a finer view shows the bin's mean as a step).
//
// A task waits from its job's arrival (a reduce: from its job's last map end, or from its first
// reduce start when reduces start earlier under slow-start) until its first attempt starts, and
// again after an attempt of it stops without completing until the next one starts; a lost map
// output makes its map wait again. A failed job's tasks stop waiting when it fails. A speculative
// copy running beside its task's first attempt counts as running (it holds a slot) and hides one
// waiting task while both run: the waiting count is the remaining tasks minus the running
// attempts, never below zero.
#pragma once

#include <cstddef>
#include <vector>

#include "model/Workload.h"
#include "sim/SimResult.h"

namespace mr {

// Mean numbers of tasks over an interval.
struct UsageSample {
    double mapRunning = 0.0;
    double reduceRunning = 0.0;
    double mapWaiting = 0.0;
    double reduceWaiting = 0.0;
};

class UsageSeries {
public:
    static constexpr std::size_t kMaxBins = std::size_t{1} << 18;

    // An empty series: no slots, every mean 0.
    UsageSeries() = default;
    // `workload` is the one `sim` simulated (its jobs give each job's task counts).
    UsageSeries(const Workload& workload, const SimResult& sim);
    // The same, given the latest end among sim's records (TimelineIndex::end()): one pass over
    // the records instead of two.
    UsageSeries(const Workload& workload, const SimResult& sim, double recordsEnd);

    int mapSlots() const { return m_mapSlots; }
    int reduceSlots() const { return m_reduceSlots; }
    double binWidth() const { return m_binWidth; }  // seconds
    double end() const { return m_end; }            // the last event's time
    std::size_t memoryBytes() const;

    // The time-weighted means over [from, to) (from < to; outside [0, end()] everything is 0).
    UsageSample mean(double from, double to) const;
    // One sample per pixel: samples[i] = mean(from + i·secondsPerPixel, from + (i+1)·...).
    void sample(double from, double secondsPerPixel, int width,
                std::vector<UsageSample>& samples) const;
    // The integral over [0, end()] of the running tasks of a kind (its busy slot-seconds).
    double busySeconds(TaskKind kind) const;

private:
    // The four integrals at a bin boundary: running map, running reduce, remaining (ready and not
    // done) map, remaining reduce.
    struct Integrals {
        double v[4] = {0.0, 0.0, 0.0, 0.0};
    };
    class Builder;  // the one pass over jobs and records (UsageSeries.cpp)
    Integrals integralAt(double time) const;

    int m_mapSlots = 0;
    int m_reduceSlots = 0;
    double m_binWidth = 1.0;
    double m_end = 0.0;
    std::vector<Integrals> m_cumulative;  // at the bin boundaries 0, w, 2w, ..., bins·w
};

}  // namespace mr
