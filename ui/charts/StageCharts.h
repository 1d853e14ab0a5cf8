// StageCharts — one algorithm's stage view ([Verma12] Figs. 3 and 6): the two-stage abstraction
// (one block per job and stage, height = slots it uses, width = stage duration, on the
// formula's timeline) above what the simulation did (the same blocks as a stacked occupancy
// profile), on one time axis. A pooled result (BalancedPools) shows each pool as a band of its
// own — its own slots, its own pipeline from time 0 — as the core computes them
// (experiments/StageBlocks: stageBands); the charts only draw. Lane labels thin out to what fits.
// The Stages tab shows one (StageView); the exports draw one per algorithm.
#pragma once

#include <QList>
#include <QObject>
#include <QString>

class QCustomPlot;
class QWidget;

namespace mr {
struct RunResult;
struct StageBand;
struct Workload;
}  // namespace mr

namespace mr::ui {

struct RunSet;
class BlocksPlottable;

class StageCharts : public QObject {
    Q_OBJECT
public:
    // The two charts are made as children of `parent`.
    explicit StageCharts(QWidget* parent);

    // Draws `result` of `results` (null: "no result", empty charts).
    void draw(const RunSet& results, const RunResult* result);
    void setSelectedJob(int job);

    QCustomPlot* model() const { return m_model; }
    QCustomPlot* simulated() const { return m_simulated; }
    QList<QCustomPlot*> plots() const { return {m_model, m_simulated}; }
    // What the charts show: the bands drawn (pools, or 1), the blocks, a sentence on reading them.
    int bandCount() const { return m_bands; }
    BlocksPlottable* modelBlocks() const { return m_modelBlocks; }
    BlocksPlottable* simulatedBlocks() const { return m_simBlocks; }
    QString note() const { return m_note; }

private:
    // Sets the lane labels that fit the plot's height; true if they changed.
    bool fitLaneLabels(QCustomPlot* plot);
    void drawNothing();
    void setRanges(double longest, double top);
    void labelBand(const Workload& w, const StageBand& band, double labelAt, double lineAt);
    void setTitles(const RunResult& result, bool modelApplies, bool pooled, bool tooLarge,
                   const QStringList& poolEnds, const QStringList& simulatedEnds);

    QCustomPlot* m_model;
    QCustomPlot* m_simulated;
    BlocksPlottable* m_modelBlocks;
    BlocksPlottable* m_simBlocks;
    struct Lane {
        double centre;   // plot coordinate
        double height;   // in plot coordinates
        QString name;    // "map", "reduce"
        QString detail;  // "(20 slots)", or the pool
    };
    QList<Lane> m_lanes;
    QString m_note;
    int m_bands = 0;
    bool m_syncing = false;
};

}  // namespace mr::ui
