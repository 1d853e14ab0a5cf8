#include "charts/Hatch.h"

#include <QLineF>
#include <QPainter>
#include <QPen>
#include <QVector>
#include <cmath>

namespace mr::ui {

namespace {

// The lines x + sign·y = c (c a multiple of step) inside `r`: sign +1 rises ("/" on a screen,
// whose y grows downwards), sign -1 falls ("\").
void addLines(QVector<QLineF>& lines, const QRectF& r, double sign, double step) {
    const double lowest = sign > 0 ? r.left() + r.top() : r.left() - r.bottom();
    const double highest = sign > 0 ? r.right() + r.bottom() : r.right() - r.top();
    for (double c = std::ceil(lowest / step) * step; c <= highest; c += step) {
        // On the line, y = (c - x) / sign; x within the rectangle and y within it.
        const double fromY = sign > 0 ? c - r.bottom() : c + r.top();
        const double toY = sign > 0 ? c - r.top() : c + r.bottom();
        const double x0 = std::max(r.left(), fromY);
        const double x1 = std::min(r.right(), toY);
        if (x1 > x0) {
            lines.append(QLineF(x0, (c - x0) * sign, x1, (c - x1) * sign));
        }
    }
}

}  // namespace

void drawHatch(QPainter* painter, const std::vector<QRectF>& rects, HatchStyle style,
               const QColor& colour, double step) {
    if (rects.empty()) {
        return;
    }
    QVector<QLineF> lines;
    for (const QRectF& r : rects) {
        addLines(lines, r, 1.0, step);
        if (style == HatchStyle::Cross) {
            addLines(lines, r, -1.0, step);
        }
    }
    painter->setPen(QPen(colour, 1.0));
    painter->drawLines(lines);
}

}  // namespace mr::ui
