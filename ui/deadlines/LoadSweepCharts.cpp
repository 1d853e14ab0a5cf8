#include "deadlines/LoadSweepCharts.h"

#include <qcustomplot.h>
#include <QEvent>
#include <QGridLayout>
#include <QScrollArea>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>

#include "charts/AxisFormat.h"
#include "charts/AxisSpan.h"
#include "charts/ChartLayout.h"

namespace mr::ui {

namespace {

struct PolicyStyle {
    QColor colour;
    QCPScatterStyle::ScatterShape shape;
};

// By the policy's style index (loadSweepStyleIndex: its place among the load sweep's algorithms
// in registry order): edf, min-edf, min-edf-wc ([Verma12b]'s figures' order), completion-time,
// fair, then whatever is registered after them; beyond the list the styles repeat.
const PolicyStyle kStyles[] = {
    {QColor(205, 55, 40), QCPScatterStyle::ssCircle},
    {QColor(45, 95, 200), QCPScatterStyle::ssSquare},
    {QColor(30, 145, 70), QCPScatterStyle::ssTriangle},
    {QColor(140, 60, 170), QCPScatterStyle::ssCross},
    {QColor(225, 135, 20), QCPScatterStyle::ssDiamond},
    {QColor(20, 150, 160), QCPScatterStyle::ssStar},
    {QColor(150, 90, 50), QCPScatterStyle::ssTriangleInverted},
    {QColor(215, 80, 150), QCPScatterStyle::ssCrossCircle},
};
constexpr int kStyleCount = static_cast<int>(std::size(kStyles));

constexpr double kMinLoadPad = 1.0;  // s: one load alone shows its markers whole

// Any other name (an algorithm the sweep does not offer): grey plus signs.
PolicyStyle styleOf(const QString& algorithm) {
    const int index = loadSweepStyleIndex(algorithm.toStdString());
    return index < 0 ? PolicyStyle{QColor(110, 110, 110), QCPScatterStyle::ssPlus}
                     : kStyles[index % kStyleCount];
}

QCPScatterStyle::ScatterShape shapeOf(const QString& algorithm) {
    return styleOf(algorithm).shape;
}

QCPGraph* addLine(QCustomPlot* plot, const QString& name, const QColor& colour,
                  QCPScatterStyle::ScatterShape shape, const QVector<double>& x,
                  const QVector<double>& y, QCPAxis* valueAxis = nullptr) {
    auto* graph = plot->addGraph(plot->xAxis, valueAxis ? valueAxis : plot->yAxis);
    graph->setName(name);
    graph->setPen(QPen(colour, 2));
    graph->setScatterStyle(QCPScatterStyle(shape, colour, colour.lighter(150), 7));
    graph->setData(x, y, true);
    showLegendUnderTitle(plot);
    return graph;
}

// A value axis that shows every finite value of `graphs` drawn on it, starting at 0 for
// counts and percentages (linear) or spanning the positive values (log).
void fitValues(QCPAxis* axis, const QList<QCPGraph*>& graphs, bool log) {
    double low = std::numeric_limits<double>::infinity();
    double high = -low;
    for (const QCPGraph* g : graphs) {
        for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it) {
            if (std::isfinite(it->value) && (!log || it->value > 0)) {
                low = std::min(low, it->value);
                high = std::max(high, it->value);
            }
        }
    }
    if (!std::isfinite(low)) {
        axis->setRange(log ? QCPRange(0.1, 10) : QCPRange(0, 1));
    } else if (log) {
        axis->setRange(low / 2.0, high * 2.0);
    } else {
        axis->setRange(0.0, high > 0 ? high * 1.08 : 1.0);
    }
}

}  // namespace

QColor LoadSweepCharts::colourOf(const QString& algorithm) {
    return styleOf(algorithm).colour;
}

LoadSweepCharts::LoadSweepCharts(QWidget* parent) : QWidget(parent) {
    // The four charts in a grid of two columns when each gets a readable width, else one
    // column; what does not fit the height scrolls. They never squeeze below kMinChart.
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    m_scroll = new QScrollArea(this);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setWidgetResizable(true);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* inner = new QWidget(m_scroll);
    m_grid = new QGridLayout(inner);
    m_grid->setContentsMargins(0, 0, 0, 0);
    m_grid->setSpacing(4);
    m_scroll->setWidget(inner);
    m_scroll->viewport()->installEventFilter(this);
    outer->addWidget(m_scroll);
    m_charts[Exceeded] = makeChart(Exceeded, tr("Σ (completion − deadline) / deadline"));
    // Longer than a chart of the minimum height: shorter wordings where it does not fit.
    useFittingLabel(m_charts[Exceeded]->yAxis, {tr("Σ (completion − deadline) / deadline"),
                                                tr("Σ lateness / deadline"), tr("lateness")});
    m_charts[Missed] = makeChart(Missed, tr("jobs late (%)"));
    m_charts[Completion] = makeChart(Completion, tr("completion (s)"));
    m_charts[Tasks] = makeChart(Tasks, tr("extra tasks"));

    QCustomPlot* exceeded = m_charts[Exceeded];
    exceeded->yAxis->setScaleType(QCPAxis::stLogarithmic);
    auto logTicker = QSharedPointer<QCPAxisTickerLog>::create();
    exceeded->yAxis->setTicker(logTicker);
    exceeded->yAxis->setNumberFormat(QStringLiteral("eb"));
    exceeded->yAxis->setNumberPrecision(0);

    QCustomPlot* tasks = m_charts[Tasks];
    tasks->yAxis2->setVisible(true);
    tasks->yAxis2->setLabel(tr("killed map tasks"));
    tasks->legend->setWrap(2);

    arrange(2);
    clear();
}

int LoadSweepCharts::columns() const {
    return m_columns;
}

void LoadSweepCharts::arrange(int columns) {
    m_columns = columns;
    for (int c = 0; c < ChartCount; ++c) {
        m_grid->removeWidget(m_charts[c]);
    }
    for (int c = 0; c < ChartCount; ++c) {
        m_grid->addWidget(m_charts[c], c / columns, c % columns);
    }
    for (int i = 0; i < 2; ++i) {
        m_grid->setColumnStretch(i, i < columns ? 1 : 0);
    }
}

bool LoadSweepCharts::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_scroll->viewport() && event->type() == QEvent::Resize) {
        const int width = m_scroll->viewport()->width();
        const int columns = width >= 2 * kMinChart.width() + 4 ? 2 : 1;
        if (columns != m_columns) {
            arrange(columns);
        }
    }
    return QWidget::eventFilter(watched, event);
}

QString LoadSweepCharts::title(Chart which) {
    switch (which) {
        case Exceeded:
            return tr("Relative deadline exceeded");
        case Missed:
            return tr("Missed-deadline jobs");
        case Completion:
            return tr("Average job completion time");
        case Tasks:
        case ChartCount:
            break;
    }
    return tr("min-edf-wc: extra and killed tasks");
}

QString LoadSweepCharts::fileStem(Chart which) {
    static const char* const kStems[] = {"deadline-exceeded", "deadline-missed",
                                         "deadline-completion", "deadline-tasks"};
    return QString::fromLatin1(kStems[std::clamp(static_cast<int>(which), 0, 3)]);
}

QCustomPlot* LoadSweepCharts::makeChart(Chart which, const QString& yLabel) {
    auto* plot = new QCustomPlot(this);
    plot->setMinimumSize(kMinChart);
    plot->plotLayout()->insertRow(0);
    auto* text = new QCPTextElement(plot, title(which), QFont(font().family(), 10, QFont::Bold));
    text->setObjectName(QStringLiteral("title"));
    plot->plotLayout()->addElement(0, 0, text);
    plot->xAxis->setLabel(tr("mean inter-arrival time (s)"));
    plot->yAxis->setLabel(yLabel);
    // The legend in a row under the title, so that it never hides a line.
    plot->legend->setVisible(true);
    plot->legend->setFont(QFont(font().family(), 8));
    plot->legend->setBorderPen(Qt::NoPen);
    plot->legend->setBrush(Qt::NoBrush);
    plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    plot->legend->setWrap(3);
    plot->legend->setMargins(QMargins(4, 0, 4, 0));
    plot->axisRect()->insetLayout()->take(plot->legend);  // placed by showLegendUnderTitle
    plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    usePlainNumbers(plot->xAxis);
    if (which != Exceeded) {  // the log axis keeps its powers of ten
        usePlainNumbers(plot->yAxis);
        usePlainNumbers(plot->yAxis2);
    }
    return plot;
}

QList<QCustomPlot*> LoadSweepCharts::plots() const {
    return {m_charts[Exceeded], m_charts[Missed], m_charts[Completion], m_charts[Tasks]};
}

QCPGraph* LoadSweepCharts::graph(Chart which, const QString& name) const {
    QCustomPlot* plot = m_charts[which];
    for (int i = 0; i < plot->graphCount(); ++i) {
        if (plot->graph(i)->name() == name) {
            return plot->graph(i);
        }
    }
    return nullptr;
}

void LoadSweepCharts::clear() {
    for (QCustomPlot* plot : m_charts) {
        plot->clearGraphs();
        showLegendUnderTitle(plot);
        plot->clearItems();
        plot->replot(QCustomPlot::rpQueuedReplot);
    }
    fitValues(m_charts[Exceeded]->yAxis, {}, true);
}

void LoadSweepCharts::spanLoads(const std::vector<double>& interarrivals) {
    for (QCustomPlot* plot : m_charts) {
        spanPadded(plot->xAxis, interarrivals, kMinLoadPad);
        plot->replot(QCustomPlot::rpQueuedReplot);
    }
}

void LoadSweepCharts::setResult(const LoadSweepResult& result) {
    clear();
    const auto& loads = result.options.interarrivals;
    const double nan = std::numeric_limits<double>::quiet_NaN();
    bool zeros = false;
    for (const std::string& id : result.options.algorithms) {
        QVector<double> x, exceeded, missed, completion;
        for (const LoadPoint& p : result.points) {
            if (p.algorithm != id) {
                continue;
            }
            x << p.interarrival;
            if (p.runs == 0) {  // no run finished there (cancelled, or missing in a file): a gap
                exceeded << nan;
                missed << nan;
                completion << nan;
                continue;
            }
            // A zero is a gap on the log axis (nothing was late), not a point at 10^-∞.
            zeros = zeros || p.relativeDeadlineExceeded <= 0.0;
            exceeded << (p.relativeDeadlineExceeded > 0.0 ? p.relativeDeadlineExceeded : nan);
            missed << (p.missedFraction ? 100.0 * *p.missedFraction : nan);
            completion << p.avgCompletionTime;
        }
        const QString name = QString::fromStdString(id);
        const QColor colour = colourOf(name);
        const auto shape = shapeOf(name);
        addLine(m_charts[Exceeded], name, colour, shape, x, exceeded);
        addLine(m_charts[Missed], name, colour, shape, x, missed);
        addLine(m_charts[Completion], name, colour, shape, x, completion);
        if (id != "min-edf-wc") {
            continue;
        }
        QVector<double> extraMaps, extraReduces, killedMaps;
        for (const LoadPoint& p : result.points) {
            if (p.algorithm == id) {
                extraMaps << (p.runs > 0 ? p.extraMapTasks.value_or(nan) : nan);
                extraReduces << (p.runs > 0 ? p.extraReduceTasks.value_or(nan) : nan);
                killedMaps << (p.runs > 0 ? p.killedMapTasks : nan);
            }
        }
        QCustomPlot* tasks = m_charts[Tasks];
        addLine(tasks, tr("extra map"), QColor(30, 145, 70), QCPScatterStyle::ssTriangle, x,
                extraMaps);
        addLine(tasks, tr("extra reduce"), QColor(110, 190, 60), QCPScatterStyle::ssSquare, x,
                extraReduces);
        QCPGraph* killed = addLine(tasks, tr("killed map (right axis)"), QColor(205, 55, 40),
                                   QCPScatterStyle::ssCross, x, killedMaps, tasks->yAxis2);
        killed->setPen(QPen(QColor(205, 55, 40), 2, Qt::DashLine));
    }

    auto* heading = qobject_cast<QCPTextElement*>(m_charts[Exceeded]->plotLayout()->element(0, 0));
    heading->setText(zeros ? tr("%1 (log axis; a 0 is not drawn)").arg(title(Exceeded))
                           : title(Exceeded));
    QCustomPlot* tasks = m_charts[Tasks];
    if (tasks->graphCount() == 0) {
        auto* note = new QCPItemText(tasks);
        note->position->setType(QCPItemPosition::ptAxisRectRatio);
        note->position->setCoords(0.5, 0.5);
        note->setText(tr("Check min-edf-wc to see its spare-slot (extra) and killed tasks."));
        note->setColor(QColor(110, 110, 110));
    }

    spanLoads(loads);
    for (int c = 0; c < ChartCount; ++c) {
        QCustomPlot* plot = m_charts[c];
        QList<QCPGraph*> left, right;
        for (int i = 0; i < plot->graphCount(); ++i) {
            (plot->graph(i)->valueAxis() == plot->yAxis2 ? right : left) << plot->graph(i);
        }
        fitValues(plot->yAxis, left, c == Exceeded);
        if (c == Tasks) {
            fitValues(plot->yAxis2, right, false);
        }
        plot->replot(QCustomPlot::rpQueuedReplot);
    }
}

}  // namespace mr::ui
