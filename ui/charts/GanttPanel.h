// GanttPanel — one GanttPlot per checked algorithm, stacked or side by side, on a shared time
// axis (zooming or panning one moves them all). New results keep the user's zoom; "Fit" and a
// new workload fit everything again. A click on a bar selects its job everywhere.
#pragma once

#include <QMap>
#include <QWidget>
#include <memory>

class QSplitter;
class QLabel;

namespace mr::ui {

struct RunSet;
class GanttPlot;

class GanttPanel : public QWidget {
    Q_OBJECT
public:
    explicit GanttPanel(QWidget* parent = nullptr);

    void setResults(const std::shared_ptr<const RunSet>& results, bool workloadReplaced);
    void setSelectedJob(int job);
    void setStacked(bool stacked);
    bool isStacked() const;
    void setLabelsVisible(bool visible);
    void fitAll();

    QList<GanttPlot*> plots() const;
    GanttPlot* plot(const QString& algorithm) const { return m_plots.value(algorithm); }
    GanttPlot* currentPlot() const;  // the last one clicked (or the first)
    QString currentAlgorithm() const;

signals:
    void jobClicked(int job);

private:
    void syncRanges(GanttPlot* source);

    QSplitter* m_splitter;
    QLabel* m_empty;
    QMap<QString, GanttPlot*> m_plots;
    QMap<QString, QLabel*> m_errors;
    QString m_current;
    bool m_userZoomed = false;
    bool m_syncing = false;
    bool m_labels = true;
    int m_selectedJob = -1;
};

}  // namespace mr::ui
