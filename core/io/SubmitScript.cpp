#include "io/SubmitScript.h"

#include <cmath>
#include <numeric>

namespace mr {

std::string shellQuote(const std::string& text) {
    std::string out = "'";
    for (const char c : text) {
        out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    }
    return out + "'";
}

namespace {

// One line for a comment: no line breaks or other control characters.
std::string commentText(const std::string& text) {
    std::string out;
    for (const char c : text) {
        out += static_cast<unsigned char>(c) < 0x20 ? ' ' : c;
    }
    return out;
}

long long meanMs(const TaskDurations& durations) {
    if (durations.empty()) {
        return 0;
    }
    const double sum = std::accumulate(durations.begin(), durations.end(), 0.0);
    return std::llround(sum / static_cast<double>(durations.size()) * 1000.0);
}

const char* const kPreamble = R"(set -eu

# Settings (edit here or set them in the environment).
: "${MRX_GAP:=2}"      # seconds between two submissions, so the ResourceManager keeps their order
: "${MRX_DRY_RUN:=0}"  # 1: print the commands in order, run and wait for nothing
# The placeholder commands run Hadoop's SleepJob from this jar:
: "${MRX_SLEEP_JAR:=${HADOOP_HOME:-/opt/hadoop}/share/hadoop/mapreduce/hadoop-mapreduce-client-jobclient-tests.jar}"

mrx_start=$(date +%s)
mrx_pids=""
)";

const char* const kFunctions = R"(
# mrx_at SECONDS: wait until SECONDS after the script started.
mrx_at() {
    if [ "$MRX_DRY_RUN" = 1 ]; then
        return 0
    fi
    mrx_wait=$(($1 - ($(date +%s) - mrx_start)))
    if [ "$mrx_wait" -gt 0 ]; then
        sleep "$mrx_wait"
    fi
}

# mrx_submit JOB QUEUE COMMAND...: run COMMAND in the background as job JOB of queue QUEUE.
mrx_submit() {
    mrx_job=$1
    mrx_queue=$2
    shift 2
    printf 'mrx: submitting %s to queue %s\n' "$mrx_job" "$mrx_queue" >&2
    if [ "$MRX_DRY_RUN" = 1 ]; then
        printf '%s\n' "$*"
        return 0
    fi
    "$@" &
    mrx_pids="$mrx_pids $!"
    sleep "$MRX_GAP"
}
)";

const char* const kEpilogue = R"(
mrx_failed=0
for mrx_pid in $mrx_pids; do
    wait "$mrx_pid" || mrx_failed=$((mrx_failed + 1))
done
if [ "$mrx_failed" -gt 0 ]; then
    echo "mrx: $mrx_failed of $mrx_total jobs failed" >&2
    exit 1
fi
if [ "$MRX_DRY_RUN" = 1 ]; then
    echo "mrx: dry run: $mrx_total jobs listed" >&2
else
    echo "mrx: all $mrx_total jobs finished" >&2
fi
)";

}  // namespace

std::string submitScript(const Workload& w, const PoolPlan& plan) {
    std::string queues;
    for (const auto& q : plan.queues) {
        queues +=
            (queues.empty() ? "" : ", ") + q.name + " " + formatPercent(q.capacityHundredths) + "%";
    }
    const std::string total = std::to_string(plan.submissions.size());
    std::string out = "#!/bin/sh\n";
    out += "# Submission plan written by mrsim plan: workload \"" + commentText(w.name) +
           "\", algorithm " + commentText(plan.algorithm) + ", " + total + " jobs.\n";
    out += "# Queues (install capacity-scheduler.xml first): " + queues + ".\n";
    out +=
        "# Jobs are submitted in the plan's order, each at its arrival (seconds after the start),\n"
        "# MRX_GAP seconds apart, each into its queue; a queue serves its jobs in submission "
        "order.\n"
        "# EDIT the command of each job (the lines after \"EDIT\"): the placeholder runs Hadoop's\n"
        "# SleepJob with the job's task counts and mean task times. Keep\n"
        "# -Dmapreduce.job.queuename so the job lands in its queue.\n";
    out += kPreamble;
    out += "mrx_total=" + total + "\n";
    out += kFunctions;
    for (std::size_t i = 0; i < plan.submissions.size(); ++i) {
        const PlanSubmission& s = plan.submissions[i];
        const Job& job = w.jobs[static_cast<std::size_t>(s.job)];
        const std::string& queue = plan.queues[static_cast<std::size_t>(s.queue)].name;
        const long long at = std::llround(s.arrival);
        out += "\n# ---- job " + std::to_string(i + 1) + " of " + total + ": " +
               commentText(job.name) + " | queue " + queue + ", position " +
               std::to_string(s.position + 1) + " | arrival " + std::to_string(at) + " s\n";
        out += "mrx_at " + std::to_string(at) + "\n";
        out += "# EDIT: the command that runs " + commentText(job.name) + "\n";
        out += "mrx_submit " + shellQuote(job.name) + " " + queue + " \\\n";
        out += "    yarn jar \"$MRX_SLEEP_JAR\" sleep -Dmapreduce.job.queuename=" + queue +
               " -Dmapreduce.job.name=" + shellQuote(job.name) + " \\\n";
        out += "    -m " + std::to_string(job.maps()) + " -r " + std::to_string(job.reduces()) +
               " -mt " + std::to_string(meanMs(job.mapDurations));
        if (job.reduces() > 0) {
            out += " -rt " + std::to_string(meanMs(job.reduceDurations));
        }
        out += "\n";
    }
    out += kEpilogue;
    return out;
}

}  // namespace mr
