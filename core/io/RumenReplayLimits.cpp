#include "io/RumenReplayLimits.h"

#include <algorithm>
#include <limits>

#include "io/NumberFormat.h"

namespace mr {

namespace {

constexpr long long kNever = std::numeric_limits<long long>::min();

std::string seconds(long long ms) {
    return formatNumber(static_cast<double>(ms) / 1000.0) + " s";
}

// The busy slots of one kind over time, cluster-wide: at times[k] (after every event there)
// busy[k] slots are taken until times[k + 1].
class Occupancy {
public:
    Occupancy(std::vector<std::pair<long long, int>> events, int capacity) : m_capacity(capacity) {
        std::sort(events.begin(), events.end());  // an end (-1) frees its slot for a start at t
        int busy = 0;
        for (const auto& [time, delta] : events) {
            busy += delta;
            if (!m_times.empty() && m_times.back() == time) {
                m_busy.back() = busy;
            } else {
                m_times.push_back(time);
                m_busy.push_back(busy);
            }
        }
        // The end of the latest interval, at or before each k, in which no slot was free.
        m_fullUntil.resize(m_times.size(), kNever);
        for (std::size_t k = 0; k < m_times.size(); ++k) {
            const long long end =
                k + 1 < m_times.size() ? m_times[k + 1] : std::numeric_limits<long long>::max();
            m_fullUntil[k] = m_busy[k] >= m_capacity ? end : k > 0 ? m_fullUntil[k - 1] : kNever;
        }
    }

    // Since when, before `start`, a slot was free without a break (kNever: always).
    long long freeSince(long long start) const {
        const auto it = std::lower_bound(m_times.begin(), m_times.end(), start);
        if (it == m_times.begin()) {
            return kNever;
        }
        return m_fullUntil[static_cast<std::size_t>(it - m_times.begin()) - 1];
    }

    // The fewest free slots in [from, to).
    int leastFree(long long from, long long to) const {
        int least = m_capacity;
        const auto after = std::upper_bound(m_times.begin(), m_times.end(), from);
        // The step holding `from` (none before the first event: every slot free), then on.
        auto k = static_cast<std::size_t>(after - m_times.begin());
        k = k > 0 ? k - 1 : 0;
        for (; k < m_times.size() && m_times[k] < to; ++k) {
            least = std::min(least, m_capacity - m_busy[k]);
        }
        return std::max(0, least);
    }

    int capacity() const { return m_capacity; }

private:
    int m_capacity;
    std::vector<long long> m_times;
    std::vector<int> m_busy;
    std::vector<long long> m_fullUntil;
};

std::vector<std::pair<long long, int>> flatten(const HostEvents& hosts) {
    std::vector<std::pair<long long, int>> all;
    for (const auto& events : hosts) {
        all.insert(all.end(), events.begin(), events.end());
    }
    return all;
}

// The longest wait beside a free slot among `starts` (each eligible from `eligible`), as a
// sentence, when it is longer than the assignment gap.
// A retried task (`retried[i]`) is left out: its wait is its failed attempts'.
void longestIdleWait(const Occupancy& slots, const std::vector<long long>& starts,
                     const std::vector<bool>& retried, long long eligible, long long gapMs,
                     const char* kind, const char* since, std::vector<std::string>& out) {
    long long longest = 0;
    std::size_t which = 0;
    long long from = 0;
    for (std::size_t i = 0; i < starts.size(); ++i) {
        if (retried[i]) {
            continue;
        }
        const long long waitFrom = std::max(eligible, slots.freeSince(starts[i]));
        if (starts[i] - waitFrom > longest) {
            longest = starts[i] - waitFrom;
            which = i;
            from = waitFrom;
        }
    }
    if (longest <= gapMs) {
        return;
    }
    out.push_back(std::string(kind) + " task " + std::to_string(which + 1) + " (of " +
                  std::to_string(starts.size()) + ") started " + seconds(longest) + " after " +
                  since + ", while at least " +
                  std::to_string(slots.leastFree(from, starts[which])) + " of the trace's " +
                  std::to_string(slots.capacity()) + " " + kind +
                  " slots stayed free (the trace's mean assignment gap: " + seconds(gapMs) + ")");
}

// A task whose failed and killed attempts the replay leaves out, as a sentence.
std::string unreplayedTask(const JobAttempts& job, const RetriedTask& r) {
    const bool map = r.kind == TaskKind::Map;
    const std::size_t count = map ? job.mapStarts.size() : job.reduceStarts.size();
    const auto attempts = [](int n, const char* result) {
        return std::to_string(n) + " " + result + (n == 1 ? " attempt" : " attempts");
    };
    std::string what;
    if (r.failedAttempts > 0) {
        what = attempts(r.failedAttempts, "failed");
    }
    if (r.killedAttempts > 0) {
        what += (what.empty() ? "" : " and ") + attempts(r.killedAttempts, "killed");
    }
    return std::string(map ? "map" : "reduce") + " task " + std::to_string(r.index + 1) + " (of " +
           std::to_string(count) + "): " + what + " not replayed; its successful attempt started " +
           seconds(r.successStart - r.firstStart) +
           " after the first one (the replay runs a task's failed and killed attempts when each "
           "has its times and they are retries one after another before the success, with at "
           "most one killed attempt running beside it)";
}

}  // namespace

std::vector<std::vector<std::string>> replayLimits(const std::vector<JobAttempts>& jobs,
                                                   const HostEvents& mapEvents,
                                                   const HostEvents& reduceEvents,
                                                   const Cluster& cluster, double assignGap) {
    std::vector<std::pair<long long, int>> maps = flatten(mapEvents);
    for (const JobAttempts& job : jobs) {
        if (job.amSlots > 0) {
            long long end = job.finish.value_or(job.submit);
            for (long long f : job.mapFinishes) {
                end = std::max(end, f);
            }
            maps.emplace_back(job.submit, job.amSlots);
            maps.emplace_back(end, -job.amSlots);
        }
    }
    const Occupancy mapSlots(std::move(maps), cluster.mapSlots());
    const Occupancy reduceSlots(flatten(reduceEvents), cluster.reduceSlots());
    const long long gapMs = static_cast<long long>(assignGap * 1000.0 + 0.5);

    std::vector<std::vector<std::string>> out(jobs.size());
    for (std::size_t j = 0; j < jobs.size(); ++j) {
        const JobAttempts& job = jobs[j];
        std::vector<std::string>& limits = out[j];
        std::vector<bool> retriedMaps(job.mapStarts.size(), false);
        std::vector<bool> retriedReduces(job.reduceStarts.size(), false);
        for (const RetriedTask& r : job.retried) {
            auto& flags = r.kind == TaskKind::Map ? retriedMaps : retriedReduces;
            if (r.index >= 0 && static_cast<std::size_t>(r.index) < flags.size() &&
                r.firstStart < r.successStart) {
                flags[static_cast<std::size_t>(r.index)] = true;
            }
            if (!r.replayed) {
                limits.push_back(unreplayedTask(job, r));
            }
        }
        if (job.mapStarts.empty()) {
            continue;
        }
        long long firstStart = *std::min_element(job.mapStarts.begin(), job.mapStarts.end());
        for (long long s : job.reduceStarts) {
            firstStart = std::min(firstStart, s);
        }
        const long long mapEnd = *std::max_element(job.mapFinishes.begin(), job.mapFinishes.end());
        longestIdleWait(mapSlots, job.mapStarts, retriedMaps, firstStart, gapMs, "map",
                        "its job's first task started", limits);
        longestIdleWait(reduceSlots, job.reduceStarts, retriedReduces, mapEnd, gapMs, "reduce",
                        "its job's last map ended", limits);
    }
    return out;
}

}  // namespace mr
