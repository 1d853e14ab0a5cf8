// VariantComparison — the Comparison tab's variant × algorithm part: makespan
// per algorithm as grouped bars, one colour per variant (the workload being edited included), and
// the table the core computes (experiments/VariantTable): makespan, its difference from the
// reference variant (chosen here), utilisation, average completion, and the deadline and cost
// metrics (missed and exceeded deadlines, spare-slot and killed tasks, data locality) in
// columns shown only when some variant has them.
#pragma once

#include <QWidget>
#include <memory>

#include "experiments/VariantTable.h"

class QComboBox;
class QCustomPlot;
class QLabel;
class QTableWidget;

namespace mr::ui {

struct RunSet;
class RunController;
class VariantStore;

class VariantComparison : public QWidget {
    Q_OBJECT
public:
    // `current`: the window's run of the workload being edited.
    VariantComparison(VariantStore* store, RunController* current, QWidget* parent = nullptr);

    // The rows shown: the current workload ("current") first, then every variant.
    std::vector<VariantRow> rows() const;
    // The variants' rows only, as CSV (variants.csv).
    QString csv() const;
    QCustomPlot* chart() const { return m_chart; }
    QTableWidget* table() const { return m_table; }
    QComboBox* referenceBox() const { return m_reference; }

    static QString currentName();  // "current" — the row of the workload being edited
    // Redraws the table and chart now (they otherwise follow the runs, coalesced).
    void refresh();

private:
    std::vector<VariantRow> buildRows(bool withCurrent) const;
    void rebuildReferenceBox();
    static QStringList columnHeaders();
    // One row's texts, in columnHeaders' order.
    static QStringList rowCells(const VariantRow& row);
    void fillTable(const std::vector<VariantRow>& all);
    void plotMakespans(const std::vector<VariantRow>& all);

    VariantStore* m_store;
    RunController* m_runs;
    std::shared_ptr<const RunSet> m_current;
    QComboBox* m_reference;
    QLabel* m_hint;
    QCustomPlot* m_chart;
    QTableWidget* m_table;
    bool m_refreshQueued = false;
};

}  // namespace mr::ui
