// File > Open sweep results…: the points of a sweep written as a sharded run writes
// them, some left out, open in the tab of their command — Sweep, Deadlines, the Cost tab's epoch
// sweep — with the core's numbers where points are present and gaps (NaN, not drawn) where they
// are missing; the status line counts them; a cluster-size cost sweep opens in the Cost tab too;
// a file that is not sweep results is refused with a message naming the file; the window has
// the menu entry.
#include <qcustomplot.h>
#include <QAction>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>
#include <limits>
#include <mutex>
#include <optional>
#include <set>

#include "UiTestSupport.h"
#include "app/MainWindow.h"
#include "cost/CostModelJson.h"
#include "cost/CostSweepsFormat.h"
#include "costtab/ClusterSizeSweepPanel.h"
#include "costtab/CostTab.h"
#include "costtab/EpochSweepPanel.h"
#include "deadlines/DeadlinesTab.h"
#include "deadlines/LoadSweepCharts.h"
#include "io/FaultSweepFormat.h"
#include "io/LoadSweepFormat.h"
#include "io/SweepFormat.h"
#include "io/SweepParts.h"
#include "io/WorkloadJson.h"
#include "sweep/FaultSweepTab.h"
#include "sweep/SweepResultsOpener.h"
#include "sweep/SweepTab.h"

namespace mr::ui {
namespace {

// The graph's value at `key` (NaN when the graph has the key with no value; -1 when no key).
double valueAt(const QCPGraph* graph, double key) {
    for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it) {
        if (it->key == key) {
            return it->value;
        }
    }
    return -1.0;
}

QCPGraph* graphNamed(QCustomPlot* plot, const QString& name) {
    for (int i = 0; i < plot->graphCount(); ++i) {
        if (plot->graph(i)->name() == name) {
            return plot->graph(i);
        }
    }
    return nullptr;
}

// Writes `header` and the lines of the points not in `skip` into `path`.
template <class Fields>
void writePart(const QString& path, const SweepHeader& header, std::size_t points,
               const std::set<std::size_t>& skip, const Fields& fields) {
    PartWriter writer(path.toStdString(), false);
    writer.write(headerLine(header));
    for (std::size_t i = 0; i < points; ++i) {
        if (!skip.contains(i)) {
            writer.write(pointLine(header, i, fields(i)));
        }
    }
}

struct Tabs {
    SweepTab sweep;
    FaultSweepTab faults;
    DeadlinesTab deadlines;
    CostTab cost;
    QWidget* shown = nullptr;
    SweepResultsOpener opener{&sweep, &faults, &deadlines, &cost, [this](QWidget* t) { shown = t; },
                              nullptr};
};

}  // namespace

class SweepResultsTest : public QObject {
    Q_OBJECT

private slots:
    void aPartialClusterSizeSweepOpensWithGaps() {
        QTemporaryDir dir;
        SweepDefinition sweep;
        sweep.spec.nodes = {10, 20, 30};
        sweep.spec.algorithms = {"johnson", "balanced-pools"};
        sweep.workload = "Figure 4, scenario 2";
        sweep.source = {{"contents", "test"}};
        const Workload w = loadWorkload(test::sample("figure4-scenario2.json").toStdString());
        const auto source = [&w](int) { return w; };
        const SweepResult full = runSweep(source, sweep.spec);
        const std::size_t points = sweepPointCount(sweep.spec);  // 3 sizes × 3 slots
        SweepValues values(points);
        std::vector<std::size_t> all(points);
        for (std::size_t i = 0; i < points; ++i) {
            all[i] = i;
        }
        std::mutex mutex;
        runSweepPoints(source, sweep.spec, all, [&](std::size_t i, const SweepPointValue& v) {
            const std::lock_guard lock(mutex);
            values[i] = v;
        });
        const SweepHeader header =
            makeSweepHeader("sweep", sweepDefinitionJson(sweep), points, kSweepOrder, "test");
        // Two parts; balanced-pools at 20 nodes (index 4) is missing.
        const auto fields = [&](std::size_t i) { return sweepPointFields(sweep, i, &*values[i]); };
        writePart(dir.filePath("a.jsonl"), header, 4, {}, fields);
        PartWriter rest(dir.filePath("b.jsonl").toStdString(), false);
        rest.write(headerLine(header));
        for (std::size_t i = 5; i < points; ++i) {
            rest.write(pointLine(header, i, fields(i)));
        }

        Tabs tabs;
        tabs.sweep.setAlgorithms({QStringLiteral("hscheduler")});
        QVERIFY(!tabs.sweep.chart()->legend->visible());  // nothing drawn: no empty legend box
        QSignalSpy opened(&tabs.opener, &SweepResultsOpener::opened);
        tabs.opener.open({dir.filePath("a.jsonl"), dir.filePath("b.jsonl")});
        tabs.opener.waitForIdle();
        QCOMPARE(opened.count(), 1);
        QCOMPARE(tabs.shown, &tabs.sweep);
        // The note names the file's algorithms, not the checked one.
        QVERIFY2(tabs.sweep.algorithmsNote().startsWith(
                     QStringLiteral("Shows the algorithms of the file opened: johnson, "
                                    "balanced-pools")),
                 qPrintable(tabs.sweep.algorithmsNote()));
        QVERIFY2(tabs.sweep.status().contains(
                     QStringLiteral("8 of 9 points; 1 missing, shown as gaps: 4.")),
                 qPrintable(tabs.sweep.status()));
        const SweepResult& shown = *tabs.sweep.result();
        QCOMPARE(shown.workload, full.workload);
        QVERIFY(tabs.sweep.chart()->legend->visible());
        QCPGraph* pools = graphNamed(tabs.sweep.chart(), QStringLiteral("balanced-pools"));
        QVERIFY(pools);
        QCOMPARE(valueAt(pools, 10), full.series[1].points[0].mean);
        QVERIFY(std::isnan(valueAt(pools, 20)));  // the gap
        QCOMPARE(valueAt(pools, 30), 40.0);       // [Verma12]: BalancedPools 40 on 30 nodes
        QCPGraph* johnson = graphNamed(tabs.sweep.chart(), QStringLiteral("johnson"));
        QCOMPARE(valueAt(johnson, 20), full.series[0].points[1].mean);
        QCOMPARE(tabs.sweep.csv(), QString::fromStdString(sweepCsv(shown)));
    }

    void aPartialLoadSweepOpensInTheDeadlinesTab() {
        QTemporaryDir dir;
        LoadSweepOptions o;
        o.kind = "facebook-1000";
        o.jobs = 20;
        o.nodes = 8;
        o.seed = 5;
        o.runs = 2;
        o.interarrivals = {50, 150, 250};
        o.algorithms = {"edf", "min-edf-wc"};
        const std::size_t points = loadSweepPointCount(o);  // 12
        LoadSweepValues values(points);
        std::vector<std::size_t> all(points);
        for (std::size_t i = 0; i < points; ++i) {
            all[i] = i;
        }
        std::mutex mutex;
        runLoadSweepPoints(o, all, [&](std::size_t i, const DeadlineMetrics& m) {
            const std::lock_guard lock(mutex);
            values[i] = m;
        });
        const SweepHeader header = makeSweepHeader("sweep-load", loadSweepDefinitionJson(o), points,
                                                   kLoadSweepOrder, "test");
        // edf at 150 s is missing in both runs (indices 2 and 8); min-edf-wc at 50 s in run 1.
        writePart(dir.filePath("load.jsonl"), header, points, {2, 8, 7},
                  [&](std::size_t i) { return loadPointFields(o, i, &*values[i]); });

        Tabs tabs;
        tabs.opener.open({dir.filePath("load.jsonl")});
        tabs.opener.waitForIdle();
        QCOMPARE(tabs.shown, &tabs.deadlines);
        QVERIFY2(tabs.deadlines.statusText().contains(QStringLiteral("9 of 12 points")),
                 qPrintable(tabs.deadlines.statusText()));
        const LoadSweepResult& r = *tabs.deadlines.result();
        QCOMPARE(r.points[2].runs, 0);  // edf at 150 s
        QCOMPARE(r.points[1].runs, 1);  // min-edf-wc at 50 s: run 0 only
        QCOMPARE(r.points[1].avgCompletionTime, values[1]->avgCompletionTime);
        QCOMPARE(r.points[0].avgCompletionTime,
                 (values[0]->avgCompletionTime + values[6]->avgCompletionTime) / 2);
        QCPGraph* edf = tabs.deadlines.charts()->graph(LoadSweepCharts::Completion, "edf");
        QVERIFY(std::isnan(valueAt(edf, 150)));  // a gap, not a point
        QCOMPARE(valueAt(edf, 50), r.points[0].avgCompletionTime);
        QCOMPARE(tabs.deadlines.options().runs, 2);  // the file's options in the controls
    }

    // A fault sweep's parts open in the Sweep tab's fault mode: a probability's statistics over
    // the runs present, one without runs a gap (NaN).
    void aPartialFaultSweepOpensInTheFaultMode() {
        QTemporaryDir dir;
        Workload w = loadWorkload(test::sample("figure4-scenario2.json").toStdString());
        FaultSweepOptions o;
        o.values = {0.0, 0.05};
        o.runs = 2;
        o.algorithms = {"johnson", "fifo"};
        const std::size_t points = faultSweepPointCount(o);  // 8
        FaultSweepValues values(points);
        std::mutex mutex;
        std::vector<std::size_t> all(points);
        for (std::size_t i = 0; i < points; ++i) {
            all[i] = i;
        }
        runFaultSweepPoints(w, o, all, [&](std::size_t i, const FaultPointValue& v) {
            const std::lock_guard lock(mutex);
            values[i] = v;
        });
        const SweepHeader header = makeSweepHeader("sweep-faults", faultSweepDefinitionJson(o, w),
                                                   points, kFaultSweepOrder, "test");
        // fifo at 0.05 is missing in both runs (indices 3 and 7); johnson at 0 in run 1 (4).
        writePart(dir.filePath("faults.jsonl"), header, points, {3, 7, 4},
                  [&](std::size_t i) { return faultPointFields(o, i, &*values[i]); });
        Tabs tabs;
        QSignalSpy shown(&tabs.faults, &FaultSweepTab::resultShown);
        tabs.opener.open({dir.filePath("faults.jsonl")});
        tabs.opener.waitForIdle();
        QCOMPARE(tabs.shown, &tabs.faults);
        QCOMPARE(shown.count(), 1);
        QVERIFY2(tabs.faults.status().contains(QStringLiteral("5 of 8 points")),
                 qPrintable(tabs.faults.status()));
        const FaultSweepResult& r = *tabs.faults.result();
        QCOMPARE(r.points[0].runs, 1);  // johnson at 0: run 0 only
        QCOMPARE(r.points[0].makespanMean, 47.0);
        QCOMPARE(r.points[3].runs, 0);  // fifo at 0.05: a gap
        QVERIFY(std::isnan(r.points[3].makespanMean));
        QCOMPARE(r.points[2].makespanMean, (values[2]->makespan + values[6]->makespan) / 2);
    }

    void aPartialEpochSweepOpensInTheCostTab() {
        QTemporaryDir dir;
        cost::EpochSweepDefinition sweep;
        sweep.model =
            cost::loadCostModel(test::sample("lips-ec2-20-c1medium50.json").toStdString());
        sweep.epochs = {400, 800, 1200};
        const auto results = cost::sweepEpochs(sweep.model, sweep.epochs, sweep.options);
        const SweepHeader header = makeSweepHeader(
            "cost-sweep", cost::epochSweepDefinitionJson(sweep), 3, cost::kEpochSweepOrder, "t");
        writePart(dir.filePath("epochs.jsonl"), header, 3, {1}, [&](std::size_t i) {
            return cost::epochPointFields(sweep, i, &results[i].result);
        });

        Tabs tabs;
        tabs.opener.open({dir.filePath("epochs.jsonl")});
        tabs.opener.waitForIdle();
        QCOMPARE(tabs.shown, &tabs.cost);
        EpochSweepPanel* panel = tabs.cost.sweepPanel();
        QVERIFY2(panel->status().contains(QStringLiteral("2 of 3 points; 1 missing")),
                 qPrintable(panel->status()));
        QCOMPARE(valueAt(panel->costGraph(), 400), results[0].result.cost.total());
        QVERIFY(std::isnan(valueAt(panel->costGraph(), 800)));
        QCOMPARE(valueAt(panel->makespanGraph(), 1200), results[2].result.makespanS);
    }

    void otherFilesAreRefusedWithTheirName() {
        QTemporaryDir dir;
        Tabs tabs;
        QSignalSpy failed(&tabs.opener, &SweepResultsOpener::failed);
        tabs.opener.open({test::sample("figure4-scenario1.json")});
        tabs.opener.waitForIdle();
        QCOMPARE(failed.count(), 1);
        QVERIFY2(failed.last().at(0).toString().contains(QStringLiteral("figure4-scenario1.json")),
                 qPrintable(failed.last().at(0).toString()));
        QCOMPARE(tabs.shown, nullptr);
    }

    // cost-sweep --machines ([Ehsan13] Fig. 5) opens in the Cost tab's cluster-size view like the
    // other sweeps: the core's means where a size has runs, a gap where it has none.
    void aPartialClusterSizeCostSweepOpensInTheCostTab() {
        QTemporaryDir dir;
        cost::ClusterSizeOptions o;
        o.machines = {3, 6, 9};
        o.runs = 2;
        o.jobsPerMachine = 2;
        const cost::CostOptions options;
        const std::size_t points = cost::clusterSizePointCount(o);  // 2 runs x 3 sizes x 2 = 12
        std::vector<std::optional<cost::ClusterPointValue>> values(points);
        std::vector<std::size_t> all(points);
        for (std::size_t i = 0; i < points; ++i) {
            all[i] = i;
        }
        std::mutex mutex;
        cost::runClusterSizePoints(o, options, all,
                                   [&](std::size_t i, const cost::ClusterPointValue& v) {
                                       const std::lock_guard lock(mutex);
                                       values[i] = v;
                                   });
        // Missing: both runs at 6 machines (indices (r * 3 + 1) * 2 + 0/1) and run 1's baseline
        // at 9 machines.
        const std::set<std::size_t> skip{2, 3, 8, 9, 11};
        const SweepHeader header =
            makeSweepHeader("cost-sweep", cost::clusterSizeDefinitionJson(o, options), points,
                            cost::kClusterSizeOrder, "t");
        writePart(dir.filePath("sizes.jsonl"), header, points, skip,
                  [&](std::size_t i) { return cost::clusterPointFields(o, i, &*values[i]); });
        for (std::size_t i : skip) {
            values[i].reset();
        }
        const auto expected = cost::summariseClusterSize(o, values);

        Tabs tabs;
        QSignalSpy failed(&tabs.opener, &SweepResultsOpener::failed);
        tabs.opener.open({dir.filePath("sizes.jsonl")});
        tabs.opener.waitForIdle();
        QCOMPARE(failed.count(), 0);
        QCOMPARE(tabs.shown, &tabs.cost);
        ClusterSizeSweepPanel* panel = tabs.cost.clusterSizePanel();
        QVERIFY2(panel->status().contains(QStringLiteral("7 of 12 points; 5 missing")),
                 qPrintable(panel->status()));
        QVERIFY(expected[0].feasibleRuns > 0);
        QCOMPARE(valueAt(panel->costGraph(), 3), expected[0].meanCost);
        QCOMPARE(valueAt(panel->baselineGraph(), 3), expected[0].meanBaselineCost);
        QCOMPARE(valueAt(panel->reductionGraph(), 3), expected[0].meanReductionPct);
        QVERIFY(std::isnan(valueAt(panel->costGraph(), 6)));  // a gap: no run at 6 machines
        QCOMPARE(expected[2].runs, 1);                        // 9 machines: run 0 only
        QCOMPARE(valueAt(panel->costGraph(), 9), expected[2].feasibleRuns > 0
                                                     ? expected[2].meanCost
                                                     : std::numeric_limits<double>::quiet_NaN());
        QCOMPARE(panel->costGraph()->name(), QStringLiteral("lips-coschedule"));
    }

    // The y axis fits what the algorithms reach: the formula's Max far above them (its waves
    // on a large batch) is clipped at the top and its legend entry says how high it goes; a
    // formula line close to the data stays whole on the chart.
    void theSweepAxisFitsTheDataNotFarFormulaLines_data() {
        QTest::addColumn<double>("formulaMax");
        QTest::addColumn<double>("axisTop");
        QTest::addColumn<bool>("noted");
        // The data reach 100 s (fifo at 10 nodes); the axis has 8 % of room above.
        QTest::newRow("far above: clipped") << 1000.0 << 108.0 << true;
        QTest::newRow("close: on the chart") << 120.0 << 129.6 << false;
    }

    void theSweepAxisFitsTheDataNotFarFormulaLines() {
        QFETCH(double, formulaMax);
        QFETCH(double, axisTop);
        QFETCH(bool, noted);
        const auto series = [](const char* name, bool formula, double at10, double at20) {
            SweepSeries s{name, formula, {}};
            for (double v : {at10, at20}) {
                s.points.push_back({v, v, v, 0.0, {v}});
            }
            return s;
        };
        SweepResult r{"batch", {10, 20}, 1, {}};
        r.series = {series("fifo", false, 100.0, 60.0), series(kFormulaMin, true, 90.0, 50.0),
                    series(kFormulaMax, true, formulaMax, 0.6 * formulaMax),
                    series(kLowerBound, true, 80.0, 40.0)};
        SweepTab tab;
        tab.resize(900, 600);
        tab.showResult(r, QStringLiteral("test"));
        QCOMPARE(tab.chart()->yAxis->range().upper, axisTop);
        const QCPGraph* max = tab.chart()->graph(2);
        QCOMPARE(max->name().contains(
                     QStringLiteral("above the chart, up to %1 s").arg(formulaMax, 0, 'f', 0)),
                 noted);
        QVERIFY(!tab.chart()->graph(1)->name().contains(QStringLiteral("above")));
    }

    void theWindowHasTheMenuEntry() {
        MainWindow window;
        auto* action = window.findChild<QAction*>(QStringLiteral("fileOpenSweepResults"));
        QVERIFY(action);
        QCOMPARE(action->text(), QStringLiteral("Open s&weep results…"));
        QVERIFY(window.findChild<SweepResultsOpener*>());
    }
};

}  // namespace mr::ui

QTEST_MAIN(mr::ui::SweepResultsTest)
#include "SweepResultsTest.moc"
