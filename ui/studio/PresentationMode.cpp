#include "studio/PresentationMode.h"

#include <qcustomplot.h>
#include <QAction>
#include <QApplication>
#include <QChildEvent>
#include <QMainWindow>
#include <QMenu>
#include <algorithm>
#include <cmath>

namespace mr::ui {

namespace {

// A font scaled from the size it had at 100 % (remembered on the object the first time). A chart
// made while zoomed took the zoomed application font (`appBase` × factor): its 100 % size is
// `appBase`; a size set explicitly stays its own.
QFont scaled(QObject* owner, const char* key, const QFont& font, double factor, double appBase) {
    QVariant base = owner->property(key);
    if (!base.isValid()) {
        const double size = font.pointSizeF();
        const bool fromApp = factor != 1.0 && std::abs(size - appBase * factor) < 0.01;
        base = fromApp ? appBase : size;
        owner->setProperty(key, base);
    }
    QFont out = font;
    if (base.toDouble() > 0.0) {
        out.setPointSizeF(base.toDouble() * factor);
    }
    return out;
}

}  // namespace

PresentationMode::PresentationMode(QMainWindow* window, QList<QWidget*> panels)
    : QObject(window), m_window(window) {
    for (QWidget* panel : panels) {
        m_panels << panel;
    }
}

void PresentationMode::fillMenu(QMenu* view) {
    m_toggle = view->addAction(tr("&Presentation"), QKeySequence(Qt::Key_F11), this,
                               [this](bool on) { setActive(on); });
    m_toggle->setObjectName(QStringLiteral("viewPresentation"));
    m_toggle->setCheckable(true);
    m_toggle->setToolTip(tr("Full screen, editing panels hidden, large fonts (Ctrl+= / Ctrl+-)"));
    view->addAction(tr("Zoom &in (presentation)"), QKeySequence(Qt::CTRL | Qt::Key_Equal), this,
                    [this] { setZoomPercent(m_zoom + kZoomStep); })
        ->setObjectName(QStringLiteral("viewZoomIn"));
    view->addAction(tr("Zoom &out (presentation)"), QKeySequence(Qt::CTRL | Qt::Key_Minus), this,
                    [this] { setZoomPercent(m_zoom - kZoomStep); })
        ->setObjectName(QStringLiteral("viewZoomOut"));
    view->addAction(tr("Zoom &100 %"), QKeySequence(Qt::CTRL | Qt::Key_0), this,
                    [this] { setZoomPercent(kMinZoom); });
}

void PresentationMode::setActive(bool active) {
    if (active == m_active) {
        return;
    }
    m_active = active;
    if (m_toggle) {
        m_toggle->setChecked(active);
    }
    if (active) {
        m_wasMaximized = m_window->isMaximized();
        m_panelsWereVisible.clear();
        for (const QPointer<QWidget>& panel : m_panels) {
            m_panelsWereVisible << (panel && panel->isVisible());
            if (panel) {
                panel->hide();
            }
        }
        m_window->showFullScreen();
        if (m_zoom == kMinZoom) {
            setZoomPercent(150);  // presenting starts readable from the back row
        }
    } else {
        for (int i = 0; i < m_panels.size(); ++i) {
            if (m_panels[i] && m_panelsWereVisible.value(i, true)) {
                m_panels[i]->show();
            }
        }
        if (m_wasMaximized) {
            m_window->showMaximized();
        } else {
            m_window->showNormal();
        }
        setZoomPercent(kMinZoom);
    }
}

void PresentationMode::setZoomPercent(int percent) {
    percent = std::clamp(percent, kMinZoom, kMaxZoom);
    if (percent == m_zoom) {
        return;
    }
    m_zoom = percent;
    applyZoom();
    emit zoomChanged(m_zoom);
}

void PresentationMode::applyZoom() {
    if (m_basePointSize <= 0.0) {
        m_basePointSize = QApplication::font().pointSizeF();
    }
    QFont font = QApplication::font();
    font.setPointSizeF(m_basePointSize * m_zoom / 100.0);
    QApplication::setFont(font);
    // Charts keep the fonts they were given: scale each one's, now and for charts added later.
    for (QCustomPlot* plot : m_window->findChildren<QCustomPlot*>()) {
        scaleChart(plot);
    }
    if (m_zoom != kMinZoom) {
        qApp->installEventFilter(this);
    } else {
        qApp->removeEventFilter(this);
    }
}

void PresentationMode::scaleChart(QCustomPlot* plot) const {
    const double factor = m_zoom / 100.0;
    for (QCPAxisRect* rect : plot->axisRects()) {
        for (QCPAxis* axis : rect->axes()) {
            axis->setTickLabelFont(
                scaled(axis, "mrxTickPt", axis->tickLabelFont(), factor, m_basePointSize));
            axis->setLabelFont(
                scaled(axis, "mrxLabelPt", axis->labelFont(), factor, m_basePointSize));
        }
    }
    if (plot->legend) {
        plot->legend->setFont(
            scaled(plot->legend, "mrxLegendPt", plot->legend->font(), factor, m_basePointSize));
        for (int i = 0; i < plot->legend->itemCount(); ++i) {
            QCPAbstractLegendItem* item = plot->legend->item(i);
            item->setFont(scaled(item, "mrxItemPt", item->font(), factor, m_basePointSize));
        }
    }
    for (int i = 0; i < plot->plotLayout()->elementCount(); ++i) {
        if (auto* text = qobject_cast<QCPTextElement*>(plot->plotLayout()->elementAt(i))) {
            text->setFont(scaled(text, "mrxTextPt", text->font(), factor, m_basePointSize));
        }
    }
    for (int i = 0; i < plot->itemCount(); ++i) {
        if (auto* text = qobject_cast<QCPItemText*>(plot->item(i))) {
            text->setFont(scaled(text, "mrxItemTextPt", text->font(), factor, m_basePointSize));
        }
    }
    plot->replot(QCustomPlot::rpQueuedReplot);
}

bool PresentationMode::eventFilter(QObject* watched, QEvent* event) {
    // A chart shown for the first time while zoomed (a new result, a tab opened) follows.
    if (event->type() == QEvent::Show) {
        if (auto* plot = qobject_cast<QCustomPlot*>(watched);
            plot && m_window->isAncestorOf(plot)) {
            scaleChart(plot);
        }
    }
    return QObject::eventFilter(watched, event);
}

}  // namespace mr::ui
