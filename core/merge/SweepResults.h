// SweepResults — the JSON-lines parts of one sweep (io/SweepParts) read back into that sweep's
// own result, whatever the command: what `mrsim merge` prints and what the explorer's File > Open
// sweep results… shows. Parts may be partial: a missing point is a gap (a size or load
// without a run, an epoch without a result), and the report says which are missing.
// merge/ is at the top of core's layers with catalog/: it reads the parts of the workload sweeps
// (io, experiments) and of the cost sweeps (cost) alike.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "cost/CostSweepsFormat.h"
#include "experiments/FaultSweep.h"
#include "experiments/LoadSweep.h"
#include "experiments/Sweep.h"
#include "io/SweepFormat.h"
#include "io/SweepParts.h"

namespace mr {

class SweepResults {
public:
    // Reads the parts (in any order; a point given twice keeps its first line, and the report
    // lists it). Throws InputError for a file that is not a part of one sweep (see
    // readSweepParts) or a definition this program cannot read.
    static SweepResults read(const std::vector<std::string>& paths);

    const PartsReport& report() const { return m_report; }
    // sweep, sweep-load, sweep-faults, cost-sweep
    const std::string& command() const { return m_command; }
    bool isEpochSweep() const { return m_command == "cost-sweep" && m_kind == "epochs"; }
    bool isClusterSizeSweep() const { return m_command == "cost-sweep" && m_kind == "machines"; }

    // The summaries of the points read (call the one of command()).
    SweepResult sweep() const;
    LoadSweepResult loadSweep() const;
    FaultSweepResult faultSweep() const;
    const cost::CostModel& epochModel() const { return m_epochs.model; }
    std::vector<cost::EpochPoint> epochSweep() const;
    // The epoch lengths asked for, in order (missing ones included).
    const std::vector<double>& epochs() const { return m_epochs.epochs; }
    const cost::ClusterSizeOptions& clusterSizeOptions() const { return m_cluster; }
    std::vector<cost::ClusterSizePoint> clusterSizeSweep() const;

    // The points read as one part file: the header, then each point's line in index order.
    std::string pointLines() const;

private:
    void define(const SweepHeader& header, const std::string& where);
    std::size_t pointCount() const;
    void add(std::size_t index, const nlohmann::json& line, const std::string& where);

    PartsReport m_report;
    std::string m_command;
    std::string m_kind;  // cost-sweep: "epochs" or "machines"
    SweepDefinition m_sweep;
    SweepValues m_sweepValues;
    LoadSweepOptions m_load;
    LoadSweepValues m_loadValues;
    FaultSweepOptions m_faults;
    std::string m_faultsWorkload;
    FaultSweepValues m_faultValues;
    cost::EpochSweepDefinition m_epochs;
    std::vector<std::optional<cost::CostResult>> m_epochValues;
    cost::ClusterSizeOptions m_cluster;
    cost::CostOptions m_clusterOptions;
    std::vector<std::optional<cost::ClusterPointValue>> m_clusterValues;
};

}  // namespace mr
