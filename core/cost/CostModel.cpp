#include "cost/CostModel.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>

#include "io/NumberFormat.h"
#include "model/InputError.h"

namespace mr::cost {

namespace {

constexpr double kMaxQuantity = 1.0e12;  // MB, CPU-s, seconds, prices: above is a unit mistake
constexpr long long kMaxTasks = 10'000'000;

[[noreturn]] void fail(const std::string& file, const std::string& kind, const std::string& item,
                       const std::string& field, const std::string& message) {
    throw InputError(file, item, field, message, kind);
}

// The smallest quantity that is not 0: a byte is 1e-6 MB, a microsecond 1e-6 s. Smaller values
// are unit mistakes, and put the linear programs' coefficients 18 orders of magnitude apart (a
// size of 1e-9 MB kept GLPK busy for more than 17 minutes).
constexpr double kMinQuantity = 1.0e-6;
// Prices (per MB, per CPU-second) may be far smaller: a millicent per CPU-second is 1e-5.
constexpr double kMinPrice = 1.0e-12;

void checkNumber(double value, bool positive, const std::string& file, const std::string& kind,
                 const std::string& item, const std::string& field,
                 double smallest = kMinQuantity) {
    const bool bad = !std::isfinite(value) || value > kMaxQuantity || value < 0.0 ||
                     (positive && value <= 0.0) || (value > 0.0 && value < smallest);
    if (bad) {
        fail(file, kind, item, field,
             std::string("must be ") + (positive ? "" : "0 or ") + "a finite number from " +
                 formatNumber(smallest) + " to 1e12 (got " + formatNumber(value) + ")");
    }
}

void checkNames(const std::vector<std::string>& names, const std::string& file,
                const std::string& kind) {
    std::set<std::string> seen;
    for (const auto& n : names) {
        if (n.empty()) {
            fail(file, kind, "", "name", "must not be empty");
        }
        if (!seen.insert(n).second) {
            fail(file, kind, n, "name", "is used twice");
        }
    }
}

template <typename T>
std::vector<std::string> namesOf(const std::vector<T>& items) {
    std::vector<std::string> names;
    for (const auto& i : items) {
        names.push_back(i.name);
    }
    return names;
}

}  // namespace

int CostModel::storeIndex(const std::string& storeName) const {
    for (std::size_t i = 0; i < stores.size(); ++i) {
        if (stores[i].name == storeName) {
            return static_cast<int>(i);
        }
    }
    return -1;
}

double CostModel::jobSizeMb(int job) const {
    double size = 0.0;
    for (int d : jobs[static_cast<std::size_t>(job)].data) {
        size += data[static_cast<std::size_t>(d)].sizeMb;
    }
    return size;
}

double CostModel::jobCpuS(int job) const {
    const CostJob& j = jobs[static_cast<std::size_t>(job)];
    return j.cpuS ? *j.cpuS : j.cpuSPerMb.value_or(0.0) * jobSizeMb(job);
}

int CostModel::dataBlocks(int d) const {
    const double blocks = std::ceil(data[static_cast<std::size_t>(d)].sizeMb / blockMb);
    return std::max(1, static_cast<int>(std::min(blocks, static_cast<double>(kMaxTasks))));
}

int CostModel::jobTasks(int job) const {
    const CostJob& j = jobs[static_cast<std::size_t>(job)];
    if (j.data.empty()) {
        return j.tasks.value_or(1);
    }
    long long tasks = 0;
    for (int d : j.data) {
        tasks += dataBlocks(d);
    }
    return static_cast<int>(std::min(tasks, kMaxTasks));
}

TransferTable::TransferTable(const CostModel& model)
    : m_stores(model.stores.size()),
      m_cost(m_stores * m_stores, model.transfer.defaultCostPerMb),
      m_speed(m_stores * m_stores, model.transfer.defaultMbPerS) {
    for (const auto& p : model.transfer.pairs) {
        for (const auto& [a, b] : {std::pair{p.a, p.b}, std::pair{p.b, p.a}}) {
            m_cost[index(a, b)] = p.costPerMb.value_or(model.transfer.defaultCostPerMb);
            m_speed[index(a, b)] = p.mbPerS.value_or(model.transfer.defaultMbPerS);
        }
    }
    for (std::size_t s = 0; s < m_stores; ++s) {
        m_cost[s * m_stores + s] = 0.0;
        m_speed[s * m_stores + s] = std::numeric_limits<double>::infinity();
    }
    for (double c : m_cost) {
        m_maxCost = std::max(m_maxCost, c);
    }
}

namespace {

void checkStoresAndMachines(const CostModel& m, const std::string& file) {
    const int stores = static_cast<int>(m.stores.size());
    for (const auto& s : m.stores) {
        checkNumber(s.capacityMb, false, file, "store", s.name, "capacity_mb");
    }
    for (const auto& mc : m.machines) {
        if (mc.store < 0 || mc.store >= stores) {
            fail(file, "machine", mc.name, "store", "unknown store");
        }
        checkNumber(mc.cpuUnits, true, file, "machine", mc.name, "cpu_units");
        checkNumber(mc.cpuCostPerS, false, file, "machine", mc.name, "cpu_cost_per_s", kMinPrice);
        checkNumber(mc.uptimeS, false, file, "machine", mc.name, "uptime_s");
    }
}

void checkTransfer(const CostModel& m, const std::string& file) {
    const int stores = static_cast<int>(m.stores.size());
    checkNumber(m.transfer.defaultCostPerMb, false, file, "", "", "transfer.default_cost_per_mb",
                kMinPrice);
    checkNumber(m.transfer.defaultMbPerS, true, file, "", "", "transfer.default_mb_per_s");
    std::set<std::pair<int, int>> pairs;
    for (std::size_t i = 0; i < m.transfer.pairs.size(); ++i) {
        const auto& p = m.transfer.pairs[i];
        const std::string field = "transfer.pairs[" + std::to_string(i) + "]";
        if (p.a < 0 || p.a >= stores || p.b < 0 || p.b >= stores) {
            fail(file, "", "", field, "unknown store");
        }
        if (p.a == p.b) {
            fail(file, "", "", field,
                 "a store to itself is local (cost 0), it cannot be priced: '" +
                     m.stores[static_cast<std::size_t>(p.a)].name + "'");
        }
        if (!pairs.insert({std::min(p.a, p.b), std::max(p.a, p.b)}).second) {
            fail(file, "", "", field,
                 "the pair '" + m.stores[static_cast<std::size_t>(p.a)].name + "'–'" +
                     m.stores[static_cast<std::size_t>(p.b)].name + "' is listed twice");
        }
        if (p.costPerMb) {
            checkNumber(*p.costPerMb, false, file, "", "", field + ".cost_per_mb", kMinPrice);
        }
        if (p.mbPerS) {
            checkNumber(*p.mbPerS, true, file, "", "", field + ".mb_per_s");
        }
    }
}

// The data objects, and each store's room for the data stored there at the start.
void checkData(const CostModel& m, const std::string& file) {
    const int stores = static_cast<int>(m.stores.size());
    std::vector<double> heldMb(m.stores.size(), 0.0);
    std::vector<std::vector<std::string>> heldNames(m.stores.size());
    for (const auto& d : m.data) {
        checkNumber(d.sizeMb, false, file, "data", d.name, "size_mb");
        if (d.origin < 0 || d.origin >= stores) {
            fail(file, "data", d.name, "origin", "unknown store");
        }
        heldMb[static_cast<std::size_t>(d.origin)] += d.sizeMb;
        heldNames[static_cast<std::size_t>(d.origin)].push_back(d.name);
        if (d.sizeMb / m.blockMb > static_cast<double>(kMaxTasks)) {
            fail(file, "data", d.name, "size_mb",
                 "holds more than " + std::to_string(kMaxTasks) + " blocks of " +
                     formatNumber(m.blockMb) + " MB");
        }
    }
    for (std::size_t s = 0; s < m.stores.size(); ++s) {
        // A relative tolerance: capacities written as the sum of their data must pass.
        if (heldMb[s] > m.stores[s].capacityMb * (1.0 + 1e-12)) {
            std::string names;
            for (std::size_t i = 0; i < heldNames[s].size() && i < 3; ++i) {
                names += (i ? ", " : "") + heldNames[s][i];
            }
            if (heldNames[s].size() > 3) {
                names += ", ...";
            }
            fail(file, "store", m.stores[s].name, "capacity_mb",
                 "too small for the data stored there at the start: " + formatNumber(heldMb[s]) +
                     " MB (" + names + ") > " + formatNumber(m.stores[s].capacityMb) + " MB");
        }
    }
}

// One job's CPU demand, data and tasks; returns its tasks.
long long checkJob(const CostModel& m, const CostJob& j, const std::string& file) {
    const int dataCount = static_cast<int>(m.data.size());
    long long tasks = 0;
    if (j.cpuS.has_value() == j.cpuSPerMb.has_value()) {
        fail(file, "job", j.name, "cpu_s", "give exactly one of 'cpu_s' and 'cpu_s_per_mb'");
    }
    if (j.cpuS) {
        checkNumber(*j.cpuS, false, file, "job", j.name, "cpu_s");
    } else {
        checkNumber(*j.cpuSPerMb, false, file, "job", j.name, "cpu_s_per_mb");
        if (j.data.empty()) {
            fail(file, "job", j.name, "cpu_s_per_mb",
                 "needs data to read (a job without data gives 'cpu_s')");
        }
    }
    std::set<int> seen;
    for (int d : j.data) {
        if (d < 0 || d >= dataCount) {
            fail(file, "job", j.name, "data", "reads data that the model does not have");
        }
        if (!seen.insert(d).second) {
            fail(file, "job", j.name, "data",
                 "reads '" + m.data[static_cast<std::size_t>(d)].name + "' twice");
        }
        tasks += m.dataBlocks(d);
    }
    if (j.tasks) {
        if (!j.data.empty()) {
            fail(file, "job", j.name, "tasks",
                 "only a job without data gives 'tasks' (one task per block otherwise)");
        }
        if (*j.tasks < 1 || *j.tasks > kMaxTasks) {
            fail(file, "job", j.name, "tasks",
                 "must be between 1 and " + std::to_string(kMaxTasks));
        }
        tasks += *j.tasks;
    } else if (j.data.empty()) {
        tasks += 1;
    }
    return tasks;
}

}  // namespace

void validate(const CostModel& m, const std::string& file) {
    if (m.stores.empty()) {
        fail(file, "", "", "stores", "the model needs at least one store");
    }
    if (m.machines.empty()) {
        fail(file, "", "", "machines", "the model needs at least one machine");
    }
    checkNumber(m.blockMb, true, file, "", "", "block_mb");
    checkNames(namesOf(m.stores), file, "store");
    checkNames(namesOf(m.machines), file, "machine");
    checkNames(namesOf(m.data), file, "data");
    checkNames(namesOf(m.jobs), file, "job");
    checkStoresAndMachines(m, file);
    checkTransfer(m, file);
    checkData(m, file);
    long long tasks = 0;
    for (const auto& j : m.jobs) {
        tasks += checkJob(m, j, file);
        if (tasks > kMaxTasks) {
            fail(file, "job", j.name, "tasks",
                 "the model has more than " + std::to_string(kMaxTasks) + " tasks");
        }
    }
    if (m.jobs.empty()) {
        fail(file, "", "", "jobs", "the model needs at least one job");
    }
}

}  // namespace mr::cost
