// MainWindow's File > Export entries: every chart and table of every tab, each through a function
// that first brings its tab up to the newest results (MainWindow::refreshTab), so that an export
// never depends on the tab having been shown. ExportController writes them for the menu and for
// `mrx --export-all`.
#include <qcustomplot.h>
#include <QMenu>

#include "app/ExportController.h"
#include "app/MainWindow.h"
#include "charts/ComparisonView.h"
#include "charts/GanttPanel.h"
#include "charts/GanttPlot.h"
#include "charts/StageView.h"
#include "cost/CostBreakdownChart.h"
#include "cost/CostResultsTable.h"
#include "cost/CostTab.h"
#include "cost/CpuPerMachineChart.h"
#include "cost/EpochSweepPanel.h"
#include "deadlines/DeadlinesTab.h"
#include "deadlines/LoadSweepCharts.h"
#include "io/JobCsv.h"
#include "run/RunController.h"
#include "studio/VariantComparison.h"
#include "studio/VariantStore.h"
#include "sweep/SweepTab.h"
#include "teach/BalancedPoolsStepper.h"
#include "teach/JohnsonStepper.h"
#include "teach/TeachTab.h"

namespace mr::ui {

namespace {

// Export-all's items of the Timeline tab, one per algorithm with a result and a timeline,
// each made by `item(stem, id, run)`; `results`: what the tabs show, null before the first run.
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

// Every provider first brings its tab up to the newest results (refreshTab): an export never
// depends on the tab having been shown. The menu lists the charts, then the tables.
void MainWindow::addExports(QMenu* menu) {
    m_exports->setGroup(QStringLiteral("workload"));
    addTimelineExports(menu);
    addStageExports(menu);
    addTabChartExports(menu);
    menu->addSeparator();
    addCsvExports(menu);
}

void MainWindow::addTimelineExports(QMenu* menu) {
    QAction* selectedTimeline = m_exports->addChartExport(
        menu, tr("Timeline of the selected algorithm"), QStringLiteral("timeline"),
        [this] {
            refreshTab(m_gantt);
            GanttPlot* plot = m_gantt->currentPlot();
            return plot ? QList<QCustomPlot*>{plot} : QList<QCustomPlot*>{};
        },
        [this] {
            refreshTab(m_gantt);
            return perAlgorithm(
                m_results.get(), *m_gantt, QStringLiteral("timeline"),
                [this](const QString& stem, const QString& id, const AlgorithmRun&) {
                    return ExportEntry::Item{stem, {m_gantt->plot(id)}, {}};
                });
        });
    selectedTimeline->setObjectName(QStringLiteral("exportSelectedTimeline"));
    // The entry names the algorithm it exports (the timeline clicked last, else the first).
    connect(menu, &QMenu::aboutToShow, this, [this, selectedTimeline] {
        const QString id = m_gantt->currentAlgorithm();
        selectedTimeline->setEnabled(!id.isEmpty());
        selectedTimeline->setText(id.isEmpty()
                                      ? tr("Timeline of the selected algorithm…")
                                      : tr("Timeline of %1 (the selected algorithm)…").arg(id));
    });
    m_exports->addChartExport(menu, tr("All timelines"), QStringLiteral("timelines"), [this] {
        refreshTab(m_gantt);
        QList<QCustomPlot*> list;
        for (GanttPlot* p : m_gantt->plots()) {
            list << p;
        }
        return list;
    });
}

void MainWindow::addStageExports(QMenu* menu) {
    // The stage view of the algorithm chosen on the tab (export-all: of each algorithm), and
    // of every algorithm one above the other.
    const auto stageItems = [this] {
        refreshTab(m_stages);
        QList<ExportEntry::Item> items;
        for (const QString& id : m_stages->algorithms()) {
            items.append({QStringLiteral("stage-") + id, m_stages->chartsFor(id), {}});
        }
        return items;
    };
    QAction* selectedStages = m_exports->addChartExport(
        menu, tr("Stage view of the selected algorithm"), QStringLiteral("stage"),
        [this] {
            refreshTab(m_stages);
            return m_stages->chartsFor(m_stages->algorithm());
        },
        stageItems);
    connect(menu, &QMenu::aboutToShow, this, [this, selectedStages] {
        const QString id = m_stages->algorithm();
        selectedStages->setText(id.isEmpty()
                                    ? tr("Stage view of the selected algorithm…")
                                    : tr("Stage view of %1 (the selected algorithm)…").arg(id));
    });
    m_exports->addChartExport(menu, tr("Stage views of every algorithm"), QStringLiteral("stages"),
                              [stageItems] {
                                  QList<QCustomPlot*> list;
                                  for (const ExportEntry::Item& item : stageItems()) {
                                      list << item.charts;
                                  }
                                  return list;
                              });
}

// The charts of the Comparison and Teach tabs, then of the variants, the sweep, the cost model
// and the deadlines.
void MainWindow::addTabChartExports(QMenu* menu) {
    m_exports->addChartExport(menu, tr("Comparison chart"), QStringLiteral("comparison"), [this] {
        refreshTab(m_comparison);
        return m_results ? QList<QCustomPlot*>{m_comparison->chart()} : QList<QCustomPlot*>{};
    });
    m_exports->addChartExport(menu, tr("Johnson timelines"), QStringLiteral("johnson"), [this] {
        refreshTab(m_teach);
        return m_results ? m_teach->johnson()->drawnPlots() : QList<QCustomPlot*>{};
    });
    // Whether or not its lesson was ever shown: the search runs for the export.
    m_exports->addChartExport(menu, tr("BalancedPools lesson chart"),
                              QStringLiteral("teach-balanced-pools"), [this] {
                                  refreshTab(m_teach);
                                  QCustomPlot* chart = m_teach->balancedPoolsChart();
                                  return chart ? QList<QCustomPlot*>{chart} : QList<QCustomPlot*>{};
                              });
    m_exports->setGroup(QStringLiteral("variants"));
    m_exports->addChartExport(menu, tr("Variants chart"), QStringLiteral("variants"), [this] {
        if (m_variants->count() == 0) {
            return QList<QCustomPlot*>{};
        }
        m_variantComparison->refresh();
        return QList<QCustomPlot*>{m_variantComparison->chart()};
    });
    m_exports->setGroup(QStringLiteral("sweep"));
    m_exports->addChartExport(menu, tr("Sweep chart"), QStringLiteral("sweep"), [this] {
        return m_sweep->result() ? QList<QCustomPlot*>{m_sweep->chart()} : QList<QCustomPlot*>{};
    });
    m_exports->setGroup(QStringLiteral("cost"));
    const auto costChart = [this](auto chart) {
        return [this, chart] {
            return m_cost->results() ? QList<QCustomPlot*>{chart()} : QList<QCustomPlot*>{};
        };
    };
    m_exports->addChartExport(menu, tr("Cost breakdown chart"), QStringLiteral("cost-breakdown"),
                              costChart([this] { return m_cost->breakdownChart(); }));
    m_exports->addChartExport(menu, tr("CPU-seconds per machine chart"),
                              QStringLiteral("cost-cpu-per-machine"),
                              costChart([this] { return m_cost->cpuChart(); }));
    m_exports->addChartExport(
        menu, tr("Cost vs epoch length chart"), QStringLiteral("cost-epoch-sweep"), [this] {
            EpochSweepPanel* sweep = m_cost->sweepPanel();
            return sweep->points().empty() ? QList<QCustomPlot*>{}
                                           : QList<QCustomPlot*>{sweep->chart()};
        });
    m_exports->setGroup(QStringLiteral("deadlines"));
    for (int chart = 0; chart <= LoadSweepCharts::ChartCount; ++chart) {
        const bool all = chart == LoadSweepCharts::ChartCount;
        const auto which = static_cast<LoadSweepCharts::Chart>(chart);
        m_exports->addChartExport(
            menu,
            tr("Deadlines: %1").arg(all ? tr("all four charts") : LoadSweepCharts::title(which)),
            all ? QStringLiteral("deadlines") : LoadSweepCharts::fileStem(which),
            [this, chart] { return m_deadlines->exportablePlots(chart); });
    }
}

void MainWindow::addCsvExports(QMenu* menu) {
    // The session's variants side by side: export-all writes them at the top of DIR, beside
    // one folder per variant (studio/VariantExport.h).
    m_exports->setGroup(QStringLiteral("variants"));
    m_exports->addCsvExport(menu, tr("Variants table as CSV"), QStringLiteral("variants"), [this] {
        return m_variants->count() > 0 ? m_variantComparison->csv() : QString();
    });
    m_exports->setGroup(QStringLiteral("workload"));
    m_exports->addCsvExport(menu, tr("Comparison table as CSV"), QStringLiteral("comparison"),
                            [this] {
                                refreshTab(m_comparison);
                                return m_results ? m_comparison->csv() : QString();
                            });
    m_exports->addCsvExport(
        menu, tr("Jobs of the selected algorithm as CSV"), QStringLiteral("jobs"),
        [this] {
            refreshTab(m_gantt);
            const RunResult* r =
                m_results ? m_results->find(m_gantt->currentAlgorithm().toStdString()) : nullptr;
            return r ? QString::fromStdString(jobTimesCsv(*m_results->workload, *r)) : QString();
        },
        [this] {
            refreshTab(m_gantt);
            return perAlgorithm(m_results.get(), *m_gantt, QStringLiteral("jobs"),
                                [this](const QString& stem, const QString&, const AlgorithmRun& o) {
                                    return ExportEntry::Item{stem,
                                                             {},
                                                             QString::fromStdString(jobTimesCsv(
                                                                 *m_results->workload, *o.result))};
                                });
        });
    m_exports->setGroup(QStringLiteral("sweep"));
    m_exports->addCsvExport(menu, tr("Sweep as CSV"), QStringLiteral("sweep"),
                            [this] { return m_sweep->csv(); });
    m_exports->setGroup(QStringLiteral("cost"));
    m_exports->addCsvExport(
        menu, tr("Cost results table as CSV"), QStringLiteral("cost-results"),
        [this] { return m_cost->results() ? m_cost->resultsTable()->csv() : QString(); });
    m_exports->addCsvExport(menu, tr("Epoch sweep as CSV"), QStringLiteral("cost-epoch-sweep"),
                            [this] {
                                EpochSweepPanel* sweep = m_cost->sweepPanel();
                                return sweep->points().empty() ? QString() : sweep->csv();
                            });
    m_exports->setGroup(QStringLiteral("deadlines"));
    m_exports->addCsvExport(menu, tr("Deadline sweep points as CSV"), QStringLiteral("deadlines"),
                            [this] { return m_deadlines->csv(); });
}

}  // namespace mr::ui
