#include "cost/ClusterSizeSweepPanel.h"

#include <qcustomplot.h>
#include <QLabel>
#include <QVBoxLayout>
#include <algorithm>
#include <limits>

#include "cost/CostChartStyle.h"

namespace mr::ui {

ClusterSizeSweepPanel::ClusterSizeSweepPanel(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    m_status = new QLabel(
        tr("Cost against cluster size on random models ([Ehsan13] Fig. 5): run mrsim cost-sweep "
           "--machines (with -o, or as shards), then File > Open sweep results…"),
        this);
    m_status->setWordWrap(true);
    layout->addWidget(m_status);

    m_chart = new QCustomPlot(this);
    costchart::decorate(m_chart, tr("Cost against cluster size on random models, mean over the "
                                    "runs ([Ehsan13] Fig. 5)"));
    m_chart->xAxis->setLabel(tr("machines"));
    m_chart->yAxis->setLabel(tr("mean total cost"));
    m_chart->yAxis2->setLabel(tr("mean cost reduction (%)"));
    m_chart->yAxis2->setVisible(true);
    m_cost = new QCPGraph(m_chart->xAxis, m_chart->yAxis);
    m_cost->setPen(QPen(costchart::costLineColour(), 2));
    m_cost->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, costchart::costLineColour(), Qt::white, 7));
    m_baseline = new QCPGraph(m_chart->xAxis, m_chart->yAxis);
    m_baseline->setPen(QPen(costchart::executionColour(), 2));
    m_baseline->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssDiamond, costchart::executionColour(), Qt::white, 7));
    m_reduction = new QCPGraph(m_chart->xAxis, m_chart->yAxis2);
    m_reduction->setName(tr("mean reduction (right axis)"));
    m_reduction->setPen(QPen(costchart::timeLineColour(), 2, Qt::DashLine));
    m_reduction->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssSquare, costchart::timeLineColour(), Qt::white, 7));
    layout->addWidget(m_chart, 1);
    draw();
}

void ClusterSizeSweepPanel::showPoints(const cost::ClusterSizeOptions& options,
                                       std::vector<cost::ClusterSizePoint> points,
                                       const QString& status) {
    m_options = options;
    m_points = std::move(points);
    m_status->setText(status);
    draw();
}

QString ClusterSizeSweepPanel::status() const {
    return m_status->text();
}

void ClusterSizeSweepPanel::draw() {
    m_chart->clearItems();
    m_cost->setName(m_options.algorithm.empty() ? tr("algorithm")
                                                : QString::fromStdString(m_options.algorithm));
    m_baseline->setName(m_options.baseline.empty() ? tr("baseline")
                                                   : QString::fromStdString(m_options.baseline));
    // One x per asked size; a size without a run that found both schedules is a gap (NaN).
    const double nan = std::numeric_limits<double>::quiet_NaN();
    QVector<double> machines, costs, baselines, reductions;
    double most = 0.0;
    double lowest = 0.0;
    double highest = 0.0;
    bool any = false;
    for (const cost::ClusterSizePoint& p : m_points) {
        machines << p.machines;
        const bool value = p.runs > 0 && p.feasibleRuns > 0;
        costs << (value ? p.meanCost : nan);
        baselines << (value ? p.meanBaselineCost : nan);
        reductions << (value ? p.meanReductionPct : nan);
        if (value) {
            most = std::max({most, p.meanCost, p.meanBaselineCost});
            lowest = any ? std::min(lowest, p.meanReductionPct) : p.meanReductionPct;
            highest = any ? std::max(highest, p.meanReductionPct) : p.meanReductionPct;
            any = true;
        }
    }
    m_cost->setData(machines, costs, true);
    m_baseline->setData(machines, baselines, true);
    m_reduction->setData(machines, reductions, true);
    if (machines.isEmpty()) {
        m_chart->xAxis->setRange(0.0, 1.0);
    } else {
        const double lo = *std::min_element(machines.begin(), machines.end());
        const double hi = *std::max_element(machines.begin(), machines.end());
        const double pad = std::max(1.0, (hi - lo) * 0.04);
        m_chart->xAxis->setRange(lo - pad, hi + pad);
    }
    if (!any) {
        m_chart->yAxis->setRange(0.0, 1.0);
        m_chart->yAxis2->setRange(0.0, 100.0);
        costchart::showMessage(
            m_chart, m_chart->axisRect(),
            m_points.empty() ? tr("Open the results of mrsim cost-sweep --machines\n(File > Open "
                                  "sweep results…).")
                             : tr("No cluster size has a run with both schedules yet."));
    } else {
        m_chart->yAxis->setRange(0.0, most * 1.12);
        const double span = std::max(1.0, highest - std::min(0.0, lowest));
        m_chart->yAxis2->setRange(std::min(0.0, lowest) - span * 0.06, highest + span * 0.12);
    }
    m_chart->replot(QCustomPlot::rpQueuedReplot);
}

}  // namespace mr::ui
