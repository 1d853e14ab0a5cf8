#include "charts/AxisSpan.h"

#include <qcustomplot.h>
#include <algorithm>

namespace mr::ui {

void spanPadded(QCPAxis* axis, const std::vector<double>& values, double minPad) {
    if (values.empty()) {
        return;
    }
    const auto [from, to] = std::minmax_element(values.begin(), values.end());
    const double pad = std::max(minPad, (*to - *from) * 0.04);
    axis->setRange(*from - pad, *to + pad);
}

}  // namespace mr::ui
