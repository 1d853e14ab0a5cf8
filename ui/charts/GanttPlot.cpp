#include "charts/GanttPlot.h"

#include <QToolTip>

#include "charts/DeadlineMarkersPlottable.h"
#include "charts/JobLegend.h"
#include "charts/TaskBarsPlottable.h"
#include "experiments/DeadlineMetrics.h"
#include "io/ResultFormat.h"

namespace mr::ui {

GanttPlot::GanttPlot(QWidget* parent) : QCustomPlot(parent) {
    setMinimumHeight(160);
    setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    axisRect()->setRangeDrag(Qt::Horizontal | Qt::Vertical);
    axisRect()->setRangeZoom(Qt::Horizontal);
    setNoAntialiasingOnDrag(true);
    setPlottingHint(QCP::phCacheLabels, true);
    setMouseTracking(true);

    xAxis->setLabel(tr("time (s)"));
    yAxis->setRangeReversed(true);  // slot 0 at the top
    yAxis->grid()->setVisible(false);
    xAxis->grid()->setPen(QPen(QColor(225, 225, 225), 1, Qt::DotLine));

    plotLayout()->insertRow(0);
    m_title = new QCPTextElement(this, QString(), QFont(font().family(), 10, QFont::Bold));
    plotLayout()->addElement(0, 0, m_title);

    m_legend = new JobLegend(this);
    plotLayout()->addElement(2, 0, m_legend);
    plotLayout()->setRowStretchFactor(2, 0.001);

    // Under the title, only while a job has a deadline (or the run simulated locality).
    m_deadlineText = new QCPTextElement(this, QString(), QFont(font().family(), 9));
    m_deadlineText->setVisible(false);

    m_bars = new TaskBarsPlottable(xAxis, yAxis);
    m_deadlines = new DeadlineMarkersPlottable(xAxis, yAxis);

    m_makespanLine = new QCPItemStraightLine(this);
    m_makespanLine->setPen(QPen(QColor(200, 30, 30), 1.5, Qt::DashLine));
    m_makespanLabel = new QCPItemText(this);
    m_makespanLabel->setColor(QColor(200, 30, 30));
    // Above the plot area, at the marker: it never hides a bar.
    m_makespanLabel->setClipToAxisRect(false);
    m_makespanLabel->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);  // ends at the marker
    m_makespanLabel->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_makespanLabel->setPadding(QMargins(2, 0, 2, 1));
}

void GanttPlot::rebuildAxisLabels(int mapSlots, int reduceSlots) {
    // Label every slot when there are few, else every k-th; "M" and "R" tell map from reduce.
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    const int total = mapSlots + reduceSlots;
    const int step = total <= 40 ? 1 : total <= 120 ? 5 : total <= 400 ? 20 : 100;
    for (int s = 0; s < mapSlots; s += step) {
        ticker->addTick(s, QStringLiteral("M%1").arg(s));
    }
    for (int s = 0; s < reduceSlots; s += step) {
        ticker->addTick(mapSlots + 1 + s, QStringLiteral("R%1").arg(s));
    }
    yAxis->setTicker(ticker);
    yAxis->setLabel(tr("map slots  /  reduce slots"));
}

void GanttPlot::setRun(const Workload& w, const RunResult& r, bool fit, const JobColours& colours) {
    m_colours = colours;
    const int mapSlots = r.sim.mapSlots;
    const int reduceSlots = r.sim.reduceSlots;
    // Rows: map slots 0..SM−1, one empty row, then the reduce slots.
    m_rows = mapSlots + 1 + reduceSlots;
    std::vector<std::vector<TaskBar>> rows(static_cast<std::size_t>(m_rows));
    for (const auto& t : r.sim.tasks) {
        const int row = t.kind == TaskKind::Map ? t.slot : mapSlots + 1 + t.slot;
        rows[static_cast<std::size_t>(row)].push_back(
            {t.start, t.end, t.job, t.task, t.slot, t.kind, t.killed});
    }
    for (auto& row : rows) {
        std::sort(row.begin(), row.end(), [](const TaskBar& a, const TaskBar& b) {
            return a.start != b.start ? a.start < b.start : a.end < b.end;
        });
    }
    m_names.clear();
    for (const auto& job : w.jobs) {
        m_names << QString::fromStdString(job.name);
    }
    m_tasks = static_cast<int>(r.sim.tasks.size());
    m_bars->setRows(std::move(rows), m_names, m_colours);
    m_legend->setJobs(m_names, m_colours);
    m_makespan = r.sim.makespan;

    QString title = QStringLiteral("%1 — makespan %2")
                        .arg(QString::fromStdString(r.algorithm),
                             QString::fromStdString(formatTime(m_makespan)));
    if (r.modelMakespan) {
        title += tr("   (two-stage model: %1)")
                     .arg(QString::fromStdString(formatTime(*r.modelMakespan)));
    }
    m_title->setText(title);

    m_makespanLine->point1->setCoords(m_makespan, 0);
    m_makespanLine->point2->setCoords(m_makespan, 1);
    m_makespanLabel->position->setCoords(m_makespan, 0.0);
    m_makespanLabel->setText(tr("makespan %1").arg(QString::fromStdString(formatTime(m_makespan))));

    rebuildAxisLabels(mapSlots, reduceSlots);
    addPoolBands(w, r);
    showDeadlines(w, r);
    if (fit) {
        fitAll();
    }
    replot(QCustomPlot::rpQueuedReplot);
}

void GanttPlot::addPoolBands(const Workload& w, const RunResult& r) {
    for (QCPAbstractItem* item : m_bandItems) {
        removeItem(item);
    }
    m_bandItems.clear();
    if (r.sim.pools.size() < 2) {
        return;
    }
    static const QColor kBand[] = {QColor(90, 140, 230, 28), QColor(240, 150, 40, 34),
                                   QColor(60, 180, 120, 30), QColor(200, 80, 200, 28)};
    const int mapSlots = r.sim.mapSlots;
    for (std::size_t p = 0; p < r.sim.pools.size(); ++p) {
        const PoolTimes& pool = r.sim.pools[p];
        const int mapFrom = pool.firstNode * w.cluster.mapSlotsPerNode;
        const int mapTo = (pool.firstNode + pool.nodes) * w.cluster.mapSlotsPerNode;
        const int redFrom = pool.firstNode * w.cluster.reduceSlotsPerNode;
        const int redTo = (pool.firstNode + pool.nodes) * w.cluster.reduceSlotsPerNode;
        for (auto [from, to] :
             {std::pair{mapFrom, mapTo}, std::pair{mapSlots + 1 + redFrom, mapSlots + 1 + redTo}}) {
            auto* band = new QCPItemRect(this);
            band->setLayer("grid");
            band->topLeft->setTypeX(QCPItemPosition::ptAxisRectRatio);
            band->bottomRight->setTypeX(QCPItemPosition::ptAxisRectRatio);
            band->topLeft->setCoords(0, from - 0.5);
            band->bottomRight->setCoords(1, to - 0.5);
            band->setPen(QPen(kBand[p % 4].darker(300), 1, Qt::DotLine));
            band->setBrush(kBand[p % 4]);
            m_bandItems << band;
        }
        auto* label = new QCPItemText(this);
        label->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
        label->position->setCoords(0.995, mapFrom - 0.5);
        label->setPositionAlignment(Qt::AlignRight | Qt::AlignTop);
        label->setText(tr("%1: %2 nodes, makespan %3")
                           .arg(QString::fromStdString(pool.name))
                           .arg(pool.nodes)
                           .arg(QString::fromStdString(formatTime(pool.makespan))));
        QColor text = kBand[p % 4];
        text.setAlpha(255);
        label->setColor(text.darker(220));
        label->setFont(QFont(font().family(), 9, QFont::Bold));
        label->setBrush(QBrush(QColor(255, 255, 255, 225)));
        label->setPen(QPen(text.darker(160), 1));
        label->setPadding(QMargins(4, 1, 4, 1));
        m_bandItems << label;
    }
}

void GanttPlot::showDeadlines(const Workload& w, const RunResult& r) {
    std::vector<DeadlineMarker> markers;
    std::vector<bool> late(static_cast<std::size_t>(w.jobCount()), false);
    for (int j = 0; j < w.jobCount(); ++j) {
        const Job& job = w.jobs[static_cast<std::size_t>(j)];
        if (!job.deadline || static_cast<std::size_t>(j) >= r.sim.jobs.size()) {
            continue;
        }
        const JobTimes& t = r.sim.jobs[static_cast<std::size_t>(j)];
        const bool missed = missedDeadline(t.arrival, *job.deadline, t.end);
        markers.push_back({j, t.arrival + *job.deadline, t.end, missed});
        late[static_cast<std::size_t>(j)] = missed;
    }
    m_bars->setLateJobs(std::move(late));
    m_deadlines->setMarkers(std::move(markers), m_names, m_colours);

    // The run's metrics (seed 004 §IV-A) in one line.
    QStringList parts;
    const DeadlineMetrics m = deadlineMetrics(w, r);
    if (m.jobsWithDeadline > 0) {
        parts
            << tr("deadlines: %1 of %2 missed (%3%)")
                   .arg(m.missed)
                   .arg(m.jobsWithDeadline)
                   .arg(100.0 * m.missedFraction.value_or(0.0), 0, 'f', 1)
            << tr("relative deadline exceeded %1").arg(m.relativeDeadlineExceeded, 0, 'g', 4)
            << tr("avg completion %1").arg(QString::fromStdString(formatTime(m.avgCompletionTime)));
    }
    if (m.extraMapTasks || m.extraReduceTasks) {
        parts << tr("spare-slot tasks %1 map, %2 reduce")
                     .arg(m.extraMapTasks.value_or(0))
                     .arg(m.extraReduceTasks.value_or(0));
    }
    if (m.killedMapTasks + m.killedReduceTasks > 0) {
        parts << tr("killed %1 map, %2 reduce (hatched)")
                     .arg(m.killedMapTasks)
                     .arg(m.killedReduceTasks);
    }
    if (m.dataLocalFraction) {
        parts << tr("data-local maps %1%").arg(100.0 * *m.dataLocalFraction, 0, 'f', 1);
    }
    const bool show = !parts.isEmpty();
    m_deadlineText->setText(parts.join(QStringLiteral("   ·   ")));
    m_deadlineText->setTextColor(m.missed > 0 ? QColor(170, 20, 20) : QColor(20, 110, 40));
    const bool inLayout = m_deadlineText->layout() != nullptr;
    if (show && !inLayout) {
        plotLayout()->insertRow(1);
        plotLayout()->addElement(1, 0, m_deadlineText);
        plotLayout()->setRowStretchFactor(1, 0.001);
    } else if (!show && inLayout) {
        plotLayout()->take(m_deadlineText);
        plotLayout()->simplify();
    }
    m_deadlineText->setVisible(show);
}

QString GanttPlot::deadlineTip(int job) const {
    for (const DeadlineMarker& m : m_deadlines->markers()) {
        if (m.job != job) {
            continue;
        }
        const QString due = QString::fromStdString(formatTime(m.due));
        return m.late ? tr("<br><span style='color:#c01010'>deadline %1 — <b>late</b> by %2 "
                           "(ended %3)</span>")
                            .arg(due, QString::fromStdString(formatTime(m.end - m.due)),
                                 QString::fromStdString(formatTime(m.end)))
                      : tr("<br>deadline %1 — on time (ended %2)")
                            .arg(due, QString::fromStdString(formatTime(m.end)));
    }
    return QString();
}

void GanttPlot::setSelectedJob(int job) {
    if (m_bars->selectedJob() != job) {
        m_bars->setSelectedJob(job);
        m_deadlines->setSelectedJob(job);
        replot(QCustomPlot::rpQueuedReplot);
    }
}

void GanttPlot::setLabelsVisible(bool visible) {
    m_bars->setLabelsVisible(visible);
    replot(QCustomPlot::rpQueuedReplot);
}

void GanttPlot::fitAll() {
    xAxis->setRange(0.0, std::max(m_makespan, 1e-9) * 1.03);
    yAxis->setRange(-0.6, m_rows - 0.4);
}

void GanttPlot::mouseMoveEvent(QMouseEvent* event) {
    QCustomPlot::mouseMoveEvent(event);
    if (event->buttons() != Qt::NoButton) {
        return;
    }
    const QString text = tooltipAt(event->position());
    if (text.isEmpty()) {
        QToolTip::hideText();
    } else {
        QToolTip::showText(event->globalPosition().toPoint(), text, this);
    }
}

QString GanttPlot::tooltipAt(const QPointF& pixel) const {
    if (const DeadlineMarker* marker = m_deadlines->markerAt(pixel)) {
        return QStringLiteral("<b>%1</b>%2")
            .arg(m_names.value(marker->job).toHtmlEscaped(), deadlineTip(marker->job));
    }
    const TaskBar* bar = m_bars->barAt(pixel);
    if (bar == nullptr) {
        return QString();
    }
    return tr("<b>%1</b> — %2 task %3%4<br>slot %5 (%6 slot %7)<br>%8 → %9 s (%10 s)")
               .arg(m_names.value(bar->job).toHtmlEscaped(), toString(bar->kind))
               .arg(bar->task)
               .arg(bar->killed ? tr(", <i>killed</i>") : QString())
               .arg(bar->kind == TaskKind::Map ? QStringLiteral("M%1").arg(bar->slot)
                                               : QStringLiteral("R%1").arg(bar->slot))
               .arg(toString(bar->kind))
               .arg(bar->slot)
               .arg(QString::fromStdString(formatTime(bar->start)),
                    QString::fromStdString(formatTime(bar->end)),
                    QString::fromStdString(formatTime(bar->end - bar->start))) +
           deadlineTip(bar->job);
}

void GanttPlot::mousePressEvent(QMouseEvent* event) {
    m_pressPos = event->pos();
    QCustomPlot::mousePressEvent(event);
}

void GanttPlot::mouseReleaseEvent(QMouseEvent* event) {
    QCustomPlot::mouseReleaseEvent(event);
    if ((event->pos() - m_pressPos).manhattanLength() > 3) {
        emit userChangedRange();  // a drag, not a click
        return;
    }
    if (const DeadlineMarker* marker = m_deadlines->markerAt(event->position())) {
        emit jobClicked(marker->job);
        return;
    }
    const TaskBar* bar = m_bars->barAt(event->position());
    emit jobClicked(bar ? bar->job : -1);
}

void GanttPlot::wheelEvent(QWheelEvent* event) {
    // Wheel zooms time; with Shift it zooms the slot rows.
    axisRect()->setRangeZoom(event->modifiers() & Qt::ShiftModifier ? Qt::Vertical
                                                                    : Qt::Horizontal);
    QCustomPlot::wheelEvent(event);
    emit userChangedRange();
}

}  // namespace mr::ui
