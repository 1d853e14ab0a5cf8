#include "pages/CostPage.h"

#include <qcustomplot.h>

#include "costtab/CostBreakdownChart.h"
#include "costtab/CostResultsTable.h"
#include "costtab/CostTab.h"
#include "costtab/CpuPerMachineChart.h"
#include "costtab/EpochSweepPanel.h"
#include "exports/ExportController.h"

namespace mr::ui {

namespace {
const QString kCpuView = QStringLiteral("cost-cpu");
const QString kSweepView = QStringLiteral("cost-sweep");
}  // namespace

CostPage::CostPage(Results results, std::function<QString()> firstModel, QWidget* tabs)
    : Page(std::move(results), tabs),
      m_firstModel(std::move(firstModel)),
      m_cost(new CostTab(tabs)) {}

QStringList CostPage::viewNames() const {
    return {kCpuView, kSweepView};
}

void CostPage::showView(const QString& name) {
    m_cost->showView(name == kCpuView     ? CostTab::CpuPerMachine
                     : name == kSweepView ? CostTab::EpochSweep
                                          : CostTab::Breakdown);
}

QString CostPage::hint() const {
    return tr(
        "What am I looking at? LiPS ([Ehsan13]): what running a cost model's jobs and "
        "data on its machines costs in dollars, per algorithm, and how the epoch length "
        "changes it.");
}

QWidget* CostPage::widget() const {
    return m_cost;
}

QString CostPage::ownDocument() const {
    return tr("The Cost tab works on its cost model, not on this workload");
}

void CostPage::shown() {
    if (!m_cost->hasModel()) {
        const QString sample = m_firstModel();
        if (!sample.isEmpty()) {
            m_cost->openModel(sample);  // something to look at on the first visit
        }
    }
}

QString CostPage::exportNeeds() const {
    return tr("the epoch sweep (add --cost-sweep FROM:TO:STEP)");
}

void CostPage::addChartExports(ExportController& exports, QMenu* menu) {
    exports.setGroup(exportGroup());
    const auto costChart = [this](auto chart) {
        return [this, chart] {
            return m_cost->results() ? QList<QCustomPlot*>{chart()} : QList<QCustomPlot*>{};
        };
    };
    exports.addChartExport(menu, tr("Cost breakdown chart"), QStringLiteral("cost-breakdown"),
                           costChart([this] { return m_cost->breakdownChart(); }));
    exports.addChartExport(menu, tr("CPU-seconds per machine chart"),
                           QStringLiteral("cost-cpu-per-machine"),
                           costChart([this] { return m_cost->cpuChart(); }));
    exports.addChartExport(menu, tr("Cost vs epoch length chart"),
                           QStringLiteral("cost-epoch-sweep"), [this] {
                               EpochSweepPanel* sweep = m_cost->sweepPanel();
                               return sweep->points().empty() ? QList<QCustomPlot*>{}
                                                              : QList<QCustomPlot*>{sweep->chart()};
                           });
}

void CostPage::addCsvExports(ExportController& exports, QMenu* menu) {
    exports.setGroup(exportGroup());
    exports.addCsvExport(
        menu, tr("Cost results table as CSV"), QStringLiteral("cost-results"),
        [this] { return m_cost->results() ? m_cost->resultsTable()->csv() : QString(); });
    exports.addCsvExport(menu, tr("Epoch sweep as CSV"), QStringLiteral("cost-epoch-sweep"),
                         [this] {
                             EpochSweepPanel* sweep = m_cost->sweepPanel();
                             return sweep->points().empty() ? QString() : sweep->csv();
                         });
}

}  // namespace mr::ui
