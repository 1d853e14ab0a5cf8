#include "pages/TimelinePage.h"

#include <qcustomplot.h>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QStackedWidget>
#include <QVBoxLayout>

#include "charts/GanttPanel.h"
#include "charts/GanttPlot.h"
#include "exports/ExportController.h"
#include "io/JobCsv.h"
#include "run/RunController.h"
#include "studio/VariantTimelines.h"

namespace mr::ui {

namespace {

// Export-all's items, one per algorithm with a result and a timeline, each made by
// `item(stem, id, run)`; `results`: what the page shows, null before the first run.
template <typename MakeItem>
QList<ExportEntry::Item> perAlgorithm(const RunSet* results, const GanttPanel& gantt,
                                      const QString& prefix, MakeItem item) {
    QList<ExportEntry::Item> items;
    for (const AlgorithmRun& o : results ? results->outcomes : std::vector<AlgorithmRun>{}) {
        const QString id = QString::fromStdString(o.id);
        if (o.result && gantt.plot(id)) {
            items.append(item(prefix + QLatin1Char('-') + id, id, o));
        }
    }
    return items;
}

}  // namespace

TimelinePage::TimelinePage(Results results, VariantStore* variants, RunController* runs,
                           QWidget* tabs)
    : Page(std::move(results), tabs), m_page(new QWidget(tabs)) {
    auto* layout = new QVBoxLayout(m_page);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(6, 2, 6, 0);
    bar->addWidget(new QLabel(tr("Show:"), m_page));
    m_mode = new QComboBox(m_page);
    m_mode->setObjectName(QStringLiteral("timelineMode"));
    m_mode->addItems({tr("the checked algorithms"), tr("one algorithm across variants")});
    bar->addWidget(m_mode);
    bar->addStretch(1);
    layout->addLayout(bar);
    auto* stack = new QStackedWidget(m_page);
    m_gantt = new GanttPanel(stack);
    m_variantTimelines = new VariantTimelines(variants, runs, stack);
    stack->addWidget(m_gantt);
    stack->addWidget(m_variantTimelines);
    layout->addWidget(stack, 1);
    connect(m_mode, &QComboBox::currentIndexChanged, stack, &QStackedWidget::setCurrentIndex);
    connect(m_gantt, &GanttPanel::cancelRequested, runs, &RunController::cancelAlgorithm);
    connect(m_gantt, &GanttPanel::rerunRequested, runs, &RunController::rerunAlgorithm);
}

QString TimelinePage::hint() const {
    return tr(
        "What am I looking at? One row per slot (map slots above, reduce slots below), "
        "one bar per task in its job's colour, one chart per checked algorithm on one "
        "time axis. Wheel: zoom time; Shift+wheel: zoom slots; drag: pan; click a bar: "
        "highlight its job.");
}

void TimelinePage::setSelectedJob(int job) {
    m_gantt->setSelectedJob(job);
}

void TimelinePage::setAcrossVariants(bool across) {
    m_mode->setCurrentIndex(across ? 1 : 0);
}

void TimelinePage::invalidate() {
    Page::invalidate();
    m_gantt->invalidate();
}

void TimelinePage::showResults(const std::shared_ptr<const RunSet>& results) {
    m_gantt->setResults(results, m_workloadReplaced);
    m_workloadReplaced = false;
}

void TimelinePage::fillViewMenu(QMenu* view) {
    QAction* stacked = view->addAction(tr("Timelines &stacked (else side by side)"));
    stacked->setCheckable(true);
    stacked->setChecked(true);
    connect(stacked, &QAction::toggled, m_gantt, &GanttPanel::setStacked);
    view->addAction(tr("&Fit timelines"), QKeySequence(Qt::Key_F), m_gantt, &GanttPanel::fitAll);
    QAction* labels = view->addAction(tr("Job &names on bars"));
    labels->setCheckable(true);
    labels->setChecked(true);
    connect(labels, &QAction::toggled, m_gantt, &GanttPanel::setLabelsVisible);
    QAction* usage = view->addAction(tr("&Utilisation strip under timelines"));
    usage->setObjectName(QStringLiteral("usageStripAction"));
    usage->setCheckable(true);
    usage->setChecked(true);
    connect(usage, &QAction::toggled, m_gantt, &GanttPanel::setUsageVisible);
}

void TimelinePage::addChartExports(ExportController& exports, QMenu* menu) {
    exports.setGroup(exportGroup());
    QAction* selected = exports.addChartExport(
        menu, tr("Timeline of the selected algorithm"), name(),
        [this] {
            refresh();
            GanttPlot* plot = m_gantt->currentPlot();
            return plot ? QList<QCustomPlot*>{plot} : QList<QCustomPlot*>{};
        },
        [this] {
            refresh();
            return perAlgorithm(
                shownResults().get(), *m_gantt, name(),
                [this](const QString& stem, const QString& id, const AlgorithmRun&) {
                    return ExportEntry::Item{stem, {m_gantt->plot(id)}, {}};
                });
        });
    selected->setObjectName(QStringLiteral("exportSelectedTimeline"));
    // The entry names the algorithm it exports (the timeline clicked last, else the first).
    connect(menu, &QMenu::aboutToShow, this, [this, selected] {
        const QString id = m_gantt->currentAlgorithm();
        selected->setEnabled(!id.isEmpty());
        selected->setText(id.isEmpty() ? tr("Timeline of the selected algorithm…")
                                       : tr("Timeline of %1 (the selected algorithm)…").arg(id));
    });
    exports.addChartExport(menu, tr("All timelines"), QStringLiteral("timelines"), [this] {
        refresh();
        QList<QCustomPlot*> list;
        for (GanttPlot* p : m_gantt->plots()) {
            list << p;
        }
        return list;
    });
}

void TimelinePage::addCsvExports(ExportController& exports, QMenu* menu) {
    exports.setGroup(exportGroup());
    exports.addCsvExport(
        menu, tr("Jobs of the selected algorithm as CSV"), QStringLiteral("jobs"),
        [this] {
            refresh();
            const RunSet* shown = shownResults().get();
            const RunResult* r =
                shown ? shown->find(m_gantt->currentAlgorithm().toStdString()) : nullptr;
            return r ? QString::fromStdString(jobTimesCsv(*shown->workload, *r)) : QString();
        },
        [this] {
            refresh();
            const RunSet* shown = shownResults().get();
            return perAlgorithm(
                shown, *m_gantt, QStringLiteral("jobs"),
                [shown](const QString& stem, const QString&, const AlgorithmRun& o) {
                    return ExportEntry::Item{
                        stem, {}, QString::fromStdString(jobTimesCsv(*shown->workload, *o.result))};
                });
        });
}

}  // namespace mr::ui
