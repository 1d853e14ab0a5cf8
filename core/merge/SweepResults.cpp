#include "merge/SweepResults.h"

#include "io/FaultSweepFormat.h"
#include "io/LoadSweepFormat.h"
#include "model/InputError.h"

namespace mr {

SweepResults SweepResults::read(const std::vector<std::string>& paths) {
    SweepResults results;
    PartsCallbacks callbacks;
    callbacks.header = [&](const SweepHeader& h) {
        results.define(h, paths.empty() ? std::string() : paths.front());
    };
    callbacks.point = [&](std::size_t i, const nlohmann::json& line, const std::string& where) {
        results.add(i, line, where);
    };
    results.m_report = readSweepParts(paths, callbacks);
    if (!results.m_report.header) {
        throw InputError(paths.empty() ? std::string() : paths.front(), "", "",
                         "no sweep header line: not the points of a sharded sweep (mrsim sweep, "
                         "sweep-load, sweep-faults or cost-sweep with --shard or -o)");
    }
    return results;
}

void SweepResults::define(const SweepHeader& h, const std::string& where) {
    m_command = h.command;
    const nlohmann::json definition = nlohmann::json::parse(h.definition.dump());
    if (m_command == "sweep") {
        m_sweep = sweepFromDefinition(definition, where);
        m_sweepValues.resize(h.points);
    } else if (m_command == "sweep-load") {
        m_load = loadSweepFromDefinition(definition, where);
        m_loadValues.resize(h.points);
    } else if (m_command == "sweep-faults") {
        m_faults = faultSweepFromDefinition(definition, where, &m_faultsWorkload);
        m_faultValues.resize(h.points);
    } else if (m_command == "cost-sweep") {
        m_kind = cost::costSweepKind(definition, where);
        if (m_kind == "epochs") {
            m_epochs = cost::epochSweepFromDefinition(definition, where);
            m_epochValues.resize(h.points);
        } else {
            m_cluster = cost::clusterSizeFromDefinition(definition, where, &m_clusterOptions);
            m_clusterValues.resize(h.points);
        }
    } else {
        throw InputError(where, "", "command",
                         "unknown sweep command '" + m_command +
                             "' (expected sweep, sweep-load, sweep-faults or cost-sweep)");
    }
    if (h.points != pointCount()) {
        throw InputError(where, "", "points",
                         "the header says " + std::to_string(h.points) +
                             " points, its definition has " + std::to_string(pointCount()));
    }
}

std::size_t SweepResults::pointCount() const {
    if (m_command == "sweep") {
        return sweepPointCount(m_sweep.spec);
    }
    if (m_command == "sweep-load") {
        return loadSweepPointCount(m_load);
    }
    if (m_command == "sweep-faults") {
        return faultSweepPointCount(m_faults);
    }
    return m_kind == "epochs" ? m_epochs.epochs.size() : cost::clusterSizePointCount(m_cluster);
}

void SweepResults::add(std::size_t i, const nlohmann::json& line, const std::string& where) {
    if (m_command == "sweep") {
        m_sweepValues[i] = sweepPointFromLine(m_sweep, i, line, where);
    } else if (m_command == "sweep-load") {
        m_loadValues[i] = loadPointFromLine(m_load, i, line, where);
    } else if (m_command == "sweep-faults") {
        m_faultValues[i] = faultPointFromLine(m_faults, i, line, where);
    } else if (m_kind == "epochs") {
        m_epochValues[i] = cost::epochPointFromLine(m_epochs, i, line, where);
    } else {
        m_clusterValues[i] = cost::clusterPointFromLine(m_cluster, i, line, where);
    }
}

SweepResult SweepResults::sweep() const {
    return summariseSweep(m_sweep.spec, m_sweep.workload, m_sweepValues);
}

LoadSweepResult SweepResults::loadSweep() const {
    return summariseLoadSweep(m_load, m_loadValues);
}

FaultSweepResult SweepResults::faultSweep() const {
    return summariseFaultSweep(m_faults, m_faultsWorkload, m_faultValues);
}

std::vector<cost::EpochPoint> SweepResults::epochSweep() const {
    return cost::epochPointsOf(m_epochs.epochs, m_epochValues);
}

std::vector<cost::ClusterSizePoint> SweepResults::clusterSizeSweep() const {
    return cost::summariseClusterSize(m_cluster, m_clusterValues);
}

std::string SweepResults::pointLines() const {
    const SweepHeader& h = *m_report.header;
    std::string out = headerLine(h);
    for (std::size_t i = 0; i < h.points; ++i) {
        if (m_command == "sweep" && m_sweepValues[i]) {
            out += pointLine(h, i, sweepPointFields(m_sweep, i, &*m_sweepValues[i]));
        } else if (m_command == "sweep-load" && m_loadValues[i]) {
            out += pointLine(h, i, loadPointFields(m_load, i, &*m_loadValues[i]));
        } else if (m_command == "sweep-faults" && m_faultValues[i]) {
            out += pointLine(h, i, faultPointFields(m_faults, i, &*m_faultValues[i]));
        } else if (isEpochSweep() && m_epochValues[i]) {
            out += pointLine(h, i, cost::epochPointFields(m_epochs, i, &*m_epochValues[i]));
        } else if (isClusterSizeSweep() && m_clusterValues[i]) {
            out += pointLine(h, i, cost::clusterPointFields(m_cluster, i, &*m_clusterValues[i]));
        }
    }
    return out;
}

}  // namespace mr
