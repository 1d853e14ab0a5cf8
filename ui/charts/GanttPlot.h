// GanttPlot — the slot timeline of one simulated schedule (docs/user-guide.md, [Verma12] Figs. 2
// and 6): one row per slot, map slots above reduce slots, bars coloured by job (map and reduce
// shades), job names on bars wide enough, a makespan marker, pools as labelled bands, a hover
// tooltip (job, task, slot, start, end, deadline), wheel zoom and drag pan along time, never
// before time 0 nor past the end. With deadlines ([Verma12b]): a marker per job's absolute
// deadline, late jobs' bars outlined in red, killed executions hatched, and the run's deadline
// metrics in a line under the title. Under a scenario: failed attempts cross-hatched, speculative
// copies framed dashed, a down node's slot rows greyed, each explained in the hover text and the
// legend. A production cluster's day (17 million tasks) draws from a
// multi-resolution summary (TaskBarsPlottable); slot labels thin out to what fits, each lane has
// its own title beside its rows (shortened to fit), pool labels never overlap.
#pragma once

#include <memory>

#include <qcustomplot.h>

#include "document/JobPalette.h"
#include "model/Workload.h"
#include "schedulers/Algorithm.h"

namespace mr::ui {

struct ChartTimeline;
class TaskBarsPlottable;
class DeadlineMarkersPlottable;
class DownWindowsPlottable;
class JobLegend;
class SlotAxisTicker;
class TimeAxisTicker;
class UsageStrip;

class GanttPlot : public QCustomPlot {
    Q_OBJECT
public:
    explicit GanttPlot(QWidget* parent = nullptr);

    // Show `result` on `workload` (the simulated workload if the algorithm changed the jobs).
    // Keeps the current zoom unless `fit`. `colours`: each job's colour slot. The result is
    // shared, never copied: for a day of a production cluster pass the run set's own (an
    // aliasing shared_ptr). `timeline`: the result's index and summary if built already (by
    // the worker that ran it), else built here.
    void setRun(const Workload& workload, std::shared_ptr<const RunResult> result, bool fit,
                const JobColours& colours = {},
                std::shared_ptr<const ChartTimeline> timeline = nullptr);
    // The same for a result the caller does not share (copied: small schedules only).
    void setRun(const Workload& workload, const RunResult& result, bool fit,
                const JobColours& colours = {});
    void setSelectedJob(int job);
    void setLabelsVisible(bool visible);
    void fitAll();
    double makespan() const { return m_makespan; }
    // The slot axis showing every row (what fitAll sets).
    QCPRange fullSlotRange() const { return QCPRange(-0.6, m_rows - 0.4); }
    long long taskCount() const;  // waves expanded
    // The latest time the view may show (pans stop there); at least the makespan's end.
    double timeLimit() const { return m_timeLimit; }
    QString title() const;
    // Text put before the title from the next setRun on ("as published: "), for charts of
    // several variants of one algorithm.
    void setTitlePrefix(const QString& prefix) { m_titlePrefix = prefix; }
    // The pool labels (for tests): their texts and where they were last drawn (empty: hidden).
    QList<QPair<QString, QRectF>> poolLabels() const;
    // The slot axis' titles, one beside each lane ("map slots" beside the map rows, "reduce
    // slots" beside the reduce rows), as last laid out: text and rectangle (empty: hidden).
    QList<QPair<QString, QRectF>> laneTitles() const;
    TaskBarsPlottable* bars() const { return m_bars; }
    // The utilisation and queue-depth strip under the timeline (UsageStrip.h), shown by default.
    UsageStrip* usage() const { return m_usage; }
    void setUsageVisible(bool visible);
    // The title's row at least this high (pixels): a chart panel lays its status strip over it
    // while the chart's run is going on, so that the chart never moves when the run ends.
    void setTitleRowHeight(int pixels);
    QRect titleRect() const;  // the title's row as last laid out (plot coordinates)
    DeadlineMarkersPlottable* deadlines() const { return m_deadlines; }
    DownWindowsPlottable* downWindows() const { return m_down; }
    JobLegend* legend() const { return m_legend; }
    // The hover text at a pixel position (a task or a deadline marker); empty over nothing.
    QString tooltipAt(const QPointF& pixel) const;
    // The deadline metrics line ("" when no job has a deadline), whole: the chart draws the
    // parts that fit its width.
    QString deadlineSummary() const { return m_deadlineParts.join(kPartSeparator); }
    // What the title and the metrics line draw at the width of the last layout.
    QString drawnTitle() const;
    QString drawnDeadlineSummary() const;
    // Narrow as a chart area may get: the width never follows a long title or metrics line
    // (they shorten to fit instead; a chart wider than its panel was cut at the right).
    QSize minimumSizeHint() const override;
    QSize sizeHint() const override;

    static constexpr int kMinWidth = 240;

signals:
    void jobClicked(int job);  // -1: clicked on empty space
    void userChangedRange();   // wheel or drag (the panel stops auto-fitting)
    // A click on a slot row (of `kind`, numbered within its lane) at a time (the scenario panel
    // adds a node failure there when asked to).
    void slotTimeClicked(mr::TaskKind kind, int slot, double time);

protected:
    void mouseMoveEvent(QMouseEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;

private:
    void addPoolBands(const Workload& workload, const RunResult& result);
    void layoutOverlays();  // after each layout: ticks, lane titles and pool labels for its size
    void placeLaneTitles();
    void reserveSlotLabelRoom();
    void keepRangesInBounds();
    void emitSlotTime(const QPointF& pixel);
    void showDeadlines(const Workload& workload, const RunResult& result);
    QString deadlineTip(int job) const;

    TaskBarsPlottable* m_bars;
    UsageStrip* m_usage;
    // Fits the title and the metrics line to the width: whole parts, the later ones left out.
    void fitTexts();

    static inline const QString kPartSeparator = QStringLiteral("   ·   ");
    QCPTextElement* m_title;
    QStringList m_titleParts;        // the algorithm and makespan, then the model's makespan
    QStringList m_deadlineParts;     // the metrics, most important first
    QCPTextElement* m_deadlineText;  // in the layout only when a job has a deadline
    DeadlineMarkersPlottable* m_deadlines;
    DownWindowsPlottable* m_down;
    JobLegend* m_legend;
    QCPItemStraightLine* m_makespanLine;
    QCPItemText* m_makespanLabel;
    QList<QCPAbstractItem*> m_bandItems;
    struct PoolLabel {
        QCPItemText* item;
        double row;  // the top of its band
    };
    QList<PoolLabel> m_poolLabels;
    QCPItemText* m_laneTitles[2];  // map, reduce
    QSharedPointer<SlotAxisTicker> m_slotTicker;
    QSharedPointer<TimeAxisTicker> m_timeTicker;
    QStringList m_names;
    JobColours m_colours;
    double m_makespan = 0.0;
    double m_timeLimit = 1.0;
    double m_makespanAt = 0.0;  // where the makespan's marker is (its label may stand left of it)
    int m_rows = 0;
    QString m_titlePrefix;
    bool m_userGesture = false;  // a drag or wheel of this plot is changing the ranges
    bool m_clamping = false;
    QPoint m_pressPos;
};

}  // namespace mr::ui
