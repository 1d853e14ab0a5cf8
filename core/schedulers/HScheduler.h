// HScheduler — [Tian16] §3.2–3.3 (Algorithms 3.2 and 3.3). Jobs are elastic ([Tian16] Claim 1:
// the scheduler may split a job's input to match the slots it has), so every job gets all slots:
// its map work is re-split into SM equal tasks and its reduce work into SR equal tasks
// (m_i = Σ map task times / SM, r_i = Σ reduce task times / SR). Each job then occupies
// the whole cluster for one wave per stage, which is exactly the two-stage model, so Johnson's
// order is optimal for the re-split jobs and the simulation equals the two-stage formula.
//   hscheduler         offline (Alg. 3.2): Johnson's order of the re-split jobs
//   online-hscheduler  online (Alg. 3.3): the re-split jobs served FIFO by arrival time
#pragma once

#include "model/Workload.h"

namespace mr {

// The workload with every job's work re-split over all slots: SM map tasks of Σmap/SM each and,
// if the job has reduce tasks, SR reduce tasks of Σreduce/SR each. Names, arrivals, deadlines and
// unknown fields are kept; ARIA profiles are dropped (they describe the original tasks).
Workload resplitOverAllSlots(const Workload& workload);

}  // namespace mr
