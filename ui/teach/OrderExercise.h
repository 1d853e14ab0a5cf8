// OrderExercise — the Teach tab's "your order" exercise: the student drags the
// jobs into an order (or moves the selected one with Ctrl+↑ / Ctrl+↓) and sees its simulated
// makespan — the `manual` algorithm's, exactly `mrsim run --algorithm manual --order ...` —
// against Johnson's, the best order's (`optimal`, up to 10 jobs) and the lower bound no order can
// beat. Every number comes from the core (experiments/OrderExercise.h), run in the background.
#pragma once

#include <QStringList>
#include <memory>
#include <optional>

#include "experiments/OrderExercise.h"
#include "teach/TeachLesson.h"

class QCustomPlot;
class QLabel;
class QListWidget;

namespace mr::ui {

class BackgroundJob;

class OrderExercise : public TeachLesson {
    Q_OBJECT
public:
    explicit OrderExercise(QWidget* parent = nullptr);

    void setResults(const std::shared_ptr<const RunSet>& results) override;
    int step() const override { return 0; }  // no steps: the order is the student's
    void restoreStep(int) override {}
    void showStep(int) override {}
    QList<QCustomPlot*> plots() const override { return {m_chart}; }
    QString explanation() const override;

    // The order in the list (job names), and setting it as a drag would.
    QStringList order() const;
    bool setOrder(const QStringList& names);
    // The score of the order shown, and the benchmarks (none while they compute).
    std::optional<double> makespan() const { return m_makespan; }
    const OrderBenchmarks* benchmarks() const { return m_benchmarks ? &*m_benchmarks : nullptr; }
    QListWidget* list() const { return m_list; }
    QCustomPlot* chart() const { return m_chart; }
    void waitForScores();

private:
    void fillList();
    void score();
    void refresh();
    void moveSelected(int by);

    std::shared_ptr<const RunSet> m_results;
    std::optional<OrderBenchmarks> m_benchmarks;
    std::optional<double> m_makespan;
    QStringList m_scored;  // the order m_makespan belongs to
    BackgroundJob* m_benchJob;
    BackgroundJob* m_scoreJob;
    QListWidget* m_list;
    QLabel* m_explain;
    QCustomPlot* m_chart;
};

}  // namespace mr::ui
