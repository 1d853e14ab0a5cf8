#include "experiments/StageBlocks.h"

#include <algorithm>
#include <map>

#include "perf/StageDuration.h"
#include "perf/TwoStage.h"

namespace mr {

namespace {

std::optional<std::vector<double>> arrivalsOf(const Workload& w) {
    if (!w.hasArrivals()) {
        return std::nullopt;
    }
    std::vector<double> arrivals;
    for (const auto& job : w.jobs) {
        arrivals.push_back(job.arrival);
    }
    return arrivals;
}

// The model blocks of `order` on lanes of `mapSlots` and `reduceSlots`.
std::vector<StageBlock> modelBlocks(const Workload& w, const std::vector<StageDurations>& stages,
                                    const std::vector<int>& order, int mapSlots, int reduceSlots) {
    const auto arrivals = arrivalsOf(w);
    const auto times = twoStageTimeline(stages, order, arrivals ? &*arrivals : nullptr);
    std::vector<StageBlock> blocks;
    for (std::size_t i = 0; i < order.size(); ++i) {
        const int j = order[i];
        const Job& job = w.jobs[static_cast<std::size_t>(j)];
        const double maps = std::min(job.maps(), mapSlots);
        const double reduces = std::min(job.reduces(), reduceSlots);
        blocks.push_back({j, TaskKind::Map, times[i].mapStart, times[i].mapEnd, 0.0, maps});
        if (job.reduces() > 0) {
            blocks.push_back(
                {j, TaskKind::Reduce, times[i].reduceStart, times[i].reduceEnd, 0.0, reduces});
        }
    }
    return blocks;
}

// The stacked occupancy profile of the jobs `include` marks (all when null), stacked in `order`;
// nullopt beyond `maxBlocks`.
std::optional<std::vector<StageBlock>> occupancyBlocks(const Workload& w, const SimResult& r,
                                                       const std::vector<int>& order,
                                                       const std::vector<bool>* include,
                                                       std::size_t maxBlocks) {
    const std::size_t n = w.jobs.size();
    const auto included = [&](std::size_t j) { return include == nullptr || (*include)[j]; };
    // Stacking order: the given order, then any job it misses.
    std::vector<int> jobOfRank;
    std::vector<bool> listed(n, false);
    for (int j : order) {
        if (j >= 0 && static_cast<std::size_t>(j) < n && !listed[static_cast<std::size_t>(j)] &&
            included(static_cast<std::size_t>(j))) {
            listed[static_cast<std::size_t>(j)] = true;
            jobOfRank.push_back(j);
        }
    }
    for (std::size_t j = 0; j < n; ++j) {
        if (!listed[j] && included(j)) {
            jobOfRank.push_back(static_cast<int>(j));
        }
    }
    std::vector<int> rankOfJob(n, -1);
    for (std::size_t i = 0; i < jobOfRank.size(); ++i) {
        rankOfJob[static_cast<std::size_t>(jobOfRank[i])] = static_cast<int>(i);
    }

    struct Change {
        double time;
        int rank;
        int slots;  // + at a start, − at an end (a wave's whole count)
        bool operator<(const Change& o) const { return time < o.time; }
    };
    std::vector<StageBlock> blocks;
    for (TaskKind kind : {TaskKind::Map, TaskKind::Reduce}) {
        std::vector<Change> changes;
        for (const auto& t : r.tasks) {
            const auto job = static_cast<std::size_t>(t.job);
            if (t.kind == kind && t.end > t.start && job < n && rankOfJob[job] >= 0) {
                changes.push_back({t.start, rankOfJob[job], t.count});
                changes.push_back({t.end, rankOfJob[job], -t.count});
            }
        }
        std::stable_sort(changes.begin(), changes.end());
        std::map<int, int> slotsOfRank;                // running slots per job, stack order
        std::vector<std::ptrdiff_t> lastBlock(n, -1);  // per job: its latest block
        std::size_t i = 0;
        while (i < changes.size()) {
            const double t = changes[i].time;
            for (; i < changes.size() && changes[i].time == t; ++i) {
                if ((slotsOfRank[changes[i].rank] += changes[i].slots) == 0) {
                    slotsOfRank.erase(changes[i].rank);
                }
            }
            if (i == changes.size()) {
                break;
            }
            const double next = changes[i].time;
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
                        return std::nullopt;
                    }
                }
                level += slots;
            }
        }
    }
    return blocks;
}

}  // namespace

std::vector<StageBlock> modelStageBlocks(const Workload& w,
                                         const std::vector<StageDurations>& stages,
                                         const std::vector<int>& order) {
    return modelBlocks(w, stages, order, w.cluster.mapSlots(), w.cluster.reduceSlots());
}

std::vector<StageBlock> simulatedStageBlocks(const Workload& w, const SimResult& r,
                                             const std::vector<int>& order, std::size_t maxBlocks) {
    return occupancyBlocks(w, r, order, nullptr, maxBlocks).value_or(std::vector<StageBlock>{});
}

std::vector<StageBand> stageBands(const Workload& w, const RunResult& r, std::size_t maxBlocks) {
    const auto arrivals = arrivalsOf(w);
    std::vector<StageBand> bands;
    // The (m_i, r_i) the algorithm worked with; an algorithm that does not work with them (the
    // deadline policies) gets them at full allocation with the default estimator, as the
    // two-stage model defines them ([Verma12] §III).
    const std::vector<StageDurations> ownStages =
        r.stages.size() == w.jobs.size()
            ? std::vector<StageDurations>{}
            : allStageDurations(w, w.cluster.mapSlots(), w.cluster.reduceSlots());
    const std::vector<StageDurations>& stages = ownStages.empty() ? r.stages : ownStages;
    if (r.sim.pools.size() <= 1) {
        StageBand band;
        band.nodes = w.cluster.nodes;
        band.mapSlots = w.cluster.mapSlots();
        band.reduceSlots = w.cluster.reduceSlots();
        band.jobs = r.order;
        band.modelMakespan = twoStageMakespan(stages, r.order, arrivals ? &*arrivals : nullptr);
        band.model = modelBlocks(w, stages, r.order, band.mapSlots, band.reduceSlots);
        auto simulated = occupancyBlocks(w, r.sim, r.order, nullptr, maxBlocks);
        band.tooLarge = !simulated;
        band.simulated = std::move(simulated).value_or(std::vector<StageBlock>{});
        bands.push_back(std::move(band));
        return bands;
    }
    for (const PoolTimes& pool : r.sim.pools) {
        StageBand band;
        band.pool = pool.name;
        band.firstNode = pool.firstNode;
        band.nodes = pool.nodes;
        band.mapSlots = pool.nodes * w.cluster.mapSlotsPerNode;
        band.reduceSlots = pool.nodes * w.cluster.reduceSlotsPerNode;
        band.jobs = pool.jobs;
        // The pool's own pipeline: its jobs' (m, r) on its slots (what the algorithm worked
        // with), from time 0.
        band.modelMakespan = twoStageMakespan(stages, pool.jobs, arrivals ? &*arrivals : nullptr);
        band.model = modelBlocks(w, stages, pool.jobs, band.mapSlots, band.reduceSlots);
        std::vector<bool> inPool(w.jobs.size(), false);
        for (int j : pool.jobs) {
            inPool[static_cast<std::size_t>(j)] = true;
        }
        auto simulated = occupancyBlocks(w, r.sim, pool.jobs, &inPool, maxBlocks);
        band.tooLarge = !simulated;
        band.simulated = std::move(simulated).value_or(std::vector<StageBlock>{});
        bands.push_back(std::move(band));
    }
    return bands;
}

}  // namespace mr
