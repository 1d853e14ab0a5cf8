#include "teach/StepControls.h"

#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QPushButton>
#include <QStyle>
#include <QTimer>
#include <algorithm>
#include <cmath>

namespace mr::ui {

StepControls::StepControls(QWidget* parent) : QWidget(parent) {
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto button = [&](QStyle::StandardPixmap icon, const QString& tip) {
        auto* b = new QPushButton(style()->standardIcon(icon), QString(), this);
        b->setToolTip(tip);
        b->setFocusPolicy(Qt::NoFocus);  // the keys belong to the page
        layout->addWidget(b);
        return b;
    };
    m_first = button(QStyle::SP_MediaSkipBackward, tr("First step (Home)"));
    m_prev = button(QStyle::SP_MediaSeekBackward, tr("Previous step (←)"));
    m_play = button(QStyle::SP_MediaPlay, tr("Play / pause (Space)"));
    m_next = button(QStyle::SP_MediaSeekForward, tr("Next step (→)"));
    m_last = button(QStyle::SP_MediaSkipForward, tr("Last step (End)"));
    m_first->setObjectName(QStringLiteral("firstStep"));
    m_prev->setObjectName(QStringLiteral("previousStep"));
    m_play->setObjectName(QStringLiteral("playSteps"));
    m_next->setObjectName(QStringLiteral("nextStep"));
    m_last->setObjectName(QStringLiteral("lastStep"));
    m_label = new QLabel(this);
    layout->addWidget(m_label);
    layout->addStretch(1);

    m_timer = new QTimer(this);
    m_timer->setInterval(1200);
    connect(m_timer, &QTimer::timeout, this, [this] {
        if (m_step >= m_count) {
            setPlaying(false);
        } else {
            setStep(m_step + 1);
        }
    });
    connect(m_first, &QPushButton::clicked, this, [this] { setStep(0); });
    connect(m_prev, &QPushButton::clicked, this, [this] { setStep(m_step - 1); });
    connect(m_next, &QPushButton::clicked, this, [this] { setStep(m_step + 1); });
    connect(m_last, &QPushButton::clicked, this, [this] { setStep(m_count); });
    connect(m_play, &QPushButton::clicked, this, [this] { setPlaying(!isPlaying()); });
    refresh();
}

bool StepControls::isStepKey(const QKeyEvent& key) {
    if ((key.modifiers() & ~Qt::KeypadModifier) != Qt::NoModifier) {
        return false;
    }
    switch (key.key()) {
        case Qt::Key_Right:
        case Qt::Key_Left:
        case Qt::Key_Home:
        case Qt::Key_End:
        case Qt::Key_Space:
            return true;
        default:
            return false;
    }
}

bool StepControls::stepByKey(const QKeyEvent& key) {
    if (!isStepKey(key)) {
        return false;
    }
    switch (key.key()) {
        case Qt::Key_Right:
            setStep(m_step + 1);
            break;
        case Qt::Key_Left:
            setStep(m_step - 1);
            break;
        case Qt::Key_Home:
            setStep(0);
            break;
        case Qt::Key_End:
            setStep(m_count);
            break;
        default:
            setPlaying(!isPlaying());
    }
    return true;
}

void StepControls::setIconScale(double factor) {
    const int extent = style()->pixelMetric(QStyle::PM_ButtonIconSize, nullptr, this);
    const int size = static_cast<int>(std::lround(extent * factor));
    for (QPushButton* b : {m_first, m_prev, m_play, m_next, m_last}) {
        b->setIconSize(QSize(size, size));
    }
}

void StepControls::setCount(int count) {
    m_count = std::max(count, 0);
    if (m_step > m_count) {
        m_step = m_count;
        emit stepChanged(m_step);
    }
    refresh();
}

void StepControls::setStep(int step) {
    step = std::clamp(step, 0, m_count);
    if (step == m_step) {
        refresh();
        return;
    }
    m_step = step;
    refresh();
    emit stepChanged(m_step);
}

bool StepControls::isPlaying() const {
    return m_timer->isActive();
}

void StepControls::setPlaying(bool playing) {
    if (playing) {
        if (m_step >= m_count) {
            setStep(0);
        }
        m_timer->start();
    } else {
        m_timer->stop();
    }
    m_play->setIcon(style()->standardIcon(playing ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
}

void StepControls::refresh() {
    m_label->setText(tr("Step %1 of %2").arg(m_step).arg(m_count));
    m_first->setEnabled(m_step > 0);
    m_prev->setEnabled(m_step > 0);
    m_next->setEnabled(m_step < m_count);
    m_last->setEnabled(m_step < m_count);
}

}  // namespace mr::ui
