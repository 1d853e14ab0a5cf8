// CostTab — the dollar-cost side of the explorer ([Ehsan13], LiPS). A cost model is a document of
// its own, separate from the workload: opened here, from File > Open cost model / Cost samples,
// or by File > Open and drag and drop when the file's "format" is "mrx-costmodel". The model's
// machines, stores, data and jobs are shown read-only; the checked cost algorithms run off the
// GUI thread on every change of the model or the options (a stale run is dropped), and their
// results fill the cost breakdown, the CPU-seconds per machine and the results table. The epoch
// sweep (Fig. 8) runs on request; the cluster-size sweep (Fig. 5) is shown from a results file.
#pragma once

#include <QWidget>
#include <memory>
#include <vector>

#include "cost/CostModel.h"
#include "cost/CostResult.h"

class QCheckBox;
class QCustomPlot;
class QDoubleSpinBox;
class QLabel;
class QProgressBar;
class QTabWidget;
class QTimer;

namespace mr::ui {

class BackgroundJob;
class ClusterSizeSweepPanel;
class CostModelTables;
class CostBreakdownChart;
class CpuPerMachineChart;
class EpochSweepPanel;
class CostResultsTable;

// One run of the checked algorithms on one model with one set of options.
struct CostRunSet {
    std::shared_ptr<const cost::CostModel> model;
    std::vector<cost::CostResult> results;  // the checked algorithms, in the tab's order
    double epochS = 0.0;
    double delayS = 0.0;
    double milliseconds = 0.0;
    const cost::CostResult* find(const std::string& id) const;
};

class CostTab : public QWidget {
    Q_OBJECT
public:
    enum View { Breakdown, CpuPerMachine, EpochSweep, ClusterSizeSweep };

    explicit CostTab(QWidget* parent = nullptr);
    ~CostTab() override;

    // Loads a cost model; on error shows a message box naming the field and keeps the model
    // shown before. Returns whether the model was opened.
    bool openModel(const QString& path);
    // The same without a message box: throws InputError naming the file, item and field (the
    // window's File > Open shows it, or prints it without a user).
    void loadModel(const QString& path);
    bool hasModel() const { return m_model != nullptr; }
    const cost::CostModel& model() const;
    QString modelPath() const { return m_path; }

    QStringList checkedAlgorithms() const;
    void setCheckedAlgorithms(const QStringList& ids);
    void setEpoch(double seconds);
    void setDelay(double seconds);
    void showView(View view);

    // Runs the checked algorithms now (edits are otherwise grouped for 150 ms); a run still
    // going is stopped and its result dropped.
    void runNow();
    // The results drawn now (null before the first run), and waiting for a pending run.
    std::shared_ptr<const CostRunSet> results() const { return m_results; }
    void waitForResults();

    CostModelTables* modelTables() const { return m_tables; }
    CostBreakdownChart* breakdownChart() const { return m_breakdown; }
    CpuPerMachineChart* cpuChart() const { return m_cpu; }
    EpochSweepPanel* sweepPanel() const { return m_sweep; }
    // [Ehsan13] Fig. 5 from a results file (File > Open sweep results…); no model needed.
    ClusterSizeSweepPanel* clusterSizePanel() const { return m_sizes; }
    CostResultsTable* resultsTable() const { return m_table; }
    QString statusText() const;

signals:
    void openRequested();  // the Open button: the window's file dialog
    void resultsShown();   // a run's results are drawn

private:
    QWidget* buildHeader();
    void scheduleRun();
    void showResults(const std::shared_ptr<const CostRunSet>& set);
    void clearResults(const QString& message);

    std::shared_ptr<const cost::CostModel> m_model;
    QString m_path;
    std::shared_ptr<const CostRunSet> m_results;
    BackgroundJob* m_job;
    QTimer* m_rerun;

    QLabel* m_modelLabel;
    QList<QCheckBox*> m_algorithms;
    QDoubleSpinBox* m_epoch;
    QDoubleSpinBox* m_delay;
    QProgressBar* m_busy;
    QLabel* m_status;
    CostModelTables* m_tables;
    QTabWidget* m_views;
    CostBreakdownChart* m_breakdown;
    CpuPerMachineChart* m_cpu;
    EpochSweepPanel* m_sweep;
    ClusterSizeSweepPanel* m_sizes;
    CostResultsTable* m_table;
};

}  // namespace mr::ui
