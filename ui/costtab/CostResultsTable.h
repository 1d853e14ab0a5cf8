// CostResultsTable — one row per cost algorithm: total cost and its parts (6)–(8), the LP lower
// bound, the saving against hadoop-default and delay, makespan, locality and the solver's report;
// an algorithm without a schedule says why. Numeric cells keep the exact value in Qt::UserRole
// (percentages in percent; the CSV export writes them in full precision).
#pragma once

#include <QTableWidget>
#include <vector>

namespace mr::cost {
struct CostResult;
}

namespace mr::ui {

class CostResultsTable : public QTableWidget {
    Q_OBJECT
public:
    enum Column {
        Algorithm,
        Total,
        DataTransfer,
        Execution,
        RuntimeTransfer,
        LpBound,
        VsHadoop,
        VsDelay,
        Makespan,
        Locality,
        Solver,
        Notes,
        Columns
    };

    explicit CostResultsTable(QWidget* parent = nullptr);
    void setResults(const std::vector<cost::CostResult>& results);
    // The table as CSV: exact numbers (percentages as numbers), text cells as shown.
    QString csv() const;
};

}  // namespace mr::ui
