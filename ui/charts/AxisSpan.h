// AxisSpan — one rule for the key axis of a sweep's chart: it spans the values swept, padded so
// that the end points' markers show whole. The empty chart before a run spans the values typed
// by the same rule, so a run does not move the axis under the user's eyes.
#pragma once

#include <vector>

class QCPAxis;

namespace mr::ui {

// Sets `axis` to span `values` (in any order), padded on each side by 4 % of their span and by
// at least `minPad` (in the axis' unit). Leaves `axis` as it is when `values` is empty.
void spanPadded(QCPAxis* axis, const std::vector<double>& values, double minPad);

}  // namespace mr::ui
