#include "costtab/CostResultsTable.h"

#include <QHeaderView>

#include "cost/CostResult.h"
#include "costtab/CostChartStyle.h"
#include "experiments/ComparisonTable.h"
#include "io/Csv.h"

namespace mr::ui {

namespace {

const cost::CostResult* feasibleResult(const std::vector<cost::CostResult>& results,
                                       const std::string& id) {
    for (const auto& r : results) {
        if (r.algorithm == id && r.feasible) {
            return &r;
        }
    }
    return nullptr;
}

QString solverText(const cost::CostResult& r) {
    const cost::SolverReport& s = r.solver;
    if (s.programs == 0) {
        return QObject::tr("no LP (%1 ms)").arg(s.seconds * 1000.0, 0, 'f', 1);
    }
    return QObject::tr("%1, %2 ms, %3 LP%4, %5 × %6")
        .arg(QString::fromStdString(s.status))
        .arg(s.seconds * 1000.0, 0, 'f', 1)
        .arg(s.programs)
        .arg(s.programs == 1 ? QString() : QStringLiteral("s"))
        .arg(s.columns)
        .arg(s.rows);
}

}  // namespace

CostResultsTable::CostResultsTable(QWidget* parent) : QTableWidget(parent) {
    setColumnCount(Columns);
    setHorizontalHeaderLabels({tr("Algorithm"), tr("Total\ncost"), tr("Data\ntransfer"),
                               tr("Execution"), tr("Runtime\ntransfer"), tr("LP lower\nbound"),
                               tr("Saving vs\nhadoop-default"), tr("Saving vs\ndelay"),
                               tr("Makespan\ns"), tr("Locality"), tr("Solver"), tr("Notes")});
    const QString tips[Columns] = {
        {},
        tr("Data transfer + execution + runtime transfer, of the schedule in whole 64 MB tasks"),
        tr("(6): copying data from its origin to other stores"),
        tr("(7): CPU-seconds × each machine's price"),
        tr("(8): tasks reading data from a store that is not their machine's own"),
        tr("LiPS: the LP optimum before rounding to whole tasks (online: the sum of the epochs' "
           "LPs)"),
        tr("Saving against hadoop-default: (its cost − this) / its cost"),
        tr("Saving against delay scheduling: (its cost − this) / its cost"),
        tr("When the busiest machine is done (online: over all epochs; delay: simulated)"),
        tr("Share of the input megabytes read from the machine's own store"),
        tr("GLPK's status, time, number of LPs and the largest LP's columns × rows"),
        {}};
    for (int c = 0; c < Columns; ++c) {
        horizontalHeaderItem(c)->setToolTip(tips[c]);
    }
    horizontalHeader()->setStretchLastSection(true);
    verticalHeader()->setVisible(false);
    verticalHeader()->setDefaultSectionSize(22);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSelectionBehavior(QAbstractItemView::SelectRows);
}

void CostResultsTable::setResults(const std::vector<cost::CostResult>& results) {
    setRowCount(0);
    setRowCount(static_cast<int>(results.size()));
    const cost::CostResult* hadoop = feasibleResult(results, "hadoop-default");
    const cost::CostResult* delay = feasibleResult(results, "delay");
    for (int row = 0; row < rowCount(); ++row) {
        const cost::CostResult& r = results[static_cast<std::size_t>(row)];
        auto text = [&](int column, const QString& value) {
            auto* item = new QTableWidgetItem(value);
            item->setToolTip(value.size() > 40 ? value : QString());
            setItem(row, column, item);
            return item;
        };
        auto number = [&](int column, double value, const QString& shown) {
            auto* item = new QTableWidgetItem(shown);
            item->setData(Qt::UserRole, value);
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            setItem(row, column, item);
        };
        auto money = [&](int column, double value) {
            number(column, value, costchart::money(value));
        };
        text(Algorithm, QString::fromStdString(r.algorithm));
        text(Solver, solverText(r));
        QStringList notes;
        for (const std::string& n : r.notes) {
            notes << QString::fromStdString(n);
        }
        if (!r.feasible) {
            text(Total, tr("no schedule"))->setForeground(QColor(170, 40, 30));
            text(Notes, QString::fromStdString(r.message))->setForeground(QColor(170, 40, 30));
            continue;
        }
        money(Total, r.cost.total());
        money(DataTransfer, r.cost.dataTransfer);
        money(Execution, r.cost.execution);
        money(RuntimeTransfer, r.cost.runtimeTransfer);
        if (r.lpCost) {
            money(LpBound, r.lpCost->total());
        }
        const std::pair<int, const cost::CostResult*> bases[] = {{VsHadoop, hadoop},
                                                                 {VsDelay, delay}};
        for (const auto& [column, base] : bases) {
            if (base && base != &r) {
                const double saving = improvementPercent(base->cost.total(), r.cost.total());
                number(column, saving, costchart::signedPercent(saving));
            }
        }
        number(Makespan, r.makespanS, QString::number(r.makespanS, 'f', 0));
        number(Locality, r.locality * 100.0, QString::asprintf("%.1f%%", r.locality * 100.0));
        if (r.epochS > 0.0) {
            notes.prepend(tr("%1 epochs of %2 s").arg(r.epochs.size()).arg(r.epochS));
        }
        text(Notes, notes.join(QStringLiteral("; ")));
    }
    resizeColumnsToContents();
}

QString CostResultsTable::csv() const {
    QStringList lines;
    QStringList header;
    for (int c = 0; c < columnCount(); ++c) {
        const QString name = horizontalHeaderItem(c)->text().replace(QLatin1Char('\n'), ' ');
        header << QString::fromStdString(csvField(name.toStdString()));
    }
    lines << header.join(QLatin1Char(','));
    for (int r = 0; r < rowCount(); ++r) {
        QStringList cells;
        for (int c = 0; c < columnCount(); ++c) {
            const QTableWidgetItem* cell = item(r, c);
            std::string value;
            if (cell && cell->data(Qt::UserRole).isValid()) {
                value = csvNumber(cell->data(Qt::UserRole).toDouble());
            } else if (cell) {
                value = cell->text().toStdString();
            }
            cells << QString::fromStdString(csvField(value));
        }
        lines << cells.join(QLatin1Char(','));
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

}  // namespace mr::ui
