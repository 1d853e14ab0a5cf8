#include "charts/DownWindowsPlottable.h"

#include <cmath>

namespace mr::ui {

DownWindowsPlottable::DownWindowsPlottable(QCPAxis* keyAxis, QCPAxis* valueAxis)
    : QCPAbstractPlottable(keyAxis, valueAxis) {
    setAntialiasedFill(false);
}

void DownWindowsPlottable::setWindows(std::vector<DownWindow> windows, TimelineRows rows) {
    m_windows = std::move(windows);
    m_rows = rows;
}

QRectF DownWindowsPlottable::windowRect(const DownWindow& w) const {
    const double first = m_rows.row(w.kind, w.firstSlot) - 0.5;
    const double last = m_rows.row(w.kind, w.firstSlot + w.slotCount - 1) + 0.5;
    const double x0 = mKeyAxis->coordToPixel(w.from);
    const double x1 = std::isinf(w.to) ? clipRect().right() + 1.0 : mKeyAxis->coordToPixel(w.to);
    const double y0 = mValueAxis->coordToPixel(first);
    const double y1 = mValueAxis->coordToPixel(last);
    return QRectF(QPointF(std::min(x0, x1), std::min(y0, y1)),
                  QPointF(std::max(x0, x1), std::max(y0, y1)));
}

const DownWindow* DownWindowsPlottable::windowAt(const QPointF& pixel) const {
    for (const DownWindow& w : m_windows) {
        if (windowRect(w).contains(pixel)) {
            return &w;
        }
    }
    return nullptr;
}

void DownWindowsPlottable::draw(QCPPainter* painter) {
    if (m_windows.empty()) {
        return;
    }
    const QRectF clip = clipRect();
    painter->setPen(Qt::NoPen);
    for (const DownWindow& w : m_windows) {
        const QRectF r = windowRect(w).intersected(clip.adjusted(-2, -2, 2, 2));
        if (r.isEmpty()) {
            continue;
        }
        painter->fillRect(r, colour());
        // The failure's instant, a dark edge where the node went away.
        if (r.left() > clip.left()) {
            painter->fillRect(QRectF(r.left(), r.top(), 1.5, r.height()), QColor(60, 60, 60));
        }
    }
}

void DownWindowsPlottable::drawLegendIcon(QCPPainter* painter, const QRectF& rect) const {
    painter->fillRect(rect, colour());
}

double DownWindowsPlottable::selectTest(const QPointF&, bool, QVariant*) const {
    return -1.0;  // hover texts come from GanttPlot::tooltipAt
}

QCPRange DownWindowsPlottable::getKeyRange(bool& foundRange, QCP::SignDomain) const {
    foundRange = false;  // the tasks set the time range; a window never widens it
    return {};
}

QCPRange DownWindowsPlottable::getValueRange(bool& foundRange, QCP::SignDomain,
                                             const QCPRange&) const {
    foundRange = false;
    return {};
}

}  // namespace mr::ui
