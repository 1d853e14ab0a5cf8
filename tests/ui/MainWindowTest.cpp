// The explorer driven as a person would, offscreen: edits change the workload and the results,
// undo restores them, invalid values are refused with a reason, every sample renders, exports
// have the requested size, the Johnson stepper ends on johnson's order, bad files never crash.
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QMessageBox>
#include <QMimeData>
#include <QSignalSpy>
#include <QSvgRenderer>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QUndoStack>
#include <QtTest>

#include "UiTestSupport.h"
#include "app/MainWindow.h"
#include "app/Samples.h"
#include "charts/ChartExport.h"
#include "charts/ComparisonView.h"
#include "charts/GanttPanel.h"
#include "charts/GanttPlot.h"
#include "charts/TaskBarsPlottable.h"
#include "document/JobTableModel.h"
#include "document/WorkloadDocument.h"
#include "io/WorkloadJson.h"
#include "model/InputError.h"
#include "run/RunController.h"
#include "schedulers/Registry.h"
#include "sweep/SweepTab.h"
#include "teach/JohnsonStepper.h"
#include "widgets/AlgorithmList.h"

using namespace mr;
using namespace mr::ui;
using mr::ui::test::results;
using mr::ui::test::sample;

namespace {

double makespanOf(MainWindow& window, const char* id) {
    const RunResult* r = results(window)->find(id);
    return r ? r->sim.makespan : -1.0;
}

// How many pixels of a rendered chart are not (near) white.
int inkedPixels(QCustomPlot* plot) {
    return test::inkedPixels(plot->toPixmap(800, 400).toImage());
}

}  // namespace

class MainWindowTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QCoreApplication::setOrganizationName(QStringLiteral("mrx-tests")); }

    void editingACellChangesTheWorkloadAndTheResults() {
        MainWindow window;
        window.algorithmList()->setChecked({"johnson"});
        QVERIFY(window.openFile(sample("figure4-scenario1.json")));
        QCOMPARE(makespanOf(window, "johnson"), 47.0);

        // J4's map tasks 6 -> 7: Johnson's order stays, the model gives 1,3,7,14,44 for the map
        // ends and 48 for the last reduce; one-wave jobs simulate exactly like the model.
        JobTableModel* model = window.jobModel();
        QVERIFY(model->setData(model->index(3, JobTableModel::MapDuration), QStringLiteral("7")));
        QCOMPARE(window.document()->workload().jobs[3].mapDurations[0], 7.0);
        QCOMPARE(makespanOf(window, "johnson"), 48.0);
        QVERIFY(window.document()->isModified());

        window.document()->undoStack()->undo();
        QCOMPARE(window.document()->workload().jobs[3].mapDurations[0], 6.0);
        QCOMPARE(makespanOf(window, "johnson"), 47.0);
        QVERIFY(!window.document()->isModified());
        window.document()->undoStack()->redo();
        QCOMPARE(makespanOf(window, "johnson"), 48.0);
    }

    void clusterAndStructureEditsUndo() {
        MainWindow window;
        window.algorithmList()->setChecked({"fifo"});
        QVERIFY(window.openFile(sample("two-jobs.json")));
        const Workload before = window.document()->workload();
        window.document()->setCluster({5, 1, 1});  // half the nodes: two waves per stage
        QCOMPARE(makespanOf(window, "fifo"), 84.0);
        window.document()->insertJob(2, Job::uniform("J3", 5, 1, 0, 0), QStringLiteral("Add job"));
        window.document()->removeJob(0);
        QCOMPARE(window.jobModel()->rowCount(), 2);
        QUndoStack* undo = window.document()->undoStack();
        while (undo->canUndo()) {
            undo->undo();
        }
        QVERIFY(window.document()->workload() == before);
        QCOMPARE(makespanOf(window, "fifo"), 42.0);
    }

    void draggingARowMakesTheManualOrder() {
        MainWindow window;
        window.algorithmList()->setChecked({"manual"});
        QVERIFY(window.openFile(sample("two-jobs.json")));
        QCOMPARE(makespanOf(window, "manual"), 42.0);  // table order J1, J2
        JobTableModel* model = window.jobModel();
        QMimeData* data = model->mimeData({model->index(0, 0)});
        model->dropMimeData(data, Qt::MoveAction, 2, 0, {});  // J1 below J2
        delete data;
        QCOMPARE(QString::fromStdString(window.document()->workload().jobs[0].name),
                 QStringLiteral("J2"));
        QCOMPARE(window.document()->workload().manualOrder, (std::vector<std::string>{"J2", "J1"}));
        QCOMPARE(makespanOf(window, "manual"), 24.0);
        window.document()->undoStack()->undo();
        QCOMPARE(QString::fromStdString(window.document()->workload().jobs[0].name),
                 QStringLiteral("J1"));
        QCOMPARE(makespanOf(window, "manual"), 42.0);
    }

    void invalidValuesAreRefusedWithTheReason_data() {
        QTest::addColumn<int>("row");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("reason");
        QTest::newRow("no map task") << 0 << int(JobTableModel::Maps) << "0"
                                     << "between 1";
        QTest::newRow("not a count") << 0 << int(JobTableModel::Reduces) << "lots"
                                     << "not a whole number";
        QTest::newRow("fractional count") << 0 << int(JobTableModel::Maps) << "2.5"
                                          << "not a whole number";
        QTest::newRow("negative duration") << 1 << int(JobTableModel::MapDuration) << "-1"
                                           << "must not be negative";
        QTest::newRow("not a number") << 1 << int(JobTableModel::ReduceDuration) << "fast"
                                      << "not a number";
        QTest::newRow("infinite") << 1 << int(JobTableModel::ReduceDuration) << "inf"
                                  << "not a number";
        // Finite, but more than a workload file may hold (model/Limits.h): the table took it
        // once, and Save then refused the workload.
        QTest::newRow("huge map time") << 0 << int(JobTableModel::MapDuration) << "1e30"
                                       << "more than the 1000000000000 s a workload file may hold";
        QTest::newRow("huge arrival") << 1 << int(JobTableModel::Arrival) << "2e12"
                                      << "may hold";
        QTest::newRow("huge deadline") << 1 << int(JobTableModel::Deadline) << "1e13"
                                       << "may hold";
        QTest::newRow("duplicate name") << 1 << int(JobTableModel::Name) << "J1"
                                        << "duplicate";
        QTest::newRow("empty name") << 1 << int(JobTableModel::Name) << ""
                                    << "needs a name";
        QTest::newRow("zero deadline") << 0 << int(JobTableModel::Deadline) << "0"
                                       << "greater than 0";
        QTest::newRow("negative arrival") << 0 << int(JobTableModel::Arrival) << "-3"
                                          << "must not be negative";
    }

    void invalidValuesAreRefusedWithTheReason() {
        QFETCH(int, row);
        QFETCH(int, column);
        QFETCH(QString, text);
        QFETCH(QString, reason);
        MainWindow window;
        QVERIFY(window.openFile(sample("two-jobs.json")));
        const Workload before = window.document()->workload();
        JobTableModel* model = window.jobModel();
        QSignalSpy rejected(model, &JobTableModel::editRejected);
        QVERIFY(!model->setData(model->index(row, column), text));
        QVERIFY(window.document()->workload() == before);
        QVERIFY2(model->cellError(row, column).contains(reason),
                 qPrintable(model->cellError(row, column)));
        QCOMPARE(rejected.count(), 1);
        QVERIFY(rejected.front().front().toString().contains(reason));
        QCOMPARE(model->data(model->index(row, column), Qt::DisplayRole).toString(),
                 text);  // stays visible
        QVERIFY(
            model->data(model->index(row, column), Qt::ToolTipRole).toString().contains(reason));
        QVERIFY(!window.document()->isModified());
        // A valid value clears the mark.
        const QString valid = model->data(model->index(row, column), Qt::EditRole).toString();
        model->setData(model->index(row, column), column == JobTableModel::Name
                                                      ? QStringLiteral("Fresh")
                                                      : QStringLiteral("3"));
        QVERIFY(model->cellError(row, column).isEmpty());
        Q_UNUSED(valid);
    }

    void everySampleRendersNonEmptyCharts_data() {
        QTest::addColumn<QString>("path");
        for (const QString& path : sampleFiles()) {
            QTest::newRow(qPrintable(QFileInfo(path).fileName())) << path;
        }
    }

    void everySampleRendersNonEmptyCharts() {
        QFETCH(QString, path);
        MainWindow window;
        window.resize(1400, 900);
        window.algorithmList()->setChecked({"fifo", "johnson", "reverse-johnson"});
        QVERIFY(window.openFile(path));
        const auto set = results(window);
        QVERIFY(set);
        const long long tasks = set->workload->taskCount();
        const QList<GanttPlot*> plots = window.ganttPanel()->plots();
        // A workload with deadlines also gets min-edf-wc checked.
        QCOMPARE(plots.size(), window.algorithmList()->checkedIds().size());
        for (const QString& id : window.algorithmList()->checkedIds()) {
            GanttPlot* plot = window.ganttPanel()->plot(id);
            QVERIFY(plot);
            // Every task once, plus the executions a deadline scheduler killed (min-edf-wc).
            const RunResult* r = set->find(id.toStdString());
            QVERIFY(r);
            long long killed = 0;  // a killed record may be a wave of several tasks
            for (const TaskRecord& t : r->sim.tasks) {
                killed += t.killed ? t.count : 0;
            }
            QCOMPARE(static_cast<long long>(plot->taskCount()), tasks + killed);
            QVERIFY(plot->makespan() > 0);
            QVERIFY(inkedPixels(plot) > 500);
        }
        QVERIFY(window.showTab(QStringLiteral("comparison")));  // tabs redraw when shown
        QCOMPARE(window.pages().comparison()->view()->table()->rowCount(), plots.size());
        QVERIFY(inkedPixels(window.pages().comparison()->view()->chart()) > 500);
    }

    void exportsHaveTheRequestedSize_data() {
        QTest::addColumn<QString>("suffix");
        QTest::newRow("png") << "png";
        QTest::newRow("svg") << "svg";
        QTest::newRow("pdf") << "pdf";
    }

    void exportsHaveTheRequestedSize() {
        QFETCH(QString, suffix);
        MainWindow window;
        window.algorithmList()->setChecked({"johnson"});
        QVERIFY(window.openFile(sample("figure4-scenario2.json")));
        results(window);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("chart.") + suffix);
        exportChart(window.ganttPanel()->currentPlot(), path, QSize(1200, 640));
        test::verifyExportedSize(path, suffix, QSize(1200, 640));     // PDF: 900 x 480 points
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 1);  // no temporary left behind
        QVERIFY_THROWS_EXCEPTION(
            InputError, exportChart(window.ganttPanel()->currentPlot(), dir.filePath("chart.bmp"),
                                    QSize(100, 100)));
    }

    void johnsonStepperEndsOnJohnsonsOrder_data() {
        QTest::addColumn<QString>("path");
        for (const QString& path : sampleFiles()) {
            QTest::newRow(qPrintable(QFileInfo(path).fileName())) << path;
        }
    }

    void johnsonStepperEndsOnJohnsonsOrder() {
        QFETCH(QString, path);
        MainWindow window;
        QVERIFY(window.openFile(path));
        QVERIFY(window.showTab(QStringLiteral("johnson")));
        results(window);
        JohnsonStepper* stepper = window.teachTab()->johnson();
        QCOMPARE(stepper->stepCount(), window.document()->workload().jobCount());
        stepper->setStep(1);
        QVERIFY(
            stepper->explanation().contains(QStringLiteral("is the smallest remaining duration")));
        stepper->setStep(stepper->stepCount());
        QVERIFY(stepper->explanation().contains(QStringLiteral("Done")));
        QCOMPARE(stepper->finalOrder(),
                 runAlgorithm(window.document()->workload(), "johnson", {}).order);
    }

    void johnsonStepperSaysWhy() {
        MainWindow window;
        QVERIFY(window.openFile(sample("figure4-scenario1.json")));
        QVERIFY(window.showTab(QStringLiteral("johnson")));
        results(window);
        JohnsonStepper* stepper = window.teachTab()->johnson();
        stepper->setStep(1);
        // [Verma12]: J2 = (1, 4) is placed first, at the head.
        QVERIFY2(stepper->explanation().contains(
                     QStringLiteral("<b>J2</b>'s map stage, <b>1</b>, is the smallest remaining "
                                    "duration, so J2 goes to the <b>head</b>")),
                 qPrintable(stepper->explanation()));
        stepper->setStep(4);  // J3 = (30, 4): its reduce stage sends it to the tail
        QVERIFY(stepper->explanation().contains(QStringLiteral("<b>J3</b>'s reduce stage")));
        QVERIFY(stepper->explanation().contains(QStringLiteral("<b>tail</b>")));
    }

    // A document with unsaved edits says nothing while it is destroyed (its
    // undo stack would report "clean" from a half-destroyed document into a half-destroyed
    // window: UBSan's bad downcast in ~MainWindow). The window with edits closes quietly too.
    void aModifiedDocumentSaysNothingWhileDestroyed() {
        QObject listener;
        QList<bool> heard;
        auto* doc = new WorkloadDocument;
        connect(doc, &WorkloadDocument::modifiedChanged, &listener,
                [&heard](bool modified) { heard << modified; });
        doc->removeJob(0);
        QCOMPARE(heard, QList<bool>{true});
        delete doc;
        QCOMPARE(heard, QList<bool>{true});  // no "unmodified" from the stack's destructor

        auto* window = new MainWindow;
        window->document()->removeJob(0);
        QVERIFY(window->isWindowModified());
        QSignalSpy gone(window, &QObject::destroyed);
        delete window;
        QCOMPARE(gone.count(), 1);
    }

    void aBadFileShowsAMessageAndKeepsTheWorkload() {
        MainWindow window;
        QVERIFY(window.openFile(sample("two-jobs.json")));
        const Workload before = window.document()->workload();
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("bad.json"));
        QFile bad(path);
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write(
            R"({"format": "mrx-workload", "version": 1, "cluster": {"nodes": 2, "map_slots_per_node": 1, "reduce_slots_per_node": 1}, "jobs": [{"name": "J9", "maps": 2, "map_duration": -4}]})");
        bad.close();
        const QString shown = test::messageOf([&] { QVERIFY(!window.openFile(path)); });
        QVERIFY2(shown.contains(QStringLiteral("job 'J9': field 'map_duration'")),
                 qPrintable(shown));
        QVERIFY(window.document()->workload() == before);
    }

    void sweepTabMatchesTheCoreSweepAndCanBeCancelled() {
        MainWindow window;
        window.algorithmList()->setChecked({"fifo", "johnson"});
        QVERIFY(window.openFile(sample("two-jobs.json")));
        QVERIFY(window.showTab(QStringLiteral("sweep")));
        results(window);
        SweepTab* sweep = window.pages().sweep()->sweep();
        sweep->setNodeRange(QStringLiteral("5:10:5"));
        QSignalSpy finished(sweep, &SweepTab::finished);
        sweep->start();
        QVERIFY(finished.wait(20000));
        QVERIFY(sweep->result().has_value());
        // The two jobs each have 10 map and 10 reduce tasks: on 10 nodes fifo takes 42 and
        // johnson 24 ([Verma12] Fig. 3); on 5 nodes every stage takes two waves: 84 and 48.
        const SweepResult& r = *sweep->result();
        QCOMPARE(r.nodes, (std::vector<int>{5, 10}));
        QCOMPARE(r.series[0].name, std::string("fifo"));
        QCOMPARE(r.series[0].points[0].mean, 84.0);
        QCOMPARE(r.series[0].points[1].mean, 42.0);
        QCOMPARE(r.series[1].points[0].mean, 48.0);
        QCOMPARE(r.series[1].points[1].mean, 24.0);
        // Two algorithms + the formula's Min and Max + the lower bound, which on 10 nodes equals
        // Johnson's 24: Johnson's order is optimal there.
        QCOMPARE(sweep->chart()->graphCount(), 5);
        QCOMPARE(r.series[4].name, std::string(kLowerBound));
        QCOMPARE(r.series[4].points[1].mean, 24.0);
        QVERIFY(sweep->csv().startsWith(QStringLiteral("nodes,series,kind,runs,mean")));

        // A long generated sweep, cancelled at once: it says how many of its points it has; with
        // none the previous result stays, else the chart keeps those (partial).
        sweep->useGenerated(QStringLiteral("yahoo-unimodal"), 100, 20, 1);
        sweep->setNodeRange(QStringLiteral("10:400:10"));
        sweep->start();
        QVERIFY(sweep->isRunning());
        sweep->cancel();
        QVERIFY(finished.wait(60000));
        const std::size_t done = sweep->pointsDone();
        QCOMPARE(sweep->pointsTotal(), std::size_t{20 * 40 * 3});  // runs × sizes × (2 + formula)
        QVERIFY(done < sweep->pointsTotal());
        QVERIFY2(sweep->status().contains(QStringLiteral("cancelled, %1 of 2400 points").arg(done)),
                 qPrintable(sweep->status()));
        QCOMPARE(sweep->result()->nodes.size(), done == 0 ? std::size_t{2} : std::size_t{40});
    }
};

QTEST_MAIN(MainWindowTest)
#include "MainWindowTest.moc"
