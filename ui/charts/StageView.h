// StageView — seed 000 Figs. 3 and 6 for the user's jobs: the two-stage abstraction (one block
// per job and stage, height = slots it uses, width = stage duration, on the formula's timeline)
// above what the simulation did (the same blocks as a stacked occupancy profile), on one time
// axis, for the algorithm chosen in the box.
#pragma once

#include <QWidget>
#include <memory>

class QComboBox;
class QLabel;
class QCustomPlot;

namespace mr::ui {

struct RunSet;
class BlocksPlottable;

class StageView : public QWidget {
    Q_OBJECT
public:
    explicit StageView(QWidget* parent = nullptr);
    void setResults(const std::shared_ptr<const RunSet>& results);
    void setSelectedJob(int job);
    QList<QCustomPlot*> plots() const;
    QString algorithm() const;

private:
    void redraw();

    QComboBox* m_algorithm;
    QLabel* m_note;
    QCustomPlot* m_model;
    QCustomPlot* m_simulated;
    BlocksPlottable* m_modelBlocks;
    BlocksPlottable* m_simBlocks;
    std::shared_ptr<const RunSet> m_results;
    bool m_syncing = false;
};

}  // namespace mr::ui
