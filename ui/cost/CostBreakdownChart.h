// CostBreakdownChart — the bill of each cost algorithm (seed 002 Figs. 6 and 9): stacked bars of
// its three parts, data transfer (6), execution (7) and runtime transfer (8), a marker at the LP
// optimum (LiPS's lower bound), and the saving against hadoop-default and delay above each bar.
// An algorithm without a schedule gets a message in place of its bar.
#pragma once

#include <qcustomplot.h>

#include <vector>

namespace mr::cost {
struct CostModel;
struct CostResult;
}  // namespace mr::cost

namespace mr::ui {

class CostBreakdownChart : public QCustomPlot {
    Q_OBJECT
public:
    enum Part { DataTransfer, Execution, RuntimeTransfer, Parts };

    explicit CostBreakdownChart(QWidget* parent = nullptr);
    // One bar per result, in order (key = index); `placeholder` is shown when there is none.
    void setResults(const std::vector<cost::CostResult>& results, const QString& placeholder = {});

    // For tests: the bars of one part and the LP markers (key = the result's index).
    QCPBars* bars(Part part) const { return m_bars[part]; }
    QCPGraph* lpMarkers() const { return m_lp; }
    // The texts drawn above bar `index` (total and savings) or in its place (no schedule).
    QString labelOf(int index) const;

private:
    QCPItemText* text(double key, double value, Qt::Alignment align, int points);

    QCPBars* m_bars[Parts];
    QCPGraph* m_lp;
    QList<std::pair<QCPItemText*, QCPItemText*>> m_labels;  // the total and the savings below it
};

}  // namespace mr::ui
