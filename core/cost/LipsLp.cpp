#include "cost/LipsLp.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace mr::cost {

namespace {

constexpr double kTiny = 1e-9;    // a fraction below this is nothing
constexpr double kNoise = 1e-12;  // LP values below this are zeros
constexpr int kNoRow = -2;        // a constraint that cannot bind, left out

using Sense = LinearProgram::Sense;

struct Column {
    enum Kind { Task, Place, Fake } kind;
    int a = 0;  // Task: unit; Place: data; Fake: unit
    int b = 0;  // Task: machine; Place: store
    int c = 0;  // Task: store
};

}  // namespace

LipsState LipsState::initial(const CostModel& model, const std::vector<WorkUnit>& units) {
    LipsState s;
    s.remaining.assign(units.size(), 1.0);
    s.held.assign(model.data.size(), std::vector<double>(model.stores.size(), 0.0));
    for (std::size_t i = 0; i < model.data.size(); ++i) {
        s.held[i][static_cast<std::size_t>(model.data[i].origin)] = 1.0;
    }
    s.consumed.assign(units.size(), std::vector<double>(model.stores.size(), 0.0));
    return s;
}

bool LipsState::done() const {
    return std::all_of(remaining.begin(), remaining.end(), [](double r) { return r <= kTiny; });
}

namespace {

// One LP of LiPS, built in the order the figures list it: the data that take part, where units
// may read, the placement columns x^d, the rows every figure has, the task columns x^t with
// their read and bandwidth rows, the placement rows, then the fake node F (online).
class LipsLpBuilder {
public:
    LipsLpBuilder(const CostModel& model, const TransferTable& transfer,
                  const std::vector<WorkUnit>& units, const LipsState& state,
                  const LipsLpOptions& options)
        : m_model(model),
          m_transfer(transfer),
          m_units(units),
          m_state(state),
          m_options(options),
          m_online(options.figure == LipsFigure::Online),
          m_movable(options.figure != LipsFigure::Simple),
          S(model.stores.size()),
          M(model.machines.size()),
          D(model.data.size()) {}

    LipsLpResult solve();

private:
    int addColumn(Column c, double cost, double lower, double upper) {
        m_columns.push_back(c);
        return m_lp.addColumn(cost, lower, upper);
    }
    void chooseData();
    void chooseLocalReads();
    void addPlacementColumns();
    void addAssignmentAndCapacityRows();
    void addTaskColumns();
    void readableStores(std::size_t u, std::size_t l, std::vector<int>& stores) const;
    void addTaskColumn(std::size_t u, std::size_t l, int m, std::vector<int>& readRow);
    void addPlacementRows();
    void addFakeNode(LipsLpResult& result);
    void readSolution(const LpSolution& solution, LipsLpResult& result) const;

    const CostModel& m_model;
    const TransferTable& m_transfer;
    const std::vector<WorkUnit>& m_units;
    const LipsState& m_state;
    const LipsLpOptions& m_options;
    const bool m_online;
    const bool m_movable;
    const std::size_t S;  // stores, machines, data objects (the paper's letters)
    const std::size_t M;
    const std::size_t D;

    LinearProgram m_lp;
    std::vector<Column> m_columns;
    std::vector<char> m_inLp;         // per data object: placed by this LP
    std::vector<int> m_readers;       // per data object: units reading it
    std::vector<char> m_local;        // (unit, machine): read from the machine's own store
    std::vector<double> m_remoteS;    // (job, machine): the longest (21) could get
    std::vector<int> m_placeColumn;   // (data, store): x^d's column, or -1
    std::vector<int> m_assignRow;     // per unit: (2)/(10)/(20), or -1 when nothing remains
    std::vector<int> m_capacityRow;   // per machine: (4)/(12)/(23)
    std::vector<int> m_bandwidthRow;  // (job, machine): (21), or -1
    std::vector<double> m_realMax;    // per unit: its dearest real column
};

LipsLpResult LipsLpBuilder::solve() {
    chooseData();
    chooseLocalReads();
    addPlacementColumns();
    addAssignmentAndCapacityRows();
    addTaskColumns();
    if (m_movable) {
        addPlacementRows();
    }
    LipsLpResult result;
    if (m_online) {
        addFakeNode(result);
    }
    const LpSolution solution = cost::solve(m_lp);
    result.status = solution.status;
    result.message = solution.message;
    result.seconds = solution.seconds;
    result.columns = m_lp.columns();
    result.rows = m_lp.rows();
    if (solution.status == LpStatus::Optimal) {
        readSolution(solution, result);
    }
    return result;
}

// Which data take part: offline co-scheduling places every object (Fig. 3 (9) is over all of D);
// an epoch places what the queue reads, the rest stays where it is.
void LipsLpBuilder::chooseData() {
    m_inLp.assign(D, 0);
    m_readers.assign(D, 0);
    for (std::size_t u = 0; u < m_units.size(); ++u) {
        if (m_units[u].data >= 0) {
            m_readers[static_cast<std::size_t>(m_units[u].data)] += 1;
            m_inLp[static_cast<std::size_t>(m_units[u].data)] |= m_state.remaining[u] > kTiny;
        }
    }
    if (m_options.figure == LipsFigure::CoSchedule) {
        std::fill(m_inLp.begin(), m_inLp.end(), 1);
    }
}

// Where a unit may read (without allStores): its data's origin, a store already holding a copy,
// and its machine's own store after a copy. Copying D_i to l's store costs SS(O_i, l) × Size, the
// same as l reading it from O_i (the table is symmetric and MS(l, m) = SS(store of l, m)), and
// takes store space: for an object one unit reads, the local column can only win when the
// epoch's transfer time (21) binds. So it is built for objects several units share, for copies
// already made, and where (21) may bind.
void LipsLpBuilder::chooseLocalReads() {
    m_local.assign(m_units.size() * M, 0);
    // Online: per (job, machine), the longest (21) could get: all that remains read remotely at
    // the slowest bandwidth the unit could read at. At most e, (21) cannot bind.
    m_remoteS.assign(m_model.jobs.size() * M, 0.0);
    if (!m_movable) {
        return;
    }
    for (std::size_t u = 0; u < m_units.size(); ++u) {
        const int d = m_units[u].data;
        if (d < 0 || m_state.remaining[u] <= kTiny || !m_online) {
            continue;
        }
        const auto i = static_cast<std::size_t>(d);
        for (std::size_t l = 0; l < M; ++l) {
            const int own = m_model.machines[l].store;
            double slowest = std::numeric_limits<double>::infinity();
            for (std::size_t j = 0; j < S; ++j) {
                if (static_cast<int>(j) != own &&
                    (m_options.allStores || static_cast<int>(j) == m_model.data[i].origin ||
                     m_state.held[i][j] > 0.0)) {
                    slowest = std::min(slowest, m_transfer.mbPerS(own, static_cast<int>(j)));
                }
            }
            m_remoteS[static_cast<std::size_t>(m_units[u].job) * M + l] +=
                m_state.remaining[u] * m_units[u].sizeMb / slowest;
        }
    }
    for (std::size_t u = 0; u < m_units.size(); ++u) {
        const int d = m_units[u].data;
        if (d < 0) {
            continue;
        }
        const auto i = static_cast<std::size_t>(d);
        for (std::size_t l = 0; l < M; ++l) {
            const auto own = static_cast<std::size_t>(m_model.machines[l].store);
            m_local[u * M + l] = m_options.allStores || m_readers[i] > 1 ||
                                 m_state.held[i][own] > 0.0 ||
                                 m_remoteS[static_cast<std::size_t>(m_units[u].job) * M + l] >
                                     m_options.epochS * (1.0 - 1e-9);
        }
    }
}

// x^d_ij: the fraction of D_i on S_j, in [held, 1] online (copies are kept once paid for), in
// [0, 1] offline. Costs SS(O_i, j) × Size(D_i); online the held part was paid already.
void LipsLpBuilder::addPlacementColumns() {
    std::vector<char> wanted(m_movable ? D * S : 0, 0);  // (data, store): a placement column
    for (std::size_t u = 0; u < m_units.size(); ++u) {
        for (std::size_t l = 0; l < M && m_units[u].data >= 0; ++l) {
            if (m_local[u * M + l]) {
                wanted[static_cast<std::size_t>(m_units[u].data) * S +
                       static_cast<std::size_t>(m_model.machines[l].store)] = 1;
            }
        }
    }
    m_placeColumn.assign(m_movable ? D * S : 0, -1);
    if (!m_movable) {
        return;
    }
    for (std::size_t i = 0; i < D; ++i) {
        if (!m_inLp[i]) {
            continue;
        }
        const DataObject& d = m_model.data[i];
        for (std::size_t j = 0; j < S; ++j) {
            const bool candidate = m_options.allStores || wanted[i * S + j] ||
                                   static_cast<int>(j) == d.origin || m_state.held[i][j] > 0.0;
            if (!candidate) {
                continue;
            }
            const double lower = m_online ? std::min(1.0, m_state.held[i][j]) : 0.0;
            m_placeColumn[i * S + j] = addColumn(
                {Column::Place, static_cast<int>(i), static_cast<int>(j)},
                d.sizeMb * m_transfer.costPerMb(d.origin, static_cast<int>(j)), lower, 1.0);
        }
    }
}

// Rows that every figure has. (2)/(10)/(20): each unit's remaining work is scheduled;
// (4)/(12)/(23): CPU capacity of each machine in the window.
void LipsLpBuilder::addAssignmentAndCapacityRows() {
    m_assignRow.assign(m_units.size(), -1);
    for (std::size_t u = 0; u < m_units.size(); ++u) {
        if (m_state.remaining[u] > kTiny) {
            m_assignRow[u] = m_lp.addRow(Sense::Equal, m_state.remaining[u]);
        }
    }
    m_capacityRow.assign(M, 0);
    for (std::size_t l = 0; l < M; ++l) {
        const Machine& mc = m_model.machines[l];
        m_capacityRow[l] =
            m_lp.addRow(Sense::LessEqual, mc.cpuUnits * (m_online ? m_options.epochS : mc.uptimeS));
    }
}

// x^t_ulm and (3)/(13)/(24): what a unit reads from a store is there (and not read before).
void LipsLpBuilder::addTaskColumns() {
    std::vector<int> readRow(S, -1);
    m_bandwidthRow.assign(m_model.jobs.size() * M, -1);
    m_realMax.assign(m_units.size(), 0.0);
    std::vector<int> stores;
    for (std::size_t u = 0; u < m_units.size(); ++u) {
        if (m_assignRow[u] < 0) {
            continue;
        }
        std::fill(readRow.begin(), readRow.end(), -1);
        for (std::size_t l = 0; l < M; ++l) {
            readableStores(u, l, stores);
            for (int m : stores) {
                addTaskColumn(u, l, m, readRow);
            }
        }
    }
}

// The stores unit u may read from on machine l: its machine's own store for a unit without data;
// else the stores its data are (or may be put) on, as far as the figure lets it read them.
void LipsLpBuilder::readableStores(std::size_t u, std::size_t l, std::vector<int>& stores) const {
    const WorkUnit& unit = m_units[u];
    const Machine& mc = m_model.machines[l];
    stores.clear();
    if (unit.data < 0) {
        stores.push_back(mc.store);
        return;
    }
    const auto i = static_cast<std::size_t>(unit.data);
    for (std::size_t j = 0; j < S; ++j) {
        const bool there = m_movable ? m_placeColumn[i * S + j] >= 0
                                     : m_state.held[i][j] - m_state.consumed[u][j] > kTiny;
        const bool readable =
            m_options.allStores || !m_movable || static_cast<int>(j) == m_model.data[i].origin ||
            m_state.held[i][j] > 0.0 || (static_cast<int>(j) == mc.store && m_local[u * M + l]);
        if (there && readable) {
            stores.push_back(static_cast<int>(j));
        }
    }
}

// The column of unit u on machine l reading from store m, in its assignment, capacity, read and
// (online, remote reads where it may bind) bandwidth (21) rows.
void LipsLpBuilder::addTaskColumn(std::size_t u, std::size_t l, int m, std::vector<int>& readRow) {
    const WorkUnit& unit = m_units[u];
    const Machine& mc = m_model.machines[l];
    const double read = unit.data < 0 ? 0.0 : unit.sizeMb * m_transfer.costPerMb(mc.store, m);
    const double cost = unit.cpuS * mc.cpuCostPerS + read;
    m_realMax[u] = std::max(m_realMax[u], cost);
    const int col = addColumn({Column::Task, static_cast<int>(u), static_cast<int>(l), m}, cost,
                              0.0, m_state.remaining[u]);
    m_lp.add(m_assignRow[u], col, 1.0);
    m_lp.add(m_capacityRow[l], col, unit.cpuS);
    if (unit.data >= 0) {
        const auto ms = static_cast<std::size_t>(m);
        const auto i = static_cast<std::size_t>(unit.data);
        const double there = m_state.held[i][ms] - m_state.consumed[u][ms];
        if (readRow[ms] == -1 && m_movable) {
            readRow[ms] = m_lp.addRow(Sense::LessEqual, -m_state.consumed[u][ms]);
            m_lp.add(readRow[ms], m_placeColumn[i * S + ms], -1.0);
        } else if (readRow[ms] == -1) {
            // Fixed data: the row only matters when less is there than remains.
            readRow[ms] =
                there >= m_state.remaining[u] ? kNoRow : m_lp.addRow(Sense::LessEqual, there);
        }
        if (readRow[ms] >= 0) {
            m_lp.add(readRow[ms], col, 1.0);
        }
    }
    const std::size_t jobMachine = static_cast<std::size_t>(unit.job) * M + l;
    if (m_online && unit.data >= 0 && m != mc.store &&
        m_remoteS[jobMachine] > m_options.epochS * (1.0 - 1e-9)) {
        int& row = m_bandwidthRow[jobMachine];
        if (row < 0) {
            row = m_lp.addRow(Sense::LessEqual, m_options.epochS);
        }
        m_lp.add(row, col, unit.sizeMb / m_transfer.mbPerS(mc.store, m));
    }
}

// (9)/(19): every object placed in full; (11)/(22): store capacity.
void LipsLpBuilder::addPlacementRows() {
    std::vector<double> fixedMb(S, 0.0);
    for (std::size_t i = 0; i < D; ++i) {
        if (m_inLp[i]) {
            continue;
        }
        for (std::size_t j = 0; j < S; ++j) {
            fixedMb[j] += m_state.held[i][j] * m_model.data[i].sizeMb;
        }
    }
    std::vector<int> storeRow(S);
    for (std::size_t j = 0; j < S; ++j) {
        storeRow[j] = m_lp.addRow(Sense::LessEqual, m_model.stores[j].capacityMb - fixedMb[j]);
    }
    for (std::size_t i = 0; i < D; ++i) {
        if (!m_inLp[i]) {
            continue;
        }
        const int row = m_lp.addRow(Sense::GreaterEqual, 1.0);
        for (std::size_t j = 0; j < S; ++j) {
            const int col = m_placeColumn[i * S + j];
            if (col >= 0) {
                m_lp.add(row, col, 1.0);
                m_lp.add(storeRow[j], col, m_model.data[i].sizeMb);
            }
        }
    }
}

// The fake node F: unlimited capacity, a CPU price above every real cost per CPU-second, so the
// LP fills the real capacity of the epoch first; what lands on F waits (§V-B).
void LipsLpBuilder::addFakeNode(LipsLpResult& result) {
    const double maxReal =
        m_realMax.empty() ? 0.0 : *std::max_element(m_realMax.begin(), m_realMax.end());
    double perCpu = 0.0;
    for (std::size_t u = 0; u < m_units.size(); ++u) {
        if (m_assignRow[u] >= 0 && m_units[u].cpuS > 0.0) {
            const double placement = m_units[u].sizeMb * m_transfer.maxCostPerMb();
            perCpu = std::max(perCpu, (m_realMax[u] + placement) / m_units[u].cpuS);
        }
    }
    result.fakeCostPerCpuS = 2.0 * perCpu;
    for (std::size_t u = 0; u < m_units.size(); ++u) {
        if (m_assignRow[u] < 0) {
            continue;
        }
        const double placement = m_units[u].sizeMb * m_transfer.maxCostPerMb();
        double cost = result.fakeCostPerCpuS * m_units[u].cpuS + 2.0 * (m_realMax[u] + placement);
        if (cost <= 0.0) {
            cost = maxReal > 0.0 ? maxReal : 1.0;  // a free unit: F must still cost more
        }
        const int col =
            addColumn({Column::Fake, static_cast<int>(u), 0, 0}, cost, 0.0, m_state.remaining[u]);
        m_lp.add(m_assignRow[u], col, 1.0);
    }
}

// The plan from an optimal solution: x^t as work, x^d as placement (online: the copies made in
// this epoch), F's share as deferred.
void LipsLpBuilder::readSolution(const LpSolution& solution, LipsLpResult& result) const {
    result.deferred.assign(m_units.size(), 0.0);
    for (std::size_t c = 0; c < m_columns.size(); ++c) {
        const double x = solution.values[c];
        const Column& col = m_columns[c];
        switch (col.kind) {
            case Column::Task:
                if (x > kNoise) {
                    result.plan.work.push_back({col.a, col.b, col.c, x});
                }
                break;
            case Column::Place: {
                const double made = m_online ? x - m_state.held[static_cast<std::size_t>(col.a)]
                                                               [static_cast<std::size_t>(col.b)]
                                             : x;
                if (made > kNoise) {
                    result.plan.placement.push_back({col.a, col.b, made});
                }
                break;
            }
            case Column::Fake:
                result.deferred[static_cast<std::size_t>(col.a)] = x;
                break;
        }
    }
}

}  // namespace

LipsLpResult solveLips(const CostModel& model, const TransferTable& transfer,
                       const std::vector<WorkUnit>& units, const LipsState& state,
                       const LipsLpOptions& options) {
    return LipsLpBuilder(model, transfer, units, state, options).solve();
}

}  // namespace mr::cost
