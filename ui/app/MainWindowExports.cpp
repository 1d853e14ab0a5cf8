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

void MainWindow::addExports(QMenu* menu) {
    ExportController* exports = m_exports;
    exports->setGroup(QStringLiteral("workload"));
    // Every provider first brings its tab up to the newest results (refreshTab): an export
    // never depends on the tab having been shown.
    const auto timelines = [this] {
        refreshTab(m_gantt);
        return m_gantt->plots();
    };
    const auto perAlgorithm = [this](const QString& prefix, auto item) {
        refreshTab(m_gantt);
        QList<ExportEntry::Item> items;
        for (const AlgorithmRun& o :
             m_results ? m_results->outcomes : std::vector<AlgorithmRun>{}) {
            const QString id = QString::fromStdString(o.id);
            if (o.result && m_gantt->plot(id)) {
                items.append(item(prefix + QLatin1Char('-') + id, id, o));
            }
        }
        return items;
    };
    QAction* selectedTimeline = exports->addChartExport(
        menu, tr("Timeline of the selected algorithm"), QStringLiteral("timeline"),
        [this, timelines] {
            timelines();
            GanttPlot* plot = m_gantt->currentPlot();
            return plot ? QList<QCustomPlot*>{plot} : QList<QCustomPlot*>{};
        },
        [this, perAlgorithm] {
            return perAlgorithm(
                QStringLiteral("timeline"),
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
    exports->addChartExport(menu, tr("All timelines"), QStringLiteral("timelines"), [timelines] {
        QList<QCustomPlot*> list;
        for (GanttPlot* p : timelines()) {
            list << p;
        }
        return list;
    });
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
    QAction* selectedStages = exports->addChartExport(
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
    exports->addChartExport(menu, tr("Stage views of every algorithm"), QStringLiteral("stages"),
                            [stageItems] {
                                QList<QCustomPlot*> list;
                                for (const ExportEntry::Item& item : stageItems()) {
                                    list << item.charts;
                                }
                                return list;
                            });
    exports->addChartExport(menu, tr("Comparison chart"), QStringLiteral("comparison"), [this] {
        refreshTab(m_comparison);
        return m_results ? QList<QCustomPlot*>{m_comparison->chart()} : QList<QCustomPlot*>{};
    });
    exports->addChartExport(menu, tr("Johnson timelines"), QStringLiteral("johnson"), [this] {
        refreshTab(m_teach);
        return m_results ? m_teach->johnson()->plots() : QList<QCustomPlot*>{};
    });
    // Whether or not its lesson was ever shown: the search runs for the export.
    exports->addChartExport(menu, tr("BalancedPools lesson chart"),
                            QStringLiteral("teach-balanced-pools"), [this] {
                                refreshTab(m_teach);
                                QCustomPlot* chart = m_teach->balancedPoolsChart();
                                return chart ? QList<QCustomPlot*>{chart} : QList<QCustomPlot*>{};
                            });
    exports->setGroup(QStringLiteral("variants"));
    exports->addChartExport(menu, tr("Variants chart"), QStringLiteral("variants"), [this] {
        if (m_variants->count() == 0) {
            return QList<QCustomPlot*>{};
        }
        m_variantComparison->refresh();
        return QList<QCustomPlot*>{m_variantComparison->chart()};
    });
    exports->setGroup(QStringLiteral("sweep"));
    exports->addChartExport(menu, tr("Sweep chart"), QStringLiteral("sweep"), [this] {
        return m_sweep->result() ? QList<QCustomPlot*>{m_sweep->chart()} : QList<QCustomPlot*>{};
    });
    exports->setGroup(QStringLiteral("cost"));
    const auto costChart = [this](auto chart) {
        return [this, chart] {
            return m_cost->results() ? QList<QCustomPlot*>{chart()} : QList<QCustomPlot*>{};
        };
    };
    exports->addChartExport(menu, tr("Cost breakdown chart"), QStringLiteral("cost-breakdown"),
                            costChart([this] { return m_cost->breakdownChart(); }));
    exports->addChartExport(menu, tr("CPU-seconds per machine chart"),
                            QStringLiteral("cost-cpu-per-machine"),
                            costChart([this] { return m_cost->cpuChart(); }));
    exports->addChartExport(
        menu, tr("Cost vs epoch length chart"), QStringLiteral("cost-epoch-sweep"), [this] {
            EpochSweepPanel* sweep = m_cost->sweepPanel();
            return sweep->points().empty() ? QList<QCustomPlot*>{}
                                           : QList<QCustomPlot*>{sweep->chart()};
        });
    exports->setGroup(QStringLiteral("deadlines"));
    for (int chart = 0; chart <= LoadSweepCharts::ChartCount; ++chart) {
        const bool all = chart == LoadSweepCharts::ChartCount;
        const auto which = static_cast<LoadSweepCharts::Chart>(chart);
        exports->addChartExport(
            menu,
            tr("Deadlines: %1").arg(all ? tr("all four charts") : LoadSweepCharts::title(which)),
            all ? QStringLiteral("deadlines") : LoadSweepCharts::fileStem(which),
            [this, chart] { return m_deadlines->exportablePlots(chart); });
    }
    menu->addSeparator();
    // The session's variants side by side: export-all writes them at the top of DIR, beside
    // one folder per variant (studio/VariantExport.h).
    exports->setGroup(QStringLiteral("variants"));
    exports->addCsvExport(menu, tr("Variants table as CSV"), QStringLiteral("variants"), [this] {
        return m_variants->count() > 0 ? m_variantComparison->csv() : QString();
    });
    exports->setGroup(QStringLiteral("workload"));
    exports->addCsvExport(menu, tr("Comparison table as CSV"), QStringLiteral("comparison"),
                          [this] {
                              refreshTab(m_comparison);
                              return m_results ? m_comparison->csv() : QString();
                          });
    exports->addCsvExport(
        menu, tr("Jobs of the selected algorithm as CSV"), QStringLiteral("jobs"),
        [this, timelines] {
            timelines();
            const RunResult* r =
                m_results ? m_results->find(m_gantt->currentAlgorithm().toStdString()) : nullptr;
            return r ? QString::fromStdString(jobTimesCsv(*m_results->workload, *r)) : QString();
        },
        [this, perAlgorithm] {
            return perAlgorithm(QStringLiteral("jobs"), [this](const QString& stem, const QString&,
                                                               const AlgorithmRun& o) {
                return ExportEntry::Item{
                    stem, {}, QString::fromStdString(jobTimesCsv(*m_results->workload, *o.result))};
            });
        });
    exports->setGroup(QStringLiteral("sweep"));
    exports->addCsvExport(menu, tr("Sweep as CSV"), QStringLiteral("sweep"),
                          [this] { return m_sweep->csv(); });
    exports->setGroup(QStringLiteral("cost"));
    exports->addCsvExport(
        menu, tr("Cost results table as CSV"), QStringLiteral("cost-results"),
        [this] { return m_cost->results() ? m_cost->resultsTable()->csv() : QString(); });
    exports->addCsvExport(menu, tr("Epoch sweep as CSV"), QStringLiteral("cost-epoch-sweep"),
                          [this] {
                              EpochSweepPanel* sweep = m_cost->sweepPanel();
                              return sweep->points().empty() ? QString() : sweep->csv();
                          });
    exports->setGroup(QStringLiteral("deadlines"));
    exports->addCsvExport(menu, tr("Deadline sweep points as CSV"), QStringLiteral("deadlines"),
                          [this] { return m_deadlines->csv(); });
}

}  // namespace mr::ui
