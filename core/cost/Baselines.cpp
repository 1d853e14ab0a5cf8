// The baselines LiPS is compared with (seed 002 §VI): Hadoop's default scheduler as the paper's
// simulation models it (every task local to its data while that machine has capacity, §VI-B),
// and delay scheduling (Zaharia et al., the paper's reference [35]) over simulated time.
// Tasks are the 64 MB blocks; a task of c CPU-seconds occupies its machine for c / cpu_units s.
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <queue>
#include <tuple>

#include "cost/CostAlgorithms.h"
#include "io/NumberFormat.h"

namespace mr::cost {

namespace {

constexpr double kTolerance = 1e-9;

// Whole tasks per (unit, machine, store), in first-use order, turned into a schedule.
class TaskCounter {
public:
    void add(int unit, int machine, int store) {
        const auto key = std::tuple(unit, machine, store);
        const auto it = m_index.find(key);
        if (it == m_index.end()) {
            m_index.emplace(key, m_entries.size());
            m_entries.push_back({key, 1});
        } else {
            ++m_entries[it->second].second;
        }
    }

    // Data stay on their origins: the baselines move no data before running.
    void finish(const CostModel& model, const TransferTable& transfer, CostResult& result) const {
        std::vector<int> tasks;
        for (const auto& [key, n] : m_entries) {
            const auto [unit, machine, store] = key;
            result.schedule.work.push_back(
                {unit, machine, store,
                 static_cast<double>(n) / result.units[static_cast<std::size_t>(unit)].tasks});
            tasks.push_back(n);
        }
        std::vector<int> blocks;
        for (std::size_t i = 0; i < model.data.size(); ++i) {
            result.schedule.placement.push_back({static_cast<int>(i), model.data[i].origin, 1.0});
            blocks.push_back(model.dataBlocks(static_cast<int>(i)));
        }
        describeSchedule(model, transfer, tasks, blocks, nullptr, result);
    }

private:
    std::map<std::tuple<int, int, int>, std::size_t> m_index;
    std::vector<std::pair<std::tuple<int, int, int>, int>> m_entries;
};

std::vector<double> capacityLeft(const CostModel& model) {
    std::vector<double> left;
    for (const auto& m : model.machines) {
        left.push_back(m.cpuUnits * m.uptimeS);
    }
    return left;
}

bool fits(double left, double cpu) {
    return cpu <= left + kTolerance * std::max(1.0, left);
}

void refuse(CostResult& result, const CostModel& model, const WorkUnit& unit, double taskCpu) {
    result.feasible = false;
    result.message = "infeasible: a task of job '" +
                     model.jobs[static_cast<std::size_t>(unit.job)].name + "' needs " +
                     formatNumber(taskCpu) +
                     " CPU-seconds and no machine has that much left of cpu_units × uptime_s";
    result.schedule = {};
}

}  // namespace

CostResult runHadoopDefault(const CostModel& model) {
    CostResult result;
    result.algorithm = "hadoop-default";
    const TransferTable transfer(model);
    result.units = workUnits(model);
    std::vector<double> left = capacityLeft(model);
    std::vector<double> cpu(model.machines.size(), 0.0);
    TaskCounter counter;
    for (std::size_t u = 0; u < result.units.size(); ++u) {
        const WorkUnit& unit = result.units[u];
        const int origin =
            unit.data >= 0 ? model.data[static_cast<std::size_t>(unit.data)].origin : -1;
        const double c = unit.taskCpuS();
        for (int t = 0; t < unit.tasks; ++t) {
            // Local first (a task without data is local anywhere), the least busy such machine;
            // else the cheapest to reach, then the least busy.
            int best = -1;
            std::tuple<int, double, double> bestKey{};
            for (std::size_t l = 0; l < model.machines.size(); ++l) {
                const Machine& mc = model.machines[l];
                if (!fits(left[l], c)) {
                    continue;
                }
                const bool local = origin < 0 || mc.store == origin;
                const auto key =
                    std::tuple(local ? 0 : 1, local ? 0.0 : transfer.costPerMb(mc.store, origin),
                               cpu[l] / mc.cpuUnits);
                if (best < 0 || key < bestKey) {
                    best = static_cast<int>(l);
                    bestKey = key;
                }
            }
            if (best < 0) {
                refuse(result, model, unit, c);
                return result;
            }
            const auto b = static_cast<std::size_t>(best);
            left[b] -= c;
            cpu[b] += c;
            counter.add(static_cast<int>(u), best, origin < 0 ? model.machines[b].store : origin);
        }
    }
    counter.finish(model, transfer, result);
    return result;
}

CostResult runDelayScheduling(const CostModel& model, double delayS) {
    CostResult result;
    result.algorithm = "delay";
    const TransferTable transfer(model);
    result.units = workUnits(model);
    const auto& units = result.units;
    const std::size_t K = model.jobs.size();
    const std::size_t S = model.stores.size();
    const std::size_t M = model.machines.size();

    // Pending tasks: per unit, and per job by the store holding them (S = "no data").
    std::vector<int> pending(units.size());
    std::vector<std::vector<std::vector<int>>> byStore(K, std::vector<std::vector<int>>(S + 1));
    std::vector<int> jobPending(K, 0);
    for (std::size_t u = 0; u < units.size(); ++u) {
        pending[u] = units[u].tasks;
        const auto k = static_cast<std::size_t>(units[u].job);
        const int d = units[u].data;
        const std::size_t s =
            d < 0 ? S : static_cast<std::size_t>(model.data[static_cast<std::size_t>(d)].origin);
        byStore[k][s].push_back(static_cast<int>(u));
        jobPending[k] += units[u].tasks;
    }
    long long totalPending = 0;
    for (int p : jobPending) {
        totalPending += p;
    }
    // The first unit of job k with a pending task on store s that fits `left` CPU-seconds.
    auto pendingOn = [&](std::size_t k, std::size_t s, double left) {
        for (int u : byStore[k][s]) {
            if (pending[static_cast<std::size_t>(u)] > 0 &&
                fits(left, units[static_cast<std::size_t>(u)].taskCpuS())) {
                return u;
            }
        }
        return -1;
    };

    using Event = std::pair<double, std::size_t>;  // (time, machine)
    std::priority_queue<Event, std::vector<Event>, std::greater<>> machines;
    for (std::size_t l = 0; l < M; ++l) {
        machines.push({0.0, l});
    }
    std::vector<double> left = capacityLeft(model);
    const double none = std::numeric_limits<double>::quiet_NaN();
    std::vector<double> waitingSince(K, none);
    std::vector<std::priority_queue<double, std::vector<double>, std::greater<>>> running(K);
    std::vector<std::size_t> jobOrder(K);
    TaskCounter counter;
    double makespan = 0.0;

    while (totalPending > 0 && !machines.empty()) {
        const auto [t, l] = machines.top();
        machines.pop();
        const Machine& mc = model.machines[l];
        const auto local = static_cast<std::size_t>(mc.store);
        // Fair sharing: the job with the fewest running tasks first, then file order.
        std::vector<std::size_t> runningNow(K);
        for (std::size_t k = 0; k < K; ++k) {
            while (!running[k].empty() && running[k].top() <= t + kTolerance) {
                running[k].pop();
            }
            runningNow[k] = running[k].size();
            jobOrder[k] = k;
        }
        std::stable_sort(jobOrder.begin(), jobOrder.end(), [&](std::size_t a, std::size_t b) {
            return runningNow[a] < runningNow[b];
        });
        int chosen = -1;
        int store = -1;
        std::size_t chosenJob = 0;
        for (std::size_t k : jobOrder) {
            if (jobPending[k] == 0) {
                continue;
            }
            int u = pendingOn(k, S, left[l]);
            u = u >= 0 ? u : pendingOn(k, local, left[l]);
            if (u >= 0) {
                chosen = u;
                store = static_cast<int>(local);
                waitingSince[k] = none;  // a local launch ends the job's wait
            } else {
                if (std::isnan(waitingSince[k])) {
                    waitingSince[k] = t;
                }
                if (t - waitingSince[k] < delayS - kTolerance) {
                    continue;  // skip the job for now: it waits for a local machine
                }
                // Waited long enough: its cheapest task to reach from here.
                double bestCost = std::numeric_limits<double>::infinity();
                for (std::size_t s = 0; s < S; ++s) {
                    const int v = pendingOn(k, s, left[l]);
                    if (v >= 0 && transfer.costPerMb(mc.store, static_cast<int>(s)) < bestCost) {
                        bestCost = transfer.costPerMb(mc.store, static_cast<int>(s));
                        chosen = v;
                        store = static_cast<int>(s);
                    }
                }
                if (chosen < 0) {
                    continue;  // nothing of this job fits here any more
                }
            }
            chosenJob = k;
            break;
        }
        if (chosen >= 0) {
            const auto u = static_cast<std::size_t>(chosen);
            const double c = units[u].taskCpuS();
            const double end = t + c / mc.cpuUnits;
            --pending[u];
            --jobPending[chosenJob];
            --totalPending;
            left[l] -= c;
            running[chosenJob].push(end);
            makespan = std::max(makespan, end);
            counter.add(chosen, static_cast<int>(l), units[u].data < 0 ? mc.store : store);
            machines.push({end, l});
            continue;
        }
        // Nothing to launch now: sleep until the next job's wait runs out; retire if none will.
        double wake = std::numeric_limits<double>::infinity();
        for (std::size_t k = 0; k < K; ++k) {
            if (jobPending[k] > 0 && !std::isnan(waitingSince[k]) &&
                waitingSince[k] + delayS > t + kTolerance) {
                wake = std::min(wake, waitingSince[k] + delayS);
            }
        }
        if (std::isfinite(wake)) {
            machines.push({wake, l});
        }
    }
    if (totalPending > 0) {
        for (const WorkUnit& unit : units) {
            if (pending[static_cast<std::size_t>(&unit - units.data())] > 0) {
                refuse(result, model, unit, unit.taskCpuS());
                return result;
            }
        }
    }
    counter.finish(model, transfer, result);
    result.makespanS = makespan;  // simulated: machines may idle while jobs wait
    return result;
}

}  // namespace mr::cost
