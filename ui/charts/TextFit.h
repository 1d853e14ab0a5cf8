// TextFit — the one way a chart shortens a text to its room: whole whenever it fits, measured in
// fractional pixels (QFontMetrics' whole-pixel widths round a text down to less than it needs,
// and Qt's elidedText then cuts a text exactly as wide as its room), else cut with "…". Every
// chart that shortens names (category axes, the Cost tab's labels) goes through it.
#pragma once

#include <QFont>
#include <QString>

namespace mr::ui {

// True when `text` in `font` needs no more than `width` pixels.
bool textFits(const QFont& font, const QString& text, double width);
// `text` whole when it fits `width` pixels in `font`, else shortened with "…" to fit.
QString fitText(const QFont& font, const QString& text, double width);

}  // namespace mr::ui
