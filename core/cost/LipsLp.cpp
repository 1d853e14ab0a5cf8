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

LipsLpResult solveLips(const CostModel& model, const TransferTable& transfer,
                       const std::vector<WorkUnit>& units, const LipsState& state,
                       const LipsLpOptions& options) {
    const bool online = options.figure == LipsFigure::Online;
    const bool movable = options.figure != LipsFigure::Simple;
    const std::size_t S = model.stores.size();
    const std::size_t M = model.machines.size();
    const std::size_t D = model.data.size();
    LinearProgram lp;
    std::vector<Column> columns;
    auto addColumn = [&](Column c, double cost, double lower, double upper) {
        columns.push_back(c);
        return lp.addColumn(cost, lower, upper);
    };

    // Which data take part: offline co-scheduling places every object (Fig. 3 (9) is over all
    // of D); an epoch places what the queue reads, the rest stays where it is.
    std::vector<char> inLp(D, 0);
    std::vector<int> readers(D, 0);
    for (std::size_t u = 0; u < units.size(); ++u) {
        if (units[u].data >= 0) {
            readers[static_cast<std::size_t>(units[u].data)] += 1;
            inLp[static_cast<std::size_t>(units[u].data)] |= state.remaining[u] > kTiny;
        }
    }
    if (options.figure == LipsFigure::CoSchedule) {
        std::fill(inLp.begin(), inLp.end(), 1);
    }

    // Where a unit may read (without allStores): its data's origin, a store already holding a
    // copy, and its machine's own store after a copy. Copying D_i to l's store costs
    // SS(O_i, l) × Size, the same as l reading it from O_i (the table is symmetric and
    // MS(l, m) = SS(store of l, m)), and takes store space: for an object one unit reads, the
    // local column can only win when the epoch's transfer time (21) binds. So it is built for
    // objects several units share, for copies already made, and where (21) may bind.
    std::vector<char> local(units.size() * M, 0);  // (unit, machine): read from l's own store
    // Online: per (job, machine), the longest (21) could get: all that remains read remotely
    // at the slowest bandwidth the unit could read at. At most e, (21) cannot bind.
    std::vector<double> remoteS(model.jobs.size() * M, 0.0);
    if (movable) {
        for (std::size_t u = 0; u < units.size(); ++u) {
            const int d = units[u].data;
            if (d < 0 || state.remaining[u] <= kTiny || !online) {
                continue;
            }
            const auto i = static_cast<std::size_t>(d);
            for (std::size_t l = 0; l < M; ++l) {
                const int own = model.machines[l].store;
                double slowest = std::numeric_limits<double>::infinity();
                for (std::size_t j = 0; j < S; ++j) {
                    if (static_cast<int>(j) != own &&
                        (options.allStores || static_cast<int>(j) == model.data[i].origin ||
                         state.held[i][j] > 0.0)) {
                        slowest = std::min(slowest, transfer.mbPerS(own, static_cast<int>(j)));
                    }
                }
                remoteS[static_cast<std::size_t>(units[u].job) * M + l] +=
                    state.remaining[u] * units[u].sizeMb / slowest;
            }
        }
        for (std::size_t u = 0; u < units.size(); ++u) {
            const int d = units[u].data;
            if (d < 0) {
                continue;
            }
            const auto i = static_cast<std::size_t>(d);
            for (std::size_t l = 0; l < M; ++l) {
                const auto own = static_cast<std::size_t>(model.machines[l].store);
                local[u * M + l] = options.allStores || readers[i] > 1 ||
                                   state.held[i][own] > 0.0 ||
                                   remoteS[static_cast<std::size_t>(units[u].job) * M + l] >
                                       options.epochS * (1.0 - 1e-9);
            }
        }
    }
    std::vector<char> wanted(movable ? D * S : 0, 0);  // (data, store): a placement column
    for (std::size_t u = 0; u < units.size(); ++u) {
        for (std::size_t l = 0; l < M && units[u].data >= 0; ++l) {
            if (local[u * M + l]) {
                wanted[static_cast<std::size_t>(units[u].data) * S +
                       static_cast<std::size_t>(model.machines[l].store)] = 1;
            }
        }
    }

    // x^d_ij: the fraction of D_i on S_j, in [held, 1] online (copies are kept once paid for),
    // in [0, 1] offline. Costs SS(O_i, j) × Size(D_i); online the held part was paid already.
    std::vector<int> placeColumn(movable ? D * S : 0, -1);
    if (movable) {
        for (std::size_t i = 0; i < D; ++i) {
            if (!inLp[i]) {
                continue;
            }
            const DataObject& d = model.data[i];
            for (std::size_t j = 0; j < S; ++j) {
                const bool candidate = options.allStores || wanted[i * S + j] ||
                                       static_cast<int>(j) == d.origin || state.held[i][j] > 0.0;
                if (!candidate) {
                    continue;
                }
                const double lower = online ? std::min(1.0, state.held[i][j]) : 0.0;
                placeColumn[i * S + j] = addColumn(
                    {Column::Place, static_cast<int>(i), static_cast<int>(j)},
                    d.sizeMb * transfer.costPerMb(d.origin, static_cast<int>(j)), lower, 1.0);
            }
        }
    }

    // Rows that every figure has. (2)/(10)/(20): each unit's remaining work is scheduled.
    std::vector<int> assignRow(units.size(), -1);
    for (std::size_t u = 0; u < units.size(); ++u) {
        if (state.remaining[u] > kTiny) {
            assignRow[u] = lp.addRow(Sense::Equal, state.remaining[u]);
        }
    }
    // (4)/(12)/(23): CPU capacity of each machine in the window.
    std::vector<int> capacityRow(M);
    for (std::size_t l = 0; l < M; ++l) {
        const Machine& mc = model.machines[l];
        capacityRow[l] =
            lp.addRow(Sense::LessEqual, mc.cpuUnits * (online ? options.epochS : mc.uptimeS));
    }

    // x^t_ulm and (3)/(13)/(24): what a unit reads from a store is there (and not read before).
    std::vector<int> readRow(S, -1);
    std::vector<int> bandwidthRow(model.jobs.size() * M, -1);  // (21), per (job, machine)
    std::vector<double> realMax(units.size(), 0.0);            // dearest real column of a unit
    std::vector<int> stores;
    for (std::size_t u = 0; u < units.size(); ++u) {
        if (assignRow[u] < 0) {
            continue;
        }
        const WorkUnit& unit = units[u];
        std::fill(readRow.begin(), readRow.end(), -1);
        for (std::size_t l = 0; l < M; ++l) {
            const Machine& mc = model.machines[l];
            stores.clear();
            if (unit.data < 0) {
                stores.push_back(mc.store);
            } else {
                const auto i = static_cast<std::size_t>(unit.data);
                for (std::size_t j = 0; j < S; ++j) {
                    const bool there = movable ? placeColumn[i * S + j] >= 0
                                               : state.held[i][j] - state.consumed[u][j] > kTiny;
                    const bool readable = options.allStores || !movable ||
                                          static_cast<int>(j) == model.data[i].origin ||
                                          state.held[i][j] > 0.0 ||
                                          (static_cast<int>(j) == mc.store && local[u * M + l]);
                    if (there && readable) {
                        stores.push_back(static_cast<int>(j));
                    }
                }
            }
            for (int m : stores) {
                const double read =
                    unit.data < 0 ? 0.0 : unit.sizeMb * transfer.costPerMb(mc.store, m);
                const double cost = unit.cpuS * mc.cpuCostPerS + read;
                realMax[u] = std::max(realMax[u], cost);
                const int col =
                    addColumn({Column::Task, static_cast<int>(u), static_cast<int>(l), m}, cost,
                              0.0, state.remaining[u]);
                lp.add(assignRow[u], col, 1.0);
                lp.add(capacityRow[l], col, unit.cpuS);
                if (unit.data >= 0) {
                    const auto ms = static_cast<std::size_t>(m);
                    const auto i = static_cast<std::size_t>(unit.data);
                    const double there = state.held[i][ms] - state.consumed[u][ms];
                    if (readRow[ms] == -1 && movable) {
                        readRow[ms] = lp.addRow(Sense::LessEqual, -state.consumed[u][ms]);
                        lp.add(readRow[ms], placeColumn[i * S + ms], -1.0);
                    } else if (readRow[ms] == -1) {
                        // Fixed data: the row only matters when less is there than remains.
                        readRow[ms] = there >= state.remaining[u]
                                          ? kNoRow
                                          : lp.addRow(Sense::LessEqual, there);
                    }
                    if (readRow[ms] >= 0) {
                        lp.add(readRow[ms], col, 1.0);
                    }
                }
                const std::size_t jobMachine = static_cast<std::size_t>(unit.job) * M + l;
                if (online && unit.data >= 0 && m != mc.store &&
                    remoteS[jobMachine] > options.epochS * (1.0 - 1e-9)) {
                    int& row = bandwidthRow[jobMachine];
                    if (row < 0) {
                        row = lp.addRow(Sense::LessEqual, options.epochS);
                    }
                    lp.add(row, col, unit.sizeMb / transfer.mbPerS(mc.store, m));
                }
            }
        }
    }

    if (movable) {
        // (9)/(19): every object placed in full; (11)/(22): store capacity.
        std::vector<double> fixedMb(S, 0.0);
        for (std::size_t i = 0; i < D; ++i) {
            if (inLp[i]) {
                continue;
            }
            for (std::size_t j = 0; j < S; ++j) {
                fixedMb[j] += state.held[i][j] * model.data[i].sizeMb;
            }
        }
        std::vector<int> storeRow(S);
        for (std::size_t j = 0; j < S; ++j) {
            storeRow[j] = lp.addRow(Sense::LessEqual, model.stores[j].capacityMb - fixedMb[j]);
        }
        for (std::size_t i = 0; i < D; ++i) {
            if (!inLp[i]) {
                continue;
            }
            const int row = lp.addRow(Sense::GreaterEqual, 1.0);
            for (std::size_t j = 0; j < S; ++j) {
                const int col = placeColumn[i * S + j];
                if (col >= 0) {
                    lp.add(row, col, 1.0);
                    lp.add(storeRow[j], col, model.data[i].sizeMb);
                }
            }
        }
    }

    // The fake node F: unlimited capacity, a CPU price above every real cost per CPU-second, so
    // the LP fills the real capacity of the epoch first; what lands on F waits (§V-B).
    LipsLpResult result;
    if (online) {
        const double maxReal =
            realMax.empty() ? 0.0 : *std::max_element(realMax.begin(), realMax.end());
        double perCpu = 0.0;
        for (std::size_t u = 0; u < units.size(); ++u) {
            if (assignRow[u] >= 0 && units[u].cpuS > 0.0) {
                const double placement = units[u].sizeMb * transfer.maxCostPerMb();
                perCpu = std::max(perCpu, (realMax[u] + placement) / units[u].cpuS);
            }
        }
        result.fakeCostPerCpuS = 2.0 * perCpu;
        for (std::size_t u = 0; u < units.size(); ++u) {
            if (assignRow[u] < 0) {
                continue;
            }
            const double placement = units[u].sizeMb * transfer.maxCostPerMb();
            double cost = result.fakeCostPerCpuS * units[u].cpuS + 2.0 * (realMax[u] + placement);
            if (cost <= 0.0) {
                cost = maxReal > 0.0 ? maxReal : 1.0;  // a free unit: F must still cost more
            }
            const int col =
                addColumn({Column::Fake, static_cast<int>(u), 0, 0}, cost, 0.0, state.remaining[u]);
            lp.add(assignRow[u], col, 1.0);
        }
    }

    const LpSolution solution = solve(lp);
    result.status = solution.status;
    result.message = solution.message;
    result.seconds = solution.seconds;
    result.columns = lp.columns();
    result.rows = lp.rows();
    if (solution.status != LpStatus::Optimal) {
        return result;
    }
    result.deferred.assign(units.size(), 0.0);
    for (std::size_t c = 0; c < columns.size(); ++c) {
        const double x = solution.values[c];
        const Column& col = columns[c];
        switch (col.kind) {
            case Column::Task:
                if (x > kNoise) {
                    result.plan.work.push_back({col.a, col.b, col.c, x});
                }
                break;
            case Column::Place: {
                const double made = online ? x - state.held[static_cast<std::size_t>(col.a)]
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
    return result;
}

}  // namespace mr::cost
