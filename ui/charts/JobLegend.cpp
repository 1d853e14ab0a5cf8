#include "charts/JobLegend.h"

#include "charts/DownWindowsPlottable.h"
#include "charts/Hatch.h"

namespace mr::ui {

namespace {

constexpr int kGap = 12;  // between items
constexpr QRgb kKeyDark = 0x505050;
constexpr QRgb kKeyLight = 0xb4b4b4;

int swatchOf(const QFontMetrics& metrics) {
    return std::max(6, metrics.height() - 4);
}

QString keyText() {
    return QObject::tr("map");
}

QString keyText2() {
    return QObject::tr("reduce:");
}

QString moreText(int more) {
    return QObject::tr("+%1 more (the job table lists all)").arg(more);
}

}  // namespace

JobLegend::JobLegend(QCustomPlot* plot) : QCPLayoutElement(plot) {
    setMargins(QMargins(8, 2, 8, 4));
}

int JobLegend::availableWidth() const {
    // The legend spans the plot's width; before its first layout (an export of a chart never
    // shown) its own rect is empty, the plot's viewport is not.
    const int own = mRect.width();
    return own > 0 ? own : mParentPlot->viewport().width() - 16;
}

std::vector<JobLegend::Item> JobLegend::place(int width, const QFontMetrics& metrics) const {
    const int swatch = swatchOf(metrics);
    std::vector<Item> items;
    int line = 0;
    int x = 0;
    const int keyWidth = swatch + 3 + metrics.horizontalAdvance(keyText()) + 6 + swatch + 3 +
                         metrics.horizontalAdvance(keyText2());
    // The attempt key first: the map/reduce key's "reduce:" leads into the jobs.
    if (m_attemptKey.any()) {
        const int width = attemptKeyWidth(metrics);
        items.push_back({-3, 0, 0, width, 0});
        x = width + kGap;
    }
    items.push_back({-1, 0, x, keyWidth, 0});
    x += keyWidth + kGap;
    for (int j = 0; j < m_names.size(); ++j) {
        const int itemWidth = 2 * swatch + 4 + metrics.horizontalAdvance(m_names[j]);
        const bool last = j + 1 == m_names.size();
        // On the last line, keep room for "+N more" unless this is the last job.
        const int reserve = line + 1 == kMaxLines && !last
                                ? kGap + metrics.horizontalAdvance(moreText(m_names.size() - j))
                                : 0;
        if (x + itemWidth + reserve > width && x > 0) {
            if (line + 1 == kMaxLines) {
                items.push_back({-2, line, x, width - x, static_cast<int>(m_names.size()) - j});
                return items;
            }
            ++line;
            x = 0;
        }
        items.push_back({j, line, x, itemWidth, 0});
        x += itemWidth + kGap;
    }
    return items;
}

JobLegend::Fit JobLegend::fit(int width) const {
    const auto items = place(width, QFontMetrics(mParentPlot->font()));
    Fit f;
    for (const Item& item : items) {
        f.jobs += item.job >= 0 ? 1 : 0;
        f.lines = std::max(f.lines, item.line + 1);
    }
    return f;
}

QSize JobLegend::minimumOuterSizeHint() const {
    const QFontMetrics metrics(mParentPlot->font());
    const int lines = fit(std::max(1, availableWidth())).lines;
    return {0, lines * (metrics.height() + 2) + 6};
}

void JobLegend::draw(QCPPainter* painter) {
    const QFontMetrics metrics(painter->font());
    const QRect area = rect();
    const int swatch = swatchOf(metrics);
    const int lineHeight = metrics.height() + 2;
    for (const Item& item : place(area.width(), metrics)) {
        const int x = area.left() + item.x;
        const int y = area.top() + 2 + item.line * lineHeight;
        const QRect square(x, y + (metrics.height() - swatch) / 2, swatch, swatch);
        if (item.job == -1) {
            // The key: what the two shades of every job mean, in two distinct greys.
            painter->fillRect(square, QColor::fromRgb(kKeyDark));
            painter->setPen(QColor(60, 60, 60));
            int at = x + swatch + 3;
            painter->drawText(
                QRect(at, y, metrics.horizontalAdvance(keyText()) + 2, metrics.height()),
                Qt::AlignVCenter, keyText());
            at += metrics.horizontalAdvance(keyText()) + 6;
            painter->fillRect(QRect(at, square.top(), swatch, swatch), QColor::fromRgb(kKeyLight));
            at += swatch + 3;
            painter->drawText(
                QRect(at, y, metrics.horizontalAdvance(keyText2()) + 2, metrics.height()),
                Qt::AlignVCenter, keyText2());
        } else if (item.job == -3) {
            drawAttemptKey(painter, metrics, x, y);
        } else if (item.job == -2) {
            painter->setPen(QColor(90, 90, 90));
            painter->drawText(QRect(x, y, item.width, metrics.height()), Qt::AlignVCenter,
                              moreText(item.more));
        } else {
            painter->fillRect(square, m_colours.mapShade(item.job));
            painter->fillRect(square.translated(swatch, 0), m_colours.reduceShade(item.job));
            painter->setPen(QColor(40, 40, 40));
            painter->drawText(QRect(x + 2 * swatch + 4, y, item.width, metrics.height()),
                              Qt::AlignVCenter, m_names[item.job]);
        }
    }
}

QStringList JobLegend::attemptKeyTexts() const {
    QStringList texts;
    if (m_attemptKey.failed) {
        texts << tr("failed");
    }
    if (m_attemptKey.killed) {
        texts << tr("killed");
    }
    if (m_attemptKey.speculative) {
        texts << tr("speculative");
    }
    if (m_attemptKey.nodeDown) {
        texts << tr("node down");
    }
    return texts;
}

int JobLegend::attemptKeyWidth(const QFontMetrics& metrics) const {
    const int swatch = swatchOf(metrics);
    int width = 0;
    for (const QString& text : attemptKeyTexts()) {
        width += (width > 0 ? 6 : 0) + swatch + 3 + metrics.horizontalAdvance(text);
    }
    return width;
}

// Each mark as the timeline draws it, on a light sample square, then its name.
void JobLegend::drawAttemptKey(QCPPainter* painter, const QFontMetrics& metrics, int x,
                               int y) const {
    const int swatch = swatchOf(metrics);
    const QStringList texts = attemptKeyTexts();
    const QList<bool> shown = {m_attemptKey.failed, m_attemptKey.killed, m_attemptKey.speculative,
                               m_attemptKey.nodeDown};
    int at = x;
    int text = 0;
    for (int mark = 0; mark < shown.size(); ++mark) {
        if (!shown[mark]) {
            continue;
        }
        const QRect square(at, y + (metrics.height() - swatch) / 2, swatch, swatch);
        painter->fillRect(square, QColor::fromRgb(kKeyLight));
        painter->setPen(Qt::NoPen);
        if (mark < 2) {
            drawHatch(painter, {QRectF(square)},
                      mark == 0 ? HatchStyle::Cross : HatchStyle::Diagonal, kHatchColour);
        } else if (mark == 2) {
            painter->setBrush(Qt::NoBrush);
            painter->setPen(QPen(QColor(20, 20, 20), 1.5, Qt::DashLine));
            painter->drawRect(square.adjusted(1, 1, -1, -1));
        } else {
            painter->fillRect(square, DownWindowsPlottable::colour());
        }
        painter->setPen(QColor(60, 60, 60));
        at += swatch + 3;
        const QString& name = texts[text++];
        painter->drawText(QRect(at, y, metrics.horizontalAdvance(name) + 2, metrics.height()),
                          Qt::AlignVCenter, name);
        at += metrics.horizontalAdvance(name) + 6;
    }
    painter->setBrush(Qt::NoBrush);
}

}  // namespace mr::ui
