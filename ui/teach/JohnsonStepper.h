// JohnsonStepper — Johnson's rule ([Verma12] Alg. 1) taught step by step on the current jobs: the
// sorted list L, each step placing one job at the head or the tail with one sentence saying why,
// the growing schedule σ, and the two-stage timeline of the jobs placed so far; next, previous,
// play. The last step shows where the abstraction breaks: the formula's timeline next to the same
// order simulated slot by slot ([Verma12] scenario 2), and what BalancedPools and HScheduler make
// of it when they are checked.
#pragma once

#include <QWidget>
#include <memory>

#include "model/Workload.h"
#include "schedulers/Algorithm.h"
#include "schedulers/Johnson.h"

class QLabel;
class QPushButton;
class QTableWidget;
class QTimer;
class QCustomPlot;
class QHBoxLayout;

namespace mr::ui {

struct RunSet;
class BlocksPlottable;
class GanttPlot;

class JohnsonStepper : public QWidget {
    Q_OBJECT
public:
    explicit JohnsonStepper(QWidget* parent = nullptr);

    void setResults(const std::shared_ptr<const RunSet>& results);
    int step() const { return m_pendingStep >= 0 ? m_pendingStep : m_step; }
    int stepCount() const { return static_cast<int>(m_trace.steps.size()); }
    void setStep(int step);
    // The step to show once the next results are in (a session opened before its run is done).
    void restoreStep(int step);
    // The schedule σ after the last step (equals the `johnson` algorithm's order).
    std::vector<int> finalOrder() const { return m_trace.order; }
    QString explanation() const;
    // What the last step says about the formula against the simulation.
    QString breaksText() const;
    QList<QCustomPlot*> plots() const;

private:
    QHBoxLayout* buildControls();
    QWidget* buildStrip();
    QWidget* buildSteps(QWidget* parent);   // the list L beside the timeline so far
    QWidget* buildBreaks(QWidget* parent);  // formula against simulation (the last step)
    void connectControls();
    void rebuild();
    // The parts of rebuild(); tooMany: more jobs than a lesson shows.
    void fillList(bool tooMany);
    void rebuildStrip(bool tooMany);
    void showBreaks(const RunResult* johnson);
    void refresh();
    QString breaksExplanation(const Workload& w, double formula, const RunResult& johnson) const;

    QTableWidget* m_list;
    QHBoxLayout* m_strip;
    QList<QLabel*> m_cells;
    QLabel* m_explain;
    QLabel* m_stepLabel;
    QPushButton* m_first;
    QPushButton* m_prev;
    QPushButton* m_next;
    QPushButton* m_last;
    QPushButton* m_play;
    QTimer* m_timer;
    int m_pendingStep = -1;
    QCustomPlot* m_timeline;
    BlocksPlottable* m_timelineBlocks;
    QWidget* m_breaks;
    QLabel* m_breaksText;
    QCustomPlot* m_formula;
    BlocksPlottable* m_formulaBlocks;
    GanttPlot* m_simulated;

    std::shared_ptr<const RunSet> m_results;
    std::vector<StageDurations> m_stages;
    JohnsonTrace m_trace;
    int m_step = 0;
};

}  // namespace mr::ui
