// RunController — runs the checked algorithms on the current workload off the GUI thread, one
// task per algorithm on the WorkPool, and publishes a RunSet after each change, so every chart
// appears as soon as its own algorithm is done. A request first publishes a
// RunSet with every algorithm pending (the charts say "computing" at once), then one per finished
// algorithm. A newer request cancels the older one (every task's cancel flag is set; whatever it
// still delivers is dropped by generation).
//
// Scheduling, so that no algorithm delays another's chart: at most `concurrency` tasks (the
// cores) run at once, the registry's interactive algorithms and the baselines first, except that
// a search showing its best plan so far (AlgorithmInfo::showsBestSoFar) starts beside the first
// of them; a task that has run for more than slowAfterMs no longer holds a lane, so a slow
// algorithm only ever runs beside the others. The worker that ran an algorithm also builds its
// chart's timeline (ChartTimeline), so that the GUI thread only draws. The registry's comparison
// baselines (baselineIds(): fifo, reverse-johnson) run too, checked or not; one that is not checked
// runs after the checked fast ones and keeps no task records (only its makespan is shown). One
// algorithm can be cancelled alone (its chart says so and offers to run it again). A result
// computed before for the same workload, algorithm and options comes from the ResultCache at once,
// without a run; a search's best plan so far is published while it runs.
#pragma once

#include <QObject>
#include <QStringList>
#include <chrono>
#include <memory>

#include "document/JobPalette.h"
#include "experiments/Compare.h"
#include "run/WorkPool.h"

class QTimer;

namespace mr::ui {

struct ChartTimeline;

// One algorithm's part of a RunSet.
// How long a run took or has taken so far, as a person reads it: 39.4 ms, 2.3 s, 4 min 42 s,
// 1 h 05 min.
QString elapsedText(double seconds);
// How far a computation is (0 to 1) in percent, never rounded up: "37 %", "2.5 %", and below
// 1 % three significant digits ("0.0287 %"), above 99 % two of what is left ("99.99931 %"), so
// that a search of hours, and its last steps, are seen to move.
QString percentText(double fraction);
// "about 2 h 10 min left" at the pace so far, once it says something (a few seconds in, a step
// counted, a second or more left); else empty.
QString remainingText(double fraction, double elapsedSeconds);

struct AlgorithmRun {
    enum class State { Pending, Running, Done, Failed, Cancelled };
    AlgorithmRun() = default;
    explicit AlgorithmRun(std::string id, State state = State::Pending)
        : id(std::move(id)), state(state) {}

    std::string id;
    State state = State::Pending;
    std::shared_ptr<const RunResult> result;        // Done
    std::string error;                              // Failed: why it could not run
    std::chrono::steady_clock::time_point started;  // Running, Done, Failed
    double milliseconds = 0.0;                      // Done, Failed: how long it took
    std::shared_ptr<const Progress> progress;       // Running: how far it says it is (live)
    // Running: the best plan a search has found so far (RunOptions::incumbent), shown until
    // the answer replaces it.
    std::shared_ptr<const RunResult> best;
    // The charts' index and summary of `result` (Done) and of `best` (Running), built by the
    // worker (a kept result's come from the ResultCache); null for a run without task records.
    std::shared_ptr<const ChartTimeline> timeline;
    std::shared_ptr<const ChartTimeline> bestTimeline;
    bool cached = false;  // Done: the result of an earlier identical run (ResultCache)

    bool finished() const { return state != State::Pending && state != State::Running; }
};

// What one request has produced so far. Immutable once published; a newer snapshot replaces it.
struct RunSet {
    std::shared_ptr<const Workload> workload;
    JobColours colours;                   // the jobs' colour slots when the run was requested
    std::vector<AlgorithmRun> outcomes;   // the checked algorithms, in list order
    std::vector<AlgorithmRun> baselines;  // baselineIds(): the "vs" columns, always run
    RunOptions options;                   // what the run used (without its cancel flag)
    double milliseconds = 0.0;            // from the request to the newest finished algorithm
    quint64 generation = 0;

    const RunResult* find(const std::string& id) const;      // a checked algorithm's result or null
    const RunResult* baseline(const std::string& id) const;  // a baseline's result or null
    const AlgorithmRun* outcome(const std::string& id) const;
    int finishedCount() const;
    // Every checked algorithm and baseline has finished (done, failed or cancelled).
    bool complete() const;
    // Puts an algorithm's new state everywhere it appears (checked, baseline or both).
    void place(const AlgorithmRun& run);
};

class RunController : public QObject {
    Q_OBJECT
public:
    explicit RunController(QObject* parent = nullptr);
    ~RunController() override;  // cancels everything; never waits

    void setAlgorithms(const QStringList& ids);
    QStringList algorithms() const { return m_algorithms; }
    // Checked algorithms that start only once the other checked fast ones' charts are shown,
    // as the baselines that are not checked do (those the file checked, not the user).
    void setDeferred(const QStringList& ids) { m_deferred = ids; }
    // Estimator, seed, pools and locality for the next requests (the manual order, task records
    // and cancellation are the controller's own).
    void setRunOptions(const RunOptions& options);
    const RunOptions& runOptions() const { return m_options; }
    // Tasks running at once before a lane is taken by a long one (default: the cores), and how
    // long a task runs before it counts as slow and frees its lane.
    void setConcurrency(int tasks, int slowAfterMs);

    // Start a run of the checked algorithms on `workload`; the previous run is cancelled.
    // `colours` go with the results, so that charts colour each job as the table did.
    void request(const Workload& workload, const JobColours& colours = {});
    // The same on a shared workload (kept, not copied: WorkloadDocument::sharedWorkload()).
    void request(std::shared_ptr<const Workload> workload, const JobColours& colours = {});
    // Cancel one algorithm of the current request (its chart says so).
    void cancelAlgorithm(const QString& id);
    // Run a cancelled (or failed) algorithm of the current request again.
    void rerunAlgorithm(const QString& id);
    // Cancel the whole current request (closing the window).
    void cancelAll();

    bool isRunning() const;  // the current request has unfinished tasks
    std::shared_ptr<const RunSet> latest() const { return m_latest; }
    // Process events until the current request has finished (tests, headless export).
    void waitForLatest();
    // The same until every checked algorithm has finished and been published: the comparison's
    // baselines that are not checked may still run (an export of charts alone).
    void waitForCharts();

signals:
    // A request started: every algorithm is pending in `results`.
    void runStarted(std::shared_ptr<const mr::ui::RunSet> results);
    // The newest snapshot: an algorithm started or finished. results->complete() on the last.
    void resultsReady(std::shared_ptr<const mr::ui::RunSet> results);

private:
    struct Task;
    // Starts queued tasks on the free lanes; `baselines`: the unchecked baselines too.
    void pump(bool baselines = true);
    void startTask(Task& task);
    void finishTask(quint64 generation, const WorkToken* token, AlgorithmRun run);
    void showBest(quint64 generation, const WorkToken* token, const std::string& id,
                  std::shared_ptr<const RunResult> best,
                  std::shared_ptr<const ChartTimeline> timeline);
    // Takes the kept results of the request's algorithms from the ResultCache; whether any.
    bool takeCached();
    void publish();
    void schedulePublish(int delayMs = 0);
    Task* task(const std::string& id);

    QStringList m_algorithms;
    QStringList m_deferred;
    RunOptions m_options;
    std::shared_ptr<Mailbox> m_mailbox;
    std::shared_ptr<const RunSet> m_latest;
    std::shared_ptr<RunSet> m_building;  // the next snapshot (copied on publish)
    std::vector<Task> m_tasks;           // the current request's
    quint64 m_generation = 0;
    std::chrono::steady_clock::time_point m_requestClock;
    std::chrono::steady_clock::time_point m_lastResultPublish;
    int m_concurrency;
    int m_slowAfterMs = 150;
    bool m_publishQueued = false;
    QTimer* m_tick;
};

}  // namespace mr::ui
