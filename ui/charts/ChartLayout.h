// ChartLayout — one rule for how small a chart may get, on screen and in exports (including
// "All timelines"): every plot area of a chart keeps at least
// kMinPlotHeight pixels, on top of what its title, legend and axes need at its width. Below that
// a tab scrolls and an export grows its image; nothing is squeezed until titles overprint.
//
// And laying a chart out at a size it is not shown at (an export): QCustomPlot computes ticks
// before its layout, and the charts fit their ticks and labels to their size after it
// (AxisFormat, GanttAxes, CategoryAxis, the stage lanes): layOutAt() lays the chart out at the
// export size until that has settled, so an export ticks like the screen at that size.
#pragma once

#include <QRect>
#include <QSize>

class QCustomPlot;

namespace mr::ui {

// The smallest height of a chart's plot area (each of its axis rects), in pixels.
constexpr int kMinPlotHeight = 120;

// The smallest readable height of `plot` at the width of its last layout: its titles, legend and
// axes as laid out, plus kMinPlotHeight (or the plot's own, setMinPlotHeight) for each of its
// plot areas (axis rects with plottables).
int readableHeight(const QCustomPlot* plot);

// A smaller minimum for each plot area of `plot`: small multiples (a row of bars per algorithm,
// read against each other on one scale) stay readable lower than a chart of their own.
void setMinPlotHeight(QCustomPlot* plot, int pixels);

// Keeps `plot`'s minimum height at readableHeight() after every layout (a widget that must not
// be squeezed: the tab around it scrolls instead).
void keepReadable(QCustomPlot* plot);

// Puts `plot`'s legend in a row of its own under the title (row 0), where it never hides a line,
// while it has items; takes the row away when it has none (an empty legend's row would cap the
// chart's width at the legend's). Call after adding or clearing plottables.
void showLegendUnderTitle(QCustomPlot* plot);

// Lays `plot` out in `viewport` (its ticks, margins and labels for that size), as a replot at
// that size would, without drawing. The plot's own viewport is changed: restore it with
// ViewportScope.
void layOutAt(QCustomPlot* plot, const QRect& viewport);

// While it lives, `plot` may be laid out and drawn at other sizes; then its viewport and layout
// are put back as they were and it redraws (queued) for the screen.
class ViewportScope {
public:
    explicit ViewportScope(QCustomPlot* plot);
    ~ViewportScope();
    ViewportScope(const ViewportScope&) = delete;
    ViewportScope& operator=(const ViewportScope&) = delete;

private:
    QCustomPlot* m_plot;
    QRect m_viewport;
};

}  // namespace mr::ui
