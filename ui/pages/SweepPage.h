// SweepPage — the Sweep tab, in two modes: the makespan of the checked algorithms as the cluster
// grows (SweepTab), or as attempts fail or straggle more often (FaultSweepTab), on the workload
// being edited; its exports are the shown mode's chart and points.
#pragma once

#include "pages/Page.h"

class QComboBox;
class QStackedWidget;

namespace mr::ui {

class AlgorithmList;
class FaultSweepTab;
class SweepTab;

class SweepPage : public Page {
    Q_OBJECT
public:
    // The sweep runs the algorithms checked in `algorithms`.
    SweepPage(Results results, AlgorithmList* algorithms, QWidget* tabs);

    QString name() const override { return QStringLiteral("sweep"); }
    // "sweep-faults": the robustness mode.
    QStringList viewNames() const override { return {QStringLiteral("sweep-faults")}; }
    void showView(const QString& name) override;
    QString title() const override { return tr("Sweep"); }
    QString hint() const override;
    QWidget* widget() const override;
    void addChartExports(ExportController& exports, QMenu* menu) override;
    void addCsvExports(ExportController& exports, QMenu* menu) override;
    QString exportGroup() const override { return name(); }
    QString exportNeeds() const override;

    SweepTab* sweep() const { return m_sweep; }
    FaultSweepTab* faults() const { return m_faults; }
    bool showsFaults() const;

protected:
    void showResults(const std::shared_ptr<const RunSet>& results) override;

private:
    AlgorithmList* m_algorithms;
    QWidget* m_widget;
    QComboBox* m_mode;
    QStackedWidget* m_modes;
    SweepTab* m_sweep;
    FaultSweepTab* m_faults;
};

}  // namespace mr::ui
