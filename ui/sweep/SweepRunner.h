// SweepRunner — what the Sweep tab's modes (SweepTab, FaultSweepTab) share to run a sweep in the
// background: Run and Cancel, the progress bar, the status line, a poll that redraws while points
// arrive, and the points collected so far. The work runs on the explorer's WorkPool through a
// BackgroundJob; Cancel stops it and still delivers what it computed (the tab draws those points,
// marked partial), and the bar stays where the sweep stopped. Destroying the runner cancels the
// sweep and never waits for it.
#pragma once

#include <QObject>
#include <QString>
#include <cstddef>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "model/Cancelled.h"

class QLabel;
class QProgressBar;
class QPushButton;
class QTimer;
class QWidget;

namespace mr::ui {

class BackgroundJob;
class CheckedSpinBox;

struct SweepOutcome {
    QString error;  // what stopped the sweep (empty: nothing)
    bool cancelled = false;
};

// The points a running sweep has computed, written by the workers, read by the GUI thread.
template <class Value>
struct CollectedPoints {
    mutable std::mutex mutex;
    std::vector<std::optional<Value>> values;  // by index; none: not computed (yet)
    std::string workload;                      // the swept workload's name, when the work says it
    std::size_t count = 0;

    void put(std::size_t index, const Value& value) {
        const std::lock_guard lock(mutex);
        values[index] = value;
        ++count;
    }
    std::size_t done() const {
        const std::lock_guard lock(mutex);
        return count;
    }
    std::vector<std::size_t> indices() const {  // every point, in index order
        std::vector<std::size_t> all(values.size());
        for (std::size_t i = 0; i < all.size(); ++i) {
            all[i] = i;
        }
        return all;
    }
};

class SweepRunner : public QObject {
    Q_OBJECT
public:
    // The controls are children of `owner`, which lays them out.
    explicit SweepRunner(QWidget* owner);
    ~SweepRunner() override;

    QPushButton* runButton() const { return m_run; }
    QPushButton* cancelButton() const { return m_cancel; }
    QProgressBar* progressBar() const { return m_progress; }
    QLabel* statusLabel() const { return m_status; }
    void setStatus(const QString& text);
    // A spin box of `owner` whose refused values (out of range, "1e30") say why on the status
    // line.
    CheckedSpinBox* spinBox(const QString& field, int min, int max, int value);
    QString status() const;

    struct Work {
        std::size_t total = 0;                               // points in all
        std::function<std::size_t()> done;                   // points computed so far (any thread)
        std::function<SweepOutcome(const CancelFlag&)> run;  // on the work pool
        std::function<void(std::size_t done)> redraw;        // GUI thread, when points have arrived
        // GUI thread, once the work has returned (not after discard()), after the status line
        // has said how it ended when it was cancelled or failed.
        std::function<void(const SweepOutcome&, std::size_t done)> finish;
        QString shownAfterCancel;  // what the chart shows of a cancelled sweep's points
    };
    void start(Work work);
    void cancel();
    void discard();  // stops the sweep and drops its result
    bool isRunning() const { return m_running; }
    std::size_t total() const { return m_work.total; }
    // "cancelled, 3 of 6 points"
    QString cancelledText(std::size_t done) const;
    // Runs `compute` (on the work pool), a cancel or an error becoming the outcome.
    static SweepOutcome outcomeOf(const std::function<void()>& compute);

private:
    void poll();
    void stopped(const SweepOutcome& outcome);

    QPushButton* m_run;
    QPushButton* m_cancel;
    QProgressBar* m_progress;
    QLabel* m_status;
    QWidget* m_owner;
    QTimer* m_poll;
    BackgroundJob* m_job;
    Work m_work;
    std::size_t m_drawn = 0;
    bool m_running = false;
};

}  // namespace mr::ui
