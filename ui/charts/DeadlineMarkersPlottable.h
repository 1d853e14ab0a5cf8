// DeadlineMarkersPlottable — every job's absolute deadline (arrival + deadline) on a slot
// timeline, as one batched plottable ([Verma12b]: deadline-driven scheduling). Each deadline is a
// small triangle in the job's colour in the strip above the plot area, pointing at its time;
// late jobs' triangles are red. The selected job's deadline is a full-height dashed line with a
// label. Deadlines beyond the visible time range are counted at the edges ("+2 ▸"), so
// zooming never hides that they exist. Cost per frame: at most two small polygons per pixel
// column of the view (where deadlines crowd, only the triangles on top are drawn), found by
// binary search: a week's 171 000 deadlines draw as fast as a handful.
#pragma once

#include <vector>

#include <qcustomplot.h>

#include "document/JobPalette.h"

namespace mr::ui {

struct DeadlineMarker {
    int job = 0;
    double due = 0.0;  // absolute deadline: arrival + deadline (s)
    double end = 0.0;  // the job's completion (s)
    bool late = false;
};

class DeadlineMarkersPlottable : public QCPAbstractPlottable {
    Q_OBJECT
public:
    DeadlineMarkersPlottable(QCPAxis* keyAxis, QCPAxis* valueAxis);

    // Markers of the jobs with a deadline (any order); names[job] labels the selected one.
    void setMarkers(std::vector<DeadlineMarker> markers, QStringList names,
                    const JobColours& colours = {});
    const std::vector<DeadlineMarker>& markers() const { return m_markers; }
    void setSelectedJob(int job) { m_selectedJob = job; }

    // The marker whose triangle is under a pixel position (within a few pixels), or null.
    const DeadlineMarker* markerAt(const QPointF& pixel) const;
    // The centre of a marker's triangle in pixels (for tests and tooltips).
    QPointF markerCentre(const DeadlineMarker& marker) const;
    // The count of the deadlines past the right end of the view, drawn at the right of the strip
    // above the plot ("+2 ▸"), and how wide it is there (0 without one): the makespan label,
    // which shares the strip, keeps clear of it.
    QString laterText() const;
    double laterWidth() const;
    // The pixel spans (left, right) of the triangles drawn in the view: labels sharing the
    // strip keep clear of them.
    std::vector<std::pair<double, double>> markerSpans() const;
    // The indices into markers() of the triangles a frame draws, in drawing order, besides the
    // selected job's (drawn last): in each pixel column of the view the last on-time and the
    // last late one, which cover the others there (same size, less than a pixel apart).
    std::vector<int> drawnMarkers() const;

    double selectTest(const QPointF& pos, bool onlySelectable,
                      QVariant* details = nullptr) const override;
    QCPRange getKeyRange(bool& foundRange,
                         QCP::SignDomain inSignDomain = QCP::sdBoth) const override;
    QCPRange getValueRange(bool& foundRange, QCP::SignDomain inSignDomain = QCP::sdBoth,
                           const QCPRange& inKeyRange = QCPRange()) const override;

protected:
    QRect clipRect() const override;
    void draw(QCPPainter* painter) override;
    void drawLegendIcon(QCPPainter* painter, const QRectF& rect) const override;

private:
    // The markers in the visible time range: indices [first, last) into m_markers.
    std::pair<int, int> visibleRange() const;
    // Calls each(begin, end) for the visible markers of each pixel column of the view, left to
    // right (in time): one binary search per column that holds any.
    template <class Each>
    void forEachColumn(Each each) const;
    // The last marker at or before `index` that is late (or on time), not of the selected job;
    // -1 if none.
    int lastOfKind(int index, bool late) const;
    QPolygonF triangle(const DeadlineMarker& marker, double size) const;
    void drawMarker(QCPPainter* painter, const DeadlineMarker& marker, bool faded) const;

    std::vector<DeadlineMarker> m_markers;  // sorted by due
    // For each index into m_markers, the last index at or before it of a late (or on-time)
    // marker, or -1: a column's top triangle of each kind in O(1).
    std::vector<int> m_lastLate;
    std::vector<int> m_lastOnTime;
    std::vector<int> m_markerOfJob;  // job -> index into m_markers, -1 without a deadline
    QStringList m_names;
    JobColours m_colours;
    int m_selectedJob = -1;
};

}  // namespace mr::ui
