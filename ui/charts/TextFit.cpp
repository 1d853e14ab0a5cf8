#include "charts/TextFit.h"

#include <QFontMetricsF>
#include <algorithm>

namespace mr::ui {

namespace {

// Under half a pixel of difference is rounding, not a text too long.
constexpr double kRounding = 0.5;

}  // namespace

bool textFits(const QFont& font, const QString& text, double width) {
    return QFontMetricsF(font).horizontalAdvance(text) <= width + kRounding;
}

QString fitText(const QFont& font, const QString& text, double width) {
    if (textFits(font, text, width)) {
        return text;
    }
    return QFontMetricsF(font).elidedText(text, Qt::ElideRight, std::max(0.0, width));
}

}  // namespace mr::ui
