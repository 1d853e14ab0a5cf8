#include "charts/GanttPlot.h"

#include <QToolTip>
#include <cmath>

#include "charts/ChartLayout.h"
#include "charts/DeadlineMarkersPlottable.h"
#include "charts/DownWindowsPlottable.h"
#include "charts/GanttAxes.h"
#include "charts/JobLegend.h"
#include "charts/TaskBarsPlottable.h"
#include "charts/TimeText.h"
#include "charts/UsageStrip.h"
#include "experiments/DeadlineMetrics.h"
#include "model/Numbers.h"
#include "run/ChartTimeline.h"

namespace mr::ui {

namespace {

// Why an execution stopped before its end (TaskRecord::cause), for its tooltip; empty if it did
// not. Under a scenario (model/Scenario.h) attempts fail, are lost with their node, or lose to
// another attempt of their task.
QString stoppedText(const TaskRecord& r) {
    if (!r.killed) {
        return QString();
    }
    switch (r.cause) {
        case AttemptEnd::Killed:
            break;
        case AttemptEnd::Failed:
            return GanttPlot::tr(", <i>failed attempt</i>");
        case AttemptEnd::NodeLost:
            return GanttPlot::tr(", <i>lost with its node</i>");
        case AttemptEnd::Superseded:
            return GanttPlot::tr(
                ", <i>killed: another attempt finished first, or its job failed</i>");
    }
    return GanttPlot::tr(", <i>killed</i>");
}

// Which marks the legend explains: only those the run has.
JobLegend::AttemptKey attemptKey(const TaskBarsPlottable& bars, bool down) {
    JobLegend::AttemptKey key;
    if (const auto& timeline = bars.timeline()) {
        const TimelineIndex& index = timeline->index;
        key.failed = index.anyStopped(AttemptEnd::Failed);
        key.killed = index.anyStopped(AttemptEnd::Killed) ||
                     index.anyStopped(AttemptEnd::NodeLost) ||
                     index.anyStopped(AttemptEnd::Superseded);
    }
    key.speculative = bars.hasSpeculative();
    key.nodeDown = down;
    return key;
}

QString downText(const DownWindow& d) {
    const QString until = std::isinf(d.to) ? GanttPlot::tr("the end (never back)")
                                           : timeText(d.to) + GanttPlot::tr(" s");
    return GanttPlot::tr("<b>node %1 down</b><br>from %2 s to %3<br>its %4 slots run nothing")
        .arg(d.node)
        .arg(timeText(d.from), until, toString(d.kind));
}

QString speculativeText(const TaskBarsPlottable& bars, const TaskRecord& r) {
    return bars.isSpeculative(r) ? GanttPlot::tr(", <i>speculative attempt</i>") : QString();
}

}  // namespace

// The window and exports keep every plot area readable (ChartLayout.h); the summary of a run
// builds no cells taller than a pixel of the shortest plot area can show (ChartTimeline.h).
static_assert(kMinTimelinePixels <= kMinPlotHeight);

GanttPlot::GanttPlot(QWidget* parent) : QCustomPlot(parent) {
    setMinimumHeight(160);
    setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    axisRect()->setRangeDrag(Qt::Horizontal | Qt::Vertical);
    axisRect()->setRangeZoom(Qt::Horizontal);
    setNoAntialiasingOnDrag(true);
    setPlottingHint(QCP::phCacheLabels, true);
    setMouseTracking(true);

    xAxis->setLabel(tr("time (s)"));
    m_timeTicker = QSharedPointer<TimeAxisTicker>::create(xAxis);
    xAxis->setTicker(m_timeTicker);
    yAxis->setRangeReversed(true);  // slot 0 at the top
    yAxis->grid()->setVisible(false);
    m_slotTicker = QSharedPointer<SlotAxisTicker>::create(yAxis);
    yAxis->setTicker(m_slotTicker);
    yAxis->setSubTicks(false);
    xAxis->grid()->setPen(QPen(QColor(225, 225, 225), 1, Qt::DotLine));

    plotLayout()->insertRow(0);
    m_title = new QCPTextElement(this, QString(), QFont(font().family(), 10, QFont::Bold));
    plotLayout()->addElement(0, 0, m_title);

    m_legend = new JobLegend(this);
    plotLayout()->addElement(2, 0, m_legend);
    plotLayout()->setRowStretchFactor(2, 0.001);
    m_usage = new UsageStrip(this, axisRect());  // between the timeline and the legend

    // Under the title, only while a job has a deadline (or the run simulated locality).
    m_deadlineText = new QCPTextElement(this, QString(), QFont(font().family(), 9));
    m_deadlineText->setVisible(false);

    // The slot axis has a title per lane, beside its own rows (placeLaneTitles), instead of one
    // axis title: read bottom to top along the axis, "map slots / reduce slots" put each name
    // beside the other lane's rows.
    for (QCPItemText*& title : m_laneTitles) {
        title = new QCPItemText(this);
        title->setClipToAxisRect(false);
        title->position->setType(QCPItemPosition::ptAbsolute);
        title->setPositionAlignment(Qt::AlignCenter);
        title->setRotation(-90.0);
        title->setFont(yAxis->labelFont());
        title->setColor(yAxis->labelColor());
        title->setVisible(false);
    }

    m_bars = new TaskBarsPlottable(xAxis, yAxis);
    m_down = new DownWindowsPlottable(xAxis, yAxis);  // over the bars: a down node's rows are idle
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

    connect(this, &QCustomPlot::afterLayout, this, &GanttPlot::layoutOverlays);
    connect(this, &QCustomPlot::beforeReplot, this, &GanttPlot::reserveSlotLabelRoom);
    connect(xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this,
            &GanttPlot::keepRangesInBounds);
    connect(yAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this,
            &GanttPlot::keepRangesInBounds);
}

void GanttPlot::setRun(const Workload& w, const RunResult& r, bool fit, const JobColours& colours) {
    setRun(w, std::make_shared<const RunResult>(r), fit, colours);
}

void GanttPlot::setRun(const Workload& w, std::shared_ptr<const RunResult> shared, bool fit,
                       const JobColours& colours, std::shared_ptr<const ChartTimeline> timeline) {
    const RunResult& r = *shared;
    m_colours = colours;
    m_names.clear();
    m_names.reserve(w.jobCount());
    for (const auto& job : w.jobs) {
        m_names << QString::fromStdString(job.name);
    }
    m_bars->setRun(w, shared, m_names, m_colours, std::move(timeline));
    m_usage->setRun(m_bars->timeline());
    m_rows = m_bars->rowCount();  // map slots, one empty row, reduce slots
    m_legend->setJobs(m_names, m_colours);
    m_down->setWindows(mr::downWindows(r.sim, w.cluster), m_bars->rows());
    m_legend->setAttemptKey(attemptKey(*m_bars, !m_down->windows().empty()));
    m_makespan = r.sim.makespan;
    m_timeLimit = std::max(m_makespan, m_bars->maxEnd()) * 1.03;
    if (!(m_timeLimit > 0.0)) {
        m_timeLimit = 1.0;
    }

    m_titleParts = {QStringLiteral("%1 — makespan %2")
                        .arg(QString::fromStdString(r.algorithm), timeText(m_makespan))};
    // The two-stage model's value where it applies (not for jobs arriving over time:
    // twoStageModelApplies).
    if (r.modelMakespan) {
        m_titleParts << tr("   (two-stage model: %1)").arg(timeText(*r.modelMakespan));
    }
    m_title->setText(m_titlePrefix + m_titleParts.join(QString()));

    // The makespan runs from the first arrival to the last completion: the marker at the latter.
    double firstArrival = 0.0;
    for (std::size_t j = 0; j < r.sim.jobs.size(); ++j) {
        firstArrival =
            j == 0 ? r.sim.jobs[j].arrival : std::min(firstArrival, r.sim.jobs[j].arrival);
    }
    const double lastEnd = firstArrival + m_makespan;
    m_timeLimit = std::max(m_timeLimit, lastEnd * 1.03);
    m_makespanLine->point1->setCoords(lastEnd, 0);
    m_makespanLine->point2->setCoords(lastEnd, 1);
    m_makespanAt = lastEnd;
    m_makespanLabel->position->setCoords(lastEnd, 0.0);
    QString label = tr("makespan %1").arg(timeText(m_makespan));
    if (m_makespan >= 7200.0) {
        label += tr(" s (%1 h)").arg(m_makespan / 3600.0, 0, 'f', 1);
    }
    m_makespanLabel->setText(label);

    const int mapSlots = m_bars->rows().mapSlots;
    const int reduceSlots = m_bars->rows().reduceSlots;
    m_slotTicker->setSlots(mapSlots, reduceSlots);
    reserveSlotLabelRoom();
    addPoolBands(w, r);
    showDeadlines(w, r);
    if (fit) {
        fitAll();
    } else {
        keepRangesInBounds();
    }
    replot(QCustomPlot::rpQueuedReplot);
}

long long GanttPlot::taskCount() const {
    return m_bars->taskCount();
}

QString GanttPlot::title() const {
    return m_titlePrefix + m_titleParts.join(QString());
}

QString GanttPlot::drawnTitle() const {
    return m_title->text();
}

QString GanttPlot::drawnDeadlineSummary() const {
    return m_deadlineText->text();
}

QSize GanttPlot::minimumSizeHint() const {
    return {kMinWidth, QCustomPlot::minimumSizeHint().height()};
}

QSize GanttPlot::sizeHint() const {
    return {kMinWidth, QCustomPlot::sizeHint().height()};
}

void GanttPlot::fitTexts() {
    const double room = viewport().width() - 16.0;
    const auto fitted = [room](const QCPTextElement* element, const QStringList& parts,
                               const QString& separator) {
        const QFontMetricsF metrics(element->font());
        QString text = parts.value(0);  // the first part always (the algorithm, its makespan)
        for (int i = 1; i < parts.size(); ++i) {
            const QString longer = text + separator + parts[i];
            if (metrics.horizontalAdvance(longer) > room) {
                break;
            }
            text = longer;
        }
        return text;
    };
    QStringList title = m_titleParts;  // the variant's name, if any, goes with the first part
    if (!title.isEmpty()) {
        title.front().prepend(m_titlePrefix);
    }
    m_title->setText(fitted(m_title, title, QString()));
    m_deadlineText->setText(fitted(m_deadlineText, m_deadlineParts, kPartSeparator));
}

QList<QPair<QString, QRectF>> GanttPlot::poolLabels() const {
    QList<QPair<QString, QRectF>> list;
    for (const PoolLabel& p : m_poolLabels) {
        const QRectF rect = p.item->visible() ? QRectF(p.item->topLeft->pixelPosition(),
                                                       p.item->bottomRight->pixelPosition())
                                              : QRectF();
        list.append({p.item->text(), rect});
    }
    return list;
}

void GanttPlot::layoutOverlays() {
    fitTexts();
    // The ticks were computed before this layout settled the plot's height: again, with it.
    m_slotTicker->setMinSpacing(QFontMetricsF(yAxis->tickLabelFont()).height() * 1.25);
    axisRect()->update(QCPLayoutElement::upPreparation);

    placeLaneTitles();
    // The makespan label ends at its marker, or starts there when it would reach over the slot
    // labels (a makespan early in the view).
    const double marker = xAxis->coordToPixel(m_makespanAt);
    const double labelWidth =
        QFontMetricsF(m_makespanLabel->font()).horizontalAdvance(m_makespanLabel->text()) + 4.0;
    const bool startsAtMarker = marker - labelWidth < axisRect()->left();
    // The count of later deadlines at the right of the same strip: the label ends before it.
    // It covers no deadline's triangle either: moved the least to a free place in the strip.
    const double later = m_deadlines->laterWidth();
    const double stripEnd = axisRect()->right() - (later > 0 ? later + 4.0 : -1e9);
    const double end = std::min(startsAtMarker ? marker + labelWidth : marker, stripEnd);
    const double left = avoidSpans(end - labelWidth, labelWidth, axisRect()->left(), stripEnd,
                                   m_deadlines->markerSpans());
    m_makespanLabel->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
    m_makespanLabel->position->setCoords(xAxis->pixelToCoord(left), 0.0);

    const QString time = tr("time (%1)").arg(m_timeTicker->timeUnit());
    if (xAxis->label() != time) {
        xAxis->setLabel(time);  // one line either way: the layout stays
    }

    // Pool labels at the top of their bands, stacked so that none covers another.
    if (m_poolLabels.isEmpty()) {
        return;
    }
    const QRect area = axisRect()->rect();
    // At the right, clear of the makespan's line.
    const std::vector<Span> line = {{marker - 1.5, marker + 1.5}};
    std::vector<QRectF> wanted;
    for (const PoolLabel& p : m_poolLabels) {
        const QFontMetricsF metrics(p.item->font());
        const QMargins pad = p.item->padding();
        const QSizeF size(metrics.horizontalAdvance(p.item->text()) + pad.left() + pad.right() + 2,
                          metrics.height() + pad.top() + pad.bottom() + 2);
        const double y = yAxis->coordToPixel(p.row) + 1.0;
        const double left = avoidSpans(area.right() - 4.0 - size.width(), size.width(),
                                       area.left() + 2.0, area.right() - 2.0, line);
        wanted.emplace_back(QPointF(left, y), size);
    }
    const std::vector<QRectF> placed = stackLabels(wanted, area.top() + 1.0, area.bottom() - 1.0);
    for (int i = 0; i < m_poolLabels.size(); ++i) {
        QCPItemText* item = m_poolLabels[i].item;
        const QRectF& r = placed[static_cast<std::size_t>(i)];
        item->setVisible(!r.isEmpty());
        item->position->setCoords(r.right() - 1.0, r.top() + 1.0);
    }
}

// Room for the widest slot label there could be, whichever are shown, and the lane titles beside
// them: labels are never clipped, and the plot does not shift sideways while panning. Before each
// replot, with the fonts of then (presentation mode enlarges them after the run is drawn).
void GanttPlot::reserveSlotLabelRoom() {
    if (m_rows == 0) {
        return;  // no run yet
    }
    const int mapSlots = m_bars->rows().mapSlots;
    const QFontMetrics ticks(yAxis->tickLabelFont());
    const int widest =
        std::max(ticks.horizontalAdvance(SlotAxisTicker::label(mapSlots, mapSlots - 1)),
                 ticks.horizontalAdvance(SlotAxisTicker::label(mapSlots, m_rows - 1)));
    QMargins margins = axisRect()->minimumMargins();
    margins.setLeft(yAxis->tickLengthOut() + yAxis->tickLabelPadding() + widest +
                    yAxis->labelPadding() + QFontMetrics(yAxis->labelFont()).height() +
                    yAxis->padding() + 2);
    if (margins != axisRect()->minimumMargins()) {
        axisRect()->setMinimumMargins(margins);
    }
}

void GanttPlot::placeLaneTitles() {
    // Each lane's title centred on the part of its rows in view, in the left margin (room for
    // one line was kept there in setRun), the longest wording that fits along those rows.
    const int mapSlots = m_bars->rows().mapSlots;
    const int reduceSlots = m_bars->rows().reduceSlots;
    const QFontMetricsF metrics(yAxis->labelFont());
    const QRect area = axisRect()->rect();
    const double x = area.left() - axisRect()->margins().left() + yAxis->padding() +
                     metrics.height() / 2.0 + 1.0;
    const struct {
        int first;
        int count;
        QStringList wordings;
    } lanes[2] = {{0, mapSlots, {tr("map slots"), tr("map"), tr("M")}},
                  {mapSlots + 1, reduceSlots, {tr("reduce slots"), tr("reduce"), tr("R")}}};
    for (int lane = 0; lane < 2; ++lane) {
        QCPItemText* title = m_laneTitles[lane];
        const auto& l = lanes[lane];
        // Rows grow downwards: the lane spans from its first row's top to its last row's bottom.
        const double from = std::max<double>(area.top(), yAxis->coordToPixel(l.first - 0.5));
        const double to =
            std::min<double>(area.bottom(), yAxis->coordToPixel(l.first + l.count - 0.5));
        QString text;
        for (const QString& candidate : l.wordings) {
            if (l.count > 0 && metrics.horizontalAdvance(candidate) + 4.0 <= to - from) {
                text = candidate;
                break;
            }
        }
        title->setVisible(!text.isEmpty());
        title->setText(text);
        title->position->setCoords(x, (from + to) / 2.0);
    }
}

QList<QPair<QString, QRectF>> GanttPlot::laneTitles() const {
    QList<QPair<QString, QRectF>> list;
    for (const QCPItemText* title : m_laneTitles) {
        // Rotated a quarter turn: the text's width runs along the axis.
        const QFontMetricsF metrics(title->font());
        const QPointF centre = title->position->pixelPosition();
        const QSizeF size(metrics.height(), metrics.horizontalAdvance(title->text()));
        list.append({title->text(), title->visible() ? QRectF(centre.x() - size.width() / 2.0,
                                                              centre.y() - size.height() / 2.0,
                                                              size.width(), size.height())
                                                     : QRectF()});
    }
    return list;
}

void GanttPlot::keepRangesInBounds() {
    if (m_clamping || m_rows == 0) {
        return;
    }
    m_clamping = true;
    // Time: never before 0; a pan of this plot stops at its limit (a range set from outside,
    // e.g. the panel's common axis, may reach further and then becomes the limit).
    QCPRange x = xAxis->range();
    if (!m_userGesture) {
        m_timeLimit = std::max(m_timeLimit, x.upper);
    }
    if (x.size() > m_timeLimit) {
        x = QCPRange(0.0, m_timeLimit);
    } else if (x.lower < 0.0) {
        x = QCPRange(0.0, x.size());
    } else if (x.upper > m_timeLimit) {
        x = QCPRange(m_timeLimit - x.size(), m_timeLimit);
    }
    if (x != xAxis->range()) {
        xAxis->setRange(x);
    }
    // Rows: within the first and the last slot.
    const double top = -0.6;
    const double bottom = m_rows - 0.4;
    QCPRange y = yAxis->range();
    if (y.size() > bottom - top) {
        y = QCPRange(top, bottom);
    } else if (y.lower < top) {
        y = QCPRange(top, top + y.size());
    } else if (y.upper > bottom) {
        y = QCPRange(bottom - y.size(), bottom);
    }
    if (y != yAxis->range()) {
        yAxis->setRange(y);
    }
    m_clamping = false;
}

void GanttPlot::addPoolBands(const Workload& w, const RunResult& r) {
    for (QCPAbstractItem* item : m_bandItems) {
        removeItem(item);
    }
    m_bandItems.clear();
    m_poolLabels.clear();
    if (r.sim.pools.size() < 2) {
        return;
    }
    static const QColor kBand[] = {QColor(90, 140, 230, 28), QColor(240, 150, 40, 34),
                                   QColor(60, 180, 120, 30), QColor(200, 80, 200, 28)};
    const int mapSlots = r.sim.mapSlots;
    for (std::size_t p = 0; p < r.sim.pools.size(); ++p) {
        const PoolTimes& pool = r.sim.pools[p];
        const int mapFrom = w.cluster.firstSlot(TaskKind::Map, pool.firstNode);
        const int mapTo = w.cluster.firstSlot(TaskKind::Map, pool.firstNode + pool.nodes);
        const int redFrom = w.cluster.firstSlot(TaskKind::Reduce, pool.firstNode);
        const int redTo = w.cluster.firstSlot(TaskKind::Reduce, pool.firstNode + pool.nodes);
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
        // Placed in pixels after each layout (layoutOverlays), at the top of the band.
        auto* label = new QCPItemText(this);
        label->position->setType(QCPItemPosition::ptAbsolute);
        label->setPositionAlignment(Qt::AlignRight | Qt::AlignTop);
        label->setText(tr("%1: %2 nodes, makespan %3")
                           .arg(QString::fromStdString(pool.name))
                           .arg(pool.nodes)
                           .arg(timeText(pool.makespan)));
        QColor text = kBand[p % 4];
        text.setAlpha(255);
        label->setColor(text.darker(220));
        label->setFont(QFont(font().family(), 9, QFont::Bold));
        label->setBrush(QBrush(QColor(255, 255, 255, 225)));
        label->setPen(QPen(text.darker(160), 1));
        label->setPadding(QMargins(4, 1, 4, 1));
        m_bandItems << label;
        m_poolLabels.append({label, mapFrom - 0.5});
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

    // The run's metrics ([Verma12b] §IV-A) in one line.
    QStringList parts;
    const DeadlineMetrics m = deadlineMetrics(w, r);
    if (m.jobsWithDeadline > 0) {
        parts << tr("deadlines: %1 of %2 missed (%3%)")
                     .arg(m.missed)
                     .arg(m.jobsWithDeadline)
                     .arg(100.0 * m.missedFraction.value_or(0.0), 0, 'f', 1)
              << tr("relative deadline exceeded %1").arg(m.relativeDeadlineExceeded, 0, 'g', 4)
              << tr("avg completion %1").arg(timeText(m.avgCompletionTime));
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
    m_deadlineParts = parts;
    m_deadlineText->setText(parts.join(kPartSeparator));
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
        const QString due = timeText(m.due);
        // m.due is absolute: the job's arrival plus its deadline (which counts from arrival).
        return m.late ? tr("<br><span style='color:#c01010'>due at %1 (arrival + deadline) — "
                           "<b>late</b> by %2 (ended %3)</span>")
                            .arg(due, timeText(m.end - m.due), timeText(m.end))
                      : tr("<br>due at %1 (arrival + deadline) — on time (ended %2)")
                            .arg(due, timeText(m.end));
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

void GanttPlot::setUsageVisible(bool visible) {
    if (m_usage->isWanted() != visible) {
        m_usage->setVisible(visible);
        replot(QCustomPlot::rpQueuedReplot);
    }
}

void GanttPlot::setTitleRowHeight(int pixels) {
    if (m_title->minimumSize().height() != pixels) {
        m_title->setMinimumSize(0, pixels);
        replot(QCustomPlot::rpQueuedReplot);
    }
}

QRect GanttPlot::titleRect() const {
    return m_title->outerRect();
}

void GanttPlot::setLabelsVisible(bool visible) {
    m_bars->setLabelsVisible(visible);
    replot(QCustomPlot::rpQueuedReplot);
}

void GanttPlot::fitAll() {
    // Everything up to the last end (with arrivals, later than the makespan after time 0).
    xAxis->setRange(0.0, std::max(m_timeLimit, 1e-9));
    yAxis->setRange(-0.6, m_rows - 0.4);
}

void GanttPlot::mouseMoveEvent(QMouseEvent* event) {
    m_userGesture = event->buttons() != Qt::NoButton;  // a drag pans
    QCustomPlot::mouseMoveEvent(event);
    m_userGesture = false;
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
    if (const QString usage = m_usage->tooltipAt(pixel); !usage.isEmpty()) {
        return usage;
    }
    if (const DeadlineMarker* marker = m_deadlines->markerAt(pixel)) {
        return QStringLiteral("<b>%1</b>%2")
            .arg(m_names.value(marker->job).toHtmlEscaped(), deadlineTip(marker->job));
    }
    const TaskHit hit = m_bars->taskAt(pixel);
    if (hit.record == nullptr) {
        const DownWindow* down = m_down->windowAt(pixel);
        return down ? downText(*down) : QString();
    }
    const TaskRecord& r = *hit.record;
    const QString prefix = r.kind == TaskKind::Map ? QStringLiteral("M") : QStringLiteral("R");
    const QString wave = r.count > 1 ? tr(" (one of a wave of %1 on %2%3–%2%4)")
                                           .arg(r.count)
                                           .arg(prefix)
                                           .arg(r.slot)
                                           .arg(r.slot + r.count - 1)
                                     : QString();
    return tr("<b>%1</b> — %2 task %3%4%5<br>slot %6 (%7 slot %8)<br>%9 → %10 s (%11 s)")
               .arg(m_names.value(r.job).toHtmlEscaped(), toString(r.kind))
               .arg(hit.task)
               .arg(wave, speculativeText(*m_bars, r) + stoppedText(r))
               .arg(prefix + QString::number(hit.slot), toString(r.kind))
               .arg(hit.slot)
               .arg(timeText(r.start), timeText(r.end), timeText(r.end - r.start)) +
           deadlineTip(r.job);
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
    emitSlotTime(event->position());
    const TaskHit hit = m_bars->taskAt(event->position());
    emit jobClicked(hit.record ? hit.record->job : -1);
}

void GanttPlot::emitSlotTime(const QPointF& pixel) {
    if (!axisRect()->rect().contains(pixel.toPoint())) {
        return;
    }
    const TimelineRows& rows = m_bars->rows();
    const int row = static_cast<int>(std::lround(yAxis->pixelToCoord(pixel.y())));
    const double time = xAxis->pixelToCoord(pixel.x());
    if (row < 0 || row >= rows.count() || row == rows.mapSlots || time < 0.0) {
        return;  // the empty row between the lanes, or outside them
    }
    const TaskKind kind = row < rows.mapSlots ? TaskKind::Map : TaskKind::Reduce;
    emit slotTimeClicked(kind, row - rows.firstRow(kind), time);
}

void GanttPlot::wheelEvent(QWheelEvent* event) {
    // Wheel zooms time; with Shift it zooms the slot rows.
    axisRect()->setRangeZoom(event->modifiers() & Qt::ShiftModifier ? Qt::Vertical
                                                                    : Qt::Horizontal);
    m_userGesture = true;
    QCustomPlot::wheelEvent(event);
    m_userGesture = false;
    emit userChangedRange();
}

}  // namespace mr::ui
