#include "pages/TeachPage.h"

#include <qcustomplot.h>

#include "exports/ExportController.h"
#include "teach/JohnsonStepper.h"
#include "teach/TeachTab.h"

namespace mr::ui {

TeachPage::TeachPage(Results results, QWidget* tabs)
    : Page(std::move(results), tabs), m_teach(new TeachTab(tabs)) {}

QString TeachPage::hint() const {
    return tr(
        "What am I looking at? An algorithm taught step by step on these jobs "
        "(→ / ← step, Home / End, Space plays), or the exercise: put the jobs in your "
        "own order and compare it with Johnson's and the best.");
}

QWidget* TeachPage::widget() const {
    return m_teach;
}

void TeachPage::showResults(const std::shared_ptr<const RunSet>& results) {
    m_teach->setResults(results);
}

bool TeachPage::openLesson(const QString& lesson, int step) {
    if (!m_teach->setLesson(lesson)) {
        return false;
    }
    refresh();
    m_teach->showStep(step);
    return true;
}

void TeachPage::setJohnsonExportStep(int step) {
    refresh();
    JohnsonStepper* stepper = m_teach->johnson();
    stepper->setStep(step >= 0 ? step : stepper->stepCount());
}

void TeachPage::addChartExports(ExportController& exports, QMenu* menu) {
    exports.setGroup(exportGroup());
    exports.addChartExport(menu, tr("Johnson timelines"), name(), [this] {
        refresh();
        return chartsIfResults(m_teach->johnson()->drawnPlots());
    });
    // Whether or not its lesson was ever shown: the search runs for the export.
    exports.addChartExport(menu, tr("BalancedPools lesson chart"),
                           QStringLiteral("teach-balanced-pools"), [this] {
                               refresh();
                               QCustomPlot* chart = m_teach->balancedPoolsChart();
                               return chart ? QList<QCustomPlot*>{chart} : QList<QCustomPlot*>{};
                           });
}

}  // namespace mr::ui
