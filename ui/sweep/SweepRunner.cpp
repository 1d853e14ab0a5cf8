#include "sweep/SweepRunner.h"

#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTimer>
#include <algorithm>

#include "run/BackgroundJob.h"
#include "widgets/CheckedSpinBox.h"

namespace mr::ui {

SweepRunner::SweepRunner(QWidget* owner)
    : QObject(owner),
      m_run(new QPushButton(tr("Run sweep"), owner)),
      m_cancel(new QPushButton(tr("Cancel"), owner)),
      m_progress(new QProgressBar(owner)),
      m_status(new QLabel(owner)),
      m_owner(owner),
      m_poll(new QTimer(this)),
      m_job(new BackgroundJob(this)) {
    m_cancel->setEnabled(false);
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_status->setWordWrap(true);
    m_poll->setInterval(100);
    connect(m_poll, &QTimer::timeout, this, &SweepRunner::poll);
    connect(m_cancel, &QPushButton::clicked, this, &SweepRunner::cancel);
}

SweepRunner::~SweepRunner() = default;  // m_job cancels the sweep; nothing waits for it

void SweepRunner::setStatus(const QString& text) {
    m_status->setText(text);
}

CheckedSpinBox* SweepRunner::spinBox(const QString& field, int min, int max, int value) {
    auto* spin = new CheckedSpinBox(field, m_owner);
    spin->setRange(min, max);
    spin->setValue(value);
    connect(spin, &CheckedSpinBox::rejected, this, &SweepRunner::setStatus);
    return spin;
}

QString SweepRunner::status() const {
    return m_status->text();
}

void SweepRunner::start(Work work) {
    m_work = std::move(work);
    m_drawn = 0;
    m_running = true;
    m_run->setEnabled(false);
    m_cancel->setEnabled(true);
    m_progress->setRange(0, static_cast<int>(std::max<std::size_t>(1, m_work.total)));
    m_progress->setValue(0);
    m_status->setText(tr("Running… the points appear as they are computed."));
    m_poll->start();
    m_job->start<SweepOutcome>(m_work.run,
                               [this](const SweepOutcome& outcome) { stopped(outcome); });
}

void SweepRunner::cancel() {
    m_job->cancel();
}

void SweepRunner::discard() {
    m_job->discard();
    m_running = false;
    m_poll->stop();
    m_run->setEnabled(true);
    m_cancel->setEnabled(false);
}

QString SweepRunner::cancelledText(std::size_t done) const {
    return tr("cancelled, %1 of %2 points").arg(done).arg(m_work.total);
}

SweepOutcome SweepRunner::outcomeOf(const std::function<void()>& compute) {
    SweepOutcome outcome;
    try {
        compute();
    } catch (const Cancelled&) {
        outcome.cancelled = true;
    } catch (const std::exception& e) {
        outcome.error = QString::fromStdString(e.what());
    }
    return outcome;
}

// While the sweep runs: the bar, and the chart again when points have arrived since.
void SweepRunner::poll() {
    const std::size_t done = m_work.done();
    m_progress->setValue(static_cast<int>(done));
    if (done == m_drawn || done == 0) {
        return;
    }
    m_drawn = done;
    m_work.redraw(done);
}

void SweepRunner::stopped(const SweepOutcome& outcome) {
    m_running = false;
    m_poll->stop();
    m_run->setEnabled(true);
    m_cancel->setEnabled(false);
    const std::size_t done = m_work.done();
    if (outcome.cancelled) {
        m_progress->setValue(static_cast<int>(done));  // stays where the sweep stopped
        m_status->setText(
            done > 0
                ? tr("Sweep %1; %2.").arg(cancelledText(done), m_work.shownAfterCancel)
                : tr("Sweep %1; the chart keeps the previous sweep.").arg(cancelledText(done)));
    } else if (!outcome.error.isEmpty()) {
        m_status->setText(tr("The sweep could not run: %1").arg(outcome.error));
    } else {
        m_progress->setValue(m_progress->maximum());
    }
    m_work.finish(outcome, done);
}

}  // namespace mr::ui
