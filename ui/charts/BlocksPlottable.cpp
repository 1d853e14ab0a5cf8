#include "charts/BlocksPlottable.h"

#include "document/JobPalette.h"

namespace mr::ui {

BlocksPlottable::BlocksPlottable(QCPAxis* keyAxis, QCPAxis* valueAxis)
    : QCPAbstractPlottable(keyAxis, valueAxis) {
    setSelectable(QCP::stNone);
}

void BlocksPlottable::setBlocks(std::vector<Block> blocks) {
    m_blocks = std::move(blocks);
}

const Block* BlocksPlottable::blockAt(const QPointF& pixel) const {
    double key = 0.0;
    double value = 0.0;
    pixelsToCoords(pixel, key, value);
    for (auto it = m_blocks.rbegin(); it != m_blocks.rend(); ++it) {
        if (key >= it->x0 && key <= it->x1 && value >= std::min(it->y0, it->y1) &&
            value <= std::max(it->y0, it->y1)) {
            return &*it;
        }
    }
    return nullptr;
}

double BlocksPlottable::selectTest(const QPointF& pos, bool, QVariant*) const {
    return blockAt(pos) ? 0.0 : -1.0;
}

QCPRange BlocksPlottable::getKeyRange(bool& foundRange, QCP::SignDomain) const {
    foundRange = !m_blocks.empty();
    QCPRange r(0, 1);
    for (const Block& b : m_blocks) {
        r.upper = std::max(r.upper, b.x1);
    }
    return r;
}

QCPRange BlocksPlottable::getValueRange(bool& foundRange, QCP::SignDomain, const QCPRange&) const {
    foundRange = !m_blocks.empty();
    QCPRange r(0, 1);
    for (const Block& b : m_blocks) {
        r.upper = std::max({r.upper, b.y0, b.y1});
    }
    return r;
}

void BlocksPlottable::draw(QCPPainter* painter) {
    const QRect clip = clipRect();
    const QFontMetrics metrics(painter->font());
    painter->setRenderHint(QPainter::Antialiasing, false);
    for (const Block& b : m_blocks) {
        const QPointF a = coordsToPixels(b.x0, b.y0);
        const QPointF c = coordsToPixels(b.x1, b.y1);
        const QRectF rect = QRectF(a, c).normalized();
        if (!rect.intersects(clip)) {
            continue;
        }
        const bool faded = m_selectedJob >= 0 && b.job != m_selectedJob;
        const QColor fill = faded ? JobPalette::faded(b.colour) : b.colour;
        painter->setPen(QPen(fill.darker(140), 1));
        painter->setBrush(fill);
        painter->drawRect(rect);
        if (!b.label.isEmpty() && metrics.horizontalAdvance(b.label) + 4 < rect.width() &&
            metrics.height() < rect.height()) {
            painter->setPen(JobPalette::textOn(fill));
            painter->drawText(rect, Qt::AlignCenter, b.label);
        }
    }
}

void BlocksPlottable::drawLegendIcon(QCPPainter* painter, const QRectF& rect) const {
    painter->fillRect(rect, JobPalette::base(0));
}

}  // namespace mr::ui
