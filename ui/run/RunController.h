// RunController — runs the checked algorithms on the current workload off the GUI thread. Each
// request cancels the one before (its CancelFlag is set; a stale result is dropped), so every
// edit redraws with fresh results and a slow run never blocks the window. The baselines of the
// comparison (fifo, reverse-johnson) run too, checked or not. Every run uses the run options
// (estimator, seed, pools, locality) last set.
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QStringList>
#include <memory>

#include "document/JobPalette.h"
#include "experiments/Compare.h"

namespace mr::ui {

struct RunSet {
    std::shared_ptr<const Workload> workload;
    JobColours colours;                      // the jobs' colour slots when the run was requested
    std::vector<AlgorithmOutcome> outcomes;  // the checked algorithms, in list order
    std::optional<RunResult> fifo;           // baselines for "improvement over"
    std::optional<RunResult> reverseJohnson;
    RunOptions options;  // what the run used (without its cancel flag)
    double milliseconds = 0.0;
    quint64 generation = 0;

    const RunResult* find(const std::string& id) const;  // a checked algorithm's result or null
};

class RunController : public QObject {
    Q_OBJECT
public:
    explicit RunController(QObject* parent = nullptr);
    ~RunController() override;

    void setAlgorithms(const QStringList& ids);
    QStringList algorithms() const { return m_algorithms; }
    // Estimator, seed, pools and locality for the next requests (the manual order, task records
    // and cancellation are the controller's own).
    void setRunOptions(const RunOptions& options);
    const RunOptions& runOptions() const { return m_options; }
    // Start a run of the checked algorithms on `workload` (the previous run is cancelled);
    // `colours` go with the results, so that charts colour each job as the table did.
    void request(const Workload& workload, const JobColours& colours = {});
    bool isRunning() const { return m_running > 0; }
    std::shared_ptr<const RunSet> latest() const { return m_latest; }
    // Block until the newest request has finished (tests, headless export).
    void waitForLatest();

signals:
    void runStarted();
    void resultsReady(std::shared_ptr<const mr::ui::RunSet> results);
    void runFailed(const QString& message);
    // A cancelled or superseded run ended without results (it may end after the newer one).
    void runDropped();

private:
    QStringList m_algorithms;
    RunOptions m_options;
    std::shared_ptr<const RunSet> m_latest;
    std::shared_ptr<CancelFlag> m_cancel;
    quint64 m_generation = 0;
    int m_running = 0;
};

}  // namespace mr::ui
