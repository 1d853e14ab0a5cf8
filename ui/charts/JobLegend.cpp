#include "charts/JobLegend.h"

#include "document/JobPalette.h"

namespace mr::ui {

JobLegend::JobLegend(QCustomPlot* plot) : QCPLayoutElement(plot) {
    setMargins(QMargins(8, 2, 8, 4));
}

QSize JobLegend::minimumOuterSizeHint() const {
    const QFontMetrics metrics(mParentPlot->font());
    return {0, metrics.height() + 8};
}

void JobLegend::draw(QCPPainter* painter) {
    const QFontMetrics metrics(painter->font());
    const QRect area = rect();
    const int swatch = metrics.height() - 4;
    int x = area.left();
    const int y = area.top() + 2;
    const QString intro = tr("map ■ dark, reduce ■ light:");
    painter->setPen(QColor(60, 60, 60));
    painter->drawText(QRect(x, y, metrics.horizontalAdvance(intro) + 4, metrics.height()),
                      Qt::AlignVCenter, intro);
    x += metrics.horizontalAdvance(intro) + 10;
    for (int j = 0; j < m_names.size(); ++j) {
        const int width = 2 * swatch + 4 + metrics.horizontalAdvance(m_names[j]) + 12;
        const QString more = tr("+%1 more (see the job table)").arg(m_names.size() - j);
        if (x + width + metrics.horizontalAdvance(more) > area.right() && j + 1 < m_names.size()) {
            painter->setPen(QColor(90, 90, 90));
            painter->drawText(QRect(x, y, area.right() - x, metrics.height()), Qt::AlignVCenter,
                              more);
            return;
        }
        painter->fillRect(QRect(x, y + 2, swatch, swatch), m_colours.mapShade(j));
        painter->fillRect(QRect(x + swatch, y + 2, swatch, swatch), m_colours.reduceShade(j));
        painter->setPen(QColor(40, 40, 40));
        painter->drawText(QRect(x + 2 * swatch + 4, y, width, metrics.height()), Qt::AlignVCenter,
                          m_names[j]);
        x += width;
    }
}

}  // namespace mr::ui
