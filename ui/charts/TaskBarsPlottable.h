// TaskBarsPlottable — every task of a simulated schedule as one QCustomPlot plottable (one batched
// plottable, never one item per task), from a few hundred tasks to a
// production cluster's day (17 million tasks). Two ways to draw, chosen per frame:
//   bars    few records on rows at least a few pixels tall: each record (a wave as the block of
//           rows it covers) is a rectangle with a task border, the job's name where it fits,
//           stopped executions hatched (failed ones cross-hatched), speculative copies
//           framed with a dashed line, late jobs framed in red, the selected job outlined.
//   raster  otherwise: each pixel shows the job that occupies most of it, shaded by how busy it
//           is (mr::rasterizeTimeline: from the multi-resolution TimelineSummary when zoomed
//           out, from the records when zoomed in), drawn as one image; the selected job's own
//           records are painted over the others, which fade.
// The records are never copied: the plottable keeps the run (shared) and a TimelineIndex of
// record numbers (about 4 bytes per record) plus the summary (about 3 bytes per record).
#pragma once

#include <memory>
#include <vector>

#include <qcustomplot.h>

#include "document/JobPalette.h"
#include "run/ChartTimeline.h"
#include "timeline/TimelineRaster.h"

namespace mr {
struct RunResult;
}

namespace mr::ui {

// Bars (pixels) of the last bars-mode frame that carry an attempt's mark.
struct AttemptRects {
    std::vector<QRectF> failed;       // cross-hatched
    std::vector<QRectF> killed;       // hatched: lost with the node, superseded or preempted
    std::vector<QRectF> speculative;  // framed with a dashed line
};

// A task under the mouse: its record (maybe a wave), the slot pointed at and that slot's task.
struct TaskHit {
    const TaskRecord* record = nullptr;
    int slot = 0;
    int task = 0;
};

class TaskBarsPlottable : public QCPAbstractPlottable {
    Q_OBJECT
public:
    enum class Mode { Bars, Raster };

    TaskBarsPlottable(QCPAxis* keyAxis, QCPAxis* valueAxis);
    ~TaskBarsPlottable() override;

    // The schedule to draw, a run of `workload` (kept alive here); names[job] labels,
    // colours[job] its colour. `timeline`: what it is drawn from, built already (off the GUI
    // thread); without one, or with one of another run, it is built now.
    void setRun(const Workload& workload, std::shared_ptr<const RunResult> run, QStringList names,
                const JobColours& colours = {},
                std::shared_ptr<const ChartTimeline> timeline = nullptr);
    // What the schedule is drawn from (null without a run).
    const std::shared_ptr<const ChartTimeline>& timeline() const { return m_timeline; }
    void setSelectedJob(int job);
    int selectedJob() const { return m_selectedJob; }
    void setLabelsVisible(bool visible) { m_labels = visible; }
    // Jobs that missed their deadline (indexed by job; shorter or empty: none late).
    void setLateJobs(std::vector<bool> late) { m_late = std::move(late); }
    bool isLate(int job) const {
        return job >= 0 && static_cast<std::size_t>(job) < m_late.size() &&
               m_late[static_cast<std::size_t>(job)];
    }

    const TimelineRows& rows() const { return m_rows; }
    int rowCount() const { return m_rows.count(); }
    const TaskRecords& records() const;
    long long taskCount() const;  // waves expanded, killed executions included
    double maxEnd() const;
    const TimelineSummary* summary() const { return m_summary; }
    std::size_t memoryBytes() const;  // index + summary (not the run itself)

    // The task under a pixel position (none: record null).
    TaskHit taskAt(const QPointF& pixel) const;
    // How the last frame was drawn.
    Mode lastMode() const { return m_lastMode; }
    const RasterStats& lastRasterStats() const { return m_lastStats; }
    // The job names the last raster frame wrote (pixels; upright: along a tall block).
    struct RasterLabel {
        int job;
        QRectF rect;
        bool upright;
    };
    const std::vector<RasterLabel>& lastRasterLabels() const { return m_rasterLabels; }
    // The stopped and speculative executions the last frame marked (none in raster mode).
    const AttemptRects& lastAttemptMarks() const { return m_lastAttempts; }
    // A speculative copy (timeline/AttemptMarks.h): `r` must be one of records().
    bool isSpeculative(const TaskRecord& r) const;
    bool hasSpeculative() const { return m_timeline && !m_timeline->speculative.empty(); }
    // The bar geometry in pixels of a record on `slot` (bars mode's rectangle of that row).
    QRectF barRect(const TaskRecord& record) const;

    double selectTest(const QPointF& pos, bool onlySelectable,
                      QVariant* details = nullptr) const override;
    QCPRange getKeyRange(bool& foundRange,
                         QCP::SignDomain inSignDomain = QCP::sdBoth) const override;
    QCPRange getValueRange(bool& foundRange, QCP::SignDomain inSignDomain = QCP::sdBoth,
                           const QCPRange& inKeyRange = QCPRange()) const override;

protected:
    void draw(QCPPainter* painter) override;
    void drawLegendIcon(QCPPainter* painter, const QRectF& rect) const override;

private:
    struct View;
    View view() const;
    void drawBars(QCPPainter* painter, const View& view);
    struct BarMarks;
    // Fills every bar in view and returns what is drawn over them.
    BarMarks fillBars(QCPPainter* painter, const View& view) const;
    void markAttempt(AttemptRects& marks, const TaskRecord& r, const QRectF& rect) const;
    void drawRaster(QCPPainter* painter, const View& view);
    void paintSelected(QImage& image, const RasterView& view) const;
    void drawRasterLabels(QCPPainter* painter, const RasterView& view, QPointF origin,
                          double scale);
    QRgb colourOf(int job, TaskKind kind, bool faded) const;
    const std::vector<std::uint32_t>& selectedRecords() const;

    std::shared_ptr<const RunResult> m_run;
    std::shared_ptr<const ChartTimeline> m_timeline;
    const TimelineIndex* m_index = nullptr;  // m_timeline's, or null
    const TimelineSummary* m_summary = nullptr;
    TimelineRows m_rows;
    QStringList m_names;
    std::vector<QRgb> m_map, m_reduce, m_mapFaded, m_reduceFaded;
    int m_selectedJob = -1;
    bool m_labels = true;
    std::vector<bool> m_late;
    Mode m_lastMode = Mode::Bars;
    RasterStats m_lastStats;
    std::vector<RasterLabel> m_rasterLabels;
    AttemptRects m_lastAttempts;
    std::vector<RasterPixel> m_pixels;                     // reused between frames
    mutable std::vector<std::uint32_t> m_selectedRecords;  // record numbers of the selected job
    mutable int m_selectedRecordsOf = -1;
};

}  // namespace mr::ui
