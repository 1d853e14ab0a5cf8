// PresentationMode — View > Presentation (F11): the window goes full screen
// with the editing panels (and the status bar) hidden, and a zoom from 100 % to 250 % (Ctrl+= /
// Ctrl+-, Ctrl+0 back to 100 %) scales the fonts of every widget, table and chart — the charts
// already drawn, those drawn later and the labels a chart adds on a new result — so a lecture
// hall can read them: tables widen their columns and rows with the font, charts grow their
// minimum height (pages scroll instead of squeezing a chart), and the Timeline's chart areas
// (qApp's "mrxZoom" property, which widgets that size themselves read) likewise. Leaving
// restores the window as it was. View > High-contrast palette switches to black on white with
// strong highlights (remembered); otherwise the desktop palette — dark mode included — is used
// as it is: nothing here overrides it.
#pragma once

#include <QList>
#include <QObject>
#include <QPalette>
#include <QPointer>

class QAction;
class QMainWindow;
class QMenu;
class QWidget;
class QCustomPlot;
class QTableView;

namespace mr::ui {

class PresentationMode : public QObject {
    Q_OBJECT
public:
    // `panels`: what presenting hides (the editing panels, the variant strip).
    PresentationMode(QMainWindow* window, QList<QWidget*> panels);

    void fillMenu(QMenu* view);
    bool isActive() const { return m_active; }
    void setActive(bool active);
    int zoomPercent() const { return m_zoom; }
    void setZoomPercent(int percent);  // clamped to 100..250

    bool isHighContrast() const { return m_highContrast; }
    void setHighContrast(bool on);
    // The zoom as a factor (1 at 100 %) for widgets that size themselves (qApp's "mrxZoom").
    static double zoomFactor();

    static constexpr int kMinZoom = 100;
    static constexpr int kMaxZoom = 250;
    static constexpr int kZoomStep = 25;

signals:
    void zoomChanged(int percent);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void applyZoom();
    void scaleChart(QCustomPlot* plot) const;
    void scaleChartFonts(QCustomPlot* plot) const;
    void scaleTable(QTableView* table) const;

    QMainWindow* m_window;
    QList<QPointer<QWidget>> m_panels;
    QList<bool> m_panelsWereVisible;
    QAction* m_toggle = nullptr;
    bool m_active = false;
    bool m_wasMaximized = false;
    int m_zoom = kMinZoom;
    double m_basePointSize = 0.0;  // the application font's size at 100 %
    bool m_highContrast = false;
    QAction* m_contrastAction = nullptr;
    QPalette m_desktopPalette;  // what high contrast replaced
};

}  // namespace mr::ui
