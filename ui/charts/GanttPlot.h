// GanttPlot — the slot timeline of one simulated schedule (DESIGN.md "Charts", seed 000 Figs. 2
// and 6): one row per slot, map slots above reduce slots, bars coloured by job (map and reduce
// shades), job names on bars wide enough, a makespan marker, pools as labelled bands, a hover
// tooltip (job, task, slot, start, end, deadline), wheel zoom and drag pan along time. With
// deadlines (seed 004): a marker per job's absolute deadline, late jobs' bars outlined in red,
// killed executions hatched, and the run's deadline metrics in a line under the title.
#pragma once

#include <qcustomplot.h>

#include "document/JobPalette.h"
#include "model/Workload.h"
#include "schedulers/Algorithm.h"

namespace mr::ui {

class TaskBarsPlottable;
class DeadlineMarkersPlottable;
class JobLegend;

class GanttPlot : public QCustomPlot {
    Q_OBJECT
public:
    explicit GanttPlot(QWidget* parent = nullptr);

    // Show `result` of `algorithm` on `workload` (the simulated workload if the algorithm changed
    // the jobs). Keeps the current zoom unless `fit`. `colours`: each job's colour slot.
    void setRun(const Workload& workload, const RunResult& result, bool fit,
                const JobColours& colours = {});
    void setSelectedJob(int job);
    void setLabelsVisible(bool visible);
    void fitAll();
    double makespan() const { return m_makespan; }
    int taskCount() const { return m_tasks; }
    TaskBarsPlottable* bars() const { return m_bars; }
    DeadlineMarkersPlottable* deadlines() const { return m_deadlines; }
    // The hover text at a pixel position (a task or a deadline marker); empty over nothing.
    QString tooltipAt(const QPointF& pixel) const;
    // The deadline metrics line ("" when no job has a deadline).
    QString deadlineSummary() const { return m_deadlineText->text(); }

signals:
    void jobClicked(int job);  // -1: clicked on empty space
    void userChangedRange();   // wheel or drag (the panel stops auto-fitting)

protected:
    void mouseMoveEvent(QMouseEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;

private:
    void rebuildAxisLabels(int mapSlots, int reduceSlots);
    void addPoolBands(const Workload& workload, const RunResult& result);
    void showDeadlines(const Workload& workload, const RunResult& result);
    QString deadlineTip(int job) const;

    TaskBarsPlottable* m_bars;
    QCPTextElement* m_title;
    QCPTextElement* m_deadlineText;  // in the layout only when a job has a deadline
    DeadlineMarkersPlottable* m_deadlines;
    JobLegend* m_legend;
    QCPItemStraightLine* m_makespanLine;
    QCPItemText* m_makespanLabel;
    QList<QCPAbstractItem*> m_bandItems;
    QStringList m_names;
    JobColours m_colours;
    double m_makespan = 0.0;
    int m_rows = 0;
    int m_tasks = 0;
    QPoint m_pressPos;
};

}  // namespace mr::ui
