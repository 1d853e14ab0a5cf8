#include "timeline/UsageSeries.h"

#include <algorithm>
#include <cmath>

namespace mr {

namespace {

enum Series : int { kMapRunning = 0, kReduceRunning = 1, kMapRemaining = 2, kReduceRemaining = 3 };

int runningSeries(TaskKind kind) {
    return kind == TaskKind::Map ? kMapRunning : kReduceRunning;
}

int remainingSeries(TaskKind kind) {
    return kind == TaskKind::Map ? kMapRemaining : kReduceRemaining;
}

// The latest record end.
double lastRecordEnd(const SimResult& sim) {
    double end = 0.0;
    for (const TaskRecord& r : sim.tasks) {
        end = std::max(end, r.end);
    }
    return end;
}

// The latest time anything happens (the records' latest end given): the series are zero after it.
double lastEvent(const SimResult& sim, double recordsEnd) {
    double end = recordsEnd;
    for (const JobTimes& t : sim.jobs) {
        end = std::max({end, t.arrival, t.end});
    }
    return end;
}

// The smallest power of two (seconds) that covers `end` in at most `maxBins` bins.
double binWidthFor(double end, std::size_t maxBins) {
    const double wanted = end / static_cast<double>(maxBins);
    return wanted > 0.0 ? std::exp2(std::ceil(std::log2(wanted))) : 1.0;
}

// Per job: completed tasks per kind, the first reduce start, lost map outputs.
struct JobCounts {
    long long completed[2] = {0, 0};
    double firstReduceStart = -1.0;
    long long lostMaps = 0;
};

}  // namespace

// Accumulates the step functions as events (time, change) into per-bin integrals: an event at t
// adds its change × (the bin's end − t) to t's bin and its change × w to every later bin (a
// difference array, summed once at the end).
class UsageSeries::Builder {
public:
    Builder(UsageSeries& out, double end) : m_out(out) {
        m_out.m_end = end;
        m_out.m_binWidth = binWidthFor(end, kMaxBins);
        const double bins = std::max(1.0, std::ceil(end / m_out.m_binWidth));
        m_bins = static_cast<std::size_t>(bins);
        m_partial.resize(m_bins + 1);
        m_step.resize(m_bins + 1);
    }

    void add(int series, double time, double change) {
        const double w = m_out.m_binWidth;
        const double t = std::max(time, 0.0);
        const auto bin = std::min(static_cast<std::size_t>(t / w), m_bins - 1);
        const double binEnd = static_cast<double>(bin + 1) * w;
        m_partial[bin].v[series] += change * std::max(binEnd - t, 0.0);
        m_step[bin + 1].v[series] += change;
    }

    // Turns the events into running sums of the integrals at the bin boundaries.
    void finish() {
        const double w = m_out.m_binWidth;
        auto& cumulative = m_out.m_cumulative;
        cumulative.assign(m_bins + 1, Integrals{});
        Integrals level;
        for (std::size_t b = 0; b < m_bins; ++b) {
            for (int s = 0; s < 4; ++s) {
                level.v[s] += m_step[b].v[s];
                cumulative[b + 1].v[s] = cumulative[b].v[s] + m_partial[b].v[s] + w * level.v[s];
            }
        }
    }

private:
    UsageSeries& m_out;
    std::size_t m_bins = 1;
    std::vector<Integrals> m_partial;
    std::vector<Integrals> m_step;
};

namespace {

// Running attempts (killed ones too: they hold their slots) and completions; counts per job.
template <class Builder>
std::vector<JobCounts> addRecords(Builder& b, const SimResult& sim) {
    std::vector<JobCounts> counts(sim.jobs.size());
    for (const TaskRecord& r : sim.tasks) {
        const double n = r.count;
        b.add(runningSeries(r.kind), r.start, n);
        b.add(runningSeries(r.kind), r.end, -n);
        if (static_cast<std::size_t>(r.job) >= counts.size()) {
            continue;
        }
        JobCounts& c = counts[static_cast<std::size_t>(r.job)];
        if (!r.killed) {
            b.add(remainingSeries(r.kind), r.end, -n);
            c.completed[r.kind == TaskKind::Map ? 0 : 1] += r.count;
        }
        if (r.kind == TaskKind::Reduce &&
            (c.firstReduceStart < 0.0 || r.start < c.firstReduceStart)) {
            c.firstReduceStart = r.start;
        }
    }
    for (const LostOutput& lost : sim.lostOutputs) {
        b.add(kMapRemaining, lost.time, 1.0);
        if (static_cast<std::size_t>(lost.job) < counts.size()) {
            ++counts[static_cast<std::size_t>(lost.job)].lostMaps;
        }
    }
    return counts;
}

// A job's tasks become remaining when they are ready; whatever a job did not complete (a failed
// job's tasks) stops being remaining at its end.
template <class Builder>
void addJobs(Builder& b, const Workload& w, const SimResult& sim,
             const std::vector<JobCounts>& counts) {
    const std::size_t jobs = std::min(w.jobs.size(), sim.jobs.size());
    for (std::size_t j = 0; j < jobs; ++j) {
        const JobTimes& t = sim.jobs[j];
        const JobCounts& c = counts[j];
        const double maps = w.jobs[j].maps();
        b.add(kMapRemaining, t.arrival, maps);
        b.add(kMapRemaining, t.end, -(maps + static_cast<double>(c.lostMaps - c.completed[0])));
        const double reduces = w.jobs[j].reduces();
        // A failed job's reduces were ready only if one of them started.
        if (reduces == 0.0 || (t.failed && c.firstReduceStart < 0.0)) {
            continue;
        }
        const double ready =
            c.firstReduceStart < 0.0 ? t.mapEnd : std::min(t.mapEnd, c.firstReduceStart);
        b.add(kReduceRemaining, ready, reduces);
        b.add(kReduceRemaining, t.end, -(reduces - static_cast<double>(c.completed[1])));
    }
}

}  // namespace

UsageSeries::UsageSeries(const Workload& workload, const SimResult& sim)
    : UsageSeries(workload, sim, lastRecordEnd(sim)) {}

UsageSeries::UsageSeries(const Workload& workload, const SimResult& sim, double recordsEnd)
    : m_mapSlots(sim.mapSlots), m_reduceSlots(sim.reduceSlots) {
    Builder builder(*this, lastEvent(sim, recordsEnd));
    const std::vector<JobCounts> counts = addRecords(builder, sim);
    // Without records (a run that kept none) nothing is known to complete: no queue either.
    if (!sim.tasks.empty()) {
        addJobs(builder, workload, sim, counts);
    }
    builder.finish();
}

std::size_t UsageSeries::memoryBytes() const {
    return sizeof(*this) + m_cumulative.capacity() * sizeof(Integrals);
}

UsageSeries::Integrals UsageSeries::integralAt(double time) const {
    const std::size_t bins = m_cumulative.size() - 1;
    const double position = std::clamp(time / m_binWidth, 0.0, static_cast<double>(bins));
    const auto bin = std::min(static_cast<std::size_t>(position), bins - 1);
    const double frac = position - static_cast<double>(bin);
    Integrals at;
    for (int s = 0; s < 4; ++s) {
        const double lo = m_cumulative[bin].v[s];
        at.v[s] = lo + (m_cumulative[bin + 1].v[s] - lo) * frac;
    }
    return at;
}

UsageSample UsageSeries::mean(double from, double to) const {
    if (!(to > from) || m_cumulative.empty()) {
        return {};
    }
    const Integrals a = integralAt(from);
    const Integrals b = integralAt(to);
    double m[4];
    for (int s = 0; s < 4; ++s) {
        m[s] = std::max((b.v[s] - a.v[s]) / (to - from), 0.0);
    }
    return {m[kMapRunning], m[kReduceRunning], std::max(m[kMapRemaining] - m[kMapRunning], 0.0),
            std::max(m[kReduceRemaining] - m[kReduceRunning], 0.0)};
}

void UsageSeries::sample(double from, double secondsPerPixel, int width,
                         std::vector<UsageSample>& samples) const {
    samples.resize(static_cast<std::size_t>(std::max(width, 0)));
    for (int i = 0; i < width; ++i) {
        samples[static_cast<std::size_t>(i)] =
            mean(from + i * secondsPerPixel, from + (i + 1) * secondsPerPixel);
    }
}

double UsageSeries::busySeconds(TaskKind kind) const {
    return m_cumulative.empty() ? 0.0 : m_cumulative.back().v[runningSeries(kind)];
}

}  // namespace mr
