// ClusterSizeSweepPanel — [Ehsan13] Fig. 5 in the Cost tab: the cost of the algorithm (LiPS) and of
// its baseline on random cost models against the cluster size, means over the runs, and the mean
// cost reduction (right axis). It shows the results of `mrsim cost-sweep --machines` opened with
// File > Open sweep results…: a size without a complete run, or whose runs found no
// schedule, is a gap in the lines. The explorer does not run this sweep itself (each point is a
// random model of hundreds of jobs; it belongs on a cluster: see docs/sweeps-on-a-cluster.md).
#pragma once

#include <QWidget>
#include <vector>

#include "cost/CostSweeps.h"

class QCustomPlot;
class QCPGraph;
class QLabel;

namespace mr::ui {

class ClusterSizeSweepPanel : public QWidget {
    Q_OBJECT
public:
    explicit ClusterSizeSweepPanel(QWidget* parent = nullptr);

    // Shows a sweep read from a results file: `points` one per asked size, in order (a size
    // with runs == 0 or feasibleRuns == 0 is a gap). `status` says where it came from.
    void showPoints(const cost::ClusterSizeOptions& options,
                    std::vector<cost::ClusterSizePoint> points, const QString& status);

    QCustomPlot* chart() const { return m_chart; }
    QCPGraph* costGraph() const { return m_cost; }            // the algorithm's mean cost
    QCPGraph* baselineGraph() const { return m_baseline; }    // the baseline's mean cost
    QCPGraph* reductionGraph() const { return m_reduction; }  // mean reduction, % (right axis)
    const std::vector<cost::ClusterSizePoint>& points() const { return m_points; }
    QString status() const;

private:
    void draw();

    cost::ClusterSizeOptions m_options;
    std::vector<cost::ClusterSizePoint> m_points;
    QLabel* m_status;
    QCustomPlot* m_chart;
    QCPGraph* m_cost;
    QCPGraph* m_baseline;
    QCPGraph* m_reduction;
};

}  // namespace mr::ui
