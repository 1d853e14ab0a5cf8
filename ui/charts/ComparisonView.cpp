#include "charts/ComparisonView.h"

#include <qcustomplot.h>
#include <QHeaderView>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>
#include <cmath>
#include <limits>

#include "charts/AxisFormat.h"
#include "charts/CategoryAxis.h"
#include "charts/ChartLayout.h"
#include "charts/TimeText.h"
#include "io/ComparisonFormat.h"
#include "io/TextTable.h"
#include "model/Numbers.h"
#include "run/RunController.h"

namespace mr::ui {

namespace {

constexpr int kMinTableHeight = 160;  // a header and about five rows

// The header of core's comparison cells as a column title: "vs fifo" stays, "makespan" →
// "Makespan".
QString title(const std::string& header) {
    QString text = QString::fromStdString(header);
    if (!text.startsWith(QLatin1String("vs "))) {
        text[0] = text[0].toUpper();
    }
    return text;
}

// The algorithms' runs as core's comparison entries; a run without a result says why.
std::vector<ComparisonEntry> comparisonEntries(const std::vector<AlgorithmRun>& runs) {
    std::vector<ComparisonEntry> list;
    for (const AlgorithmRun& run : runs) {
        const std::string why = !run.finished() ? ComparisonView::tr("computing…").toStdString()
                                : run.state == AlgorithmRun::State::Cancelled
                                    ? ComparisonView::tr("cancelled").toStdString()
                                    : run.error;
        list.push_back({run.id, run.result.get(), why});
    }
    return list;
}

}  // namespace

ComparisonView::ComparisonView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    auto* splitter = new QSplitter(Qt::Vertical, this);
    m_splitter = splitter;
    m_chart = new QCustomPlot(splitter);
    m_chart->plotLayout()->insertRow(0);
    m_title = new QCPTextElement(m_chart, tr("Makespan per algorithm (simulated)"),
                                 QFont(font().family(), 10, QFont::Bold));
    m_chart->plotLayout()->addElement(0, 0, m_title);
    m_chart->yAxis->setLabel(tr("makespan (s)"));
    usePlainNumbers(m_chart->yAxis);
    // A makespan's label sits inside its bar's top, or just above a bar too short to hold it.
    connect(m_chart, &QCustomPlot::afterLayout, this, [this] { placeBarLabels(); });
    m_chart->legend->setVisible(false);
    m_chart->xAxis->grid()->setVisible(false);
    // Never squeezed: the tab scrolls instead (MainWindow puts it in a scroll area).
    keepReadable(m_chart);
    m_table = new QTableWidget(splitter);
    m_table->setMinimumHeight(kMinTableHeight);
    // Columns as wide as their texts (the last one too: stretched to the view, it was cut when
    // the view is narrower than its notes, e.g. when presenting at 200 %).
    m_table->horizontalHeader()->setStretchLastSection(false);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->setVisible(false);
    splitter->addWidget(m_chart);
    splitter->addWidget(m_table);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    splitter->setChildrenCollapsible(false);  // a dragged handle never hides a part
    layout->addWidget(splitter);
}

void ComparisonView::addSection(QWidget* section) {
    m_splitter->addWidget(section);
    m_splitter->setStretchFactor(m_splitter->count() - 1, 3);
}

// The bars' data: each algorithm's place on the axis and its name, its makespan where it has
// one and the two-stage model's where that has one too.
struct ComparisonView::Makespans {
    QVector<double> categoryKeys;
    QStringList categoryNames;
    QVector<double> keys, values, modelKeys, modelValues;
    double top = 0.0;  // the largest value, simulated or model
};

void ComparisonView::setResults(const std::shared_ptr<const RunSet>& results) {
    m_chart->clearPlottables();
    // The table and its CSV come from core (io/ComparisonFormat.h), as mrsim compare's.
    m_comparison = comparisonTable(*results->workload, comparisonEntries(results->outcomes),
                                   comparisonEntries(results->baselines));
    fillTable();
    plotMakespans(collectMakespans(m_comparison));
    placeBarLabels();
    m_chart->replot(QCustomPlot::rpQueuedReplot);
    m_table->resizeColumnsToContents();
}

void ComparisonView::fillTable() {
    // The job metrics right after the makespans, in the compact set, so that at 1280 px they
    // are in sight without scrolling (utilisation, order and pools follow).
    const auto cells = comparisonCells(m_comparison, 40, MetricColumns::Compact);
    const std::size_t columns = cells.front().size();
    const std::size_t firstMetric = 3 + m_comparison.baselines.size();
    const std::vector<std::string> metricNotes = runMetricsNotes(MetricColumns::Compact);
    const std::size_t orderColumn = firstMetric + metricNotes.size() + 2;
    m_table->clear();
    m_table->setColumnCount(static_cast<int>(columns));
    m_table->setRowCount(static_cast<int>(cells.size()) - 1);
    for (std::size_t c = 0; c < columns; ++c) {
        auto* header = new QTableWidgetItem(title(cells[0][c]));
        if (c >= 3 && c < 3 + m_comparison.baselines.size()) {
            header->setToolTip(QString::fromStdString(comparisonVsNote(m_comparison)));
        }
        if (c >= firstMetric && c < firstMetric + metricNotes.size()) {
            header->setToolTip(QString::fromStdString(metricNotes[c - firstMetric]));
        }
        m_table->setHorizontalHeaderItem(static_cast<int>(c), header);
    }
    for (std::size_t r = 0; r < m_comparison.rows.size(); ++r) {
        const ComparisonRow& row = m_comparison.rows[r];
        for (std::size_t c = 0; c < columns; ++c) {
            const std::string& cell = cells[r + 1][c];
            // Core's "-" (no value) as the typographic dash; the makespans as the charts and
            // the lessons write them (35⅔, not the CSV's 35.6667).
            QString text = cell == "-" ? QStringLiteral("—") : QString::fromStdString(cell);
            if (c == 1 && row.makespan) {
                text = timeText(*row.makespan);
            } else if (c == 2 && row.modelMakespan) {
                text = timeText(*row.modelMakespan);
            }
            auto* item = new QTableWidgetItem(text);
            const bool left = c == 0 || c >= orderColumn;
            item->setTextAlignment((left ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignVCenter);
            if (c == orderColumn && row.order.size() > 40) {
                item->setToolTip(QString::fromStdString(joinedNames(row.order)));
            }
            if (c == 0 && !row.error.empty()) {
                item->setToolTip(QString::fromStdString(row.error));
            }
            m_table->setItem(static_cast<int>(r), static_cast<int>(c), item);
        }
    }
}

ComparisonView::Makespans ComparisonView::collectMakespans(const ComparisonTable& comparison) {
    Makespans m;
    for (std::size_t r = 0; r < comparison.rows.size(); ++r) {
        const ComparisonRow& row = comparison.rows[r];
        m.categoryKeys << static_cast<double>(r);
        m.categoryNames << QString::fromStdString(row.algorithm);
        if (!row.makespan) {
            continue;
        }
        m.keys << static_cast<double>(r);
        m.values << *row.makespan;
        m.top = std::max(m.top, *row.makespan);
        if (row.modelMakespan) {
            m.modelKeys << static_cast<double>(r);
            m.modelValues << *row.modelMakespan;
        }
    }
    for (const double v : m.modelValues) {
        m.top = std::max(m.top, v);
    }
    return m;
}

void ComparisonView::plotMakespans(const Makespans& m) {
    // The model's diamonds only where a run has one (not for jobs arriving over time).
    m_title->setText(m.modelValues.isEmpty()
                         ? tr("Makespan per algorithm (simulated)")
                         : tr("Makespan per algorithm (simulated; ◆ two-stage model)"));
    auto* bars = new QCPBars(m_chart->xAxis, m_chart->yAxis);
    bars->setData(m.keys, m.values);
    bars->setWidth(0.6);
    bars->setBrush(QColor(70, 120, 190));
    bars->setPen(QPen(QColor(40, 80, 140)));
    auto* model = new QCPGraph(m_chart->xAxis, m_chart->yAxis);
    model->setData(m.modelKeys, m.modelValues);
    model->setLineStyle(QCPGraph::lsNone);
    model->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssDiamond, QColor(200, 60, 30), QColor(240, 120, 60), 10));
    const int rows = static_cast<int>(m_comparison.rows.size());
    m_chart->xAxis->setRange(-0.6, std::max(0, rows - 1) + 0.6);
    useCategoryLabels(m_chart->xAxis, m.categoryKeys, m.categoryNames);
    m_dataTop = std::max(m.top, 1e-9) * 1.12;
    m_chart->yAxis->setRange(0, m_dataTop);
    m_chart->clearItems();
    m_barLabels.clear();
    for (int i = 0; i < m.keys.size(); ++i) {
        auto* label = new QCPItemText(m_chart);
        label->position->setCoords(m.keys[i], m.values[i]);
        label->setFont(QFont(font().family(), 10, QFont::Bold));
        label->setText(timeText(m.values[i]));
        const auto at = m.modelKeys.indexOf(m.keys[i]);
        m_barLabels.append(
            {label, m.values[i],
             at >= 0 ? m.modelValues[at] : std::numeric_limits<double>::quiet_NaN()});
    }
}

void ComparisonView::placeBarLabels() {
    const QCPRange before = m_chart->yAxis->range();
    const QCPRange range(0, m_dataTop);
    m_chart->yAxis->setRange(range);
    const int height = m_chart->axisRect()->height();
    const double pixelsPerSecond = range.size() > 0 && height > 0 ? height / range.size() : 0.0;
    // The width each bar has for its label: the distance between two bars' centres.
    const double slot = m_chart->xAxis->range().size() > 0 && m_chart->axisRect()->width() > 0
                            ? m_chart->axisRect()->width() / m_chart->xAxis->range().size()
                            : 0.0;
    const double barWidth = 0.6 * slot;
    constexpr double kDiamond = 7.0;  // the model's marker: half its size and a margin
    double headroom = range.upper;    // the value axis' top that leaves room for labels above
    for (const BarLabel& l : m_barLabels) {
        QCPItemText* label = l.item;
        const QFontMetrics metrics(label->font());
        const double bar = l.value * pixelsPerSecond;  // pixels above the axis
        const double model = std::isnan(l.model) ? -1e9 : l.model * pixelsPerSecond;
        const int length = metrics.horizontalAdvance(label->text()) + 4;
        // Level when the number fits between its neighbours, else upright (reading upwards),
        // else not at all (the table below has every number): never one run into the next.
        const bool level = slot == 0.0 || length + 4 <= slot;
        const bool upright = !level && metrics.height() + 2 <= slot;
        label->setVisible(level || upright);
        label->setRotation(upright ? -90.0 : 0.0);
        // How far the number reaches along the bar, and whether the model's diamond is there:
        // the number then goes past the diamond, never under it.
        const double extent = (level ? metrics.height() : length) + 6.0;
        const bool fitsWidth =
            level ? barWidth == 0.0 || length <= barWidth : metrics.height() + 2 <= barWidth;
        double anchor = bar;  // where the number starts (inside: ends), pixels above the axis
        bool inside = fitsWidth && bar >= extent + 2;
        if (inside && model > bar - extent - kDiamond && model < bar + kDiamond) {
            anchor = model - kDiamond;  // under the diamond, if there is room in the bar
            inside = anchor >= extent + 2;
        }
        bool fits = true;
        if (!inside) {
            anchor = bar;
            if (model > bar - kDiamond && model < bar + extent + kDiamond) {
                anchor = model + kDiamond;  // above the diamond
            }
            // Above the plot area it would be cut: the axis grows to make room (a larger font
            // when presenting, a short chart), up to a point; meanwhile it is left to the table.
            fits = pixelsPerSecond == 0.0 || anchor + extent <= height;
            // Room for it: top ≥ a + e · top / H (a its value, e its extent, H the height).
            if (!fits && height > 0 && extent < 0.8 * height) {
                headroom =
                    std::max(headroom, anchor / pixelsPerSecond / (1.0 - extent / height) * 1.02);
            }
        }
        label->setVisible(label->visible() && fits);
        label->position->setCoords(label->position->key(),
                                   pixelsPerSecond > 0 ? anchor / pixelsPerSecond : l.value);
        if (level) {
            label->setPositionAlignment(Qt::AlignHCenter |
                                        (inside ? Qt::AlignTop : Qt::AlignBottom));
            label->setPadding(inside ? QMargins(0, 4, 0, 0) : QMargins(0, 0, 0, 2));
        } else {
            // Turned a quarter left: the text's right end is at its top.
            label->setPositionAlignment(Qt::AlignVCenter |
                                        (inside ? Qt::AlignRight : Qt::AlignLeft));
            label->setPadding(inside ? QMargins(0, 0, 4, 0) : QMargins(2, 0, 0, 0));
        }
        label->setColor(inside ? QColor(Qt::white) : QColor(40, 40, 40));
    }
    if (headroom > range.upper * 1.0001) {
        m_chart->yAxis->setRange(range.lower, headroom);
    }
    if (m_chart->yAxis->range() != before) {
        m_chart->replot(QCustomPlot::rpQueuedReplot);  // the next layout finds the same top
    }
}

QString ComparisonView::csv() const {
    return QString::fromStdString(comparisonCsv(m_comparison));
}

}  // namespace mr::ui
