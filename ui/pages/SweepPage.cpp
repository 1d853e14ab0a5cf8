#include "pages/SweepPage.h"

#include <qcustomplot.h>

#include "exports/ExportController.h"
#include "run/RunController.h"
#include "sweep/SweepTab.h"
#include "widgets/AlgorithmList.h"

namespace mr::ui {

SweepPage::SweepPage(Results results, AlgorithmList* algorithms, QWidget* tabs)
    : Page(std::move(results), tabs), m_algorithms(algorithms), m_sweep(new SweepTab(tabs)) {
    connect(algorithms, &AlgorithmList::checkedChanged, m_sweep, &SweepTab::setAlgorithms);
}

QString SweepPage::hint() const {
    return tr(
        "What am I looking at? The makespan of the checked algorithms as the cluster "
        "grows ([Verma12] Figs. 7–9), with the lower bound no schedule can beat.");
}

QWidget* SweepPage::widget() const {
    return m_sweep;
}

QString SweepPage::exportNeeds() const {
    return tr("the sweep (add --sweep FROM:TO:STEP)");
}

void SweepPage::showResults(const std::shared_ptr<const RunSet>& results) {
    m_sweep->setWorkload(results->workload);
    m_sweep->setAlgorithms(m_algorithms->checkedIds());
}

void SweepPage::addChartExports(ExportController& exports, QMenu* menu) {
    exports.setGroup(exportGroup());
    exports.addChartExport(menu, tr("Sweep chart"), name(), [this] {
        return m_sweep->result() ? QList<QCustomPlot*>{m_sweep->chart()} : QList<QCustomPlot*>{};
    });
}

void SweepPage::addCsvExports(ExportController& exports, QMenu* menu) {
    exports.setGroup(exportGroup());
    exports.addCsvExport(menu, tr("Sweep as CSV"), name(), [this] { return m_sweep->csv(); });
}

}  // namespace mr::ui
