#include "studio/VariantComparison.h"

#include <qcustomplot.h>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>

#include "charts/AxisFormat.h"
#include "charts/CategoryAxis.h"
#include "charts/ChartLayout.h"
#include "io/JobMetricsFormat.h"
#include "io/VariantTableFormat.h"
#include "model/Numbers.h"
#include "run/RunController.h"
#include "studio/VariantStore.h"

namespace mr::ui {

namespace {

// Cells of one run set: its checked algorithms, as far as they got.
void addCells(std::vector<VariantCell>& cells, const std::string& name, const RunSet* set,
              const std::vector<std::string>& algorithms) {
    for (const std::string& id : algorithms) {
        VariantCell cell{name, id, set ? set->workload.get() : nullptr, nullptr, {}};
        const AlgorithmRun* run = set ? set->outcome(id) : nullptr;
        if (run && run->state == AlgorithmRun::State::Done) {
            cell.result = run->result.get();
        } else if (!run || !run->finished()) {
            cell.status = "computing";
        } else if (run->state == AlgorithmRun::State::Failed) {
            cell.status = run->error;
        } else {
            cell.status = "cancelled";
        }
        cells.push_back(std::move(cell));
    }
}

QString number(const std::optional<double>& v, const char* suffix = "") {
    return v ? QString::fromStdString(formatTime(*v)) + QLatin1String(suffix) : QString();
}

// One colour per variant, the current workload grey.
QColor variantColour(int index) {
    static const QColor colours[] = {QColor(68, 119, 170),  QColor(238, 102, 119),
                                     QColor(34, 136, 51),   QColor(204, 187, 68),
                                     QColor(102, 204, 238), QColor(170, 51, 119)};
    return index < 0 ? QColor(150, 150, 150) : colours[index % 6];
}

// The deadline and cost columns appear only where some row has such a metric.
std::vector<bool> presentColumns(const std::vector<VariantRow>& all, int columns) {
    std::vector<bool> present(static_cast<std::size_t>(columns), true);
    const auto any = [&all](auto has) { return std::any_of(all.begin(), all.end(), has); };
    present[11] = any([](const VariantRow& r) { return r.deadlines.has_value(); });
    present[12] = present[11];
    present[13] = any([](const VariantRow& r) { return r.extraMapTasks.has_value(); });
    present[14] = any([](const VariantRow& r) { return r.killedTasks.has_value(); });
    present[15] = any([](const VariantRow& r) { return r.dataLocalFraction.has_value(); });
    return present;
}

}  // namespace

QString VariantComparison::currentName() {
    return QStringLiteral("current");
}

VariantComparison::VariantComparison(VariantStore* store, RunController* current, QWidget* parent)
    : QWidget(parent), m_store(store), m_runs(current) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("<b>Variants × algorithms</b>"), this));
    top->addStretch(1);
    top->addWidget(new QLabel(tr("Δ against:"), this));
    m_reference = new QComboBox(this);
    m_reference->setObjectName(QStringLiteral("variantReference"));
    m_reference->setToolTip(tr("The variant every other one is compared with (same algorithm)"));
    top->addWidget(m_reference);
    layout->addLayout(top);
    m_hint = new QLabel(tr("Keep the workload as a variant (Ctrl+K), change it, and compare here: "
                           "each variant runs its own algorithms with its own options."),
                        this);
    m_hint->setWordWrap(true);
    layout->addWidget(m_hint);

    auto* splitter = new QSplitter(Qt::Vertical, this);
    m_chart = new QCustomPlot(splitter);
    keepReadable(m_chart);  // the Comparison tab scrolls rather than squeeze it
    m_chart->yAxis->setLabel(tr("makespan (s)"));
    usePlainNumbers(m_chart->yAxis);
    m_chart->xAxis->grid()->setVisible(false);
    // The legend in a row of its own below the bars: it never covers one.
    m_chart->legend->setVisible(true);
    auto* legendRow = new QCPLayoutGrid;
    m_chart->plotLayout()->addElement(1, 0, legendRow);
    legendRow->setMargins(QMargins(5, 0, 5, 5));
    legendRow->addElement(0, 0, m_chart->legend);
    m_chart->legend->setFillOrder(QCPLegend::foColumnsFirst);
    m_chart->plotLayout()->setRowStretchFactor(1, 0.001);
    m_table = new QTableWidget(splitter);
    m_table->setMinimumHeight(160);  // a header and about five rows
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->setVisible(false);
    m_table->horizontalHeader()->setStretchLastSection(true);
    splitter->addWidget(m_chart);
    splitter->addWidget(m_table);
    splitter->setChildrenCollapsible(false);
    layout->addWidget(splitter, 1);

    connect(m_reference, &QComboBox::activated, this, [this](int index) {
        m_store->setReference(index <= 0 ? QString() : m_reference->itemText(index));
    });
    const auto later = [this] {
        // Several variants finish at once: one redraw for all of them.
        if (!m_refreshQueued) {
            m_refreshQueued = true;
            QTimer::singleShot(0, this, [this] {
                m_refreshQueued = false;
                refresh();
            });
        }
    };
    connect(m_store, &VariantStore::variantsChanged, this, [this, later] {
        rebuildReferenceBox();
        later();
    });
    connect(m_store, &VariantStore::referenceChanged, this, [this, later] {
        rebuildReferenceBox();
        later();
    });
    connect(m_store, &VariantStore::resultsChanged, this, later);
    const auto currentResults = [this, later](const std::shared_ptr<const RunSet>& results) {
        m_current = results;
        later();
    };
    connect(m_runs, &RunController::runStarted, this, currentResults);
    connect(m_runs, &RunController::resultsReady, this, currentResults);
    rebuildReferenceBox();
    refresh();
}

std::vector<VariantRow> VariantComparison::buildRows(bool withCurrent) const {
    std::vector<VariantCell> cells;
    if (withCurrent && m_current) {
        std::vector<std::string> ids;
        for (const AlgorithmRun& o : m_current->outcomes) {
            ids.push_back(o.id);
        }
        addCells(cells, currentName().toStdString(), m_current.get(), ids);
    }
    for (int i = 0; i < m_store->count(); ++i) {
        const Variant& v = m_store->variant(i);
        const auto set = m_store->results(i);
        addCells(cells, v.name, set.get(), v.algorithms);
    }
    return variantTable(cells, m_store->reference().toStdString());
}

std::vector<VariantRow> VariantComparison::rows() const {
    return buildRows(true);
}

QString VariantComparison::csv() const {
    return QString::fromStdString(variantTableCsv(buildRows(false)));
}

void VariantComparison::rebuildReferenceBox() {
    m_reference->clear();
    m_reference->addItem(tr("(none)"));
    for (int i = 0; i < m_store->count(); ++i) {
        m_reference->addItem(QString::fromStdString(m_store->variant(i).name));
    }
    const int at = m_store->indexOf(m_store->reference());
    m_reference->setCurrentIndex(at < 0 ? 0 : at + 1);
}

void VariantComparison::refresh() {
    const std::vector<VariantRow> all = rows();
    m_hint->setVisible(m_store->count() == 0);
    fillTable(all);
    plotMakespans(all);
}

QStringList VariantComparison::columnHeaders() {
    return {tr("Variant"),
            tr("Algorithm"),
            tr("Makespan"),
            tr("Δ"),
            tr("Δ %"),
            tr("Map util"),
            tr("Reduce util"),
            tr("JCT mean"),
            tr("JCT p95"),
            tr("Slowdown mean"),
            tr("Fairness"),
            tr("Missed deadlines"),
            tr("Deadline exceeded (Σ rel.)"),
            tr("Spare-slot tasks (map + reduce)"),
            tr("Killed tasks (work lost)"),
            tr("Data-local maps"),
            tr("Status")};
}

QStringList VariantComparison::rowCells(const VariantRow& row) {
    const QString percent =
        row.deltaPercent ? QString::asprintf("%+.1f%%", *row.deltaPercent) : QString();
    const QString delta =
        row.delta ? (*row.delta > 0 ? QStringLiteral("+") : QString()) + number(row.delta)
                  : QString();
    const auto util = [](const std::optional<double>& v) {
        return v ? QString::asprintf("%.1f%%", *v * 100.0) : QString();
    };
    return {QString::fromStdString(row.variant),
            QString::fromStdString(row.algorithm),
            number(row.makespan),
            delta,
            percent,
            util(row.mapUtilization),
            util(row.reduceUtilization),
            number(row.jctMean),
            number(row.jctP95),
            row.slowdownMean ? QString::fromStdString(slowdownText(*row.slowdownMean)) : QString(),
            row.fairness ? QString::fromStdString(fairnessText(*row.fairness)) : QString(),
            row.deadlines ? tr("%1 of %2").arg(*row.missed).arg(*row.deadlines) : QString(),
            row.relativeExceeded ? QString::number(*row.relativeExceeded, 'g', 4) : QString(),
            row.extraMapTasks
                ? tr("%1 + %2").arg(*row.extraMapTasks).arg(row.extraReduceTasks.value_or(0))
                : QString(),
            row.killedTasks ? tr("%1 (%2 s)").arg(*row.killedTasks).arg(number(row.killedWork))
                            : QString(),
            util(row.dataLocalFraction),
            QString::fromStdString(row.status)};
}

void VariantComparison::fillTable(const std::vector<VariantRow>& all) {
    const QStringList headers = columnHeaders();
    m_table->setColumnCount(static_cast<int>(headers.size()));
    m_table->setHorizontalHeaderLabels(headers);
    m_table->setRowCount(static_cast<int>(all.size()));
    for (std::size_t r = 0; r < all.size(); ++r) {
        const QStringList cells = rowCells(all[r]);
        for (int c = 0; c < cells.size(); ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            if (c >= 2 && c <= 15) {  // the numbers, between algorithm and status
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            }
            m_table->setItem(static_cast<int>(r), c, item);
        }
    }
    const std::vector<bool> present = presentColumns(all, static_cast<int>(headers.size()));
    for (int c = 0; c < static_cast<int>(headers.size()); ++c) {
        m_table->setColumnHidden(c, !present[static_cast<std::size_t>(c)]);
    }
    m_table->resizeColumnsToContents();
}

void VariantComparison::plotMakespans(const std::vector<VariantRow>& all) {
    // Grouped bars: algorithms along x, one bar per variant.
    m_chart->clearPlottables();
    QStringList algorithms;
    QStringList variants;
    for (const VariantRow& row : all) {
        const QString a = QString::fromStdString(row.algorithm);
        const QString v = QString::fromStdString(row.variant);
        if (!algorithms.contains(a)) {
            algorithms << a;
        }
        if (!variants.contains(v)) {
            variants << v;
        }
    }
    auto* group = new QCPBarsGroup(m_chart);
    double top = 0.0;
    for (int v = 0; v < variants.size(); ++v) {
        auto* bars = new QCPBars(m_chart->xAxis, m_chart->yAxis);
        const bool isCurrent = variants[v] == currentName() && m_current;
        const QColor colour = variantColour(isCurrent ? -1 : v - (m_current ? 1 : 0));
        bars->setName(variants[v]);
        bars->setPen(QPen(colour.darker(130)));
        bars->setBrush(colour);
        bars->setWidth(0.8 / std::max<qsizetype>(1, variants.size()));
        bars->setBarsGroup(group);
        for (const VariantRow& row : all) {
            if (QString::fromStdString(row.variant) == variants[v] && row.makespan) {
                bars->addData(algorithms.indexOf(QString::fromStdString(row.algorithm)) + 1,
                              *row.makespan);
                top = std::max(top, *row.makespan);
            }
        }
    }
    QVector<double> keys;
    for (int a = 0; a < algorithms.size(); ++a) {
        keys << a + 1;
    }
    m_chart->xAxis->setRange(0.4, algorithms.size() + 0.6);
    useCategoryLabels(m_chart->xAxis, keys, algorithms);
    m_chart->yAxis->setRange(0, std::max(top, 1e-9) * 1.1);
    m_chart->replot(QCustomPlot::rpQueuedReplot);
}

}  // namespace mr::ui
