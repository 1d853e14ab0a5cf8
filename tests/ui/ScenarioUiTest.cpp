// Scenarios in the explorer, offscreen: stopped attempts hatched with their cause in the hover
// text and speculative copies framed, with the legend's key; a down node's slot rows greyed at
// the failure's times; the scenario panel adding, refusing and removing node failures as undoable
// edits that mark the document modified and survive save and reopen; a click on a slot row
// picking a failure; and the variants studio comparing "as planned" with "node 17 dies at 2 h".
#include <QCheckBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>

#include "UiTestSupport.h"
#include "app/FileController.h"
#include "charts/DownWindowsPlottable.h"
#include "charts/GanttPanel.h"
#include "charts/GanttPlot.h"
#include "charts/JobLegend.h"
#include "charts/TaskBarsPlottable.h"
#include "document/WorkloadDocument.h"
#include "experiments/VariantTable.h"
#include "pages/ComparisonPage.h"
#include "schedulers/Registry.h"
#include "studio/VariantComparison.h"
#include "studio/VariantDiffPanel.h"
#include "studio/VariantStore.h"
#include "widgets/AlgorithmList.h"
#include "widgets/CheckedSpinBox.h"
#include "widgets/ScenarioPanel.h"

using namespace mr;
using namespace mr::ui;
using mr::ui::test::results;
using mr::ui::test::sample;

namespace {

constexpr double kNever = std::numeric_limits<double>::infinity();

// ScenarioTest's straggler batch (4 nodes × (1 map + 1 reduce slot), node 3 10× slow, Hadoop's
// speculation): J1's map 3 runs 0–20 on map slot 3 and is killed at 20 by its copy, which runs
// 10–20 on map slot 0.
Workload stragglerBatch() {
    Workload w;
    w.cluster = {4, 1, 1};
    w.jobs = {Job::uniform("J1", 4, 10, 1, 5), Job::uniform("J2", 3, 10, 1, 5)};
    w.scenario.slowNodes = {{3, 10.0}};
    w.scenario.speculation.enabled = true;
    return w;
}

// ScenarioTest's node failure batch: 2 nodes × (1 map + 1 reduce slot), two jobs of 2 maps and
// 2 reduces of 10 s; node 1 fails at 15 and is back at 20.
Workload failureBatch() {
    Workload w;
    w.cluster = {2, 1, 1};
    w.jobs = {Job::uniform("J1", 2, 10, 2, 10), Job::uniform("J2", 2, 10, 2, 10)};
    w.scenario.nodeFailures = {{1, 15.0, 20.0}};
    return w;
}

void show(GanttPlot& plot, const Workload& w) {
    plot.setRun(w, runAlgorithm(w, "fifo", {}), true);
    plot.resize(900, 420);
    plot.show();
    plot.replot(QCustomPlot::rpImmediateRefresh);
}

}  // namespace

class ScenarioUiTest : public QObject {
    Q_OBJECT

private slots:
    void speculativeCopyFramedAndItsLoserHatched() {
        GanttPlot plot;
        show(plot, stragglerBatch());
        TaskBarsPlottable* bars = plot.bars();
        QCOMPARE(bars->lastMode(), TaskBarsPlottable::Mode::Bars);
        const AttemptRects& marks = bars->lastAttemptMarks();
        QCOMPARE(marks.failed.size(), std::size_t{0});
        QCOMPARE(marks.killed.size(), std::size_t{1});
        QCOMPARE(marks.speculative.size(), std::size_t{1});
        // The loser: map slot 3 (row 3), 0–20 s; the copy: map slot 0, 10–20 s.
        const QRectF killed = marks.killed.front();
        const QRectF copy = marks.speculative.front();
        QCOMPARE(std::lround(plot.yAxis->pixelToCoord(killed.center().y())), 3L);
        QCOMPARE(std::lround(plot.yAxis->pixelToCoord(copy.center().y())), 0L);
        QCOMPARE(plot.xAxis->pixelToCoord(killed.right()), 20.0);
        QCOMPARE(plot.xAxis->pixelToCoord(copy.left()), 10.0);
        QVERIFY2(plot.tooltipAt(killed.center()).contains("another attempt finished first"),
                 qPrintable(plot.tooltipAt(killed.center())));
        QVERIFY2(plot.tooltipAt(copy.center()).contains("speculative attempt"),
                 qPrintable(plot.tooltipAt(copy.center())));
        QCOMPARE(plot.legend()->attemptKeyTexts(), (QStringList{"killed", "speculative"}));
        // The hatching is drawn: the killed bar's pixels are not all of one colour.
        const QImage image = plot.toPixmap(900, 420).toImage();
        const QRect inside = killed.toAlignedRect().adjusted(3, 3, -3, -3);
        QSet<QRgb> colours;
        for (int x = inside.left(); x <= inside.right(); ++x) {
            colours.insert(image.pixel(x, inside.center().y()));
        }
        QVERIFY2(colours.size() >= 2, "the killed bar is hatched");
    }

    void failedAttemptCrossHatchedWithItsCause() {
        // One attempt of J1's map 0 fails at 4 s on slot 0 and its retry runs 4–14 on slot 1.
        Workload w;
        w.cluster = {2, 1, 1};
        w.jobs = {Job::uniform("J1", 1, 10, 0, 0)};
        auto run = std::make_shared<RunResult>();
        run->algorithm = "test";
        run->sim.mapSlots = 2;
        run->sim.reduceSlots = 2;
        run->sim.makespan = 14.0;
        run->sim.jobs.resize(1);
        run->sim.tasks = {TaskRecord{0, 0, 0, TaskKind::Map, true, AttemptEnd::Failed, 1, 0, 4},
                          TaskRecord{0, 0, 1, TaskKind::Map, false, AttemptEnd::Killed, 1, 4, 14}};
        GanttPlot plot;
        plot.setRun(w, run, true);
        plot.resize(900, 420);
        plot.show();
        plot.replot(QCustomPlot::rpImmediateRefresh);
        const AttemptRects& marks = plot.bars()->lastAttemptMarks();
        QCOMPARE(marks.failed.size(), std::size_t{1});
        QCOMPARE(marks.killed.size(), std::size_t{0});
        QVERIFY(marks.speculative.empty());  // a retry after the failure is no copy
        QVERIFY(plot.tooltipAt(marks.failed.front().center()).contains("failed attempt"));
        QCOMPARE(plot.legend()->attemptKeyTexts(), QStringList{"failed"});
    }

    void downNodeGreyedFromFailureToRecovery() {
        GanttPlot plot;
        show(plot, failureBatch());
        const DownWindowsPlottable* down = plot.downWindows();
        QCOMPARE(down->windows().size(), std::size_t{2});
        // Map slot 1 is row 1; reduce slot 1 is row 2 (map slots) + 1 (the gap) + 1 = 4.
        const std::array<double, 2> rows = {1.0, 4.0};
        for (std::size_t i = 0; i < 2; ++i) {
            const QRectF r = down->windowRect(down->windows()[i]);
            QCOMPARE(plot.xAxis->pixelToCoord(r.left()), 15.0);
            QCOMPARE(plot.xAxis->pixelToCoord(r.right()), 20.0);
            QCOMPARE(plot.yAxis->pixelToCoord(r.center().y()), rows[i]);
            QCOMPARE(
                std::abs(plot.yAxis->pixelToCoord(r.top()) - plot.yAxis->pixelToCoord(r.bottom())),
                1.0);
            const QString tip = plot.tooltipAt(r.center());
            QVERIFY2(tip.contains("node 1 down") && tip.contains("from 15 s to 20 s"),
                     qPrintable(tip));
        }
        // Greyed where drawn: the window's middle is grey, the idle row beside it white.
        const QImage image = plot.toPixmap(900, 420).toImage();
        const QRectF map = down->windowRect(down->windows()[0]);
        const int grey = qGray(image.pixel(map.center().toPoint()));
        QVERIFY2(grey > 150 && grey < 225, qPrintable(QString::number(grey)));
        QVERIFY(plot.legend()->attemptKeyTexts().contains("node down"));
        const int right = qRound(plot.xAxis->coordToPixel(25.0));
        QVERIFY(qGray(image.pixel(right, qRound(map.center().y()))) != grey);
    }

    void aClickOnASlotRowGivesItsKindSlotAndTime() {
        GanttPlot plot;
        show(plot, failureBatch());
        QSignalSpy spy(&plot, &GanttPlot::slotTimeClicked);
        const QPoint at(qRound(plot.xAxis->coordToPixel(12.0)),
                        qRound(plot.yAxis->coordToPixel(4.0)));  // reduce slot 1
        QTest::mouseClick(&plot, Qt::LeftButton, {}, at);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy[0][0].value<TaskKind>(), TaskKind::Reduce);
        QCOMPARE(spy[0][1].toInt(), 1);
        QVERIFY(std::abs(spy[0][2].toDouble() - 12.0) < 0.2);
    }

    void panelAddsFailureUndoableAndModified() {
        WorkloadDocument doc;
        Workload w = failureBatch();
        w.scenario = {};
        doc.reset(w, QString());
        ScenarioPanel panel(&doc);
        QVERIFY(!doc.isModified());
        QVERIFY(panel.addFailure({1, 15.0, kNever}).isEmpty());
        QCOMPARE(doc.workload().scenario.nodeFailures.size(), std::size_t{1});
        QCOMPARE(doc.workload().scenario.nodeFailures[0], (NodeFailure{1, 15.0, kNever}));
        QVERIFY(doc.isModified());
        QCOMPARE(panel.failureList()->rowCount(), 1);
        QCOMPARE(panel.failureList()->item(0, 2)->text(), QStringLiteral("never"));
        // Overlapping the first (node 1 never comes back): refused with the field, unchanged.
        const QString refused = panel.addFailure({1, 30.0, kNever});
        QVERIFY2(refused.contains("node_failures"), qPrintable(refused));
        QCOMPARE(panel.message(), refused);
        QCOMPARE(doc.workload().scenario.nodeFailures.size(), std::size_t{1});
        doc.undoStack()->undo();
        QVERIFY(doc.workload().scenario.nodeFailures.empty());
        QCOMPARE(panel.failureList()->rowCount(), 0);
        QVERIFY(!doc.isModified());
        doc.undoStack()->redo();
        QCOMPARE(doc.workload().scenario.nodeFailures.size(), std::size_t{1});
        panel.removeFailures({0});
        QVERIFY(doc.workload().scenario.nodeFailures.empty());
    }

    // The form opens on "back at: never": its defaults add a failure, never a refusal of a
    // recovery at the failure's own time.
    void panelFormDefaultsAddAFailureForGood() {
        WorkloadDocument doc;
        Workload w = failureBatch();
        w.scenario = {};
        doc.reset(w, QString());
        ScenarioPanel panel(&doc);
        QPushButton* add = nullptr;
        for (QPushButton* button : panel.findChildren<QPushButton*>()) {
            if (button->text() == QStringLiteral("Add failure")) {
                add = button;
            }
        }
        QVERIFY(add != nullptr);
        add->click();
        QVERIFY2(panel.message().isEmpty(), qPrintable(panel.message()));
        QCOMPARE(doc.workload().scenario.nodeFailures,
                 (std::vector<NodeFailure>{{0, 0.0, kNever}}));
        QCOMPARE(panel.failureList()->item(0, 2)->text(), QStringLiteral("never"));
    }

    void panelPicksTheClickedSlotsNode() {
        WorkloadDocument doc;
        Workload w;
        w.cluster = {20, 2, 1};
        w.jobs = {Job::uniform("J1", 40, 600, 20, 900)};
        doc.reset(w, QString());
        ScenarioPanel panel(&doc);
        QVERIFY(!panel.pickAt(TaskKind::Map, 35, 7203.6));  // not picking: nothing happens
        QVERIFY(doc.workload().scenario.empty());
        panel.setPicking(true);
        QVERIFY(panel.pickAt(TaskKind::Map, 35, 7203.6));  // map slot 35: node 17 (2 per node)
        QVERIFY(!panel.isPicking());
        QCOMPARE(doc.workload().scenario.nodeFailures,
                 (std::vector<NodeFailure>{{17, 7204.0, kNever}}));
        QCOMPARE(doc.undoStack()->undoText(), QStringLiteral("Add failure of node 17 at 7204 s"));
    }

    void panelFieldsEditAndRefuse() {
        WorkloadDocument doc;
        doc.reset(failureBatch(), QString());
        ScenarioPanel panel(&doc);
        panel.failureProbabilityBox()->setValue(0.01);
        QCOMPARE(doc.workload().scenario.failureProbability, 0.01);
        panel.speculationBox()->setChecked(true);
        QVERIFY(doc.workload().scenario.speculation.enabled);
        QCOMPARE(doc.undoStack()->count(), 2);
        panel.failureProbabilityBox()->setValue(1.0);  // every attempt would fail
        QVERIFY2(panel.message().contains("failure_probability"), qPrintable(panel.message()));
        QCOMPARE(doc.workload().scenario.failureProbability, 0.01);
        QCOMPARE(panel.failureProbabilityBox()->value(), 0.01);
        QCOMPARE(doc.undoStack()->count(), 2);
    }

    // The boxes show 4 decimals; a file's 0.00005 is kept through an edit of another field.
    void panelKeepsTheFilesFinerValues() {
        WorkloadDocument doc;
        Workload w = failureBatch();
        w.scenario.failureProbability = 0.00005;
        doc.reset(w, QString());
        ScenarioPanel panel(&doc);
        panel.speculationBox()->setChecked(true);
        QVERIFY(doc.workload().scenario.speculation.enabled);
        QCOMPARE(doc.workload().scenario.failureProbability, 0.00005);
    }

    void scenarioSurvivesSaveAndReopen() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("failing.json"));
        WorkloadDocument doc;
        Workload w = failureBatch();
        w.scenario = {};
        doc.reset(w, QString());
        ScenarioPanel panel(&doc);
        QVERIFY(panel.addFailure({1, 15.0, 20.0}).isEmpty());
        panel.stragglerProbabilityBox()->setValue(0.05);
        panel.speculationBox()->setChecked(true);
        doc.saveAs(path);
        QVERIFY(!doc.isModified());
        WorkloadDocument reopened;
        reopened.open(path);
        QCOMPARE(reopened.workload().scenario, doc.workload().scenario);
        QCOMPARE(reopened.workload().scenario.nodeFailures,
                 (std::vector<NodeFailure>{{1, 15.0, 20.0}}));
        QCOMPARE(reopened.workload().scenario.stragglerProbability, 0.05);
    }

    // In the window: Pick on the timeline, then a click on a timeline's slot row adds the
    // failure of its node there, and the run that follows greys that node's rows.
    void windowPicksAFailureOnTheTimeline() {
        MainWindow window;
        window.fileController()->setInteractive(false);
        window.resize(1280, 800);
        window.algorithmList()->setChecked({"fifo"});
        QVERIFY(window.openFile(sample("figure4-scenario2.json"), true));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        results(window);
        QCoreApplication::processEvents();
        GanttPlot* plot = window.ganttPanel()->plot(QStringLiteral("fifo"));
        QVERIFY(plot);
        plot->replot(QCustomPlot::rpImmediateRefresh);
        window.scenarioPanel()->setPicking(true);
        const QPoint at(qRound(plot->xAxis->coordToPixel(10.0)),
                        qRound(plot->yAxis->coordToPixel(5.0)));  // map slot 5: node 5
        QTest::mouseClick(plot, Qt::LeftButton, {}, at);
        QCOMPARE(window.document()->workload().scenario.nodeFailures,
                 (std::vector<NodeFailure>{{5, 10.0, kNever}}));
        QVERIFY(window.document()->isModified());
        results(window);
        QCoreApplication::processEvents();
        plot = window.ganttPanel()->plot(QStringLiteral("fifo"));
        QCOMPARE(plot->downWindows()->windows().size(), std::size_t{2});
        QCOMPARE(plot->downWindows()->windows()[0].from, 10.0);
        QCOMPARE(plot->downWindows()->windows()[0].firstSlot, 5);
    }

    // The sample session: "as planned" and "node 17 dies at 2 h" differ by the failure alone,
    // and each algorithm's delta is the failure's cost (mrsim compare: fifo 14400 → 15600,
    // johnson 12600 → 15900; the failure turns johnson's lead into a loss).
    void variantsCompareAsPlannedWithANodeFailure() {
        MainWindow window;
        window.fileController()->setInteractive(false);
        QVERIFY(window.openFile(sample("node-failure.mrxs")));
        results(window);
        VariantStore* store = window.variants();
        QCOMPARE(store->count(), 2);
        for (int i = 0; i < store->count(); ++i) {
            store->runController(i)->waitForLatest();
        }
        QCoreApplication::processEvents();
        const std::map<std::string, std::pair<double, double>> expected = {
            {"fifo", {15600.0, 1200.0}}, {"johnson", {15900.0, 3300.0}}};
        int checked = 0;
        for (const VariantRow& row : window.pages().comparison()->variantComparison()->rows()) {
            if (row.variant != "node 17 dies at 2 h") {
                continue;
            }
            const auto& [makespan, delta] = expected.at(row.algorithm);
            QCOMPARE(*row.makespan, makespan);
            QCOMPARE(*row.delta, delta);
            ++checked;
        }
        QCOMPARE(checked, 2);
        VariantDiffPanel* diff = window.pages().comparison()->variantDiff();
        QVERIFY(diff->compare("as planned", "node 17 dies at 2 h", "fifo"));
        QCOMPARE(diff->changeLines(),
                 QStringList{"scenario.node_failures: none → node 17 at 7200 s (never back)"});
    }
};

QTEST_MAIN(ScenarioUiTest)
#include "ScenarioUiTest.moc"
