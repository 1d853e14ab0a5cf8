// ComparisonView — makespan per algorithm as bars (with the two-stage model's value as a marker)
// and a table: makespan, model, "vs" each comparison baseline (fifo, reverse-johnson: the
// makespan saved against it, ComparisonTable.h), utilisation, the job metrics of `mrsim compare`
// (JCT, wait, slowdown, fairness: docs/metrics.md), the order each algorithm chose and its pools.
// The table's cells and its CSV are core's (io/ComparisonFormat.h), the same as `mrsim compare
// --csv` writes.
#pragma once

#include <QWidget>
#include <memory>

#include "experiments/ComparisonTable.h"

class QCustomPlot;
class QCPItemText;
class QCPTextElement;
class QSplitter;
class QTableWidget;

namespace mr::ui {

struct RunSet;

class ComparisonView : public QWidget {
    Q_OBJECT
public:
    explicit ComparisonView(QWidget* parent = nullptr);
    void setResults(const std::shared_ptr<const RunSet>& results);
    QCustomPlot* chart() const { return m_chart; }
    QTableWidget* table() const { return m_table; }
    // The table as CSV (what File > Export results writes).
    QString csv() const;
    // Adds a part below the table (the variants' comparison), sharing the splitter's height.
    void addSection(QWidget* section);

private:
    struct Makespans;
    void fillTable();
    static Makespans collectMakespans(const ComparisonTable& comparison);
    // The bars, the model's diamonds and each bar's number (placed by placeBarLabels).
    void plotMakespans(const Makespans& makespans);
    void placeBarLabels();

    QCustomPlot* m_chart;
    QCPTextElement* m_title;  // names the diamonds only when some run has a model value
    QSplitter* m_splitter;
    QTableWidget* m_table;
    ComparisonTable m_comparison;
    // Each bar's number, its makespan and the model's (NaN: none), placed after each layout.
    struct BarLabel {
        QCPItemText* item;
        double value;
        double model;
    };
    QList<BarLabel> m_barLabels;
    // The value axis' top from the data alone (the largest value and a margin): every layout
    // starts from it, so room made for labels at one size (a short chart, a presentation zoom)
    // never stays at another.
    double m_dataTop = 1.0;
};

}  // namespace mr::ui
