#include "pages/DeadlinesPage.h"

#include <qcustomplot.h>

#include "deadlines/DeadlinesTab.h"
#include "deadlines/LoadSweepCharts.h"
#include "exports/ExportController.h"

namespace mr::ui {

DeadlinesPage::DeadlinesPage(Results results, QWidget* tabs)
    : Page(std::move(results), tabs), m_deadlines(new DeadlinesTab(tabs)) {}

QString DeadlinesPage::hint() const {
    return tr(
        "What am I looking at? Deadline schedulers as the load grows ([Verma12b] Figs. "
        "1–4): missed deadlines, how late, and how many slots they use.");
}

QWidget* DeadlinesPage::widget() const {
    return m_deadlines;
}

QString DeadlinesPage::exportNeeds() const {
    return tr("the deadline sweep (add --start-sweep)");
}

void DeadlinesPage::addChartExports(ExportController& exports, QMenu* menu) {
    exports.setGroup(exportGroup());
    for (int chart = 0; chart <= LoadSweepCharts::ChartCount; ++chart) {
        const bool all = chart == LoadSweepCharts::ChartCount;
        const auto which = static_cast<LoadSweepCharts::Chart>(chart);
        exports.addChartExport(
            menu,
            tr("Deadlines: %1").arg(all ? tr("all four charts") : LoadSweepCharts::title(which)),
            all ? name() : LoadSweepCharts::fileStem(which),
            [this, chart] { return m_deadlines->exportablePlots(chart); });
    }
}

void DeadlinesPage::addCsvExports(ExportController& exports, QMenu* menu) {
    exports.setGroup(exportGroup());
    exports.addCsvExport(menu, tr("Deadline sweep points as CSV"), name(),
                         [this] { return m_deadlines->csv(); });
}

}  // namespace mr::ui
