// CpuPerMachineChart — the CPU-seconds each machine runs under each algorithm ([Ehsan13] Fig. 11):
// one row of bars per algorithm over a shared machine axis, all rows on one scale, bars coloured
// by machine type (CPU units and price; with many types, by price class from cheap to dear), a
// line at each machine's CPU units × uptime. Readable from a handful to a few hundred machines
// (tick labels thin out).
#pragma once

#include <qcustomplot.h>

#include <vector>

namespace mr::cost {
struct CostModel;
struct CostResult;
}  // namespace mr::cost

namespace mr::ui {

class CpuPerMachineChart : public QCustomPlot {
    Q_OBJECT
public:
    explicit CpuPerMachineChart(QWidget* parent = nullptr);
    // Rows for the results with a schedule; `placeholder` is shown when there are none.
    void setResults(const cost::CostModel& model, const std::vector<cost::CostResult>& results,
                    const QString& placeholder = {});

    // For tests: the algorithms of the rows, top to bottom, and the CPU-seconds drawn for each
    // machine in row `row` (summed over the row's bar plottables).
    QStringList rowAlgorithms() const { return m_rows; }
    std::vector<double> drawnCpuSeconds(int row, int machines) const;

private:
    void finishLayout(QCPAxisRect* last, const QVector<double>& machineKeys,
                      const QStringList& machineNames, const QString& placeholder);

    QStringList m_rows;
    QList<QList<QCPBars*>> m_rowBars;
    QCPMarginGroup* m_margins = nullptr;
};

}  // namespace mr::ui
