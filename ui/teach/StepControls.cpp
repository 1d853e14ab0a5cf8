#include "teach/StepControls.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QShortcut>
#include <QStyle>
#include <QTimer>
#include <algorithm>

namespace mr::ui {

StepControls::StepControls(QWidget* keysOn, QWidget* parent) : QWidget(parent) {
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
    const auto key = [this, keysOn](int k, auto action) {
        auto* shortcut = new QShortcut(QKeySequence(k), keysOn);
        shortcut->setContext(Qt::WidgetWithChildrenShortcut);
        connect(shortcut, &QShortcut::activated, this, action);
    };
    key(Qt::Key_Right, [this] { setStep(m_step + 1); });
    key(Qt::Key_Left, [this] { setStep(m_step - 1); });
    key(Qt::Key_Home, [this] { setStep(0); });
    key(Qt::Key_End, [this] { setStep(m_count); });
    key(Qt::Key_Space, [this] { setPlaying(!isPlaying()); });
    refresh();
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
