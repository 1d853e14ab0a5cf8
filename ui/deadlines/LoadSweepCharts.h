// LoadSweepCharts — a load sweep's result as [Verma12b] Figs. 1–4: four charts against the mean
// inter-arrival time (the load falls to the right), one line per policy —
//   relative deadline exceeded (log y axis, as the paper; a 0 cannot be drawn there),
//   missed-deadline jobs (%), average job completion time (s),
//   and min-edf-wc's extra map, extra reduce and killed map tasks (Fig. 2).
// Only points with at least one finished run are drawn (a cancelled sweep is partial). Two
// columns of charts when each is at least kMinChart wide, else one; the rest scrolls, so no chart
// is ever squeezed. Every linear axis prints its numbers one way (charts/AxisFormat.h).
#pragma once

#include <QList>
#include <QSize>
#include <QWidget>

#include "experiments/LoadSweep.h"

class QCustomPlot;
class QCPGraph;
class QGridLayout;
class QScrollArea;

namespace mr::ui {

class LoadSweepCharts : public QWidget {
    Q_OBJECT
public:
    enum Chart { Exceeded, Missed, Completion, Tasks, ChartCount };

    explicit LoadSweepCharts(QWidget* parent = nullptr);

    void setResult(const LoadSweepResult& result);
    // Takes the lines away; the x axes stay where they are.
    void clear();
    // Spans every chart's x axis over the mean inter-arrival times `interarrivals` (s) as a
    // result of them spans it (padded by 4 % of their span, at least 1 s): before a run, the
    // empty charts show where the points will be.
    void spanLoads(const std::vector<double>& interarrivals);

    QCustomPlot* chart(Chart which) const { return m_charts[which]; }
    QList<QCustomPlot*> plots() const;
    // The line named `name` (a policy, or "extra map" / "extra reduce" / "killed map" on the
    // tasks chart), or null.
    QCPGraph* graph(Chart which, const QString& name) const;

    // Line colour and marker of a policy, shared with the policy check boxes.
    static QColor colourOf(const QString& algorithm);
    // A chart's title and the file name stem of its export.
    static QString title(Chart which);
    static QString fileStem(Chart which);
    // The columns the charts are laid out in now (2, or 1 when narrow).
    int columns() const;
    static constexpr QSize kMinChart{340, 240};

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QCustomPlot* makeChart(Chart which, const QString& yLabel);
    void arrange(int columns);

    QCustomPlot* m_charts[ChartCount];
    QScrollArea* m_scroll;
    QGridLayout* m_grid;
    int m_columns = 2;
};

}  // namespace mr::ui
