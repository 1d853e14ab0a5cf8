// BalancedPoolsStepper — BalancedPools ([Verma12] §III-C, Algorithm 2) taught step by step on the
// current jobs: the jobs sorted by map tasks, plain Johnson as the plan to beat, each split into a
// small-job and a big-job pool, every probe of the search on the small pool's node count with
// both pools' simulated ends (every probe to its end, for teaching), the earlier splits' probes
// kept faded, the best so far, and the algorithm's own plan at the end. The steps
// come from the core's real search (balancedPoolsLesson), run in the background like every other
// piece of work; this widget only draws them.
#pragma once

#include <QWidget>
#include <memory>

#include "schedulers/BalancedPoolsLesson.h"

class QCPGraph;
class QCPItemStraightLine;
class QCustomPlot;
class QLabel;
class QSplitter;
class QTableWidget;

namespace mr::ui {

struct RunSet;
class BackgroundJob;
class StepControls;

class BalancedPoolsStepper : public QWidget {
    Q_OBJECT
public:
    explicit BalancedPoolsStepper(QWidget* parent = nullptr);

    // New results: a new workload or options start the search again (in the background).
    void setResults(const std::shared_ptr<const RunSet>& results);
    // The lesson shown (null while the search runs or for a workload too large to teach).
    const PoolsLesson* lesson() const { return m_lesson.get(); }
    StepControls* controls() const { return m_controls; }
    int step() const;
    void setStep(int step);
    // The step of the search's last probe (the chart with the most to show: an export), or the
    // last step when there was no probe.
    int lastProbeStep() const;
    // The step to show once the search is done (a session opened before it).
    void restoreStep(int step) { m_pendingStep = step; }
    QString explanation() const;
    QCustomPlot* chart() const { return m_chart; }
    // Processes events until the search is done (tests).
    void waitForLesson();

protected:
    void changeEvent(QEvent* event) override;

private:
    void fitJobTable();
    void showLesson(std::shared_ptr<const PoolsLesson> lesson);
    void refresh();
    // The parts of refresh(), for the step shown (`current`: null before the first step).
    void showPools(const PoolsLessonStep* current);
    QString resultPool(int job) const;  // the chosen plan's pool of a job
    // Returns the highest end so far (the value axis' top).
    double plotProbes(int step, const PoolsLessonStep* current);
    void plotPlan(const PoolsLessonStep* current);
    void updateLegend();
    void markStep(const PoolsLessonStep* current);
    void buildChart(QWidget* parent);
    QString jobNames(const std::vector<int>& jobs) const;
    QString stepText(const PoolsLessonStep& step) const;
    QString sortText() const;
    QString probeText(const PoolsLessonStep& step) const;
    QString resultText() const;

    std::shared_ptr<const RunSet> m_results;
    std::shared_ptr<const PoolsLesson> m_lesson;
    BackgroundJob* m_job;
    StepControls* m_controls;
    QLabel* m_explain;
    QTableWidget* m_jobs;
    QSplitter* m_splitter;
    QCustomPlot* m_chart;
    QCPGraph* m_smallGraph;
    QCPGraph* m_bigGraph;
    QCPGraph* m_earlierSmall;  // the probes of the splits before, faded
    QCPGraph* m_earlierBig;
    QCPGraph* m_planGraph;  // the last step: the chosen plan's pool ends
    QCPGraph* m_bestGraph;  // "best so far", a level line with a legend entry
    QCPItemStraightLine* m_probeLine;
    int m_pendingStep = -1;
};

}  // namespace mr::ui
