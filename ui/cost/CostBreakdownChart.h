// CostBreakdownChart — the bill of each cost algorithm ([Ehsan13] Figs. 6 and 9): stacked bars of
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
    // The texts above bar `index` (total and savings) or in its place (no schedule), in full.
    QString labelOf(int index) const;
    // What is drawn of them at the chart's size: each saving as written, shorter ("−65.7% vs
    // hadoop-default"), or cut with "…" — within its bar's room, never over the next bar's.
    QString drawnLabelOf(int index) const;

private:
    QCPItemText* text(double key, double value, Qt::Alignment align, int points);
    // After each layout: the savings in the words that fit a bar's room.
    void fitSavings();
    void labelBar(double key, double labelAt, const cost::CostResult& r,
                  const cost::CostResult* hadoop, const cost::CostResult* delay);

    QCPBars* m_bars[Parts];
    QCPGraph* m_lp;
    struct Label {
        QCPItemText* total;  // or the "no schedule" message
        QCPItemText* savings = nullptr;
        QStringList full;     // each saving in full
        QStringList compact;  // and in few characters
    };
    QList<Label> m_labels;
};

}  // namespace mr::ui
