// The baselines LiPS is compared with ([Ehsan13] §VI): Hadoop's default scheduler as the paper's
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

namespace {

// Delay scheduling over simulated time: machines free up in time order; each takes a task of the
// job with the fewest running tasks that has one local to it, or of a job that has waited delayS
// for a local machine (its cheapest task to reach); with nothing to launch it sleeps until the
// next wait runs out.
class DelayScheduler {
public:
    DelayScheduler(const CostModel& model, double delayS, CostResult& result)
        : m_model(model),
          m_delayS(delayS),
          m_result(result),
          m_transfer(model),
          m_units(result.units),
          K(model.jobs.size()),
          S(model.stores.size()),
          m_pending(m_units.size()),
          m_byStore(K, std::vector<std::vector<int>>(S + 1)),
          m_jobPending(K, 0),
          m_left(capacityLeft(model)),
          m_waitingSince(K, kNone),
          m_running(K),
          m_jobOrder(K) {
        // Pending tasks: per unit, and per job by the store holding them (S = "no data").
        for (std::size_t u = 0; u < m_units.size(); ++u) {
            m_pending[u] = m_units[u].tasks;
            const auto k = static_cast<std::size_t>(m_units[u].job);
            const int d = m_units[u].data;
            const std::size_t s =
                d < 0 ? S
                      : static_cast<std::size_t>(model.data[static_cast<std::size_t>(d)].origin);
            m_byStore[k][s].push_back(static_cast<int>(u));
            m_jobPending[k] += m_units[u].tasks;
        }
        for (int p : m_jobPending) {
            m_totalPending += p;
        }
        for (std::size_t l = 0; l < model.machines.size(); ++l) {
            m_machines.push({0.0, l});
        }
    }

    void run();

private:
    using Event = std::pair<double, std::size_t>;  // (time, machine)
    static constexpr double kNone = std::numeric_limits<double>::quiet_NaN();

    // The first unit of job k with a pending task on store s that fits `left` CPU-seconds.
    int pendingOn(std::size_t k, std::size_t s, double left) const {
        for (int u : m_byStore[k][s]) {
            if (m_pending[static_cast<std::size_t>(u)] > 0 &&
                fits(left, m_units[static_cast<std::size_t>(u)].taskCpuS())) {
                return u;
            }
        }
        return -1;
    }
    void orderJobs(double t);
    bool chooseTask(std::size_t k, double t, std::size_t l, int& chosen, int& store);
    void launch(std::size_t u, std::size_t k, double t, std::size_t l, int store);
    double nextWake(double t) const;

    const CostModel& m_model;
    const double m_delayS;
    CostResult& m_result;
    const TransferTable m_transfer;
    const std::vector<WorkUnit>& m_units;
    const std::size_t K;                                   // jobs
    const std::size_t S;                                   // stores
    std::vector<int> m_pending;                            // per unit: tasks not launched
    std::vector<std::vector<std::vector<int>>> m_byStore;  // per job, per store: its units
    std::vector<int> m_jobPending;
    long long m_totalPending = 0;
    std::priority_queue<Event, std::vector<Event>, std::greater<>> m_machines;
    std::vector<double> m_left;          // per machine: CPU-seconds of capacity left
    std::vector<double> m_waitingSince;  // per job: since when it waits for a local machine
    std::vector<std::priority_queue<double, std::vector<double>, std::greater<>>> m_running;
    std::vector<std::size_t> m_jobOrder;
    TaskCounter m_counter;
    double m_makespan = 0.0;
};

void DelayScheduler::run() {
    while (m_totalPending > 0 && !m_machines.empty()) {
        const auto [t, l] = m_machines.top();
        m_machines.pop();
        orderJobs(t);
        int chosen = -1;
        int store = -1;
        std::size_t chosenJob = 0;
        for (std::size_t k : m_jobOrder) {
            if (m_jobPending[k] > 0 && chooseTask(k, t, l, chosen, store)) {
                chosenJob = k;
                break;
            }
        }
        if (chosen >= 0) {
            launch(static_cast<std::size_t>(chosen), chosenJob, t, l, store);
            continue;
        }
        // Nothing to launch now: sleep until the next job's wait runs out; retire if none will.
        const double wake = nextWake(t);
        if (std::isfinite(wake)) {
            m_machines.push({wake, l});
        }
    }
    if (m_totalPending > 0) {
        for (const WorkUnit& unit : m_units) {
            if (m_pending[static_cast<std::size_t>(&unit - m_units.data())] > 0) {
                refuse(m_result, m_model, unit, unit.taskCpuS());
                return;
            }
        }
    }
    m_counter.finish(m_model, m_transfer, m_result);
    m_result.makespanS = m_makespan;  // simulated: machines may idle while jobs wait
}

// Fair sharing: the job with the fewest running tasks first, then file order.
void DelayScheduler::orderJobs(double t) {
    std::vector<std::size_t> runningNow(K);
    for (std::size_t k = 0; k < K; ++k) {
        while (!m_running[k].empty() && m_running[k].top() <= t + kTolerance) {
            m_running[k].pop();
        }
        runningNow[k] = m_running[k].size();
        m_jobOrder[k] = k;
    }
    std::stable_sort(m_jobOrder.begin(), m_jobOrder.end(),
                     [&](std::size_t a, std::size_t b) { return runningNow[a] < runningNow[b]; });
}

// Job k's task for machine l at time t (its unit and store), if it has one to launch now: one
// without data or local to l; else, once it has waited delayS, its cheapest to reach.
bool DelayScheduler::chooseTask(std::size_t k, double t, std::size_t l, int& chosen, int& store) {
    const Machine& mc = m_model.machines[l];
    const auto local = static_cast<std::size_t>(mc.store);
    int u = pendingOn(k, S, m_left[l]);
    u = u >= 0 ? u : pendingOn(k, local, m_left[l]);
    if (u >= 0) {
        chosen = u;
        store = static_cast<int>(local);
        m_waitingSince[k] = kNone;  // a local launch ends the job's wait
        return true;
    }
    if (std::isnan(m_waitingSince[k])) {
        m_waitingSince[k] = t;
    }
    if (t - m_waitingSince[k] < m_delayS - kTolerance) {
        return false;  // skip the job for now: it waits for a local machine
    }
    // Waited long enough: its cheapest task to reach from here.
    double bestCost = std::numeric_limits<double>::infinity();
    for (std::size_t s = 0; s < S; ++s) {
        const int v = pendingOn(k, s, m_left[l]);
        if (v >= 0 && m_transfer.costPerMb(mc.store, static_cast<int>(s)) < bestCost) {
            bestCost = m_transfer.costPerMb(mc.store, static_cast<int>(s));
            chosen = v;
            store = static_cast<int>(s);
        }
    }
    return chosen >= 0;  // else nothing of this job fits here any more
}

void DelayScheduler::launch(std::size_t u, std::size_t k, double t, std::size_t l, int store) {
    const Machine& mc = m_model.machines[l];
    const double c = m_units[u].taskCpuS();
    const double end = t + c / mc.cpuUnits;
    --m_pending[u];
    --m_jobPending[k];
    --m_totalPending;
    m_left[l] -= c;
    m_running[k].push(end);
    m_makespan = std::max(m_makespan, end);
    m_counter.add(static_cast<int>(u), static_cast<int>(l), m_units[u].data < 0 ? mc.store : store);
    m_machines.push({end, l});
}

// When the next job's wait runs out after t (infinity when no job waits).
double DelayScheduler::nextWake(double t) const {
    double wake = std::numeric_limits<double>::infinity();
    for (std::size_t k = 0; k < K; ++k) {
        if (m_jobPending[k] > 0 && !std::isnan(m_waitingSince[k]) &&
            m_waitingSince[k] + m_delayS > t + kTolerance) {
            wake = std::min(wake, m_waitingSince[k] + m_delayS);
        }
    }
    return wake;
}

}  // namespace

CostResult runDelayScheduling(const CostModel& model, double delayS) {
    CostResult result;
    result.algorithm = "delay";
    result.units = workUnits(model);
    DelayScheduler(model, delayS, result).run();
    return result;
}

}  // namespace mr::cost
