#include "cost/Rounding.h"
#include "model/Tolerance.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>

namespace mr::cost {

namespace {

struct Entry {
    int unit = 0;
    int machine = 0;
    int store = 0;
    int tasks = 0;
    double remainder = 0.0;  // fractional part of the LP's tasks
};

}  // namespace

RoundedPlan roundToBlocks(const CostModel& model, const TransferTable& transfer,
                          const std::vector<WorkUnit>& units, const Plan& fractional,
                          const std::vector<double>& capacityCpuS, bool movable) {
    const std::size_t M = model.machines.size();
    std::vector<double> load(M, 0.0);
    auto fits = [&](int l, double cpu) {
        const auto k = static_cast<std::size_t>(l);
        return withinDuration(load[k] + cpu, capacityCpuS[k]);  // CPU seconds
    };

    std::vector<Entry> entries;
    std::vector<std::vector<std::size_t>> byUnit(units.size());
    for (const UnitShare& s : fractional.work) {
        const double t = s.fraction * units[static_cast<std::size_t>(s.unit)].tasks;
        const double whole = std::floor(t + 1e-7);
        byUnit[static_cast<std::size_t>(s.unit)].push_back(entries.size());
        entries.push_back(
            {s.unit, s.machine, s.store, static_cast<int>(whole), std::max(0.0, t - whole)});
    }
    std::vector<int> left(units.size());
    for (std::size_t u = 0; u < units.size(); ++u) {
        int sum = 0;
        for (std::size_t e : byUnit[u]) {
            sum += entries[e].tasks;
        }
        // An LP sum a hair above 1 could floor to one task too many: give it back.
        while (sum > units[u].tasks) {
            Entry* smallest = nullptr;
            for (std::size_t e : byUnit[u]) {
                if (entries[e].tasks > 0 &&
                    (!smallest || entries[e].remainder < smallest->remainder)) {
                    smallest = &entries[e];
                }
            }
            --smallest->tasks;
            --sum;
        }
        left[u] = units[u].tasks - sum;
        for (std::size_t e : byUnit[u]) {
            load[static_cast<std::size_t>(entries[e].machine)] +=
                entries[e].tasks * units[u].taskCpuS();
        }
    }

    // The tasks left, largest fractional parts first, where capacity allows.
    std::vector<std::size_t> order;
    for (std::size_t e = 0; e < entries.size(); ++e) {
        if (entries[e].remainder > 1e-9) {
            order.push_back(e);
        }
    }
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return entries[a].remainder > entries[b].remainder;
    });
    for (std::size_t e : order) {
        Entry& entry = entries[e];
        const auto u = static_cast<std::size_t>(entry.unit);
        if (left[u] > 0 && fits(entry.machine, units[u].taskCpuS())) {
            ++entry.tasks;
            --left[u];
            load[static_cast<std::size_t>(entry.machine)] += units[u].taskCpuS();
        }
    }

    // Then the cheapest machine with capacity; with none, the unit's largest share overruns.
    RoundedPlan result;
    for (std::size_t u = 0; u < units.size(); ++u) {
        const WorkUnit& unit = units[u];
        const int origin =
            unit.data >= 0 ? model.data[static_cast<std::size_t>(unit.data)].origin : -1;
        for (; left[u] > 0; --left[u]) {
            double bestCost = std::numeric_limits<double>::infinity();
            int bestMachine = -1;
            int bestStore = -1;
            for (std::size_t l = 0; l < M; ++l) {
                const Machine& mc = model.machines[l];
                if (!fits(static_cast<int>(l), unit.taskCpuS())) {
                    continue;
                }
                for (int m : {origin, mc.store}) {
                    if (unit.data >= 0 && m != origin && !movable) {
                        continue;
                    }
                    const int store = unit.data >= 0 ? m : mc.store;
                    double cost = unit.taskCpuS() * mc.cpuCostPerS;
                    if (unit.data >= 0) {
                        cost += unit.taskSizeMb() * transfer.costPerMb(mc.store, store);
                        cost += unit.taskSizeMb() * transfer.costPerMb(origin, store);
                    }
                    if (cost < bestCost) {
                        std::tie(bestCost, bestMachine, bestStore) =
                            std::tuple(cost, static_cast<int>(l), store);
                    }
                }
            }
            if (bestMachine < 0) {
                const Entry* largest = nullptr;
                for (std::size_t e : byUnit[u]) {
                    if (!largest || entries[e].tasks + entries[e].remainder >
                                        largest->tasks + largest->remainder) {
                        largest = &entries[e];
                    }
                }
                bestMachine = largest ? largest->machine : 0;
                bestStore =
                    largest ? largest->store : (unit.data >= 0 ? origin : model.machines[0].store);
            }
            auto it = std::find_if(byUnit[u].begin(), byUnit[u].end(), [&](std::size_t e) {
                return entries[e].machine == bestMachine && entries[e].store == bestStore;
            });
            if (it == byUnit[u].end()) {
                byUnit[u].push_back(entries.size());
                entries.push_back({static_cast<int>(u), bestMachine, bestStore, 0, 0.0});
                it = byUnit[u].end() - 1;
            }
            ++entries[*it].tasks;
            load[static_cast<std::size_t>(bestMachine)] += unit.taskCpuS();
        }
    }

    for (const Entry& e : entries) {
        if (e.tasks > 0) {
            const WorkUnit& unit = units[static_cast<std::size_t>(e.unit)];
            result.plan.work.push_back(
                {e.unit, e.machine, e.store, static_cast<double>(e.tasks) / unit.tasks});
            result.tasks.push_back(e.tasks);
        }
    }
    for (std::size_t l = 0; l < M; ++l) {
        result.cpuOverrunS += std::max(0.0, load[l] - capacityCpuS[l]);
    }

    // Placement: the blocks each store must hold for its readers; the rest stays on the origin.
    const std::size_t S = model.stores.size();
    std::vector<std::vector<int>> need(model.data.size());
    if (movable) {
        // A unit's shares reading one store from several machines add up; units (jobs) reading
        // the same object share its copy, so a store needs the most any one unit reads there.
        std::vector<std::vector<int>> perUnit(units.size());
        for (std::size_t k = 0; k < result.plan.work.size(); ++k) {
            const UnitShare& w = result.plan.work[k];
            auto& row = perUnit[static_cast<std::size_t>(w.unit)];
            row.resize(S, 0);
            row[static_cast<std::size_t>(w.store)] += result.tasks[k];
        }
        for (std::size_t u = 0; u < units.size(); ++u) {
            if (units[u].data < 0 || perUnit[u].empty()) {
                continue;
            }
            auto& row = need[static_cast<std::size_t>(units[u].data)];
            row.resize(S, 0);
            for (std::size_t j = 0; j < S; ++j) {
                row[j] = std::max(row[j], perUnit[u][j]);
            }
        }
    }
    std::vector<double> storeMb(S, 0.0);
    for (std::size_t i = 0; i < model.data.size(); ++i) {
        const DataObject& d = model.data[i];
        const int blocks = model.dataBlocks(static_cast<int>(i));
        const auto origin = static_cast<std::size_t>(d.origin);
        std::vector<int> row = need[i];
        row.resize(S, 0);
        int elsewhere = 0;
        for (std::size_t j = 0; j < S; ++j) {
            elsewhere += j == origin ? 0 : row[j];
        }
        row[origin] = std::max(row[origin], blocks - elsewhere);
        for (std::size_t j = 0; j < S; ++j) {
            if (row[j] > 0) {
                result.plan.placement.push_back({static_cast<int>(i), static_cast<int>(j),
                                                 static_cast<double>(row[j]) / blocks});
                result.blocks.push_back(row[j]);
                storeMb[j] += d.sizeMb * row[j] / blocks;
            }
        }
    }
    for (std::size_t j = 0; j < S; ++j) {
        result.storeOverrunMb += std::max(0.0, storeMb[j] - model.stores[j].capacityMb);
    }
    return result;
}

}  // namespace mr::cost
