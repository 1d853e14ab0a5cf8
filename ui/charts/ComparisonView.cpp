#include "charts/ComparisonView.h"

#include <qcustomplot.h>
#include <QHeaderView>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include "charts/AxisFormat.h"
#include "io/ResultFormat.h"
#include "run/RunController.h"

namespace mr::ui {

namespace {

enum Column { Algorithm, Makespan, Model, VsFifo, VsReverse, MapUtil, ReduceUtil, Order, Columns };

QString percent(double v) {
    return QString::asprintf("%+.1f%%", v);
}

}  // namespace

ComparisonView::ComparisonView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    auto* splitter = new QSplitter(Qt::Vertical, this);
    m_splitter = splitter;
    m_chart = new QCustomPlot(splitter);
    m_chart->plotLayout()->insertRow(0);
    m_chart->plotLayout()->addElement(
        0, 0,
        new QCPTextElement(m_chart, tr("Makespan per algorithm (simulated; ◆ two-stage model)"),
                           QFont(font().family(), 10, QFont::Bold)));
    m_chart->yAxis->setLabel(tr("makespan (s)"));
    usePlainNumbers(m_chart->yAxis);
    // A makespan's label sits inside its bar's top, or just above a bar too short to hold it.
    connect(m_chart, &QCustomPlot::afterLayout, this, [this] { placeBarLabels(); });
    m_chart->legend->setVisible(false);
    m_chart->xAxis->grid()->setVisible(false);
    m_table = new QTableWidget(splitter);
    m_table->setColumnCount(Columns);
    m_table->setHorizontalHeaderLabels({tr("Algorithm"), tr("Makespan"), tr("Model"), tr("vs fifo"),
                                        tr("vs reverse-johnson"), tr("Map util"), tr("Reduce util"),
                                        tr("Order")});
    m_table->horizontalHeaderItem(VsFifo)->setToolTip(
        tr("Improvement of the makespan over fifo: (fifo − this) / fifo"));
    m_table->horizontalHeaderItem(VsReverse)->setToolTip(
        tr("Improvement over reverse Johnson, the two-stage model's worst order"));
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->setVisible(false);
    splitter->addWidget(m_chart);
    splitter->addWidget(m_table);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    layout->addWidget(splitter);
}

void ComparisonView::addSection(QWidget* section) {
    m_splitter->addWidget(section);
    m_splitter->setStretchFactor(m_splitter->count() - 1, 3);
}

void ComparisonView::setResults(const std::shared_ptr<const RunSet>& results) {
    m_chart->clearPlottables();
    m_table->setRowCount(0);
    const Workload& w = *results->workload;
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    QVector<double> keys, values, modelKeys, modelValues;
    double top = 0.0;
    const RunResult* fifoRun = results->baseline("fifo");
    const RunResult* reverseRun = results->baseline("reverse-johnson");
    const double fifo = fifoRun ? fifoRun->sim.makespan : 0.0;
    const double reverse = reverseRun ? reverseRun->sim.makespan : 0.0;
    int row = 0;
    for (const auto& o : results->outcomes) {
        const QString id = QString::fromStdString(o.id);
        m_table->insertRow(row);
        auto set = [&](int column, const QString& text,
                       Qt::Alignment align = Qt::AlignRight | Qt::AlignVCenter) {
            auto* item = new QTableWidgetItem(text);
            item->setTextAlignment(align);
            m_table->setItem(row, column, item);
            return item;
        };
        set(Algorithm, id, Qt::AlignLeft | Qt::AlignVCenter)
            ->setToolTip(QString::fromStdString(o.error));
        ticker->addTick(row, id);
        if (!o.result) {
            set(Makespan, tr("—"));
            const QString why = !o.finished() ? tr("computing…")
                                : o.state == AlgorithmRun::State::Cancelled
                                    ? tr("cancelled")
                                    : QString::fromStdString(o.error);
            set(Order, why, Qt::AlignLeft | Qt::AlignVCenter);
            ++row;
            continue;
        }
        const RunResult& r = *o.result;
        keys << row;
        values << r.sim.makespan;
        top = std::max(top, r.sim.makespan);
        set(Makespan, QString::fromStdString(formatTime(r.sim.makespan)));
        if (r.modelMakespan) {
            set(Model, QString::fromStdString(formatTime(*r.modelMakespan)));
            modelKeys << row;
            modelValues << *r.modelMakespan;
        }
        set(VsFifo, fifoRun ? percent(improvementPercent(fifo, r.sim.makespan)) : tr("—"));
        set(VsReverse, reverseRun ? percent(improvementPercent(reverse, r.sim.makespan)) : tr("—"));
        set(MapUtil, QString::asprintf("%.1f%%", 100.0 * r.sim.mapUtilization()));
        set(ReduceUtil, QString::asprintf("%.1f%%", 100.0 * r.sim.reduceUtilization()));
        QStringList names;
        for (int j : r.order) {
            names << QString::fromStdString(w.jobs[static_cast<std::size_t>(j)].name);
        }
        QString order = names.size() > 40 ? names.mid(0, 40).join(' ') +
                                                tr(" … (+%1 more)").arg(names.size() - 40)
                                          : names.join(' ');
        for (const auto& p : r.sim.pools.size() > 1 ? r.sim.pools : std::vector<PoolTimes>{}) {
            order += tr("   | pool %1 (%2 nodes)").arg(QString::fromStdString(p.name)).arg(p.nodes);
        }
        set(Order, order, Qt::AlignLeft | Qt::AlignVCenter)->setToolTip(names.join(' '));
        ++row;
    }
    auto* bars = new QCPBars(m_chart->xAxis, m_chart->yAxis);
    bars->setData(keys, values);
    bars->setWidth(0.6);
    bars->setBrush(QColor(70, 120, 190));
    bars->setPen(QPen(QColor(40, 80, 140)));
    auto* model = new QCPGraph(m_chart->xAxis, m_chart->yAxis);
    model->setData(modelKeys, modelValues);
    model->setLineStyle(QCPGraph::lsNone);
    model->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssDiamond, QColor(200, 60, 30), QColor(240, 120, 60), 10));
    for (const double v : modelValues) {
        top = std::max(top, v);
    }
    m_chart->xAxis->setTicker(ticker);
    m_chart->xAxis->setTickLabelRotation(row > 6 ? 30 : 0);
    m_chart->xAxis->setRange(-0.6, std::max(0, row - 1) + 0.6);
    m_chart->yAxis->setRange(0, std::max(top, 1e-9) * 1.12);
    m_chart->clearItems();
    m_barLabels.clear();
    for (int i = 0; i < keys.size(); ++i) {
        auto* label = new QCPItemText(m_chart);
        label->position->setCoords(keys[i], values[i]);
        label->setFont(QFont(font().family(), 10, QFont::Bold));
        label->setText(QString::fromStdString(formatTime(values[i])));
        m_barLabels << label;
    }
    placeBarLabels();
    m_chart->replot(QCustomPlot::rpQueuedReplot);
    m_table->resizeColumnsToContents();
}

void ComparisonView::placeBarLabels() {
    const QCPRange range = m_chart->yAxis->range();
    const int height = m_chart->axisRect()->height();
    const double pixelsPerSecond = range.size() > 0 && height > 0 ? height / range.size() : 0.0;
    const double barWidth =
        m_chart->xAxis->range().size() > 0 && m_chart->axisRect()->width() > 0
            ? 0.6 * m_chart->axisRect()->width() / m_chart->xAxis->range().size()
            : 0.0;
    for (QCPItemText* label : m_barLabels) {
        const QFontMetrics metrics(label->font());
        const double bar = label->position->value() * pixelsPerSecond;
        const bool inside =
            bar >= metrics.height() + 8 &&
            (barWidth == 0.0 || metrics.horizontalAdvance(label->text()) + 4 <= barWidth);
        label->setPositionAlignment(Qt::AlignHCenter | (inside ? Qt::AlignTop : Qt::AlignBottom));
        label->setPadding(inside ? QMargins(0, 4, 0, 0) : QMargins(0, 0, 0, 2));
        label->setColor(inside ? QColor(Qt::white) : QColor(40, 40, 40));
    }
}

QString ComparisonView::csv() const {
    QStringList lines;
    QStringList header;
    for (int c = 0; c < m_table->columnCount(); ++c) {
        header << QString::fromStdString(
            csvField(m_table->horizontalHeaderItem(c)->text().toStdString()));
    }
    lines << header.join(',');
    for (int r = 0; r < m_table->rowCount(); ++r) {
        QStringList cells;
        for (int c = 0; c < m_table->columnCount(); ++c) {
            const QTableWidgetItem* item = m_table->item(r, c);
            QString text = item ? item->text() : QString();
            if (c == Order && item && !item->toolTip().isEmpty()) {
                text = item->toolTip();  // the full order, not the abbreviated one
            }
            cells << QString::fromStdString(csvField(text.toStdString()));
        }
        lines << cells.join(',');
    }
    return lines.join('\n') + '\n';
}

}  // namespace mr::ui
