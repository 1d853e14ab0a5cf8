#include "run/BackgroundJob.h"

#include <QCoreApplication>
#include <QEventLoop>

namespace mr::ui {

BackgroundJob::BackgroundJob(QObject* parent) : QObject(parent) {}

BackgroundJob::~BackgroundJob() {
    discard();
    for (QFutureWatcherBase* watcher : findChildren<QFutureWatcherBase*>()) {
        watcher->waitForFinished();
    }
}

void BackgroundJob::cancel() {
    if (m_cancel) {
        *m_cancel = true;
    }
}

void BackgroundJob::discard() {
    cancel();
    ++m_generation;
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
