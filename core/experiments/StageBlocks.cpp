#include "experiments/StageBlocks.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <tuple>

#include "perf/TwoStage.h"

namespace mr {

std::vector<StageBlock> modelStageBlocks(const Workload& w,
                                         const std::vector<StageDurations>& stages,
                                         const std::vector<int>& order) {
    std::vector<double> arrivals;
    for (const auto& job : w.jobs) {
        arrivals.push_back(job.arrival);
    }
    const auto times = twoStageTimeline(stages, order, w.hasArrivals() ? &arrivals : nullptr);
    std::vector<StageBlock> blocks;
    for (std::size_t i = 0; i < order.size(); ++i) {
        const int j = order[i];
        const Job& job = w.jobs[static_cast<std::size_t>(j)];
        const double mapSlots = std::min(job.maps(), w.cluster.mapSlots());
        const double reduceSlots = std::min(job.reduces(), w.cluster.reduceSlots());
        blocks.push_back({j, TaskKind::Map, times[i].mapStart, times[i].mapEnd, 0.0, mapSlots});
        if (job.reduces() > 0) {
            blocks.push_back(
                {j, TaskKind::Reduce, times[i].reduceStart, times[i].reduceEnd, 0.0, reduceSlots});
        }
    }
    return blocks;
}

std::vector<StageBlock> simulatedStageBlocks(const Workload& w, const SimResult& r,
                                             const std::vector<int>& order, std::size_t maxBlocks) {
    const std::size_t n = w.jobs.size();
    // Stacking order: the given order, then any job it misses.
    std::vector<int> jobOfRank;
    std::vector<bool> listed(n, false);
    for (int j : order) {
        if (j >= 0 && static_cast<std::size_t>(j) < n && !listed[static_cast<std::size_t>(j)]) {
            listed[static_cast<std::size_t>(j)] = true;
            jobOfRank.push_back(j);
        }
    }
    for (std::size_t j = 0; j < n; ++j) {
        if (!listed[j]) {
            jobOfRank.push_back(static_cast<int>(j));
        }
    }
    std::vector<int> rankOfJob(n);
    for (std::size_t i = 0; i < n; ++i) {
        rankOfJob[static_cast<std::size_t>(jobOfRank[i])] = static_cast<int>(i);
    }

    std::vector<StageBlock> blocks;
    for (TaskKind kind : {TaskKind::Map, TaskKind::Reduce}) {
        // (time, +rank+1 at a start / −(rank+1) at an end, slots: a wave's count)
        std::vector<std::tuple<double, int, int>> changes;
        for (const auto& t : r.tasks) {
            if (t.kind == kind && t.end > t.start) {
                const int rk = rankOfJob[static_cast<std::size_t>(t.job)] + 1;
                changes.emplace_back(t.start, rk, t.count);
                changes.emplace_back(t.end, -rk, t.count);
            }
        }
        std::sort(changes.begin(), changes.end());
        std::map<int, int> slotsOfRank;                // running slots per job, stack order
        std::vector<std::ptrdiff_t> lastBlock(n, -1);  // per job: its latest block
        std::size_t i = 0;
        while (i < changes.size()) {
            const double t = std::get<0>(changes[i]);
            for (; i < changes.size() && std::get<0>(changes[i]) == t; ++i) {
                const auto [time, code, count] = changes[i];
                const int rk = std::abs(code) - 1;
                if ((slotsOfRank[rk] += code > 0 ? count : -count) == 0) {
                    slotsOfRank.erase(rk);
                }
            }
            if (i == changes.size()) {
                break;
            }
            const double next = std::get<0>(changes[i]);
            double level = 0.0;
            for (const auto& [rk, slots] : slotsOfRank) {
                const int job = jobOfRank[static_cast<std::size_t>(rk)];
                const std::ptrdiff_t last = lastBlock[static_cast<std::size_t>(job)];
                StageBlock* previous =
                    last >= 0 ? &blocks[static_cast<std::size_t>(last)] : nullptr;
                if (previous != nullptr && previous->end == t && previous->slotFrom == level &&
                    previous->slotTo == level + slots) {
                    previous->end = next;  // the same block continues
                } else {
                    lastBlock[static_cast<std::size_t>(job)] =
                        static_cast<std::ptrdiff_t>(blocks.size());
                    blocks.push_back({job, kind, t, next, level, level + slots});
                    if (blocks.size() > maxBlocks) {
                        return {};
                    }
                }
                level += slots;
            }
        }
    }
    return blocks;
}

}  // namespace mr
