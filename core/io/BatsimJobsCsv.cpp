#include "io/BatsimJobsCsv.h"

#include <algorithm>

#include "io/AtomicFile.h"
#include "io/Csv.h"
#include "model/InputError.h"

namespace mr {

namespace {

using Intervals = std::vector<std::pair<long long, long long>>;

// Per job, the resources its task records ran on (waves as one interval each).
std::vector<Intervals> jobResources(const Workload& w, const RunResult& r) {
    std::vector<Intervals> out(r.sim.jobs.size());
    const long long mapSlots = w.cluster.mapSlots();
    for (const TaskRecord& t : r.sim.tasks) {
        const long long first = t.slot + (t.kind == TaskKind::Reduce ? mapSlots : 0);
        out[static_cast<std::size_t>(t.job)].emplace_back(first, first + t.count - 1);
    }
    return out;
}

long long resourceCount(const Intervals& merged) {
    long long n = 0;
    for (const auto& [first, last] : merged) {
        n += last - first + 1;
    }
    return n;
}

Intervals merged(Intervals intervals) {
    std::sort(intervals.begin(), intervals.end());
    Intervals out;
    for (const auto& i : intervals) {
        if (!out.empty() && i.first <= out.back().second + 1) {
            out.back().second = std::max(out.back().second, i.second);
        } else {
            out.push_back(i);
        }
    }
    return out;
}

std::string intervalText(const Intervals& merged) {
    std::string out;
    for (const auto& [first, last] : merged) {
        out += (out.empty() ? "" : " ") + std::to_string(first);
        if (last > first) {
            out += "-" + std::to_string(last);
        }
    }
    return out;
}

}  // namespace

std::string batsimIntervals(std::vector<std::pair<long long, long long>> intervals) {
    return intervalText(merged(std::move(intervals)));
}

std::string batsimJobsCsv(const Workload& input, const RunResult& r) {
    const Workload& w = r.simulatedWorkload ? *r.simulatedWorkload : input;
    const std::vector<Intervals> resources = jobResources(w, r);
    std::string out = std::string(kBatsimJobColumns) + "\n";
    for (std::size_t j = 0; j < r.sim.jobs.size(); ++j) {
        const JobTimes& t = r.sim.jobs[j];
        const Job& job = w.jobs[j];
        const Intervals slots = merged(resources[j]);
        if (slots.empty() && job.maps() + job.reduces() > 0) {
            throw InputError("", job.name, "allocated_resources",
                             "the run kept no task records (run with task records to write "
                             "Batsim's columns)");
        }
        const double execution = t.end - t.start;
        const double turnaround = t.end - t.arrival;
        out += csvRow({job.name, w.name, csvNumber(t.arrival), std::to_string(resourceCount(slots)),
                       "-1", "1", csvNumber(t.start), csvNumber(execution), csvNumber(t.end),
                       csvNumber(t.start - t.arrival), csvNumber(turnaround),
                       execution > 0.0 ? csvNumber(turnaround / execution) : std::string(),
                       intervalText(slots)});
    }
    return out;
}

void writeBatsimJobsCsv(const std::string& path, const Workload& workload,
                        const RunResult& result) {
    writeFileAtomically(path, batsimJobsCsv(workload, result));
}

}  // namespace mr
