// VariantTimelines — the Timeline tab's "one algorithm across variants" view:
// the slot timeline of one algorithm for the workload being edited and for every kept variant,
// stacked on one time axis (zooming or panning one moves them all), each titled with its
// variant, so that what a change did to the schedule is seen at a glance. It draws the
// variants' own runs (VariantStore) with the same GanttPlot as the Timeline; it computes
// nothing.
#pragma once

#include <QStringList>
#include <QWidget>
#include <memory>

class QComboBox;
class QLabel;
class QVBoxLayout;

namespace mr::ui {

class GanttPlot;
class RunController;
class VariantStore;

class VariantTimelines : public QWidget {
    Q_OBJECT
public:
    VariantTimelines(VariantStore* store, RunController* current, QWidget* parent = nullptr);

    // The algorithm shown (one every variant may run); empty: the first the variants share.
    QString algorithm() const;
    bool setAlgorithm(const QString& id);
    // The charts, current workload first, then the variants that have the algorithm's result.
    QList<GanttPlot*> plots() const { return m_plots; }
    QStringList plotNames() const { return m_names; }
    // Redraws now (it otherwise follows the runs, coalesced, while it is visible).
    void refresh();

protected:
    void showEvent(QShowEvent* event) override;

private:
    void refreshLater();
    void rebuildChoices();
    void syncRanges(GanttPlot* source);

    VariantStore* m_store;
    RunController* m_runs;
    QComboBox* m_algorithm;
    QLabel* m_empty;
    QVBoxLayout* m_charts;
    QList<GanttPlot*> m_plots;
    QStringList m_names;
    bool m_refreshQueued = false;
    bool m_syncing = false;
};

}  // namespace mr::ui
