#include "exports/ChartClipboard.h"

#include <qcustomplot.h>
#include <QApplication>
#include <QClipboard>
#include <QPainter>
#include <algorithm>

namespace mr::ui {

namespace {

QList<QCustomPlot*> visibleCharts(QWidget* tab) {
    QList<QCustomPlot*> charts;
    if (tab != nullptr) {
        for (QCustomPlot* plot : tab->findChildren<QCustomPlot*>()) {
            if (plot->isVisible() && plot->width() > 0 && plot->height() > 0) {
                charts << plot;
            }
        }
    }
    return charts;
}

}  // namespace

QString copyVisibleCharts(QWidget* tab) {
    const QList<QCustomPlot*> charts = visibleCharts(tab);
    if (charts.isEmpty()) {
        return QObject::tr("There is no chart on this tab to copy.");
    }
    int width = 0;
    int height = 0;
    for (QCustomPlot* plot : charts) {
        width = std::max(width, plot->width());
        height += plot->height();
    }
    QImage image(width, height, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    {
        QPainter painter(&image);
        int y = 0;
        for (QCustomPlot* plot : charts) {
            painter.drawPixmap(0, y, plot->toPixmap(plot->width(), plot->height()));
            y += plot->height();
        }
    }
    QApplication::clipboard()->setImage(image);
    return QObject::tr("Copied %n chart(s) to the clipboard (%1 × %2 pixels).", nullptr,
                       static_cast<int>(charts.size()))
        .arg(width)
        .arg(height);
}

}  // namespace mr::ui
