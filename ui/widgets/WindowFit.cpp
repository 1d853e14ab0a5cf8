#include "widgets/WindowFit.h"

#include <QEvent>
#include <QObject>
#include <QScreen>
#include <QWidget>
#include <algorithm>
#include <cmath>

namespace mr::ui {

namespace {

// Watches the window's moves and resizes for a new frame.
class FrameWatcher : public QObject {
public:
    explicit FrameWatcher(QWidget* window) : QObject(window), m_window(window) {}

protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        switch (event->type()) {
            case QEvent::Show:
            case QEvent::Move:
            case QEvent::Resize:
            case QEvent::WindowStateChange:
                if (watched == m_window) {
                    fit();
                }
                break;
            default:
                break;
        }
        return QObject::eventFilter(watched, event);
    }

private:
    void fit() {
        if (!m_window->isVisible() || m_window->isMaximized() || m_window->isFullScreen()) {
            return;
        }
        const QRect client = m_window->geometry();
        const QRect outer = m_window->frameGeometry();
        const QMargins frame(client.left() - outer.left(), client.top() - outer.top(),
                             outer.right() - client.right(), outer.bottom() - client.bottom());
        if (frame == m_frame || m_window->screen() == nullptr) {
            return;  // the same frame: a move or resize of the person's own
        }
        m_frame = frame;
        // At a fractional scale (1.5) the frame's device pixels round to logical ones either
        // way: a pixel more on each side keeps the rounded frame inside.
        const qreal scale = m_window->devicePixelRatioF();
        const QMargins room = scale == std::floor(scale) ? frame : frame + QMargins(1, 1, 1, 1);
        const QRect fitted = fitFrameInto(client, room, m_window->screen()->availableGeometry());
        if (fitted != client) {
            m_window->setGeometry(fitted);
        }
    }

    QWidget* m_window;
    QMargins m_frame{-1, -1, -1, -1};  // none seen yet
};

}  // namespace

QRect fitFrameInto(const QRect& client, const QMargins& frame, const QRect& available) {
    const QSize room(available.width() - frame.left() - frame.right(),
                     available.height() - frame.top() - frame.bottom());
    QRect fitted(client.topLeft(), client.size().boundedTo(room));
    const int left = available.left() + frame.left();
    const int top = available.top() + frame.top();
    const int right = available.right() - frame.right();  // the last client column allowed
    const int bottom = available.bottom() - frame.bottom();
    fitted.moveLeft(std::clamp(fitted.left(), left, std::max(left, right - fitted.width() + 1)));
    fitted.moveTop(std::clamp(fitted.top(), top, std::max(top, bottom - fitted.height() + 1)));
    return fitted;
}

void keepFrameOnScreen(QWidget* window) {
    window->installEventFilter(new FrameWatcher(window));
}

}  // namespace mr::ui
