// TaskBarsPlottable — every task of a simulated schedule as one QCustomPlot plottable (DESIGN.md
// "Charts": one batched plottable, never one item per task). Rows are slots; each row's bars are
// sorted by start and never overlap, so the visible ones are found by binary search. Each visible
// row is rasterised into a one-pixel-per-column buffer and drawn as runs of equal colour: the
// cost is bounded by visible pixels, not by tasks, so 230 000 tasks pan smoothly. Task borders,
// job names (where a bar is wide enough), killed tasks (hatched), late jobs (a red outline around
// each run of their bars, also rasterised) and the selected job (others faded) are drawn on
// top.
#pragma once

#include <vector>

#include <qcustomplot.h>

#include "document/JobPalette.h"
#include "model/TaskKind.h"

namespace mr::ui {

struct TaskBar {
    double start = 0.0;
    double end = 0.0;
    int job = 0;
    int task = 0;
    int slot = 0;
    TaskKind kind = TaskKind::Map;
    bool killed = false;
};

class TaskBarsPlottable : public QCPAbstractPlottable {
    Q_OBJECT
public:
    TaskBarsPlottable(QCPAxis* keyAxis, QCPAxis* valueAxis);

    // rows[r] sorted by start, non-overlapping; names[job] for labels; colours[job] its colour.
    void setRows(std::vector<std::vector<TaskBar>> rows, QStringList names,
                 const JobColours& colours = {});
    void setSelectedJob(int job);
    int selectedJob() const { return m_selectedJob; }
    void setLabelsVisible(bool visible) { m_labels = visible; }
    // Jobs that missed their deadline (indexed by job; shorter or empty: none late).
    void setLateJobs(std::vector<bool> late) { m_late = std::move(late); }
    bool isLate(int job) const {
        return job >= 0 && static_cast<std::size_t>(job) < m_late.size() &&
               m_late[static_cast<std::size_t>(job)];
    }
    int rowCount() const { return static_cast<int>(m_rows.size()); }
    const std::vector<std::vector<TaskBar>>& rows() const { return m_rows; }
    double maxEnd() const { return m_maxEnd; }

    // The bar under a pixel position, or null.
    const TaskBar* barAt(const QPointF& pixel) const;

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
    QRgb colourOf(const TaskBar& bar) const;

    std::vector<std::vector<TaskBar>> m_rows;
    QStringList m_names;
    std::vector<QRgb> m_map, m_reduce, m_mapFaded, m_reduceFaded;
    int m_selectedJob = -1;
    bool m_labels = true;
    std::vector<bool> m_late;
    double m_maxEnd = 0.0;
    std::vector<QRgb> m_buffer;               // one row of pixels, reused
    std::vector<unsigned char> m_lateBuffer;  // per pixel of the row: a late job's bar
};

}  // namespace mr::ui
