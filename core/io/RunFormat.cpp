#include "io/RunFormat.h"

#include "experiments/DeadlineMetrics.h"
#include "experiments/JobMetrics.h"
#include "io/DeadlineMetricsFormat.h"
#include "io/JobMetricsFormat.h"
#include "io/TextTable.h"
#include "io/TraceFormat.h"
#include "model/Numbers.h"

namespace mr {

using nlohmann::ordered_json;

namespace {

// What (m, r) are when node speeds differ: the algorithms' estimates on all slots at speed 1
// (with speed 1 everywhere, slots of unequal nodes are still identical slots, and (m, r) are
// the cluster's own).
std::string stagesAtSpeedOneNote(const Workload& w) {
    return "each job alone on all " + std::to_string(w.cluster.mapSlots()) + " map and " +
           std::to_string(w.cluster.reduceSlots()) +
           " reduce slots at speed 1: the algorithm's estimates, not this cluster's stage "
           "times (the run uses each node's speed)";
}

// With unequal speeds (m, r) are still the algorithm's estimates at speed 1: said in the
// job table's header and in a line, so that nobody reads them as the cluster's stage times.
bool stagesAtSpeedOne(const Workload& w, const RunResult& r) {
    return !w.cluster.equalSpeeds() && !r.stages.empty();
}

// The job table's columns before the deadline and trace ones.
std::vector<std::string> jobTableHeader(const Workload& w, const RunResult& r) {
    const std::string unit = stagesAtSpeedOne(w, r) ? " (speed 1)" : "";
    std::vector<std::string> header{"job",     "m" + unit, "r" + unit, "arrival", "start",
                                    "map end", "end",      "JCT",      "slowdown"};
    if (!r.inputStages.empty()) {
        header.insert(header.begin() + 1, {"m before" + unit, "r before" + unit});
    }
    return header;
}

std::string stageText(const std::vector<StageDurations>& stages, int j, bool map) {
    if (static_cast<std::size_t>(j) >= stages.size()) {
        return "-";
    }
    const StageDurations& s = stages[static_cast<std::size_t>(j)];
    return formatTime(map ? s.map : s.reduce);
}

// Job j's (m, r) the algorithm worked with, and before it changed the job.
void putStages(ordered_json& job, const RunResult& r, std::size_t j) {
    if (j < r.stages.size()) {
        job["m"] = r.stages[j].map;
        job["r"] = r.stages[j].reduce;
    }
    if (j < r.inputStages.size()) {
        job["m_before"] = r.inputStages[j].map;
        job["r_before"] = r.inputStages[j].reduce;
    }
}

// Each job's traced end, if it has one (indexed like the workload's jobs).
std::vector<const TracedJob*> tracedJobs(const TraceComparison& trace, std::size_t jobs) {
    std::vector<const TracedJob*> tracedOf(jobs, nullptr);
    for (const TracedJob& t : trace.jobs) {
        tracedOf[static_cast<std::size_t>(t.job)] = &t;
    }
    return tracedOf;
}

// Under a scenario (model/Scenario.h): whether the job failed and what happened to its attempts.
void addScenarioFields(ordered_json& job, const JobTimes& t) {
    job["failed"] = t.failed;
    job["failed_attempts"] = t.failedAttempts;
    job["speculative_attempts"] = t.speculativeAttempts;
    job["lost_outputs"] = t.lostOutputs;
    job["killed_attempts"] = t.killedMaps + t.killedReduces;
}

}  // namespace

std::vector<std::string> jobNames(const Workload& w, const std::vector<int>& jobs) {
    std::vector<std::string> names;
    names.reserve(jobs.size());
    for (int j : jobs) {
        names.push_back(w.jobs[static_cast<std::size_t>(j)].name);
    }
    return names;
}

namespace {

ordered_json poolsJson(const Workload& w, const RunResult& r) {
    ordered_json pools = ordered_json::array();
    for (const auto& p : r.sim.pools) {
        pools.push_back({{"name", p.name},
                         {"nodes", p.nodes},
                         {"first_node", p.firstNode},
                         {"jobs", jobNames(w, p.jobs)},
                         {"makespan", p.makespan}});
    }
    return pools;
}

}  // namespace

ordered_json runResultJson(const Workload& w, const RunResult& r) {
    const Workload& simulated = r.simulatedWorkload ? *r.simulatedWorkload : w;
    ordered_json out;
    out["algorithm"] = r.algorithm;
    out["workload"] = w.name;
    out["order"] = jobNames(w, r.order);
    out["makespan"] = r.sim.makespan;
    out["model_makespan"] = r.modelMakespan ? ordered_json(*r.modelMakespan) : ordered_json();
    if (r.sim.pools.size() > 1) {
        out["pools"] = poolsJson(w, r);
    }
    const bool deadlines = hasDeadlineMetrics(simulated, r);
    const TraceComparison trace = compareWithTrace(w, r.sim);
    const std::vector<const TracedJob*> tracedOf = tracedJobs(trace, r.sim.jobs.size());
    const std::vector<JobMetrics> metrics = jobMetrics(w, r);
    ordered_json jobs = ordered_json::array();
    for (std::size_t j = 0; j < r.sim.jobs.size(); ++j) {
        const JobTimes& t = r.sim.jobs[j];
        ordered_json job{{"name", simulated.jobs[j].name},
                         {"arrival", t.arrival},
                         {"start", t.start},
                         {"map_end", t.mapEnd},
                         {"end", t.end}};
        putStages(job, r, j);
        putJobMetrics(job, metrics[j]);
        if (deadlines) {
            const auto& deadline = simulated.jobs[j].deadline;
            job["deadline"] = deadline ? ordered_json(t.arrival + *deadline) : ordered_json();
            job["late"] = deadline && missedDeadline(t.arrival, *deadline, t.end);
            if (t.killedMaps + t.killedReduces > 0) {
                job["killed_maps"] = t.killedMaps;
                job["killed_reduces"] = t.killedReduces;
                job["killed_work"] = t.killedWork;
            }
        }
        if (!w.scenario.empty()) {
            addScenarioFields(job, t);
        }
        if (!trace.empty()) {
            const TracedJob* traced = tracedOf[j];
            job["trace_end"] = traced ? ordered_json(traced->tracedEnd) : ordered_json();
            job["trace_error"] = traced ? ordered_json(traced->error()) : ordered_json();
        }
        jobs.push_back(job);
    }
    out["jobs"] = jobs;
    if (stagesAtSpeedOne(w, r)) {
        out["stages_note"] = stagesAtSpeedOneNote(w);
    }
    if (!w.scenario.empty()) {
        out["failed_jobs"] = r.sim.failedJobs;
        out["lost_outputs"] = r.sim.lostOutputs.size();
    }
    out["utilization"] = {{"map", r.sim.mapUtilization()}, {"reduce", r.sim.reduceUtilization()}};
    out["metrics"] = runMetricsJson(runMetrics(w, r, metrics));
    if (deadlines) {
        out["deadline_metrics"] = deadlineMetricsJson(deadlineMetrics(simulated, r));
    }
    if (!trace.empty()) {
        out["trace"] = traceComparisonJson(trace);
    }
    if (!r.notes.empty()) {
        out["notes"] = r.notes;
    }
    return out;
}

namespace {

// Under a scenario: "failed jobs  2: J1 J2 (...)" when some job failed, else nothing.
std::string failedJobsLine(const Workload& w, const RunResult& r) {
    if (r.sim.failedJobs == 0) {
        return {};
    }
    std::vector<std::string> failed;
    for (std::size_t j = 0; j < r.sim.jobs.size(); ++j) {
        if (r.sim.jobs[j].failed) {
            failed.push_back(w.jobs[j].name);
        }
    }
    return "failed jobs  " + std::to_string(failed.size()) + ": " + abbreviatedNames(failed, 30) +
           " (a task failed max_attempts times, or its nodes were gone)\n";
}

}  // namespace

std::string runResultText(const Workload& w, const RunResult& r) {
    std::string out;
    out += "workload     " + (w.name.empty() ? std::string("(unnamed)") : w.name) + " — " +
           describeWorkload(w) + "\n";
    out += "algorithm    " + r.algorithm + "\n";
    out += "order        " + abbreviatedNames(jobNames(w, r.order), 30) + "\n";
    out += "makespan     " + formatTime(r.sim.makespan);
    if (r.modelMakespan) {
        out += "   (two-stage model: " + formatTime(*r.modelMakespan) + ")";
    }
    out += "\nutilization  map " + percentText(r.sim.mapUtilization()) + ", reduce " +
           percentText(r.sim.reduceUtilization()) + "\n";
    for (const auto& p : r.sim.pools.size() > 1 ? r.sim.pools : std::vector<PoolTimes>{}) {
        out += "pool " + p.name + "  " + std::to_string(p.nodes) + " nodes, makespan " +
               formatTime(p.makespan) + ": " + joinedNames(jobNames(w, p.jobs)) + "\n";
    }
    out += failedJobsLine(w, r);
    for (const auto& note : r.notes) {
        out += "note         " + note + "\n";
    }
    const std::vector<JobMetrics> metrics = jobMetrics(w, r);
    out += runMetricsText(runMetrics(w, r, metrics));
    const Workload& simulated = r.simulatedWorkload ? *r.simulatedWorkload : w;
    const bool deadlines = hasDeadlineMetrics(simulated, r);
    if (deadlines) {
        out += deadlineMetricsText(deadlineMetrics(simulated, r));
    }
    const bool changed = !r.inputStages.empty();  // (m, r) before the algorithm changed the jobs
    std::vector<std::vector<std::string>> rows{jobTableHeader(w, r)};
    if (stagesAtSpeedOne(w, r)) {
        out += "m, r         " + stagesAtSpeedOneNote(w) + "\n";
    }
    if (deadlines) {
        rows[0].insert(rows[0].end(), {"deadline", "late"});
    }
    const TraceComparison trace = compareWithTrace(w, r.sim);
    const std::vector<const TracedJob*> tracedOf = tracedJobs(trace, r.sim.jobs.size());
    if (!trace.empty()) {
        rows[0].insert(rows[0].end(), {"traced end", "error"});
        out += traceComparisonText(trace);
    }
    for (int j : r.order) {
        const JobTimes& t = r.sim.jobs[static_cast<std::size_t>(j)];
        const Job& job = simulated.jobs[static_cast<std::size_t>(j)];
        std::vector<std::string> row{job.name,
                                     stageText(r.stages, j, true),
                                     stageText(r.stages, j, false),
                                     formatTime(t.arrival),
                                     formatTime(t.start),
                                     formatTime(t.mapEnd),
                                     formatTime(t.end),
                                     formatTime(metrics[static_cast<std::size_t>(j)].completion),
                                     slowdownText(metrics[static_cast<std::size_t>(j)].slowdown)};
        if (changed) {
            row.insert(row.begin() + 1,
                       {stageText(r.inputStages, j, true), stageText(r.inputStages, j, false)});
        }
        if (deadlines) {
            row.push_back(job.deadline ? formatTime(t.arrival + *job.deadline) : "-");
            row.push_back(job.deadline && missedDeadline(t.arrival, *job.deadline, t.end) ? "late"
                                                                                          : "");
        }
        if (!trace.empty()) {
            const TracedJob* traced = tracedOf[static_cast<std::size_t>(j)];
            row.push_back(traced ? formatTime(traced->tracedEnd) : "-");
            row.push_back(traced ? errorPercent(traced->error()) : "-");
        }
        rows.push_back(std::move(row));
    }
    return out + "\n" + textTable(rows, std::string(rows[0].size() - 1, 'r').insert(0, "l"));
}

}  // namespace mr
