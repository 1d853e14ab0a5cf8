// FaultSweepTab — the Sweep tab's robustness mode: the makespan of the checked algorithms on the
// current workload as attempts fail or straggle more often (core experiments/FaultSweep: mean and
// 95th percentile over seeded runs per probability). The base scenario is the workload's own,
// with the straggler factors and speculation chosen here. Computed in the background (the
// explorer's WorkPool through a BackgroundJob) with a progress bar and Cancel; points are drawn as
// they arrive, and Cancel keeps the points computed (a probability whose runs are not all in is
// drawn from the runs present, one with none is a gap), as SweepRunner does for every mode.
#pragma once

#include <QWidget>
#include <memory>
#include <optional>

#include "experiments/FaultSweep.h"

#include "sweep/SweepRunner.h"

class QCheckBox;
class QComboBox;
class QCustomPlot;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace mr::ui {

class FaultSweepTab : public QWidget {
    Q_OBJECT
public:
    explicit FaultSweepTab(QWidget* parent = nullptr);
    ~FaultSweepTab() override;  // cancels a running sweep; never waits for it

    void setWorkload(std::shared_ptr<const Workload> workload);
    void setAlgorithms(const QStringList& ids);

    void setAxis(FaultAxis axis);
    void setValues(const QString& text);  // FROM:TO:STEP
    void setRuns(int runs);
    void setStragglerFactor(const QString& text);  // A:B
    void start();
    void cancel();
    bool isRunning() const { return m_runner->isRunning(); }
    std::size_t pointsDone() const { return m_collected ? m_collected->done() : 0; }
    std::size_t pointsTotal() const { return m_runner->total(); }
    // Shows a sweep read from a results file (File > Open sweep results…).
    void showResult(const FaultSweepResult& result, const QString& status);
    const std::optional<FaultSweepResult>& result() const { return m_result; }
    QCustomPlot* chart() const { return m_chart; }
    QString csv() const;
    QString status() const;

signals:
    void finished();
    void resultShown();  // showResult() showed a file's sweep

private:
    using Collected = CollectedPoints<FaultPointValue>;
    void createControls();
    void layoutControls();
    // The sweep the controls ask for; throws InputError naming the control's field.
    FaultSweepOptions options() const;
    void run(const FaultSweepOptions& options);
    void finish(const SweepOutcome& outcome, std::size_t done);
    FaultSweepResult collectedResult() const;
    void draw();

    QComboBox* m_axis;
    QLineEdit* m_values;
    QSpinBox* m_runs;
    QSpinBox* m_seed;
    QLineEdit* m_stragglerFactor;
    QCheckBox* m_speculation;
    QLabel* m_algorithmsLabel;
    SweepRunner* m_runner;
    QCustomPlot* m_chart;

    std::shared_ptr<const Workload> m_workload;
    QStringList m_algorithms;
    std::optional<FaultSweepResult> m_result;
    std::shared_ptr<Collected> m_collected;  // the running (or last) sweep's points
    FaultSweepOptions m_options;             // its definition
    QString m_note;  // what the title says of a partial sweep (empty: complete)
};

}  // namespace mr::ui
