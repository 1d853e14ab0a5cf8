// TeachTab — the Teach tab: one lesson per algorithm, chosen at the top —
// Johnson's rule ([Verma12] Alg. 1), BalancedPools ([Verma12] Alg. 2), HScheduler ([Tian16]
// Alg. 3.2) and OnHScheduler (Alg. 3.3) — each stepped with the same keys (→ / ← step,
// Home / End, Space plays) wherever the focus is inside the tab (chart, explanation, table,
// lesson choice), and the "your order" exercise. Johnson's lesson follows every
// result; the others (runs of their own) only while shown, and catch up when chosen.
#pragma once

#include <QWidget>
#include <memory>
#include <vector>

class QComboBox;
class QCustomPlot;
class QStackedWidget;

namespace mr::ui {

struct RunSet;
class JohnsonStepper;
class BalancedPoolsStepper;
class OrderExercise;
class ResplitStepper;
class StepControls;
class TeachLesson;

class TeachTab : public QWidget {
    Q_OBJECT
public:
    explicit TeachTab(QWidget* parent = nullptr);

    void setResults(const std::shared_ptr<const RunSet>& results);
    JohnsonStepper* johnson() const { return m_johnson; }
    BalancedPoolsStepper* balancedPools() const { return m_pools; }
    ResplitStepper* hscheduler() const { return m_hscheduler; }
    ResplitStepper* onlineHScheduler() const { return m_online; }
    OrderExercise* exercise() const { return m_exercise; }

    // The lessons by id (TeachLesson::id: experiments/Session.h's kSessionLessons); setLesson
    // of an empty id: the first lesson.
    QString lesson() const;
    bool setLesson(const QString& id);
    // The step of the lesson shown; restoreStep: the step to show once its results are in.
    int step() const;
    void restoreStep(int step);
    // Goes to a step of the lesson shown now, or as soon as it is computed (the Guide's links).
    void showStep(int step);
    // Every lesson back to its first step (another workload: a step of the last one means
    // nothing for it).
    void resetSteps();
    // The charts of the lesson shown (File > Export, Copy chart).
    QList<QCustomPlot*> plots() const;
    // BalancedPools' lesson chart for the newest results whether or not its lesson is shown
    // (an export): starts its search if it has not run on them and waits for it. Null when the
    // workload cannot be taught (one job, or more than the lesson shows).
    QCustomPlot* balancedPoolsChart();
    // The stepping row of the lesson shown; null for the exercise.
    StepControls* currentControls() const;

protected:
    // The step keys reach the lesson's controls from any widget of the tab, before that widget
    // (a table's arrow keys, a label's text selection) or a window shortcut takes them.
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void update();
    TeachLesson* currentLesson() const;

    QComboBox* m_choice;
    QStackedWidget* m_stack;
    JohnsonStepper* m_johnson;
    BalancedPoolsStepper* m_pools;
    ResplitStepper* m_hscheduler;
    ResplitStepper* m_online;
    OrderExercise* m_exercise;
    QList<TeachLesson*> m_lessons;  // in the order of the choice
    std::shared_ptr<const RunSet> m_results;
    std::vector<std::shared_ptr<const RunSet>> m_shown;  // what each lesson was given last
};

}  // namespace mr::ui
