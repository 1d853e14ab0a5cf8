#include "sweep/SweepResultsOpener.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <memory>

#include "costtab/ClusterSizeSweepPanel.h"
#include "costtab/CostTab.h"
#include "costtab/EpochSweepPanel.h"
#include "deadlines/DeadlinesTab.h"
#include "merge/SweepResults.h"
#include "run/BackgroundJob.h"
#include "sweep/FaultSweepTab.h"
#include "sweep/SweepTab.h"

namespace mr::ui {

namespace {

// "Opened part-0.jsonl and 2 more: 4700 of 4800 points; 100 missing (gaps): 17, 30-128".
QString statusOf(const QStringList& paths, const SweepResults& results) {
    const PartsReport& report = results.report();
    const std::vector<std::size_t> missing = report.missing();
    QString files = QFileInfo(paths.front()).fileName();
    if (paths.size() > 1) {
        files += SweepResultsOpener::tr(" and %n more", "", static_cast<int>(paths.size() - 1));
    }
    QString text = SweepResultsOpener::tr("Opened %1: %L2 of %L3 points")
                       .arg(files)
                       .arg(report.pointsRead())
                       .arg(report.header->points);
    if (missing.empty()) {
        text += SweepResultsOpener::tr(", complete.");
    } else {
        text += SweepResultsOpener::tr("; %L1 missing, shown as gaps: %2.")
                    .arg(missing.size())
                    .arg(QString::fromStdString(indexRanges(missing, 8)));
    }
    if (!report.duplicates.empty()) {
        text += SweepResultsOpener::tr(
                    " %L1 points were given more than once with different results (the first "
                    "kept).")
                    .arg(report.duplicates.size());
    }
    if (!report.tornFiles.empty()) {
        text += SweepResultsOpener::tr(" %1 ends with a cut line (its writer was killed).")
                    .arg(QFileInfo(QString::fromStdString(report.tornFiles.front())).fileName());
    }
    return text;
}

}  // namespace

SweepResultsOpener::SweepResultsOpener(SweepTab* sweep, FaultSweepTab* faults,
                                       DeadlinesTab* deadlines, CostTab* cost,
                                       std::function<void(QWidget*)> showTab, QWidget* parent)
    : QObject(parent),
      m_parent(parent),
      m_sweep(sweep),
      m_faults(faults),
      m_deadlines(deadlines),
      m_cost(cost),
      m_showTab(std::move(showTab)),
      m_job(new BackgroundJob(this)) {
    connect(m_job, &BackgroundJob::failed, this, &SweepResultsOpener::failed);
}

void SweepResultsOpener::chooseAndOpen() {
    const QStringList paths =
        QFileDialog::getOpenFileNames(m_parent, tr("Open sweep results"), QString(),
                                      tr("Sweep results (*.jsonl *.json);;All files (*)"));
    if (paths.isEmpty()) {
        return;
    }
    auto connection = std::make_shared<QMetaObject::Connection>();
    *connection = connect(this, &SweepResultsOpener::failed, this,
                          [this, connection](const QString& message) {
                              disconnect(*connection);
                              QMessageBox::warning(m_parent, tr("Open sweep results"), message);
                          });
    connect(this, &SweepResultsOpener::opened, this, [connection] { disconnect(*connection); });
    open(paths);
}

void SweepResultsOpener::open(const QStringList& paths) {
    std::vector<std::string> files;
    for (const QString& p : paths) {
        files.push_back(p.toStdString());
    }
    m_job->start<std::shared_ptr<const SweepResults>>(
        [files](const CancelFlag&) {
            return std::make_shared<const SweepResults>(SweepResults::read(files));
        },
        [this, paths](std::shared_ptr<const SweepResults> results) {
            const QString status = statusOf(paths, *results);
            if (results->command() == "sweep") {
                m_sweep->showResult(results->sweep(), status);
                m_showTab(m_sweep);
            } else if (results->command() == "sweep-faults") {
                m_faults->showResult(results->faultSweep(), status);
                m_showTab(m_faults);
            } else if (results->command() == "sweep-load") {
                m_deadlines->showResult(results->loadSweep(), status);
                m_showTab(m_deadlines);
            } else if (results->isEpochSweep()) {
                m_cost->sweepPanel()->showPoints(results->epochs(), results->epochSweep(), status);
                m_cost->showView(CostTab::EpochSweep);
                m_showTab(m_cost);
            } else {  // cost-sweep --machines ([Ehsan13] Fig. 5)
                m_cost->clusterSizePanel()->showPoints(results->clusterSizeOptions(),
                                                       results->clusterSizeSweep(), status);
                m_cost->showView(CostTab::ClusterSizeSweep);
                m_showTab(m_cost);
            }
            emit opened(status);
        });
}

void SweepResultsOpener::waitForIdle() {
    m_job->waitForIdle();
}

}  // namespace mr::ui
