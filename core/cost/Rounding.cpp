#include "cost/Rounding.h"
#include "model/Tolerance.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>
#include <utility>

namespace mr::cost {

namespace {

struct Entry {
    int unit = 0;
    int machine = 0;
    int store = 0;
    int tasks = 0;
    double remainder = 0.0;  // fractional part of the LP's tasks
};

// The rounding of one fractional plan, step by step (roundToBlocks' contract in Rounding.h).
class BlockRounder {
public:
    BlockRounder(const CostModel& model, const TransferTable& transfer,
                 const std::vector<WorkUnit>& units, const std::vector<double>& capacityCpuS,
                 bool movable)
        : m_model(model),
          m_transfer(transfer),
          m_units(units),
          m_capacityCpuS(capacityCpuS),
          m_movable(movable),
          m_load(model.machines.size(), 0.0),
          m_byUnit(units.size()),
          m_left(units.size()) {}

    RoundedPlan round(const Plan& fractional);

private:
    bool fits(int l, double cpu) const {
        const auto k = static_cast<std::size_t>(l);
        return withinDuration(m_load[k] + cpu, m_capacityCpuS[k]);  // CPU seconds
    }
    void floorShares(const Plan& fractional);
    void addLargestRemainders();
    void placeLeftTasks();
    std::pair<int, int> cheapestMachine(const WorkUnit& unit) const;
    std::pair<int, int> largestShare(std::size_t u) const;
    void addTask(std::size_t u, int machine, int store);
    void writeWork(RoundedPlan& result) const;
    void placeBlocks(RoundedPlan& result) const;

    const CostModel& m_model;
    const TransferTable& m_transfer;
    const std::vector<WorkUnit>& m_units;
    const std::vector<double>& m_capacityCpuS;
    const bool m_movable;
    std::vector<double> m_load;  // per machine: CPU-seconds of the tasks given to it
    std::vector<Entry> m_entries;
    std::vector<std::vector<std::size_t>> m_byUnit;  // per unit: its entries
    std::vector<int> m_left;                         // per unit: tasks not yet given a machine
};

RoundedPlan BlockRounder::round(const Plan& fractional) {
    floorShares(fractional);
    addLargestRemainders();
    placeLeftTasks();
    RoundedPlan result;
    writeWork(result);
    placeBlocks(result);
    return result;
}

// The floor of each share's tasks.
void BlockRounder::floorShares(const Plan& fractional) {
    for (const UnitShare& s : fractional.work) {
        const double t = s.fraction * m_units[static_cast<std::size_t>(s.unit)].tasks;
        const double whole = std::floor(t + 1e-7);
        m_byUnit[static_cast<std::size_t>(s.unit)].push_back(m_entries.size());
        m_entries.push_back(
            {s.unit, s.machine, s.store, static_cast<int>(whole), std::max(0.0, t - whole)});
    }
    for (std::size_t u = 0; u < m_units.size(); ++u) {
        int sum = 0;
        for (std::size_t e : m_byUnit[u]) {
            sum += m_entries[e].tasks;
        }
        // An LP sum a hair above 1 could floor to one task too many: give it back.
        while (sum > m_units[u].tasks) {
            Entry* smallest = nullptr;
            for (std::size_t e : m_byUnit[u]) {
                if (m_entries[e].tasks > 0 &&
                    (!smallest || m_entries[e].remainder < smallest->remainder)) {
                    smallest = &m_entries[e];
                }
            }
            --smallest->tasks;
            --sum;
        }
        m_left[u] = m_units[u].tasks - sum;
        for (std::size_t e : m_byUnit[u]) {
            m_load[static_cast<std::size_t>(m_entries[e].machine)] +=
                m_entries[e].tasks * m_units[u].taskCpuS();
        }
    }
}

// The tasks left, largest fractional parts first, where capacity allows.
void BlockRounder::addLargestRemainders() {
    std::vector<std::size_t> order;
    for (std::size_t e = 0; e < m_entries.size(); ++e) {
        if (m_entries[e].remainder > 1e-9) {
            order.push_back(e);
        }
    }
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return m_entries[a].remainder > m_entries[b].remainder;
    });
    for (std::size_t e : order) {
        Entry& entry = m_entries[e];
        const auto u = static_cast<std::size_t>(entry.unit);
        if (m_left[u] > 0 && fits(entry.machine, m_units[u].taskCpuS())) {
            ++entry.tasks;
            --m_left[u];
            m_load[static_cast<std::size_t>(entry.machine)] += m_units[u].taskCpuS();
        }
    }
}

// Then the cheapest machine with capacity; with none, the unit's largest share overruns.
void BlockRounder::placeLeftTasks() {
    for (std::size_t u = 0; u < m_units.size(); ++u) {
        for (; m_left[u] > 0; --m_left[u]) {
            auto [machine, store] = cheapestMachine(m_units[u]);
            if (machine < 0) {
                std::tie(machine, store) = largestShare(u);
            }
            addTask(u, machine, store);
        }
    }
}

// (machine, store) of the cheapest task of `unit` a machine has capacity for: reading from its
// data's origin or (movable) from the machine's own store; (-1, -1) when none has capacity.
std::pair<int, int> BlockRounder::cheapestMachine(const WorkUnit& unit) const {
    const int origin =
        unit.data >= 0 ? m_model.data[static_cast<std::size_t>(unit.data)].origin : -1;
    double bestCost = std::numeric_limits<double>::infinity();
    int bestMachine = -1;
    int bestStore = -1;
    for (std::size_t l = 0; l < m_model.machines.size(); ++l) {
        const Machine& mc = m_model.machines[l];
        if (!fits(static_cast<int>(l), unit.taskCpuS())) {
            continue;
        }
        for (int m : {origin, mc.store}) {
            if (unit.data >= 0 && m != origin && !m_movable) {
                continue;
            }
            const int store = unit.data >= 0 ? m : mc.store;
            double cost = unit.taskCpuS() * mc.cpuCostPerS;
            if (unit.data >= 0) {
                cost += unit.taskSizeMb() * m_transfer.costPerMb(mc.store, store);
                cost += unit.taskSizeMb() * m_transfer.costPerMb(origin, store);
            }
            if (cost < bestCost) {
                std::tie(bestCost, bestMachine, bestStore) =
                    std::tuple(cost, static_cast<int>(l), store);
            }
        }
    }
    return {bestMachine, bestStore};
}

// (machine, store) of unit u's largest share (in tasks and remainder), where a task that fits
// nowhere overruns; the first machine (and the data's origin) when the unit has no share.
std::pair<int, int> BlockRounder::largestShare(std::size_t u) const {
    const WorkUnit& unit = m_units[u];
    const Entry* largest = nullptr;
    for (std::size_t e : m_byUnit[u]) {
        if (!largest ||
            m_entries[e].tasks + m_entries[e].remainder > largest->tasks + largest->remainder) {
            largest = &m_entries[e];
        }
    }
    const int origin =
        unit.data >= 0 ? m_model.data[static_cast<std::size_t>(unit.data)].origin : -1;
    return {largest ? largest->machine : 0,
            largest ? largest->store : (unit.data >= 0 ? origin : m_model.machines[0].store)};
}

void BlockRounder::addTask(std::size_t u, int machine, int store) {
    auto it = std::find_if(m_byUnit[u].begin(), m_byUnit[u].end(), [&](std::size_t e) {
        return m_entries[e].machine == machine && m_entries[e].store == store;
    });
    if (it == m_byUnit[u].end()) {
        m_byUnit[u].push_back(m_entries.size());
        m_entries.push_back({static_cast<int>(u), machine, store, 0, 0.0});
        it = m_byUnit[u].end() - 1;
    }
    ++m_entries[*it].tasks;
    m_load[static_cast<std::size_t>(machine)] += m_units[u].taskCpuS();
}

void BlockRounder::writeWork(RoundedPlan& result) const {
    for (const Entry& e : m_entries) {
        if (e.tasks > 0) {
            const WorkUnit& unit = m_units[static_cast<std::size_t>(e.unit)];
            result.plan.work.push_back(
                {e.unit, e.machine, e.store, static_cast<double>(e.tasks) / unit.tasks});
            result.tasks.push_back(e.tasks);
        }
    }
    for (std::size_t l = 0; l < m_model.machines.size(); ++l) {
        result.cpuOverrunS += std::max(0.0, m_load[l] - m_capacityCpuS[l]);
    }
}

// Placement: the blocks each store must hold for its readers; the rest stays on the origin.
void BlockRounder::placeBlocks(RoundedPlan& result) const {
    const std::size_t S = m_model.stores.size();
    std::vector<std::vector<int>> need(m_model.data.size());
    if (m_movable) {
        // A unit's shares reading one store from several machines add up; units (jobs) reading
        // the same object share its copy, so a store needs the most any one unit reads there.
        std::vector<std::vector<int>> perUnit(m_units.size());
        for (std::size_t k = 0; k < result.plan.work.size(); ++k) {
            const UnitShare& w = result.plan.work[k];
            auto& row = perUnit[static_cast<std::size_t>(w.unit)];
            row.resize(S, 0);
            row[static_cast<std::size_t>(w.store)] += result.tasks[k];
        }
        for (std::size_t u = 0; u < m_units.size(); ++u) {
            if (m_units[u].data < 0 || perUnit[u].empty()) {
                continue;
            }
            auto& row = need[static_cast<std::size_t>(m_units[u].data)];
            row.resize(S, 0);
            for (std::size_t j = 0; j < S; ++j) {
                row[j] = std::max(row[j], perUnit[u][j]);
            }
        }
    }
    std::vector<double> storeMb(S, 0.0);
    for (std::size_t i = 0; i < m_model.data.size(); ++i) {
        const DataObject& d = m_model.data[i];
        const int blocks = m_model.dataBlocks(static_cast<int>(i));
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
        result.storeOverrunMb += std::max(0.0, storeMb[j] - m_model.stores[j].capacityMb);
    }
}

}  // namespace

RoundedPlan roundToBlocks(const CostModel& model, const TransferTable& transfer,
                          const std::vector<WorkUnit>& units, const Plan& fractional,
                          const std::vector<double>& capacityCpuS, bool movable) {
    return BlockRounder(model, transfer, units, capacityCpuS, movable).round(fractional);
}

}  // namespace mr::cost
