// SweepTab — makespan against cluster size for the checked algorithms ([Verma12] Figs. 7–9), with
// the two-stage formula's Min (Johnson) and Max (reverse Johnson) lines, on the current workload
// or on R generated ones (mean and spread). Computed in the background (core runSweepPoints on
// all cores, started from the explorer's WorkPool) with a progress bar and Cancel. Points are
// drawn as they arrive; Cancel keeps the points computed, drawn as a partial sweep (the missing
// ones are gaps, as in a merge of partial results), and the bar stays where the sweep stopped.
// Before a run the chart's x axis spans the sizes typed, as their result's will.
#pragma once

#include <QWidget>
#include <memory>
#include <optional>

#include "experiments/Sweep.h"

#include "sweep/SweepRunner.h"

class QCheckBox;
class QComboBox;
class QCustomPlot;
class QGridLayout;
class QLabel;
class QLineEdit;
class QRadioButton;
class QSpinBox;

namespace mr::ui {

class WithinJobSigmaEdit;

class SweepTab : public QWidget {
    Q_OBJECT
public:
    explicit SweepTab(QWidget* parent = nullptr);
    ~SweepTab() override;  // cancels a running sweep; never waits for it

    // The workload "current workload" sweeps, and the algorithms to sweep (the checked ones).
    void setWorkload(std::shared_ptr<const Workload> workload);
    void setAlgorithms(const QStringList& ids);

    void setNodeRange(const QString& text);
    void useGenerated(const QString& kind, int jobs, int runs, int seed);
    void start();
    void cancel();
    bool isRunning() const { return m_runner->isRunning(); }
    // Points computed by the running (or last) sweep, and how many it has.
    std::size_t pointsDone() const;
    std::size_t pointsTotal() const { return m_runner->total(); }
    // Shows a sweep read from a results file (File > Open sweep results…); a size without a run
    // is a gap in its line. A running sweep is dropped. `status` says where it came from.
    void showResult(const SweepResult& result, const QString& status);
    const std::optional<SweepResult>& result() const { return m_result; }
    QCustomPlot* chart() const { return m_chart; }
    QString csv() const;
    // The note on which algorithms the chart shows (the checked ones, or a file's).
    QString algorithmsNote() const;
    QString status() const;

signals:
    void finished();
    void resultShown();  // showResult() showed a file's sweep

private:
    using Collected = CollectedPoints<SweepPointValue>;
    void createControls();
    QGridLayout* layoutControls();
    void connectControls();
    // The workloads to sweep (the current one, or generated ones); empty when there is none.
    // Throws InputError for a malformed within-job sigma.
    WorkloadSource source() const;
    // Starts the checked sweep in the background.
    void run(const WorkloadSource& source, const SweepSpec& spec);
    void finish(const SweepOutcome& outcome, std::size_t done);
    // The points collected so far as a result (gaps where a point is missing), with the formula
    // lines the user asked for.
    SweepResult collectedResult() const;
    void suggestRange();
    void draw();

    QRadioButton* m_current;
    QRadioButton* m_generated;
    QComboBox* m_kind;
    WithinJobSigmaEdit* m_withinJobSigma;
    QSpinBox* m_jobs;
    QSpinBox* m_runs;
    QSpinBox* m_seed;
    QLineEdit* m_nodes;
    QCheckBox* m_formula;
    QLabel* m_algorithmsLabel;
    SweepRunner* m_runner;
    QCustomPlot* m_chart;

    std::shared_ptr<const Workload> m_workload;
    QStringList m_algorithms;
    std::optional<SweepResult> m_result;
    std::shared_ptr<Collected> m_collected;  // the running (or last) sweep's points
    SweepSpec m_spec;                        // its definition
    bool m_formulaLines = true;              // the user's choice when the sweep started
    bool m_modelApplies = true;              // the two-stage model holds for the swept workloads
    QString m_note;  // what the title says of a partial sweep (empty: complete)
    bool m_rangeTouched = false;
};

}  // namespace mr::ui
