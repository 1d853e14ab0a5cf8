// ChartClipboard — Edit > Copy chart: the charts visible on a tab, as they are on screen, one
// above the other, as one image on the clipboard.
#pragma once

#include <QString>

class QWidget;

namespace mr::ui {

// Copies the visible charts under `tab`; returns what the status line says (how many charts at
// what size, or that the tab has none).
QString copyVisibleCharts(QWidget* tab);

}  // namespace mr::ui
