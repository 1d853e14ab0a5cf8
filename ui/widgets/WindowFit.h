// WindowFit — a top-level window whose frame (the window manager's title bar and borders) fits
// the screen's available area, not only its client area: at 1280×800 under a window manager the
// status line at the bottom stays on screen without maximising. The frame is known only once the
// window manager has decorated the window, so the fit is made again when it first becomes known
// (and whenever its size changes, e.g. another theme), never against a person's own resizing.
#pragma once

#include <QMargins>
#include <QRect>

class QWidget;

namespace mr::ui {

// The client rectangle, no larger than `client`, whose frame (`client` grown by `frame`) lies
// inside `available`: shrunk to fit, then moved in.
QRect fitFrameInto(const QRect& client, const QMargins& frame, const QRect& available);

// Keeps `window`'s frame within its screen's available area from now on (see above). Maximised
// and full-screen windows are left to the window manager.
void keepFrameOnScreen(QWidget* window);

}  // namespace mr::ui
