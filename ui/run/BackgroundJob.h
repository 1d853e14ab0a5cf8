// BackgroundJob — one request at a time off the GUI thread, on the explorer's WorkPool: the
// sweep, the deadline sweep, the Cost tab's runs and its epoch sweep (RunController does the
// algorithm runs, one task per algorithm, on the same pool). start() supersedes the request
// before: its token is cancelled and its result dropped, so only the newest request is ever
// shown. cancel() stops the request but still delivers what it returns (a sweep cancelled by the
// user shows the points it has). The destructor cancels and returns at once — it never waits.
// The work must not touch widgets; it gets plain values and returns a plain value.
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <exception>
#include <functional>
#include <memory>
#include <optional>

#include "run/WorkPool.h"

namespace mr::ui {

class BackgroundJob : public QObject {
    Q_OBJECT
public:
    explicit BackgroundJob(QObject* parent = nullptr);
    ~BackgroundJob() override;  // cancels the work; never waits for it

    // Runs `work(cancel)` on the work pool; `done(result)` then runs on the GUI thread unless
    // start() or discard() was called in between. An exception escaping `work` is delivered
    // as failed(message) instead.
    template <class T>
    void start(std::function<T(const CancelFlag&)> work, std::function<void(T)> done);
    // Asks the work to stop; its result is still delivered.
    void cancel();
    // Asks the work to stop and drops its result.
    void discard();
    bool isRunning() const { return m_running > 0; }
    // Milliseconds since the newest request started (0 when none did).
    double elapsedMilliseconds() const;
    // Processes events until no work is left (tests, the command line's exports).
    void waitForIdle();

signals:
    void busyChanged(bool busy);
    void failed(const QString& message);

private:
    void started();
    void finished();

    std::shared_ptr<Mailbox> m_mailbox;
    std::shared_ptr<WorkToken> m_token;
    quint64 m_generation = 0;
    int m_running = 0;
    QElapsedTimer m_clock;
};

template <class T>
void BackgroundJob::start(std::function<T(const CancelFlag&)> work, std::function<void(T)> done) {
    discard();
    m_token = newWorkToken(m_generation);
    m_clock.start();
    started();
    workPool().post([token = m_token, mailbox = m_mailbox, work = std::move(work),
                     done = std::move(done), this] {
        std::optional<T> result;
        QString error;
        try {
            result.emplace(work(token->cancel));
        } catch (const std::exception& e) {
            error = QString::fromUtf8(e.what());
        }
        // `this` is used on the GUI thread only, and only while the mailbox is open.
        mailbox->deliver([this, token, done, result = std::move(result), error] {
            finished();
            if (token->generation != m_generation) {
                return;  // superseded or discarded
            }
            if (result) {
                done(*result);
            } else {
                emit failed(error);
            }
        });
    });
}

}  // namespace mr::ui
