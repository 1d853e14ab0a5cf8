// PresentationMode — View > Presentation (F11, issue 15 item 4): the window goes full screen
// with the editing panels hidden, and a zoom from 100 % to 250 % (Ctrl+= / Ctrl+-, Ctrl+0 back
// to 100 %) scales the fonts of every widget, table and chart — the charts already drawn and
// those drawn later — so a lecture hall can read them. Leaving restores the window as it was.
// Dark mode follows the desktop palette (Qt's own); nothing here overrides it.
#pragma once

#include <QList>
#include <QObject>
#include <QPointer>

class QAction;
class QMainWindow;
class QMenu;
class QWidget;
class QCustomPlot;

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

    QMainWindow* m_window;
    QList<QPointer<QWidget>> m_panels;
    QList<bool> m_panelsWereVisible;
    QAction* m_toggle = nullptr;
    bool m_active = false;
    bool m_wasMaximized = false;
    int m_zoom = kMinZoom;
    double m_basePointSize = 0.0;  // the application font's size at 100 %
};

}  // namespace mr::ui
