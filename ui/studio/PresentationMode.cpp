#include "studio/PresentationMode.h"

#include <qcustomplot.h>
#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QChildEvent>
#include <QHeaderView>
#include <QMainWindow>
#include <QMenu>
#include <QSettings>
#include <QStyle>
#include <QTableView>
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

// A widget's size at 100 % (remembered on it the first time), times `factor`, at least `least`.
int scaledSize(QObject* owner, const char* key, int now, double factor, int least = 0) {
    QVariant base = owner->property(key);
    if (!base.isValid()) {
        base = now;
        owner->setProperty(key, base);
    }
    return factor == 1.0 ? base.toInt()
                         : std::max(static_cast<int>(std::lround(base.toInt() * factor)), least);
}

// Black on white with strong, saturated highlights and dark greys for disabled text.
QPalette highContrastPalette() {
    QPalette p;
    const QColor black(0, 0, 0);
    const QColor white(255, 255, 255);
    for (QPalette::ColorGroup group : {QPalette::Active, QPalette::Inactive}) {
        p.setColor(group, QPalette::Window, white);
        p.setColor(group, QPalette::WindowText, black);
        p.setColor(group, QPalette::Base, white);
        p.setColor(group, QPalette::AlternateBase, QColor(235, 235, 235));
        p.setColor(group, QPalette::Text, black);
        p.setColor(group, QPalette::Button, white);
        p.setColor(group, QPalette::ButtonText, black);
        p.setColor(group, QPalette::BrightText, black);
        p.setColor(group, QPalette::Highlight, QColor(0, 0, 170));
        p.setColor(group, QPalette::HighlightedText, white);
        p.setColor(group, QPalette::ToolTipBase, white);
        p.setColor(group, QPalette::ToolTipText, black);
        p.setColor(group, QPalette::PlaceholderText, QColor(40, 40, 40));
        p.setColor(group, QPalette::Link, QColor(0, 0, 200));
        p.setColor(group, QPalette::Light, white);
        p.setColor(group, QPalette::Midlight, QColor(200, 200, 200));
        p.setColor(group, QPalette::Mid, QColor(60, 60, 60));
        p.setColor(group, QPalette::Dark, black);
        p.setColor(group, QPalette::Shadow, black);
    }
    p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(90, 90, 90));
    p.setColor(QPalette::Disabled, QPalette::Text, QColor(90, 90, 90));
    p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(90, 90, 90));
    p.setColor(QPalette::Disabled, QPalette::Window, white);
    p.setColor(QPalette::Disabled, QPalette::Base, QColor(240, 240, 240));
    p.setColor(QPalette::Disabled, QPalette::Button, white);
    return p;
}

}  // namespace

double PresentationMode::zoomFactor() {
    const QVariant zoom = qApp->property("mrxZoom");
    return zoom.isValid() ? zoom.toDouble() : 1.0;
}

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
    m_contrastAction = view->addAction(tr("&High-contrast palette"), this,
                                       [this](bool on) { setHighContrast(on); });
    m_contrastAction->setObjectName(QStringLiteral("viewHighContrast"));
    m_contrastAction->setCheckable(true);
    m_contrastAction->setToolTip(
        tr("Black on white with strong highlights, for projectors (remembered); off: the "
           "desktop's palette, dark mode included"));
    if (QSettings().value("view/highContrast", false).toBool()) {
        setHighContrast(true);
    }
}

void PresentationMode::setHighContrast(bool on) {
    if (on == m_highContrast) {
        return;
    }
    m_highContrast = on;
    if (m_contrastAction) {
        m_contrastAction->setChecked(on);
    }
    if (on) {
        m_desktopPalette = QApplication::palette();
        QApplication::setPalette(highContrastPalette());
    } else {
        QApplication::setPalette(m_desktopPalette);
    }
    QSettings().setValue("view/highContrast", on);
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
    qApp->setProperty("mrxZoom", m_zoom / 100.0);
    QFont font = QApplication::font();
    font.setPointSizeF(m_basePointSize * m_zoom / 100.0);
    QApplication::setFont(font);
    // A widget with a style sheet keeps the font it had when the sheet was applied: apply it
    // again so that it takes the new one (the Teach tab's explanations).
    for (QWidget* widget : m_window->findChildren<QWidget*>()) {
        if (!widget->styleSheet().isEmpty()) {
            widget->setStyleSheet(widget->styleSheet());
        }
    }
    // Charts keep the fonts they were given: scale each one's, now and for charts added later.
    for (QCustomPlot* plot : m_window->findChildren<QCustomPlot*>()) {
        scaleChart(plot);
    }
    for (QTableView* table : m_window->findChildren<QTableView*>()) {
        scaleTable(table);
    }
    // Icon buttons (the Teach tab's steps) grow with the text beside them.
    for (QAbstractButton* button : m_window->findChildren<QAbstractButton*>()) {
        if (!button->icon().isNull()) {
            const int side =
                scaledSize(button, "mrxIconSide", button->iconSize().height(), m_zoom / 100.0);
            button->setIconSize(QSize(side, side));
        }
    }
    if (m_zoom != kMinZoom) {
        qApp->installEventFilter(this);  // installed once: the widgets that follow later
    }
}

void PresentationMode::scaleChart(QCustomPlot* plot) const {
    const double factor = m_zoom / 100.0;
    // Taller with the font: the page scrolls rather than squeezing the chart's titles.
    plot->setMinimumHeight(scaledSize(plot, "mrxMinHeight", plot->minimumHeight(), factor,
                                      static_cast<int>(150 * factor)));
    // Labels a chart adds later (a new result's bar values) follow at its next replot.
    if (!plot->property("mrxZoomHook").toBool()) {
        plot->setProperty("mrxZoomHook", true);
        connect(plot, &QCustomPlot::beforeReplot, this, [this, plot] {
            if (m_zoom != kMinZoom) {
                scaleChartFonts(plot);
            }
        });
    }
    scaleChartFonts(plot);
    plot->replot(QCustomPlot::rpQueuedReplot);
}

void PresentationMode::scaleTable(QTableView* table) const {
    const double factor = m_zoom / 100.0;
    // Rows as tall as the font needs, columns as wide as their texts, a few rows always seen.
    QHeaderView* rows = table->verticalHeader();
    const int line = table->fontMetrics().height();
    const int baseRow = scaledSize(rows, "mrxRowHeight", rows->defaultSectionSize(), 1.0);
    rows->setDefaultSectionSize(factor == 1.0 ? baseRow : std::max(baseRow, line + 8));
    // The header, three rows (a lesson's job table: all of them, up to its "mrxRowsSeen") and
    // a horizontal scroll bar.
    const int rowsSeen = std::clamp(table->model() ? table->model()->rowCount() : 0, 3,
                                    std::max(3, table->property("mrxRowsSeen").toInt()));
    const int least = (line + 12) + rowsSeen * (line + 8) +
                      table->style()->pixelMetric(QStyle::PM_ScrollBarExtent) +
                      2 * table->frameWidth();
    table->setMinimumHeight(
        scaledSize(table, "mrxTableMinHeight", table->minimumHeight(), factor, least));
    table->horizontalHeader()->setMinimumSectionSize(line);
    table->resizeColumnsToContents();
}

void PresentationMode::scaleChartFonts(QCustomPlot* plot) const {
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
}

bool PresentationMode::eventFilter(QObject* watched, QEvent* event) {
    // A table takes a new font when it is next shown or laid out, not when the application's
    // changes: its columns and rows follow then (also back to 100 %).
    if (event->type() == QEvent::FontChange) {
        if (auto* table = qobject_cast<QTableView*>(watched);
            table && table->verticalHeader()->property("mrxRowHeight").isValid() &&
            m_window->isAncestorOf(table)) {
            scaleTable(table);
        }
        return QObject::eventFilter(watched, event);
    }
    if (m_zoom == kMinZoom) {
        return QObject::eventFilter(watched, event);
    }
    // A chart shown for the first time while zoomed (a new result, a tab opened) follows.
    if (event->type() == QEvent::Show) {
        if (auto* plot = qobject_cast<QCustomPlot*>(watched);
            plot && m_window->isAncestorOf(plot)) {
            scaleChart(plot);
        } else if (auto* table = qobject_cast<QTableView*>(watched);
                   table && m_window->isAncestorOf(table)) {
            scaleTable(table);
        }
    }
    return QObject::eventFilter(watched, event);
}

}  // namespace mr::ui
