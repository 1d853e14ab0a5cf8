// DownWindowsPlottable — the slot rows of nodes that were down under a scenario
// (timeline/AttemptMarks.h: failed until they recovered or the run ended, or not yet added),
// greyed over the timeline, with a hover text naming the node and the window.
#pragma once

#include <vector>

#include <qcustomplot.h>

#include "timeline/AttemptMarks.h"
#include "timeline/TimelineRaster.h"

namespace mr::ui {

class DownWindowsPlottable : public QCPAbstractPlottable {
    Q_OBJECT
public:
    DownWindowsPlottable(QCPAxis* keyAxis, QCPAxis* valueAxis);

    void setWindows(std::vector<DownWindow> windows, TimelineRows rows);
    const std::vector<DownWindow>& windows() const { return m_windows; }
    // A window's rectangle in pixels (an open end reaches the right edge of the plot).
    QRectF windowRect(const DownWindow& window) const;
    // The window under a pixel position (null over none).
    const DownWindow* windowAt(const QPointF& pixel) const;

    double selectTest(const QPointF& pos, bool onlySelectable,
                      QVariant* details = nullptr) const override;
    QCPRange getKeyRange(bool& foundRange,
                         QCP::SignDomain inSignDomain = QCP::sdBoth) const override;
    QCPRange getValueRange(bool& foundRange, QCP::SignDomain inSignDomain = QCP::sdBoth,
                           const QCPRange& inKeyRange = QCPRange()) const override;

    static QColor colour() { return QColor(90, 90, 90, 95); }

protected:
    void draw(QCPPainter* painter) override;
    void drawLegendIcon(QCPPainter* painter, const QRectF& rect) const override;

private:
    std::vector<DownWindow> m_windows;
    TimelineRows m_rows;
};

}  // namespace mr::ui
