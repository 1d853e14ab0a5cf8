#include "charts/ChartLayout.h"

#include <QCoreApplication>
#include <algorithm>

#include <qcustomplot.h>

namespace mr::ui {

namespace {

// QCustomPlot lays itself out only inside replot() and toPainter(); its updateLayout() is
// protected. A member pointer named through a subclass reaches it without drawing anything.
struct LayoutAccess : QCustomPlot {
    static void updateLayoutOf(QCustomPlot* plot) { (plot->*(&LayoutAccess::updateLayout))(); }
};

// Layouts until ticks and labels have settled: the first makes ticks for the old size, the
// afterLayout handlers then fit them to the new one, and a change of a tick label's rotation
// or of an axis title changes the margins once more.
constexpr int kLayoutPasses = 3;

const char* const kMinPlotHeightProperty = "mrxMinPlotHeight";

}  // namespace

int readableHeight(const QCustomPlot* plot) {
    // What the layout needs at least (titles, legends, axes: their heights at the last layout's
    // width, whatever its height), with each plot area at kMinPlotHeight instead of its own
    // minimum. A plot area draws something: an axis rect without plottables only carries an axis
    // (the shared machine names under a stack of rows) and keeps its own minimum.
    const QVariant own = plot->property(kMinPlotHeightProperty);
    // Presenting at a zoom (qApp's "mrxZoom", studio/PresentationMode.h): plot areas grow with
    // the fonts, so the charts scroll rather than squeeze.
    const QVariant zoom = qApp->property("mrxZoom");
    const double factor = zoom.isValid() ? std::max(1.0, zoom.toDouble()) : 1.0;
    const int minimum = static_cast<int>((own.isValid() ? own.toInt() : kMinPlotHeight) * factor);
    int height = plot->plotLayout()->minimumOuterSizeHint().height();
    for (const QCPAxisRect* rect : plot->axisRects()) {
        if (rect->layout() != nullptr && rect->visible() && !rect->plottables().isEmpty()) {
            height += std::max(0, minimum - std::max(0, rect->minimumSize().height()));
        }
    }
    return height;
}

void setMinPlotHeight(QCustomPlot* plot, int pixels) {
    plot->setProperty(kMinPlotHeightProperty, pixels);
}

namespace {

// A plot resized by its parent's layout while it was being shown gets no resize event for its
// new size (Qt sends the pending one first), and would draw in its old viewport — a chart
// squeezed into the top of its own widget. On show, the viewport follows the widget.
class ViewportOnShow : public QObject {
public:
    explicit ViewportOnShow(QCustomPlot* plot) : QObject(plot), m_plot(plot) {
        plot->installEventFilter(this);
    }
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (watched == m_plot && event->type() == QEvent::Show &&
            m_plot->viewport() != m_plot->rect()) {
            m_plot->setViewport(m_plot->rect());
            m_plot->replot(QCustomPlot::rpQueuedReplot);
        }
        return false;
    }

private:
    QCustomPlot* m_plot;
};

}  // namespace

void keepReadable(QCustomPlot* plot) {
    new ViewportOnShow(plot);
    QObject::connect(plot, &QCustomPlot::afterLayout, plot, [plot] {
        // Only once the plot has a width of its own (a plot never shown has none yet).
        if (plot->width() > 0 && plot->viewport().width() == plot->width()) {
            plot->setMinimumHeight(readableHeight(plot));
        }
    });
}

void showLegendUnderTitle(QCustomPlot* plot) {
    QCPLayoutGrid* layout = plot->plotLayout();
    const bool placed = layout->hasElement(1, 0) && layout->element(1, 0) == plot->legend;
    const bool wanted = plot->legend->itemCount() > 0;
    plot->legend->setVisible(wanted);
    if (wanted && !placed) {
        layout->insertRow(1);
        layout->addElement(1, 0, plot->legend);
        layout->setRowStretchFactor(1, 0.001);
    } else if (!wanted && placed) {
        layout->take(plot->legend);
        layout->simplify();
    }
}

void layOutAt(QCustomPlot* plot, const QRect& viewport) {
    plot->setViewport(viewport);
    for (int pass = 0; pass < kLayoutPasses; ++pass) {
        LayoutAccess::updateLayoutOf(plot);
    }
}

ViewportScope::ViewportScope(QCustomPlot* plot) : m_plot(plot), m_viewport(plot->viewport()) {}

ViewportScope::~ViewportScope() {
    layOutAt(m_plot, m_viewport);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

}  // namespace mr::ui
