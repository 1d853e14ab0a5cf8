#include "charts/AxisFormat.h"

#include <qcustomplot.h>
#include <cmath>

namespace mr::ui {

namespace {

constexpr int kVerticalSpacing = 45;  // pixels per tick label
constexpr int kHorizontalSpacing = 90;

// Sets the tick count and decimals for the axis' length now; true if they changed.
bool fit(QCPAxis* axis) {
    const bool vertical = axis->orientation() == Qt::Vertical;
    const int pixels = vertical ? axis->axisRect()->height() : axis->axisRect()->width();
    const int count = std::max(
        2, (pixels > 0 ? pixels : 300) / (vertical ? kVerticalSpacing : kHorizontalSpacing));
    QSharedPointer<QCPAxisTicker> ticker = axis->ticker();
    if (ticker.dynamicCast<QCPAxisTickerText>() || ticker.dynamicCast<QCPAxisTickerLog>()) {
        return false;  // named or logarithmic ticks keep their own labels
    }
    const int decimals = decimalsForStep(axis->range().size() / count);
    const bool changed = ticker->tickCount() != count || axis->numberPrecision() != decimals ||
                         axis->numberFormat() != QLatin1String("f");
    ticker->setTickCount(count);
    axis->setNumberFormat(QStringLiteral("f"));
    axis->setNumberPrecision(decimals);
    return changed;
}

}  // namespace

int decimalsForStep(double step) {
    if (!(step > 0) || !std::isfinite(step)) {
        return 0;
    }
    // QCustomPlot's readable steps: the raw step's mantissa rounded to 1, 2, 2.5, 5 or 10.
    int exponent = static_cast<int>(std::floor(std::log10(step)));
    const double mantissa = step / std::pow(10.0, exponent);
    double best = 1.0;
    for (const double candidate : {2.0, 2.5, 5.0, 10.0}) {
        if (std::fabs(candidate - mantissa) < std::fabs(best - mantissa)) {
            best = candidate;
        }
    }
    if (best == 10.0) {
        ++exponent;
        best = 1.0;
    }
    return std::max(0, -exponent + (best == 2.5 ? 1 : 0));
}

void usePlainNumbers(QCPAxis* axis) {
    QCustomPlot* plot = axis->parentPlot();
    fit(axis);
    // Before a replot for the new range; after the layout for the new size (ticks are made
    // before the layout, so a change of size takes one more, queued, replot).
    QObject::connect(plot, &QCustomPlot::beforeReplot, axis, [axis] { fit(axis); });
    QObject::connect(plot, &QCustomPlot::afterLayout, axis, [axis] {
        if (fit(axis)) {
            axis->parentPlot()->replot(QCustomPlot::rpQueuedReplot);
        }
    });
}

void useFittingLabel(QCPAxis* axis, const QStringList& wordings) {
    const auto fitLabel = [axis, wordings] {
        const double room = (axis->orientation() == Qt::Vertical ? axis->axisRect()->height()
                                                                 : axis->axisRect()->width()) -
                            8.0;
        const QFontMetricsF metrics(axis->labelFont());
        QString text;
        for (const QString& wording : wordings) {
            if (metrics.horizontalAdvance(wording) <= room) {
                text = wording;
                break;
            }
        }
        if (axis->label() == text) {
            return false;
        }
        axis->setLabel(text);  // one line either way: the layout keeps its margins
        return true;
    };
    axis->setLabel(wordings.value(0));
    QObject::connect(axis->parentPlot(), &QCustomPlot::afterLayout, axis, [axis, fitLabel] {
        if (fitLabel()) {
            axis->parentPlot()->replot(QCustomPlot::rpQueuedReplot);
        }
    });
}

}  // namespace mr::ui
