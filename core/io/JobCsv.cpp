#include "io/JobCsv.h"

#include "experiments/DeadlineMetrics.h"
#include "experiments/JobMetrics.h"
#include "io/Csv.h"

namespace mr {

std::string jobTimesCsv(const Workload& input, const RunResult& result) {
    const Workload& w = result.simulatedWorkload ? *result.simulatedWorkload : input;
    std::vector<std::string> pools(w.jobs.size());
    if (result.sim.pools.size() > 1) {
        for (const PoolTimes& pool : result.sim.pools) {
            for (const int job : pool.jobs) {
                pools[static_cast<std::size_t>(job)] = pool.name;
            }
        }
    }
    std::string out =
        "job,pool,arrival,start,map_end,end,m,r,deadline,late,killed_maps,killed_reduces,wait,jct,"
        "alone,slowdown,bounded_slowdown,lateness\n";
    const std::vector<JobMetrics> metrics = jobMetrics(input, result);
    for (std::size_t j = 0; j < w.jobs.size() && j < result.sim.jobs.size(); ++j) {
        const JobTimes& t = result.sim.jobs[j];
        const Job& job = w.jobs[j];
        out += csvField(job.name) + ',' + csvField(pools[j]) + ',' + csvNumber(t.arrival) + ',' +
               csvNumber(t.start) + ',' + csvNumber(t.mapEnd) + ',' + csvNumber(t.end) + ',';
        if (j < result.stages.size()) {
            out += csvNumber(result.stages[j].map) + ',' + csvNumber(result.stages[j].reduce);
        } else {
            out += ',';
        }
        out += ',';
        if (job.deadline) {
            out += csvNumber(t.arrival + *job.deadline) + ',' +
                   (missedDeadline(t.arrival, *job.deadline, t.end) ? "1" : "0");
        } else {
            out += ',';
        }
        out += ',' + std::to_string(t.killedMaps) + ',' + std::to_string(t.killedReduces);
        const JobMetrics& m = metrics[j];
        out += ',' + csvNumber(m.wait) + ',' + csvNumber(m.completion) + ',' + csvNumber(m.alone) +
               ',' + csvNumber(m.slowdown) + ',' + csvNumber(m.boundedSlowdown) + ',' +
               (m.lateness ? csvNumber(*m.lateness) : std::string()) + '\n';
    }
    return out;
}

}  // namespace mr
