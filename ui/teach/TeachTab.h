// TeachTab — the Teach tab (issue 15 item 3): one lesson per algorithm, chosen at the top —
// Johnson's rule (seed 000 Alg. 1) and BalancedPools (seed 000 Alg. 2) — each stepped with the
// same keys (→ / ← step, Home / End, Space plays). Johnson's lesson follows every result;
// BalancedPools' (a search of its own) only while it is shown, and catches up when chosen.
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

class TeachTab : public QWidget {
    Q_OBJECT
public:
    explicit TeachTab(QWidget* parent = nullptr);

    void setResults(const std::shared_ptr<const RunSet>& results);
    JohnsonStepper* johnson() const { return m_johnson; }
    BalancedPoolsStepper* balancedPools() const { return m_pools; }

    // The lessons by id: "johnson", "balanced-pools".
    QString lesson() const;
    bool setLesson(const QString& id);
    // The step of the lesson shown; restoreStep: the step to show once its results are in.
    int step() const;
    void restoreStep(int step);
    // Both lessons back to their first step (another workload: a step of the last one means
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

    QComboBox* m_choice;
    QStackedWidget* m_stack;
    JohnsonStepper* m_johnson;
    BalancedPoolsStepper* m_pools;
    std::shared_ptr<const RunSet> m_results;
    std::shared_ptr<const RunSet> m_johnsonShown;
    std::shared_ptr<const RunSet> m_poolsShown;
};

}  // namespace mr::ui
