// ResplitStepper — HScheduler ([Tian16] Alg. 3.2, Example 2) or OnHScheduler (Alg. 3.3, Example 3)
// taught step by step on the current jobs: the jobs as they are (fixed tasks leave slots idle),
// each job's work re-split over all slots (m = Σmap / SM, r = Σreduce / SR), the order (Johnson's,
// or by arrival), each job's map and reduce waves as the simulation ran them (the waves still to
// come faded from the first step on), and the makespan
// beside plain Johnson on the fixed jobs: why elastic jobs beat fixed ones. Keys as every lesson
// (→ / ← step, Home / End, Space plays). The steps come from the core (hschedulerLesson), run in
// the background; this widget only draws them.
#pragma once

#include <memory>

#include "schedulers/HSchedulerLesson.h"
#include "teach/TeachLesson.h"

class QCPItemStraightLine;
class QCPItemText;
class QCustomPlot;
class QLabel;
class QTableWidget;

namespace mr::ui {

class BackgroundJob;
class BlocksPlottable;
class StepControls;

class ResplitStepper : public TeachLesson {
    Q_OBJECT
public:
    // `online`: OnHScheduler's lesson.
    explicit ResplitStepper(bool online, QWidget* parent = nullptr);

    QString id() const override;
    QString title() const override;
    void setResults(const std::shared_ptr<const RunSet>& results) override;
    int step() const override;
    void restoreStep(int step) override { m_pendingStep = step; }
    void showStep(int step) override;
    QList<QCustomPlot*> plots() const override { return {m_chart}; }
    QString explanation() const override;

    const ResplitLesson* lesson() const { return m_lesson.get(); }
    StepControls* controls() const { return m_controls; }
    void setStep(int step);
    QTableWidget* jobTable() const { return m_jobs; }
    QCustomPlot* chart() const { return m_chart; }
    void waitForLesson();

private:
    void showLesson(std::shared_ptr<const ResplitLesson> lesson);
    void refresh();
    QString stepText(const ResplitLessonStep& step) const;
    QString fixedText() const;
    QString resplitText(int job) const;
    QString orderText() const;
    QString serveText(int job) const;
    QString resultText() const;
    bool showJobs(int step);
    QString jobName(int job) const;

    bool m_online;
    std::shared_ptr<const RunSet> m_results;
    std::shared_ptr<const ResplitLesson> m_lesson;
    BackgroundJob* m_job;
    StepControls* m_controls;
    QLabel* m_explain;
    QTableWidget* m_jobs;
    QCustomPlot* m_chart;
    BlocksPlottable* m_blocks;
    QCPItemStraightLine* m_fixedLine;
    QCPItemText* m_fixedLabel;
    int m_pendingStep = -1;
};

}  // namespace mr::ui
