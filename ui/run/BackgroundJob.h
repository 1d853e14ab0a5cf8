// BackgroundJob — one computation at a time off the GUI thread, for the Cost tab's runs and sweeps
// (RunController does the same for workloads). start() stops the job before: its cancel flag is
// set and its result dropped, so only the newest request is ever drawn. cancel() stops the job
// but still delivers what it returns (a sweep cancelled by the user shows the points it has).
// The work must not touch widgets; it gets plain values and returns a plain value.
#pragma once

#include <QFutureWatcher>
#include <QObject>
#include <QtConcurrent/QtConcurrent>
#include <functional>
#include <memory>

#include "model/Cancelled.h"

namespace mr::ui {

class BackgroundJob : public QObject {
    Q_OBJECT
public:
    explicit BackgroundJob(QObject* parent = nullptr);
    ~BackgroundJob() override;  // stops the work and waits for it

    // Runs `work(cancel)` on the thread pool; `done(result)` then runs on the GUI thread unless
    // start() or discard() was called in between.
    template <class T>
    void start(std::function<T(const CancelFlag&)> work, std::function<void(T)> done);
    // Asks the work to stop; its result is still delivered.
    void cancel();
    // Asks the work to stop and drops its result.
    void discard();
    bool isRunning() const { return m_running > 0; }
    // Processes events until no work is left (tests, screenshots).
    void waitForIdle();

signals:
    void busyChanged(bool busy);

private:
    void started();
    void finished();

    std::shared_ptr<CancelFlag> m_cancel;
    quint64 m_generation = 0;
    int m_running = 0;
};

template <class T>
void BackgroundJob::start(std::function<T(const CancelFlag&)> work, std::function<void(T)> done) {
    discard();
    m_cancel = std::make_shared<CancelFlag>(false);
    const quint64 generation = m_generation;
    auto* watcher = new QFutureWatcher<T>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation, done] {
        watcher->deleteLater();
        finished();
        if (generation == m_generation) {
            done(watcher->result());
        }
    });
    started();
    watcher->setFuture(QtConcurrent::run([work, flag = m_cancel] { return work(*flag); }));
}

}  // namespace mr::ui
