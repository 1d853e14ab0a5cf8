// GanttPanel — the Timeline tab: one chart area per checked algorithm, stacked or side by side
// in a scroll area, on a shared time axis (zooming or panning one moves them all). Each area
// follows its own algorithm: "waiting" or "computing… 2.3 s" with a busy bar and Cancel while it
// runs, its GanttPlot as soon as its result is in (the others keep computing), the reason when
// it could not run, "cancelled" with Run again. An edit keeps the previous chart, an "updating"
// strip over its title row; a new workload removes every chart at once, so no chart of one
// workload is ever shown under another's name. The areas share the visible height (the width
// side by side) down to a minimum each, then the panel scrolls: the panel never asks the window
// for more room. New results keep the user's zoom; "Fit" and a new workload fit again.
#pragma once

#include <QMap>
#include <QSet>
#include <QWidget>
#include <memory>
#include <optional>
#include <utility>

#include "model/TaskKind.h"

class QBoxLayout;
class QLabel;
class QScrollArea;
class QTimer;

namespace mr::ui {

struct RunSet;
class GanttPlot;

class GanttPanel : public QWidget {
    Q_OBJECT
public:
    // Smallest height of a chart area (more when its chart needs it: ChartLayout.h) and width of
    // one side by side (pixels at scale 1).
    static constexpr int kMinAreaHeight = 210;
    static constexpr int kMinAreaWidth = 360;

    explicit GanttPanel(QWidget* parent = nullptr);
    ~GanttPanel() override;

    // A new snapshot of the current request; `workloadReplaced`: a different workload (a file
    // opened), so the charts of the previous one go at once.
    void setResults(const std::shared_ptr<const RunSet>& results, bool workloadReplaced);
    void setSelectedJob(int job);
    void setStacked(bool stacked);
    bool isStacked() const;
    void setLabelsVisible(bool visible);
    // The utilisation strip under every chart (shown by default, counted in each chart's
    // readable height: the panel scrolls rather than leave it out).
    void setUsageVisible(bool visible);
    bool isUsageVisible() const { return m_usage; }
    void fitAll();
    // The time axis the user zoomed to (seconds), or none while the charts fit the makespan.
    std::optional<std::pair<double, double>> timeRange() const;
    // Zooms every chart to [from, to], also the charts still to come (a session opened before
    // its runs are done); the next zoom by the user or fitAll() ends it.
    void setTimeRange(double from, double to);
    // The slot axis the user zoomed to (rows, as the charts number them), or none while the
    // charts show every slot; setSlotRange applies it to every chart, also those still to come.
    std::optional<std::pair<double, double>> slotRange() const;
    void setSlotRange(double from, double to);
    // The next setResults draws every chart again, even the unchanged ones (new colours).
    void invalidate();

    // The charts of the algorithms that are done, in list order.
    QList<GanttPlot*> plots() const;
    GanttPlot* plot(const QString& algorithm) const;
    GanttPlot* currentPlot() const;                      // the last one clicked (or the first)
    void setCurrentAlgorithm(const QString& algorithm);  // as if its chart had been clicked
    QString currentAlgorithm() const;
    // What an algorithm's area says instead of (or above) its chart; empty when it shows a
    // current chart and nothing else. For tests and the status line.
    QString areaStatus(const QString& algorithm) const;
    // Where the status strip of an algorithm's area is (in the area), empty while hidden.
    QRect areaStripGeometry(const QString& algorithm) const;
    QScrollArea* scrollArea() const { return m_scroll; }

signals:
    void jobClicked(int job);
    void slotTimeClicked(mr::TaskKind kind, int slot, double time);  // GanttPlot's, any chart
    void cancelRequested(const QString& algorithm);
    void rerunRequested(const QString& algorithm);

protected:
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    class ChartArea;

    ChartArea* area(const QString& algorithm) const;
    GanttPlot* createPlot(const QString& algorithm);
    void applySizing();
    // An area's minimum height: kMinAreaHeight, or more when its chart needs more to stay
    // readable (its legend wraps, a deadline line).
    int areaHeightFor(const GanttPlot* plot) const;
    void syncRanges(GanttPlot* source);
    void applyWantedRange();
    // One time axis for all; `onlyCurrent`: redraw only the charts whose result is current.
    void fitCharts(bool onlyCurrent);
    void replotIfSeen(GanttPlot* plot);
    void replotNewlySeen();
    void updateRunningLabels();

    QScrollArea* m_scroll;
    QWidget* m_container;
    QBoxLayout* m_areas;
    QLabel* m_empty;
    QTimer* m_clock;
    QList<ChartArea*> m_order;
    QSet<GanttPlot*> m_unseen;  // charts whose axes changed while out of sight
    QString m_current;
    bool m_userZoomed = false;
    std::optional<std::pair<double, double>> m_wantedRange;  // setTimeRange's, until applied
    std::optional<std::pair<double, double>> m_wantedSlots;  // setSlotRange's, likewise
    bool m_wantedApplied = false;
    bool m_syncing = false;
    bool m_labels = true;
    bool m_usage = true;
    int m_selectedJob = -1;
};

}  // namespace mr::ui
