// SubmitScript — a plan as a POSIX shell script that submits the batch to a YARN cluster whose
// queues come from capacitySchedulerXml(): one clearly marked, editable command per job, in the
// plan's submission order (Plan::submissions), each into its queue.
//  * Every job is submitted at its arrival (whole seconds after the script starts, rounded);
//    jobs arriving together go out in their queue's order, MRX_GAP seconds apart (default 2), so
//    the ResourceManager's FIFO queues see them in that order — within a queue, submission order
//    is service order, which is how a Capacity queue enforces the plan ([Verma12] §IV-C).
//  * Each command runs in the background (a MapReduce client waits for its job); the script
//    waits for all of them and exits 1 if any failed.
//  * The placeholder command runs Hadoop's SleepJob with the job's task counts and mean task
//    times (a rehearsal of the plan's shape); replace it by the real job, keeping the queue option.
//  * MRX_DRY_RUN=1 prints the commands, in order, without waiting or running anything.
#pragma once

#include <string>

#include "io/Plan.h"
#include "model/Workload.h"

namespace mr {

std::string submitScript(const Workload& workload, const Plan& plan);

// 'text' quoted for a POSIX shell (single quotes; a ' inside becomes '\'').
std::string shellQuote(const std::string& text);

}  // namespace mr
