#include "pages/SweepPage.h"

#include <qcustomplot.h>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QStackedWidget>
#include <QVBoxLayout>

#include "exports/ExportController.h"
#include "run/RunController.h"
#include "sweep/FaultSweepTab.h"
#include "sweep/SweepTab.h"
#include "widgets/AlgorithmList.h"

namespace mr::ui {

SweepPage::SweepPage(Results results, AlgorithmList* algorithms, QWidget* tabs)
    : Page(std::move(results), tabs),
      m_algorithms(algorithms),
      m_widget(new QWidget(tabs)),
      m_mode(new QComboBox(m_widget)),
      m_modes(new QStackedWidget(m_widget)),
      m_sweep(new SweepTab(m_modes)),
      m_faults(new FaultSweepTab(m_modes)) {
    m_mode->addItem(tr("against cluster size"));
    m_mode->addItem(tr("against failures and stragglers"));
    m_modes->addWidget(m_sweep);
    m_modes->addWidget(m_faults);
    auto* layout = new QVBoxLayout(m_widget);
    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Makespan"), m_widget));
    top->addWidget(m_mode);
    top->addStretch(1);
    layout->addLayout(top);
    layout->addWidget(m_modes, 1);
    connect(m_mode, &QComboBox::currentIndexChanged, m_modes, &QStackedWidget::setCurrentIndex);
    // A results file opened (File > Open sweep results…) brings its mode up.
    connect(m_sweep, &SweepTab::resultShown, this, [this] { m_mode->setCurrentIndex(0); });
    connect(m_faults, &FaultSweepTab::resultShown, this, [this] { m_mode->setCurrentIndex(1); });
    connect(algorithms, &AlgorithmList::checkedChanged, m_sweep, &SweepTab::setAlgorithms);
    connect(algorithms, &AlgorithmList::checkedChanged, m_faults, &FaultSweepTab::setAlgorithms);
}

void SweepPage::showView(const QString& name) {
    m_mode->setCurrentIndex(name == QStringLiteral("sweep-faults") ? 1 : 0);
}

bool SweepPage::showsFaults() const {
    return m_mode->currentIndex() == 1;
}

QString SweepPage::hint() const {
    return tr(
        "What am I looking at? The makespan of the checked algorithms as the cluster "
        "grows ([Verma12] Figs. 7–9), with the lower bound no schedule can beat — or, in the "
        "other mode, as task attempts fail or straggle more often.");
}

QWidget* SweepPage::widget() const {
    return m_widget;
}

QString SweepPage::exportNeeds() const {
    return tr("the sweep (add --sweep FROM:TO:STEP)");
}

void SweepPage::showResults(const std::shared_ptr<const RunSet>& results) {
    m_sweep->setWorkload(results->workload);
    m_sweep->setAlgorithms(m_algorithms->checkedIds());
    m_faults->setWorkload(results->workload);
    m_faults->setAlgorithms(m_algorithms->checkedIds());
}

void SweepPage::addChartExports(ExportController& exports, QMenu* menu) {
    exports.setGroup(exportGroup());
    exports.addChartExport(menu, tr("Sweep chart"), name(), [this] {
        return m_sweep->result() ? QList<QCustomPlot*>{m_sweep->chart()} : QList<QCustomPlot*>{};
    });
    exports.addChartExport(menu, tr("Fault sweep chart"), QStringLiteral("sweep-faults"), [this] {
        return m_faults->result() ? QList<QCustomPlot*>{m_faults->chart()} : QList<QCustomPlot*>{};
    });
}

void SweepPage::addCsvExports(ExportController& exports, QMenu* menu) {
    exports.setGroup(exportGroup());
    exports.addCsvExport(menu, tr("Sweep as CSV"), name(), [this] { return m_sweep->csv(); });
    exports.addCsvExport(menu, tr("Fault sweep as CSV"), QStringLiteral("sweep-faults"),
                         [this] { return m_faults->csv(); });
}

}  // namespace mr::ui
