// ChartExport — any chart (or a stack of charts) to PNG, SVG or PDF at a chosen size, written
// through the core's atomic writer (io/AtomicFile.h: the same guarantees as every other save).
// The format comes from the file suffix.
#pragma once

#include <QByteArray>
#include <QList>
#include <QSize>
#include <QString>

class QCustomPlot;

namespace mr::ui {

// Charts drawn one above the other, `size.width()` wide, each laid out at its own size first
// (ChartLayout.h: ticks and labels as the screen has them at that size). Each gets its share of
// `size.height()` but never less than its readable height (ChartLayout.h): when they do not fit,
// the image grows taller instead of squeezing them. Returns the size written (`size`, or
// taller). Throws InputError (naming the file) on an unknown suffix or a write error.
QSize exportCharts(const QList<QCustomPlot*>& plots, const QString& path, QSize size);
inline QSize exportChart(QCustomPlot* plot, const QString& path, QSize size) {
    return exportCharts({plot}, path, size);
}

// The heights exportCharts() gives `plots` stacked at `size` (their sum is the image's height).
QList<int> exportHeights(const QList<QCustomPlot*>& plots, QSize size);

// Saves `bytes` as mr::writeFileAtomically does (throws InputError naming the file). Every file
// the explorer writes goes through it or through the core's savers.
void saveFileAtomically(const QString& path, const QByteArray& bytes);

// "1600x900" → QSize; invalid or out of 16..20000 → empty optional-like QSize() .
QSize parseSize(const QString& text);
QString exportFilter();  // for file dialogs

}  // namespace mr::ui
