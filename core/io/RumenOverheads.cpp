#include "io/RumenOverheads.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <string_view>

#include "model/Numbers.h"

namespace mr {

namespace {

double seconds(long long ms) {
    return static_cast<double>(ms) / 1000.0;
}

// A configuration value as a number, when it is one.
std::optional<double> property(const JobDraft& draft, const char* key) {
    const auto it = draft.properties.find(key);
    if (it == draft.properties.end() || it->second.empty()) {
        return std::nullopt;
    }
    // The one number parser (model/Numbers.h): the same in every locale, where strtod reads "1.5"
    // as 1 under a German desktop's LC_NUMERIC (the explorer imports traces too).
    std::string_view text = it->second;
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) {
        text.remove_prefix(1);
    }
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) {
        text.remove_suffix(1);
    }
    return parseDouble(text);
}

// YARN rounds a container request up to a multiple of the scheduler's minimum allocation.
double container(double mb, double minimum) {
    return minimum > 0.0 ? std::ceil(mb / minimum) * minimum : mb;
}

std::optional<int> amSlots(const JobDraft& draft) {
    const auto am = property(draft, "yarn.app.mapreduce.am.resource.mb");
    if (!am || *am <= 0.0) {
        return std::nullopt;
    }
    std::optional<double> map = property(draft, "mapreduce.map.memory.mb");
    if (!map) {
        map = property(draft, "mapred.job.map.memory.mb");
    }
    if (!map && draft.jobMapMB && *draft.jobMapMB > 0) {
        map = static_cast<double>(*draft.jobMapMB);
    }
    if (!map || *map <= 0.0) {
        return std::nullopt;
    }
    const double minimum = property(draft, "yarn.scheduler.minimum-allocation-mb").value_or(1024.0);
    return static_cast<int>(std::ceil(container(*am, minimum) / container(*map, minimum)));
}

// Gap samples of one stage: the k-th start after the first end against the k-th end.
void stageGaps(std::vector<long long> starts, std::vector<long long> finishes,
               std::vector<double>& gaps) {
    if (finishes.empty()) {
        return;
    }
    std::sort(starts.begin(), starts.end());
    std::sort(finishes.begin(), finishes.end());
    const auto later = std::lower_bound(starts.begin(), starts.end(), finishes.front());
    for (auto s = later; s != starts.end(); ++s) {
        const long long gap = *s - finishes[static_cast<std::size_t>(s - later)];
        if (gap >= 0) {
            gaps.push_back(seconds(gap));
        }
    }
}

double roundToMicroseconds(double value) {
    return std::round(value * 1.0e6) / 1.0e6;
}

}  // namespace

long long lastAttemptEnd(const JobDraft& draft) {
    long long last = *std::max_element(draft.mapFinishes.begin(), draft.mapFinishes.end());
    for (const ReduceTimes& r : draft.reduces) {
        last = std::max(last, r.finish);
    }
    return last;
}

std::optional<long long> tracedFinish(const JobDraft& draft, const std::string& label,
                                      std::vector<std::string>& notes) {
    if (!draft.finish || *draft.finish < 0) {
        notes.push_back(label + ": no finishTime, so no commit time and no traced end");
        return std::nullopt;
    }
    if (*draft.finish < lastAttemptEnd(draft)) {
        notes.push_back(label + ": finishTime is before the last task attempt ends; " +
                        "no commit time and no traced end");
        return std::nullopt;
    }
    return *draft.finish;
}

JobOverheadEstimate estimateOverheads(const JobDraft& draft, const std::string& label,
                                      std::vector<std::string>& notes) {
    JobOverheadEstimate e;
    long long firstStart = *std::min_element(draft.mapStarts.begin(), draft.mapStarts.end());
    const long long mapEnd = *std::max_element(draft.mapFinishes.begin(), draft.mapFinishes.end());
    std::vector<long long> reduceStarts;
    std::vector<long long> reduceFinishes;
    for (const ReduceTimes& r : draft.reduces) {
        firstStart = std::min(firstStart, r.start);
        reduceStarts.push_back(r.start);
        reduceFinishes.push_back(r.finish);
    }
    const long long submit = draft.submit.value_or(firstStart);
    e.overheads.amStart = seconds(std::max(0LL, firstStart - submit));
    e.finish = tracedFinish(draft, label, notes);
    if (e.finish) {
        e.overheads.commit = seconds(*e.finish - lastAttemptEnd(draft));
    }
    if (const auto slots = amSlots(draft)) {
        e.overheads.amSlots = *slots;
    }

    // Slow-start: reduces that started before the map stage ended.
    long long firstReduce = -1;
    for (const ReduceTimes& r : draft.reduces) {
        if (r.start < mapEnd && (firstReduce < 0 || r.start < firstReduce)) {
            firstReduce = r.start;
        }
    }
    if (firstReduce >= 0) {
        std::optional<double> fraction =
            property(draft, "mapreduce.job.reduce.slowstart.completedmaps");
        if (!fraction) {
            fraction = property(draft, "mapred.reduce.slowstart.completed.maps");
        }
        if (!fraction || *fraction < 0.0 || *fraction > 1.0) {
            const auto done = std::count_if(draft.mapFinishes.begin(), draft.mapFinishes.end(),
                                            [&](long long f) { return f <= firstReduce; });
            fraction = roundToMicroseconds(static_cast<double>(done) /
                                           static_cast<double>(draft.mapFinishes.size()));
        }
        e.overheads.slowstart = *fraction;
        long long tail = -1;
        for (const ReduceTimes& r : draft.reduces) {
            if (r.start < mapEnd) {
                const long long after = std::max(0LL, r.finish - mapEnd);
                tail = tail < 0 ? after : std::min(tail, after);
            }
        }
        e.overheads.reduceTail = seconds(tail);
    }

    stageGaps(draft.mapStarts, draft.mapFinishes, e.gaps);
    stageGaps(reduceStarts, reduceFinishes, e.gaps);
    return e;
}

Overheads clusterOverheads(const std::vector<Overheads>& jobs, const std::vector<double>& gaps) {
    Overheads c;
    const auto median = [](std::vector<double> values) -> std::optional<double> {
        if (values.empty()) {
            return std::nullopt;
        }
        std::sort(values.begin(), values.end());
        const std::size_t n = values.size();
        return n % 2 == 1 ? values[n / 2]
                          : roundToMicroseconds((values[n / 2 - 1] + values[n / 2]) / 2.0);
    };
    std::vector<double> amStarts;
    std::vector<double> commits;
    std::map<int, int> slotCounts;
    for (const Overheads& o : jobs) {
        if (o.amStart) {
            amStarts.push_back(*o.amStart);
        }
        if (o.commit) {
            commits.push_back(*o.commit);
        }
        if (o.amSlots) {
            ++slotCounts[*o.amSlots];
        }
    }
    c.amStart = median(amStarts);
    c.commit = median(commits);
    if (!slotCounts.empty()) {
        // The most common value; the smaller one on ties.
        c.amSlots =
            std::max_element(slotCounts.begin(), slotCounts.end(),
                             [](const auto& a, const auto& b) { return a.second < b.second; })
                ->first;
    }
    if (!gaps.empty()) {
        double sum = 0.0;
        for (double g : gaps) {
            sum += g;
        }
        c.assignGap = roundToMicroseconds(sum / static_cast<double>(gaps.size()));
    }
    return c;
}

}  // namespace mr
