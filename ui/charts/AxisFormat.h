// AxisFormat — one number notation per axis, and as many tick labels as fit. QCustomPlot's
// default ("gb") switches to exponents for large values, so one axis can read "500000, 1e+06,
// 1.5e+06"; a plain axis prints every tick the same way, with the decimals the tick step needs,
// and spaces its ticks by pixels (about 45 px vertically, 90 px horizontally), so labels thin out
// on a small chart instead of running into each other.
#pragma once

#include <QStringList>

class QCPAxis;

namespace mr::ui {

// Keeps `axis` plain through every later zoom, pan and resize (until the axis is deleted).
void usePlainNumbers(QCPAxis* axis);

// The decimals a tick step of `step` needs (2.5 needs one, 0.05 two, 500 none).
int decimalsForStep(double step);

// The axis title: the first of `wordings` (longest first) that fits along the axis, after every
// layout; none when even the last does not (a title longer than its axis ran into the legend and
// the tick labels of the next axis).
void useFittingLabel(QCPAxis* axis, const QStringList& wordings);

}  // namespace mr::ui
