// CategoryAxis — names along a bar chart's axis (algorithms, variants' algorithms, machines)
// that stay readable at every count and size, as AxisFormat keeps numbers readable: level while
// every name fits its bar's width; else upright, shortened with "…" past a third of the chart's
// height (120 px at least); and where even upright names would touch, only every k-th name (the
// tables list them all). Refitted after each layout (a new size), so the screen and an export
// each get what fits them.
#pragma once

#include <QStringList>
#include <QVector>

class QCPAxis;

namespace mr::ui {

// What fits now: the rotation of the labels (0 or 90 degrees), every how many a name is shown,
// and the longest a name may be (pixels) before it is shortened.
struct CategoryFit {
    double rotation = 0.0;
    int every = 1;
    int maxWidth = 0;
};

// Names `names` at `keys` on `axis` (a bottom or top axis), fitted now and after every layout.
// Calling it again replaces the names.
void useCategoryLabels(QCPAxis* axis, const QVector<double>& keys, const QStringList& names);

// The fit for names of the widest `widest` pixels, `height` pixels high, whose keys are `spacing`
// pixels apart, on a plot `plotHeight` pixels high.
CategoryFit fitCategories(int widest, int height, double spacing, int plotHeight);

}  // namespace mr::ui
