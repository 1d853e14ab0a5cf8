// Hatch — hatching drawn as plain lines clipped to each rectangle, not as a pattern brush. An
// SVG export then holds lines: a pattern brush becomes a <pattern> with a <mask>, which SVG Tiny
// readers (Qt's own QSvgRenderer among them) do not draw. The lines lie on a grid fixed to the
// device, as a pattern brush's do, so neighbouring rectangles' hatches join up.
#pragma once

#include <QColor>
#include <QRectF>
#include <vector>

class QPainter;

namespace mr::ui {

inline const QColor kHatchColour(40, 40, 40);  // on every job's colours, light or dark

enum class HatchStyle {
    Diagonal,  // "/" lines (Qt::BDiagPattern's look)
    Cross,     // "/" and "\" lines (Qt::DiagCrossPattern's look)
};

// Hatches every rectangle with 1-pixel lines `step` pixels apart (measured along a row). The
// painter's pen is changed; its brush is not used.
void drawHatch(QPainter* painter, const std::vector<QRectF>& rects, HatchStyle style,
               const QColor& colour, double step = 8.0);

}  // namespace mr::ui
