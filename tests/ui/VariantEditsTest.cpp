// The variants are edits like the workload's, through
// the real window offscreen:
//  * Edit > Undo / Redo (Ctrl+Z / Ctrl+Y) take back keeping, renaming, removing a variant and
//    choosing the reference, in the order they were made among the workload's own edits;
//  * variants changed since the session was last saved count as unsaved: every way of leaving
//    (New, Open, Recent, Samples, drop, close, quit) asks Save / Discard / Cancel once; Cancel
//    keeps them, Discard leaves them; after a session save nothing is asked;
//  * the Timeline shows one algorithm across the variants on one time axis;
//  * the diff panel lists the right jobs (added, removed, edited), the cluster's change (node
//    classes by name), and each job's completion before and after under the chosen algorithm.
#include <QMimeData>
#include <QSettings>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "DialogDriver.h"
#include "UiTestSupport.h"
#include "app/FileController.h"
#include "charts/GanttPanel.h"
#include "charts/GanttPlot.h"
#include "document/JobTableModel.h"
#include "document/UndoHistory.h"
#include "document/WorkloadDocument.h"
#include "experiments/DeadlineMetrics.h"
#include "schedulers/Registry.h"
#include "studio/SessionController.h"
#include "studio/VariantComparison.h"
#include "studio/VariantDiffPanel.h"
#include "studio/VariantStore.h"
#include "studio/VariantTimelines.h"
#include "widgets/AlgorithmList.h"

using namespace mr;
using namespace mr::ui;
using mr::ui::test::DialogDriver;
using mr::ui::test::results;
using mr::ui::test::sample;

namespace {

QAction* action(MainWindow& window, const char* name) {
    auto* found = window.findChild<QAction*>(QLatin1String(name));
    if (found == nullptr) {
        qFatal("no action %s", name);
    }
    return found;
}

void dropFile(MainWindow& window, const QString& path) {
    QMimeData data;
    data.setUrls({QUrl::fromLocalFile(path)});
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &enter);
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &drop);
}

QStringList names(const VariantStore& store) {
    QStringList out;
    for (int i = 0; i < store.count(); ++i) {
        out << QString::fromStdString(store.variant(i).name);
    }
    return out;
}

QString plotsName(VariantTimelines* timelines, int i) {
    return timelines->plotNames().value(i);
}

}  // namespace

class VariantEditsTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("mrx-variant-edit-tests"));
        QSettings().clear();
    }

    void undoCoversVariantOperations() {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.algorithmList()->setChecked({QStringLiteral("johnson")});
        QVERIFY(window.openFile(sample("figure4-scenario2.json"), true));
        VariantStore* store = window.variants();
        QAction* keep = action(window, "keepAsVariant");
        QAction* undo = action(window, "editUndo");
        QAction* redo = action(window, "editRedo");
        QVERIFY(!undo->isEnabled());

        keep->trigger();  // A: 30 nodes
        Cluster bigger = window.document()->workload().cluster;
        bigger.nodes = 60;
        window.document()->setCluster(bigger);  // a workload edit between two variant steps
        keep->trigger();                        // B: 60 nodes
        QCOMPARE(store->rename(1, QStringLiteral("sixty")), QString());
        store->setReference(QStringLiteral("A"));
        store->remove(0);  // the reference goes with it
        QCOMPARE(names(*store), QStringList{"sixty"});
        QCOMPARE(store->reference(), QString());
        QVERIFY(undo->text().contains(QStringLiteral("Remove variant A")));

        // Ctrl+Z walks back through every step, newest first, whichever stack it is on.
        QTest::keyClick(&window, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(names(*store), (QStringList{"A", "sixty"}));
        QCOMPARE(store->reference(), QStringLiteral("A"));
        QCOMPARE(store->variant(0).workload.cluster.nodes, 30);
        undo->trigger();  // the reference
        QCOMPARE(store->reference(), QString());
        undo->trigger();  // the rename
        QCOMPARE(names(*store), (QStringList{"A", "B"}));
        undo->trigger();  // keeping B
        QCOMPARE(names(*store), QStringList{"A"});
        QCOMPARE(window.document()->workload().cluster.nodes, 60);
        undo->trigger();  // the workload's edit, between the two
        QCOMPARE(window.document()->workload().cluster.nodes, 30);
        QCOMPARE(store->count(), 1);
        undo->trigger();  // keeping A
        QCOMPARE(store->count(), 0);
        QVERIFY(!undo->isEnabled());

        // Ctrl+Y redoes them in the order they were made.
        QTest::keyClick(&window, Qt::Key_Y, Qt::ControlModifier);
        QCOMPARE(names(*store), QStringList{"A"});
        redo->trigger();
        QCOMPARE(window.document()->workload().cluster.nodes, 60);
        redo->trigger();
        QCOMPARE(names(*store), (QStringList{"A", "B"}));
        QCOMPARE(store->variant(1).workload.cluster.nodes, 60);
        redo->trigger();
        redo->trigger();
        redo->trigger();
        QCOMPARE(names(*store), QStringList{"sixty"});
        QVERIFY(!redo->isEnabled());
        // A variant brought back runs again: its results are the core's.
        undo->trigger();
        store->runController(0)->waitForLatest();
        QCoreApplication::processEvents();
        QCOMPARE(store->results(0)->find("johnson")->makespan(), 47.0);  // [Verma12] Fig. 4
    }

    void unsavedVariantsAskBeforeLeaving_data() {
        QTest::addColumn<QString>("path");
        for (const char* path : {"new", "open", "recent", "sample", "drop", "close", "quit"}) {
            QTest::newRow(path) << path;
        }
    }

    void unsavedVariantsAskBeforeLeaving() {
        QFETCH(QString, path);
        for (const auto answer : {QMessageBox::Cancel, QMessageBox::Discard}) {
            MainWindow window;
            window.show();
            window.algorithmList()->setChecked({QStringLiteral("fifo")});
            QVERIFY(window.openFile(sample("figure4-scenario1.json")));  // in Open Recent
            QVERIFY(window.openFile(sample("two-jobs.json")));
            action(window, "keepAsVariant")->trigger();  // no edit of the workload
            QVERIFY(!window.document()->isModified());
            QVERIFY(window.isWindowModified());
            DialogDriver driver;
            driver.answer = answer;
            bool left = false;
            driver.run([&] {
                if (path == "new") {
                    action(window, "fileNew")->trigger();
                } else if (path == "open") {
                    driver.file = sample("figure4-scenario2.json");
                    action(window, "fileOpen")->trigger();
                } else if (path == "recent") {
                    window.fileController()->recentMenu()->actions()[1]->trigger();
                } else if (path == "sample") {
                    window.fileController()->samplesMenu()->actions().front()->trigger();
                } else if (path == "drop") {
                    dropFile(window, sample("figure4-scenario2.json"));
                } else if (path == "close") {
                    left = window.close();
                } else if (path == "quit") {
                    action(window, "fileQuit")->trigger();
                    left = !window.isVisible();
                }
            });
            QVERIFY2(driver.stuck.isEmpty(), qPrintable(driver.stuck.join(", ")));
            QCOMPARE(driver.boxesTitled(QStringLiteral("Unsaved changes")), 1);
            QVERIFY2(driver.boxTexts.front().contains(QStringLiteral("variants")),
                     qPrintable(driver.boxTexts.front()));
            const bool replacing = path != "close" && path != "quit";
            if (answer == QMessageBox::Cancel) {
                QCOMPARE(window.variants()->count(), 1);
                QVERIFY(!left);
                QCOMPARE(window.document()->workload().name,
                         std::string("Two jobs (20,2) and (2,20)"));
            } else if (replacing) {
                QCOMPARE(window.variants()->count(), 0);  // left with the workload
                QVERIFY(!window.sessions()->hasUnsavedVariants());
                QVERIFY(!window.isWindowModified());
            } else {
                QVERIFY(left);
            }
        }
    }

    void savedSessionAsksNothingAndSaveFromThePromptSavesIt() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("kept.mrxs"));
        MainWindow window;
        window.show();
        QVERIFY(window.openFile(sample("two-jobs.json")));
        action(window, "keepAsVariant")->trigger();
        // Save in the prompt saves the session (asking where, as it was never saved).
        DialogDriver driver;
        driver.answer = QMessageBox::Save;
        driver.file = path;
        driver.run([&] { window.fileController()->samplesMenu()->actions().front()->trigger(); });
        QCOMPARE(driver.boxesTitled(QStringLiteral("Unsaved changes")), 1);
        QCOMPARE(driver.fileDialogs, 1);
        QVERIFY(QFile::exists(path));
        QCOMPARE(window.variants()->count(), 0);  // the sample replaced the session

        // Opened again: nothing unsaved; a rename makes it unsaved, its undo saved again.
        QVERIFY(window.openFile(path));
        QCOMPARE(window.variants()->count(), 1);
        QVERIFY(!window.sessions()->hasUnsavedVariants());
        QCOMPARE(window.variants()->rename(0, QStringLiteral("renamed")), QString());
        QVERIFY(window.sessions()->hasUnsavedVariants());
        window.undoHistory()->undo();
        QVERIFY(!window.sessions()->hasUnsavedVariants());
        DialogDriver quiet;
        quiet.run([&] { window.fileController()->samplesMenu()->actions().front()->trigger(); });
        QCOMPARE(quiet.boxesTitled(QStringLiteral("Unsaved changes")), 0);
    }

    // Save in the prompt with both an edited workload and unsaved variants: the session's file
    // dialog comes first, and cancelling it writes nothing (the workload's file was overwritten
    // before the session's name was asked, and stayed so).
    void cancellingTheSessionsSaveWritesNothing() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("mine.json"));
        QVERIFY(QFile::copy(sample("two-jobs.json"), path));
        const auto bytes = [&path] {
            QFile f(path);
            return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
        };
        const QByteArray before = bytes();
        MainWindow window;
        window.show();
        QVERIFY(window.openFile(path));
        action(window, "keepAsVariant")->trigger();
        JobTableModel* model = window.jobModel();
        QVERIFY(model->setData(model->index(0, JobTableModel::MapDuration), QStringLiteral("7")));
        DialogDriver driver;
        driver.answer = QMessageBox::Save;  // and no file for the session's dialog: cancelled
        bool left = true;
        driver.run([&] { left = window.fileController()->confirmLeave(); });
        QVERIFY(!left);
        QCOMPARE(driver.fileDialogs, 1);
        QVERIFY2(driver.boxTexts.front().contains(QStringLiteral("mine.json")),
                 qPrintable(driver.boxTexts.front()));
        QCOMPARE(bytes(), before);
        QVERIFY(window.document()->isModified());
        // With a name for the session: both saved, the session first.
        const QString session = dir.filePath(QStringLiteral("mine.mrxs"));
        DialogDriver saving;
        saving.answer = QMessageBox::Save;
        saving.file = session;
        saving.run([&] { left = window.fileController()->confirmLeave(); });
        QVERIFY(left);
        QVERIFY(QFile::exists(session));
        QVERIFY(bytes() != before);
        QVERIFY(!window.document()->isModified());
    }

    // Node classes are part of the diff: a variant of tests/data/unequal-nodes.json against the
    // workload being edited with its "old" nodes slower still (speed 0.5 -> 0.25). fifo's
    // makespan moves from the variant's run to the edited one's, each equal to the core's.
    void diffListsNodeClassChanges() {
        MainWindow window;
        window.fileController()->setInteractive(false);
        window.algorithmList()->setChecked({"fifo"});
        QVERIFY(window.openFile(sample("../tests/data/unequal-nodes.json")));
        results(window);
        const Workload built = window.document()->workload();
        VariantStore* store = window.variants();
        store->add(Variant{"as built", built, {"fifo"}, {}});
        store->runController(0)->waitForLatest();
        Cluster slower = built.cluster;
        std::vector<NodeClass> classes = slower.nodeClasses;
        classes[1].speed = 0.25;
        setNodeClasses(slower, classes);
        window.document()->setCluster(slower);
        results(window);
        QCoreApplication::processEvents();
        VariantDiffPanel* diff = window.pages().comparison()->variantDiff();
        QVERIFY(diff->compare(QStringLiteral("as built"), QStringLiteral("current"),
                              QStringLiteral("fifo")));
        QCOMPARE(diff->changeLines(), QStringList{"node_classes[old].speed: 0.5 → 0.25"});
        QVERIFY(diff->effect());
        QCOMPARE(diff->effect()->makespanBefore, runAlgorithm(built, "fifo", {}).makespan());
        QCOMPARE(diff->effect()->makespanAfter,
                 runAlgorithm(window.document()->workload(), "fifo", {}).makespan());
    }

    void diffListsTheRightJobs() {
        MainWindow window;
        window.fileController()->setInteractive(false);
        QVERIFY(window.openFile(sample("what-if-tour.mrxs")));
        results(window);
        VariantStore* store = window.variants();
        for (int i = 0; i < store->count(); ++i) {
            store->runController(i)->waitForLatest();
        }
        QCoreApplication::processEvents();
        VariantDiffPanel* diff = window.pages().comparison()->variantDiff();

        QVERIFY(diff->compare(QStringLiteral("as published"), QStringLiteral("J3 split in two"),
                              QStringLiteral("johnson")));
        QCOMPARE(diff->changeLines(), (QStringList{"J3: removed", "J3a: added", "J3b: added"}));
        const VariantEffect* effect = diff->effect();
        QVERIFY(effect);
        QCOMPARE(effect->makespanBefore, 47.0);  // [Verma12] Fig. 4 scenario 2
        const Variant& split = store->variant(store->indexOf(QStringLiteral("J3 split in two")));
        QCOMPARE(effect->makespanAfter, runAlgorithm(split.workload, "johnson", {}).makespan());
        QCOMPARE(diff->effectTable()->rowCount(), 7);  // six jobs, then J3 (removed)
        QCOMPARE(diff->effectTable()->item(6, 0)->text(), QStringLiteral("J3"));
        QCOMPARE(diff->effectTable()->item(6, 3)->text(), QStringLiteral("removed"));
        QCOMPARE(diff->effectTable()->item(2, 3)->text(), QStringLiteral("added"));

        // Twice the slots: a cluster change, and no job finishes later.
        QVERIFY(diff->compare(QStringLiteral("as published"),
                              QStringLiteral("one slot more per node"), QStringLiteral("johnson")));
        QCOMPARE(diff->changeLines(),
                 (QStringList{"map_slots_per_node: 1 → 2", "reduce_slots_per_node: 1 → 2"}));
        QVERIFY(diff->effect());
        for (const JobShift& s : diff->effect()->jobs) {
            QVERIFY2(s.shift && *s.shift <= 0.0, s.job.c_str());
        }

        // The workload being edited is a side too: remove J5, change J1.
        WorkloadDocument* doc = window.document();
        doc->removeJob(4);
        Job j1 = doc->workload().jobs[0];
        j1.mapDurations = TaskDurations(30, 3.0);
        doc->setJob(0, j1, QStringLiteral("edit"));
        results(window);
        QVERIFY(diff->compare(QStringLiteral("as published"), QStringLiteral("current"),
                              QStringLiteral("johnson")));
        QCOMPARE(diff->changeLines(), (QStringList{"J5: removed", "J1: map duration: 4 → 3"}));
        QVERIFY(diff->summary().startsWith(QStringLiteral("johnson: makespan 47 s")));
    }

    // The Timeline shows one algorithm across the variants, on one time axis.
    void timelineShowsOneAlgorithmAcrossVariants() {
        MainWindow window;
        window.fileController()->setInteractive(false);
        window.resize(1280, 800);
        window.show();
        QVERIFY(window.openFile(sample("what-if-tour.mrxs")));
        results(window);
        VariantStore* store = window.variants();
        for (int i = 0; i < store->count(); ++i) {
            store->runController(i)->waitForLatest();
        }
        QCoreApplication::processEvents();
        QVERIFY(window.showTab(QStringLiteral("timeline")));
        window.pages().timeline()->setAcrossVariants(true);
        VariantTimelines* timelines = window.pages().timeline()->variantTimelines();
        QVERIFY(timelines->isVisible());
        QVERIFY(timelines->setAlgorithm(QStringLiteral("balanced-pools")));
        QCOMPARE(
            timelines->plotNames(),
            (QStringList{"current", "as published", "one slot more per node", "J3 split in two"}));
        const QList<GanttPlot*> plots = timelines->plots();
        for (int i = 1; i < plots.size(); ++i) {
            const RunResult* r = store->results(i - 1)->find("balanced-pools");
            QCOMPARE(plots[i]->makespan(), r->makespan());
            QVERIFY(plots[i]->title().startsWith(plotsName(timelines, i) + ": balanced-pools"));
            QVERIFY(plots[i]->xAxis->range() == plots[0]->xAxis->range());  // one time axis
        }
        QCOMPARE(plots[1]->makespan(), 40.0);  // as published: [Verma12] §III-C
        // Zooming one moves them all.
        plots[2]->xAxis->setRange(3.0, 21.0);
        for (GanttPlot* plot : plots) {
            QVERIFY(plot->xAxis->range() == QCPRange(3.0, 21.0));
        }
        QCOMPARE(window.currentTabName(), QStringLiteral("timeline"));
        window.pages().timeline()->setAcrossVariants(false);
        QVERIFY(window.ganttPanel()->isVisible());
    }

    // Variant × algorithm shows [Verma12b]'s deadline and cost metrics where a variant has them.
    void comparisonShowsDeadlineAndCostMetrics() {
        MainWindow window;
        window.fileController()->setInteractive(false);
        window.algorithmList()->setChecked({QStringLiteral("fifo"), QStringLiteral("min-edf-wc")});
        QVERIFY(window.openFile(sample("deadlines-spare-kill.json"), true));
        results(window);
        VariantComparison* comparison = window.pages().comparison()->variantComparison();
        comparison->refresh();
        QTableWidget* table = comparison->table();
        action(window, "keepAsVariant")->trigger();
        VariantStore* store = window.variants();
        store->runController(0)->waitForLatest();
        QCoreApplication::processEvents();
        comparison->refresh();
        const auto set = store->results(0);
        const Workload& w = *set->workload;
        int checked = 0;
        for (const VariantRow& row : comparison->rows()) {
            if (row.variant != "A") {
                continue;
            }
            const DeadlineMetrics m = deadlineMetrics(w, *set->find(row.algorithm));
            QCOMPARE(row.deadlines, std::optional<int>(m.jobsWithDeadline));
            QCOMPARE(row.missed, std::optional<int>(m.missed));
            QCOMPARE(*row.relativeExceeded, m.relativeDeadlineExceeded);
            if (row.algorithm == "min-edf-wc") {  // [Verma12b] Alg. 1: quotas, spare slots, kills
                QCOMPARE(row.extraMapTasks, m.extraMapTasks);
                QCOMPARE(*row.killedTasks, m.killedMapTasks + m.killedReduceTasks);
                QCOMPARE(*row.killedWork, m.killedWork);
            } else {
                QVERIFY(!row.extraMapTasks);
            }
            ++checked;
        }
        QCOMPARE(checked, 2);
        for (int column : {11, 12, 13, 14}) {  // missed, exceeded, spare-slot, killed
            QVERIFY2(!table->isColumnHidden(column), qPrintable(QString::number(column)));
        }
        QVERIFY(table->isColumnHidden(15));  // no locality model: no data-local column
        QVERIFY(comparison->csv()
                    .section(QLatin1Char('\n'), 0, 0)
                    .contains(QStringLiteral("relative_deadline_exceeded,extra_map_tasks")));
    }
};

QTEST_MAIN(VariantEditsTest)
#include "VariantEditsTest.moc"
