// DeadlinesTab — [Verma12b] Figs. 1–4 in the window: a load sweep (core sweepLoad, as `mrsim
// sweep-load`) of generated batches with deadlines, the chosen policies' deadline metrics
// against the mean inter-arrival time. The sweep runs on the explorer's WorkPool; a progress bar
// follows it (the core's progress callback stores into atomics that a timer polls) and Cancel stops
// it between points, drawing what finished and saying so. Starting a new sweep drops the old one's
// result. The defaults finish in seconds; [Verma12b] used 1000 jobs × 100 runs.
#pragma once

#include <QWidget>
#include <memory>
#include <optional>

#include "experiments/LoadSweep.h"

class QCheckBox;
class QCustomPlot;
class QComboBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTimer;
class QVBoxLayout;

namespace mr::ui {

class BackgroundJob;
class LoadSweepCharts;
class RunOptionsPanel;
class WithinJobSigmaEdit;

class DeadlinesTab : public QWidget {
    Q_OBJECT
public:
    explicit DeadlinesTab(QWidget* parent = nullptr);
    ~DeadlinesTab() override;  // cancels a running sweep; never waits for it

    // What the controls say; throws InputError naming the field (interarrival, deadline-factor,
    // algorithms) when an entry is malformed.
    LoadSweepOptions options() const;
    void setOptions(const LoadSweepOptions& options);

    void start();   // a bad entry is shown in the status line instead
    void cancel();  // the running sweep stops after its current points
    // Shows a sweep read from a results file (File > Open sweep results…): its options in the
    // controls, its points in the charts (a load without a run is a gap). A running sweep is
    // dropped. `status` says where it came from.
    void showResult(const LoadSweepResult& result, const QString& status);
    bool isRunning() const { return m_running != nullptr; }

    const std::optional<LoadSweepResult>& result() const { return m_result; }
    LoadSweepCharts* charts() const { return m_charts; }
    // For File > Export: one chart (or all four with ChartCount); none before the first sweep.
    QList<QCustomPlot*> exportablePlots(int chart) const;
    QString statusText() const;
    // The points as CSV (mrsim sweep-load --csv); empty before the first sweep.
    QString csv() const;

signals:
    void progressed(int done, int total);  // points (policy × load × run) finished
    void finished();                       // completed, cancelled or failed

private:
    struct Run;
    struct Outcome;

    QWidget* buildControls();
    QGroupBox* buildBatchBox(QWidget* panel);
    QGroupBox* buildPolicyBox(QWidget* panel);
    void addRunControls(QWidget* panel, QVBoxLayout* column);
    void pollProgress();
    void finish(const Outcome& outcome);
    void updatePlan();
    // Before a result, the charts' x axes span the inter-arrival times typed, as a result's do.
    void spanEmptyCharts();
    void setStatus(const QString& text, bool error);

    QComboBox* m_kind;
    QSpinBox* m_jobs;
    QSpinBox* m_nodes;
    QSpinBox* m_seed;
    QSpinBox* m_runs;
    QLineEdit* m_interarrival;
    QLineEdit* m_factor;
    WithinJobSigmaEdit* m_withinJobSigma;
    QList<QCheckBox*> m_policies;
    RunOptionsPanel* m_runOptions;
    QPushButton* m_start;
    QPushButton* m_cancel;
    QProgressBar* m_progress;
    QLabel* m_plan;
    QLabel* m_status;
    LoadSweepCharts* m_charts;
    QTimer* m_poll;

    BackgroundJob* m_job;
    std::shared_ptr<Run> m_running;  // the sweep whose result will be shown
    std::optional<LoadSweepResult> m_result;
};

}  // namespace mr::ui
