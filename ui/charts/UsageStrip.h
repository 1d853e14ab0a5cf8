// UsageStrip — under a timeline, the schedule's utilisation and queue depth over time
// (docs/user-guide.md, "Utilisation strip"): the busy map and reduce slots as a share of each
// kind's slots (filled, left axis) and the waiting map and reduce tasks (lines, right axis), one
// value per pixel: the mean over the pixel's time (timeline/UsageSeries.h computes them; the
// strip draws). Its time axis is the timeline's: it pans and zooms with it, and a drag or the
// wheel over the strip moves the timeline. A hover tooltip gives the values at the cursor.
#pragma once

#include <QObject>
#include <QPointF>
#include <memory>
#include <vector>

#include "model/Workload.h"
#include "run/ChartTimeline.h"
#include "schedulers/Algorithm.h"

class QCustomPlot;
class QCPAxisRect;
class QCPAxis;

namespace mr::ui {

class UsageStrip : public QObject {
    Q_OBJECT
public:
    // The plot area's height (pixels at scale 1): low enough that four stacked timelines keep it
    // in a laptop's window, high enough for three tick labels on the busy axis.
    static constexpr int kHeight = 40;
    static constexpr int kUnlaidSamples = 2048;  // fits the waiting axis before any layout

    // Adds the strip to `plot`'s layout under `timeline` (whose bottom axis is the time axis).
    UsageStrip(QCustomPlot* plot, QCPAxisRect* timeline);
    ~UsageStrip() override;

    // The run shown by the timeline, drawn from its timeline's series (kept shared; null: none).
    void setRun(std::shared_ptr<const ChartTimeline> timeline);
    // Shown unless hidden here; even then, where its chart may be squeezed, it steps aside while
    // the timeline's plot area would be lower than ChartLayout's kMinPlotHeight with it (a small
    // chart), and comes back with room. A chart kept readable (ChartLayout's keepReadable, the
    // Timeline tab) counts the strip in its height instead: setStepsAside(false).
    void setVisible(bool visible);
    void setStepsAside(bool stepsAside);
    bool isWanted() const { return m_wanted; }
    bool isVisible() const;  // in the layout now
    QCPAxisRect* axisRect() const { return m_rect; }
    const UsageSeries* series() const { return m_shown ? &m_shown->usage : nullptr; }
    // The tooltip text at a pixel of the plot; empty outside the strip or without a run.
    QString tooltipAt(const QPointF& pixel) const;
    // The samples drawn at the last replot (one per pixel column), their first time and width.
    const std::vector<UsageSample>& samples() const { return m_samples; }
    double upperWaiting() const;  // the right axis' top

    // The samples for the plot area as laid out (before each replot); `fitWaitingAxis`: also the
    // right axis' range to their largest waiting count (only before the layout computes ticks).
    void resample(bool fitWaitingAxis = true);
    // Whether the samples are those of the plot area and time range as they are now (an export
    // lays the chart out and draws it without a replot).
    bool samplesCurrent() const;

private:
    void alignMargins();
    void fitHeight();          // after each layout (setVisible's rule)
    void place(bool visible);  // into the layout under the timeline, or out of it  // the
                               // timeline's reserved label room, so both plot areas line up
    QCPAxis* timeAxis() const;
    // The first time and the seconds per pixel of the plot area as laid out.
    std::pair<double, double> pixelTimes() const;

    QCustomPlot* m_plot;
    QCPAxisRect* m_timeline;
    QCPAxisRect* m_rect;
    std::shared_ptr<const ChartTimeline> m_shown;  // the run shown, with its series
    std::vector<UsageSample> m_samples;
    std::pair<double, double> m_sampled{0.0, 0.0};  // pixelTimes() of the samples
    bool m_wanted = true;
    bool m_stepsAside = true;
    bool m_fitting = false;
    int m_outerHeight = kHeight + 40;  // with its axes and key, as last laid out
};

}  // namespace mr::ui
