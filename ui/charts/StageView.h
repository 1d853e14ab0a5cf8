// StageView — the Stages tab: the stage view (StageCharts: the two-stage model above the
// simulation, one band per pool) of the algorithm chosen in the box. For exports it draws any
// checked algorithm's stage view on charts of their own (chartsFor), never shown, so that an
// export of every algorithm does not change what the tab shows.
#pragma once

#include <QMap>
#include <QWidget>
#include <memory>

class QComboBox;
class QLabel;
class QCustomPlot;

namespace mr::ui {

struct RunSet;
class BlocksPlottable;
class StageCharts;

class StageView : public QWidget {
    Q_OBJECT
public:
    explicit StageView(QWidget* parent = nullptr);
    void setResults(const std::shared_ptr<const RunSet>& results);
    void setAlgorithm(const QString& id);
    void setSelectedJob(int job);
    // The charts shown (of the chosen algorithm).
    QList<QCustomPlot*> plots() const;
    QString algorithm() const;
    // The algorithms with a stage view (a result), in list order.
    QStringList algorithms() const;
    // The stage view of `algorithm` on charts of its own (the shown ones for the chosen
    // algorithm), drawn for the current results; empty without a result.
    QList<QCustomPlot*> chartsFor(const QString& algorithm);
    // For tests: the bands drawn (pools, or 1) and the blocks of each chart shown.
    int bandCount() const;
    BlocksPlottable* modelBlocks() const;
    BlocksPlottable* simulatedBlocks() const;
    QString note() const;

private:
    void redraw();

    QComboBox* m_algorithm;
    QLabel* m_note;
    StageCharts* m_shown;
    std::shared_ptr<const RunSet> m_results;
    // Export charts by algorithm, and the results each was drawn for.
    QMap<QString, std::pair<StageCharts*, std::shared_ptr<const RunSet>>> m_others;
    int m_selectedJob = -1;
};

}  // namespace mr::ui
