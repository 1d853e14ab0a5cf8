// TeachTab — the Teach tab: one lesson per algorithm, chosen at the top —
// Johnson's rule ([Verma12] Alg. 1), BalancedPools ([Verma12] Alg. 2), HScheduler ([Tian16]
// Alg. 3.2) and OnHScheduler (Alg. 3.3) — each stepped with the same keys (→ / ← step,
// Home / End, Space plays), and the "your order" exercise. Johnson's lesson follows every
// result; the others (runs of their own) only while shown, and catch up when chosen.
#pragma once

#include <QWidget>
#include <memory>

class QComboBox;
class QCustomPlot;
class QStackedWidget;

namespace mr::ui {

struct RunSet;
class JohnsonStepper;
class BalancedPoolsStepper;
class OrderExercise;
class ResplitStepper;
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

    // The lessons by id: "johnson", "balanced-pools", "hscheduler", "online-hscheduler",
    // "your-order" (experiments/Session.h's kSessionLessons).
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

private:
    void update();
    TeachLesson* currentLesson() const;  // null for Johnson's and BalancedPools' steppers

    QComboBox* m_choice;
    QStackedWidget* m_stack;
    JohnsonStepper* m_johnson;
    BalancedPoolsStepper* m_pools;
    ResplitStepper* m_hscheduler;
    ResplitStepper* m_online;
    OrderExercise* m_exercise;
    QList<TeachLesson*> m_lessons;  // the pages after the two steppers, in list order
    std::shared_ptr<const RunSet> m_results;
    std::shared_ptr<const RunSet> m_johnsonShown;
    std::shared_ptr<const RunSet> m_poolsShown;
};

}  // namespace mr::ui
