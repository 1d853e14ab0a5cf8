#include "pages/StagesPage.h"

#include <qcustomplot.h>
#include <QMenu>

#include "charts/StageView.h"
#include "exports/ExportController.h"

namespace mr::ui {

StagesPage::StagesPage(Results results, QWidget* tabs)
    : Page(std::move(results), tabs), m_view(new StageView(tabs)) {}

QString StagesPage::hint() const {
    return tr(
        "What am I looking at? Each job's map and reduce stages as blocks ([Verma12] "
        "Figs. 3 and 6): the height is the slots the stage uses, the width its "
        "duration; pooled algorithms show each pool in its own band.");
}

QWidget* StagesPage::widget() const {
    return m_view;
}

void StagesPage::setSelectedJob(int job) {
    m_selectedJob = job;
    m_view->setSelectedJob(job);
}

void StagesPage::showResults(const std::shared_ptr<const RunSet>& results) {
    m_view->setResults(results);
    m_view->setSelectedJob(m_selectedJob);
}

void StagesPage::addChartExports(ExportController& exports, QMenu* menu) {
    exports.setGroup(exportGroup());
    // The stage view of the algorithm chosen on the tab (export-all: of each algorithm), and
    // of every algorithm one above the other.
    const auto stageItems = [this] {
        refresh();
        QList<ExportEntry::Item> items;
        for (const QString& id : m_view->algorithms()) {
            items.append({QStringLiteral("stage-") + id, m_view->chartsFor(id), {}});
        }
        return items;
    };
    QAction* selected = exports.addChartExport(
        menu, tr("Stage view of the selected algorithm"), QStringLiteral("stage"),
        [this] {
            refresh();
            return m_view->chartsFor(m_view->algorithm());
        },
        stageItems);
    connect(menu, &QMenu::aboutToShow, this, [this, selected] {
        const QString id = m_view->algorithm();
        selected->setText(id.isEmpty() ? tr("Stage view of the selected algorithm…")
                                       : tr("Stage view of %1 (the selected algorithm)…").arg(id));
    });
    exports.addChartExport(menu, tr("Stage views of every algorithm"), name(), [stageItems] {
        QList<QCustomPlot*> list;
        for (const ExportEntry::Item& item : stageItems()) {
            list << item.charts;
        }
        return list;
    });
}

}  // namespace mr::ui
