#include "run/BackgroundJob.h"

#include <QCoreApplication>
#include <QEventLoop>

namespace mr::ui {

BackgroundJob::BackgroundJob(QObject* parent)
    : QObject(parent), m_mailbox(std::make_shared<Mailbox>(this)) {}

BackgroundJob::~BackgroundJob() {
    m_mailbox->close();
    discard();
}

void BackgroundJob::cancel() {
    if (m_token) {
        mr::cancel(m_token->cancel);
    }
}

void BackgroundJob::discard() {
    cancel();
    ++m_generation;
}

double BackgroundJob::elapsedMilliseconds() const {
    return m_clock.isValid() ? static_cast<double>(m_clock.nsecsElapsed()) / 1e6 : 0.0;
}

void BackgroundJob::waitForIdle() {
    while (isRunning()) {
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    }
}

void BackgroundJob::started() {
    if (++m_running == 1) {
        emit busyChanged(true);
    }
}

void BackgroundJob::finished() {
    if (--m_running == 0) {
        emit busyChanged(false);
    }
}

}  // namespace mr::ui
