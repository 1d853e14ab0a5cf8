// SweepPage — the Sweep tab: the makespan of the checked algorithms as the cluster grows, on the
// workload being edited; its exports are the sweep's chart and points.
#pragma once

#include "pages/Page.h"

namespace mr::ui {

class AlgorithmList;
class SweepTab;

class SweepPage : public Page {
    Q_OBJECT
public:
    // The sweep runs the algorithms checked in `algorithms`.
    SweepPage(Results results, AlgorithmList* algorithms, QWidget* tabs);

    QString name() const override { return QStringLiteral("sweep"); }
    QString title() const override { return tr("Sweep"); }
    QString hint() const override;
    QWidget* widget() const override;
    void addChartExports(ExportController& exports, QMenu* menu) override;
    void addCsvExports(ExportController& exports, QMenu* menu) override;
    QString exportGroup() const override { return name(); }
    QString exportNeeds() const override;

    SweepTab* sweep() const { return m_sweep; }

protected:
    void showResults(const std::shared_ptr<const RunSet>& results) override;

private:
    AlgorithmList* m_algorithms;
    SweepTab* m_sweep;
};

}  // namespace mr::ui
