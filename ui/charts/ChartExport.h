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

// Charts drawn one above the other, each `size.height() / plots.size()` high. Throws
// InputError (naming the file) on an unknown suffix or a write error.
void exportCharts(const QList<QCustomPlot*>& plots, const QString& path, QSize size);
inline void exportChart(QCustomPlot* plot, const QString& path, QSize size) {
    exportCharts({plot}, path, size);
}

// Saves `bytes` as mr::writeFileAtomically does (throws InputError naming the file). Every file
// the explorer writes goes through it or through the core's savers.
void saveFileAtomically(const QString& path, const QByteArray& bytes);

// "1600x900" → QSize; invalid or out of 16..20000 → empty optional-like QSize() .
QSize parseSize(const QString& text);
QString exportFilter();  // for file dialogs

}  // namespace mr::ui
