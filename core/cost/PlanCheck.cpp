#include "cost/PlanCheck.h"

#include <cmath>
#include <map>

#include "io/NumberFormat.h"

namespace mr::cost {

namespace {

constexpr double kTol = 1e-6;

bool above(double value, double bound) {
    return value > bound + kTol * std::max(1.0, std::fabs(bound));
}

using Table = std::vector<std::vector<double>>;  // [a][b]

struct Checker {
    const CostModel& model;
    const std::vector<WorkUnit>& units;
    std::vector<std::string> violations;

    std::size_t S() const { return model.stores.size(); }

    void fail(const std::string& constraint, const std::string& detail) {
        violations.push_back("(" + constraint + ") " + detail);
    }

    std::string unitName(std::size_t u) const {
        const WorkUnit& w = units[u];
        std::string name = "job '" + model.jobs[static_cast<std::size_t>(w.job)].name + "'";
        if (w.data >= 0) {
            name += " on '" + model.data[static_cast<std::size_t>(w.data)].name + "'";
        }
        return name;
    }

    bool indicesValid(const Plan& plan) {
        for (const UnitShare& w : plan.work) {
            if (w.unit < 0 || w.unit >= static_cast<int>(units.size()) || w.machine < 0 ||
                w.machine >= static_cast<int>(model.machines.size()) || w.store < 0 ||
                w.store >= static_cast<int>(S())) {
                fail("index", "a work share names no unit, machine or store");
                return false;
            }
        }
        for (const DataShare& p : plan.placement) {
            if (p.data < 0 || p.data >= static_cast<int>(model.data.size()) || p.store < 0 ||
                p.store >= static_cast<int>(S())) {
                fail("index", "a placement share names no data object or store");
                return false;
            }
        }
        return true;
    }

    // x^t in [0, 1] and x^d in [0, 1].
    void bounds(const Plan& plan, const char* taskRule, const char* dataRule) {
        for (const UnitShare& w : plan.work) {
            if (w.fraction < -kTol || above(w.fraction, 1.0)) {
                fail(taskRule, unitName(static_cast<std::size_t>(w.unit)) +
                                   ": x^t = " + formatNumber(w.fraction) + " is outside [0, 1]");
            }
        }
        for (const DataShare& p : plan.placement) {
            if (p.fraction < -kTol || above(p.fraction, 1.0)) {
                fail(dataRule, "'" + model.data[static_cast<std::size_t>(p.data)].name +
                                   "': x^d = " + formatNumber(p.fraction) + " is outside [0, 1]");
            }
        }
    }

    // (2)/(10): each unit runs in full.
    void runInFull(const std::vector<double>& sum, const char* rule) {
        for (std::size_t u = 0; u < units.size(); ++u) {
            if (sum[u] < 1.0 - kTol) {
                fail(rule, unitName(u) + " is scheduled " + formatNumber(sum[u]) + " < 1");
            }
        }
    }

    std::vector<double> scheduled(const Plan& plan) const {
        std::vector<double> sum(units.size(), 0.0);
        for (const UnitShare& w : plan.work) {
            sum[static_cast<std::size_t>(w.unit)] += w.fraction;
        }
        return sum;
    }

    // Σ_l x^t per (unit, store).
    Table reads(const Plan& plan) const {
        Table r(units.size(), std::vector<double>(S(), 0.0));
        for (const UnitShare& w : plan.work) {
            r[static_cast<std::size_t>(w.unit)][static_cast<std::size_t>(w.store)] += w.fraction;
        }
        return r;
    }

    void capacity(const Plan& plan, const char* rule, double epochS) {
        std::vector<double> cpu(model.machines.size(), 0.0);
        for (const UnitShare& w : plan.work) {
            cpu[static_cast<std::size_t>(w.machine)] +=
                w.fraction * units[static_cast<std::size_t>(w.unit)].cpuS;
        }
        for (std::size_t l = 0; l < cpu.size(); ++l) {
            const Machine& m = model.machines[l];
            const double cap = m.cpuUnits * (epochS > 0.0 ? epochS : m.uptimeS);
            if (above(cpu[l], cap)) {
                fail(rule, "machine '" + m.name + "' runs " + formatNumber(cpu[l]) +
                               " CPU-seconds, more than its " + formatNumber(cap));
            }
        }
    }

    // Σ_l x^t_ulm (+ what was read before) <= x^d_im for every unit with data.
    void readsWithinPlacement(const Table& read, const Table& consumed, const Table& placed,
                              const char* rule) {
        for (std::size_t u = 0; u < units.size(); ++u) {
            if (units[u].data < 0) {
                continue;
            }
            const auto& x = placed[static_cast<std::size_t>(units[u].data)];
            for (std::size_t m = 0; m < S(); ++m) {
                const double total = read[u][m] + consumed[u][m];
                if (read[u][m] > 0.0 && above(total, x[m])) {
                    fail(rule, unitName(u) + " reads " + formatNumber(total) + " of it on '" +
                                   model.stores[m].name + "' where only " + formatNumber(x[m]) +
                                   " lies");
                }
            }
        }
    }

    void placedInFull(const Table& placed, const char* rule) {
        for (std::size_t i = 0; i < placed.size(); ++i) {
            double sum = 0.0;
            for (double x : placed[i]) {
                sum += x;
            }
            if (sum < 1.0 - kTol) {
                fail(rule, "'" + model.data[i].name + "' is placed " + formatNumber(sum) +
                               " < 1 in total");
            }
        }
    }

    void storeCapacity(const Table& placed, const char* rule) {
        for (std::size_t j = 0; j < S(); ++j) {
            double mb = 0.0;
            for (std::size_t i = 0; i < placed.size(); ++i) {
                mb += placed[i][j] * model.data[i].sizeMb;
            }
            if (above(mb, model.stores[j].capacityMb)) {
                fail(rule, "store '" + model.stores[j].name + "' holds " + formatNumber(mb) +
                               " MB, more than its " + formatNumber(model.stores[j].capacityMb));
            }
        }
    }

    Table origins() const {
        Table x(model.data.size(), std::vector<double>(S(), 0.0));
        for (std::size_t i = 0; i < model.data.size(); ++i) {
            x[i][static_cast<std::size_t>(model.data[i].origin)] = 1.0;
        }
        return x;
    }

    Table placement(const Plan& plan, Table x) const {
        for (const DataShare& p : plan.placement) {
            x[static_cast<std::size_t>(p.data)][static_cast<std::size_t>(p.store)] += p.fraction;
        }
        return x;
    }

    Table zeros(std::size_t rows) const { return Table(rows, std::vector<double>(S(), 0.0)); }
};

}  // namespace

std::vector<std::string> checkSimplePlan(const CostModel& model, const std::vector<WorkUnit>& units,
                                         const Plan& plan) {
    Checker c{model, units, {}};
    if (!c.indicesValid(plan)) {
        return c.violations;
    }
    c.runInFull(c.scheduled(plan), "2");
    c.readsWithinPlacement(c.reads(plan), c.zeros(units.size()), c.origins(), "3");
    c.capacity(plan, "4", 0.0);
    c.bounds(plan, "5", "5");
    return c.violations;
}

std::vector<std::string> checkCoSchedulePlan(const CostModel& model,
                                             const std::vector<WorkUnit>& units, const Plan& plan) {
    Checker c{model, units, {}};
    if (!c.indicesValid(plan)) {
        return c.violations;
    }
    const Table placed = c.placement(plan, c.zeros(model.data.size()));
    c.placedInFull(placed, "9");
    c.runInFull(c.scheduled(plan), "10");
    c.storeCapacity(placed, "11");
    c.capacity(plan, "12", 0.0);
    c.readsWithinPlacement(c.reads(plan), c.zeros(units.size()), placed, "13");
    c.bounds(plan, "14", "15");
    return c.violations;
}

std::vector<std::string> checkOnlinePlans(const CostModel& model,
                                          const std::vector<WorkUnit>& units, double epochS,
                                          const std::vector<Plan>& epochs) {
    Checker c{model, units, {}};
    const TransferTable transfer(model);
    Table held = c.origins();
    Table consumed = c.zeros(units.size());
    std::vector<double> remaining(units.size(), 1.0);
    for (std::size_t e = 0; e < epochs.size(); ++e) {
        const Plan& plan = epochs[e];
        const std::size_t before = c.violations.size();
        if (!c.indicesValid(plan)) {
            return c.violations;
        }
        const Table placed = c.placement(plan, held);
        c.placedInFull(placed, "19");
        const auto sum = c.scheduled(plan);
        for (std::size_t u = 0; u < units.size(); ++u) {
            if (above(sum[u], remaining[u])) {
                c.fail("20", c.unitName(u) + " runs " + formatNumber(sum[u]) + " but only " +
                                 formatNumber(remaining[u]) + " remains");
            }
        }
        // (21): per job and machine, the time to read remote data stays within the epoch.
        std::map<std::pair<int, int>, double> transferS;
        for (const UnitShare& w : plan.work) {
            const WorkUnit& unit = units[static_cast<std::size_t>(w.unit)];
            const Machine& m = model.machines[static_cast<std::size_t>(w.machine)];
            if (unit.data >= 0 && w.store != m.store) {
                transferS[{unit.job, w.machine}] +=
                    w.fraction * unit.sizeMb / transfer.mbPerS(m.store, w.store);
            }
        }
        for (const auto& [key, seconds] : transferS) {
            if (above(seconds, epochS)) {
                c.fail("21", "job '" + model.jobs[static_cast<std::size_t>(key.first)].name +
                                 "' reads for " + formatNumber(seconds) + " s on machine '" +
                                 model.machines[static_cast<std::size_t>(key.second)].name +
                                 "', longer than the epoch");
            }
        }
        c.storeCapacity(placed, "22");
        c.capacity(plan, "23", epochS);
        const Table read = c.reads(plan);
        c.readsWithinPlacement(read, consumed, placed, "24");
        c.bounds(plan, "25", "26");
        for (std::size_t i = 0; i < placed.size(); ++i) {
            for (double x : placed[i]) {
                if (above(x, 1.0)) {
                    c.fail("26", "'" + model.data[i].name + "' lies " + formatNumber(x) +
                                     " > 1 times on one store");
                }
            }
        }
        for (std::size_t k = before; k < c.violations.size(); ++k) {
            c.violations[k] = "epoch " + std::to_string(e + 1) + ": " + c.violations[k];
        }
        held = placed;
        for (std::size_t u = 0; u < units.size(); ++u) {
            remaining[u] -= sum[u];
            for (std::size_t m = 0; m < c.S(); ++m) {
                consumed[u][m] += read[u][m];
            }
        }
    }
    for (std::size_t u = 0; u < units.size(); ++u) {
        if (remaining[u] > kTol) {
            c.fail("20", c.unitName(u) + " still has " + formatNumber(remaining[u]) +
                             " to run after the last epoch");
        }
    }
    return c.violations;
}

std::vector<std::string> checkWholeBlocks(const CostModel& model,
                                          const std::vector<WorkUnit>& units, const Plan& plan) {
    Checker c{model, units, {}};
    if (!c.indicesValid(plan)) {
        return c.violations;
    }
    auto whole = [](double fraction, int parts) {
        const double n = fraction * parts;
        return std::fabs(n - std::round(n)) < 1e-6;
    };
    const auto sum = c.scheduled(plan);
    for (std::size_t u = 0; u < units.size(); ++u) {
        if (std::fabs(sum[u] - 1.0) > kTol) {
            c.fail("tasks", c.unitName(u) + " runs " + formatNumber(sum[u]) + " of its work");
        }
    }
    for (const UnitShare& w : plan.work) {
        if (!whole(w.fraction, units[static_cast<std::size_t>(w.unit)].tasks)) {
            c.fail("tasks", c.unitName(static_cast<std::size_t>(w.unit)) + ": share " +
                                formatNumber(w.fraction) + " is not a whole number of tasks");
        }
    }
    const Table placed = c.placement(plan, c.zeros(model.data.size()));
    for (const DataShare& p : plan.placement) {
        if (!whole(p.fraction, model.dataBlocks(p.data))) {
            c.fail("blocks", "'" + model.data[static_cast<std::size_t>(p.data)].name + "': share " +
                                 formatNumber(p.fraction) + " is not a whole number of blocks");
        }
    }
    c.placedInFull(placed, "blocks");
    c.readsWithinPlacement(c.reads(plan), c.zeros(units.size()), placed, "blocks");
    return c.violations;
}

}  // namespace mr::cost
