// StageView — seed 000 Figs. 3 and 6 for the user's jobs: the two-stage abstraction (one block
// per job and stage, height = slots it uses, width = stage duration, on the formula's timeline)
// above what the simulation did (the same blocks as a stacked occupancy profile), on one time
// axis, for the algorithm chosen in the box. A pooled result (BalancedPools) shows each pool as a
// band of its own — its own slots, its own pipeline from time 0 — as the core computes them
// (experiments/StageBlocks: stageBands); the view only draws. Lane labels thin out to what fits.
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
    void setAlgorithm(const QString& id);
    void setSelectedJob(int job);
    QList<QCustomPlot*> plots() const;
    QString algorithm() const;
    // For tests: the bands drawn (pools, or 1) and the blocks of each chart.
    int bandCount() const { return m_bands; }
    BlocksPlottable* modelBlocks() const { return m_modelBlocks; }
    BlocksPlottable* simulatedBlocks() const { return m_simBlocks; }
    QString note() const;

private:
    void redraw();
    // Sets the lane labels that fit the plot's height; true if they changed.
    bool fitLaneLabels(QCustomPlot* plot);

    QComboBox* m_algorithm;
    QLabel* m_note;
    QCustomPlot* m_model;
    QCustomPlot* m_simulated;
    BlocksPlottable* m_modelBlocks;
    BlocksPlottable* m_simBlocks;
    std::shared_ptr<const RunSet> m_results;
    struct Lane {
        double centre;   // plot coordinate
        double height;   // in plot coordinates
        QString name;    // "map", "reduce"
        QString detail;  // "(20 slots)", or the pool
    };
    QList<Lane> m_lanes;
    int m_bands = 0;
    bool m_syncing = false;
};

}  // namespace mr::ui
