// The document a person edits is never lost or changed behind their back,
// driven through the real menus and widgets, offscreen:
//  * every way of leaving a document asks Save / Discard / Cancel once, and Cancel keeps it;
//  * Enter on any cell changes nothing; Save takes the value still being typed, and refuses
//    while a refused value is on screen; edits made after loading unknown fields survive
//    reopening, and the unknown fields are shown; spin boxes refuse out-of-range values with a
//    reason instead of clamping;
//  * a job keeps its colour through every edit of the others; the colour-blind-safe palette;
//  * no edit that changes nothing makes an undo step; redo and undo keys; the export dialog's
//    folder; SVG at 96 dpi; Ctrl+Tab; copying a chart; the Cost tab leaves the layout alone.
#include <QAbstractSpinBox>
#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QFile>
#include <QLineEdit>
#include <QMenu>
#include <QMimeData>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include "DialogDriver.h"
#include "UiTestSupport.h"
#include "app/FileController.h"
#include "app/MainWindow.h"
#include "charts/BlocksPlottable.h"
#include "charts/ChartExport.h"
#include "charts/GanttPanel.h"
#include "charts/GanttPlot.h"
#include "charts/StageView.h"
#include "charts/TaskBarsPlottable.h"
#include "document/JobPalette.h"
#include "document/JobTableModel.h"
#include "document/WorkloadDocument.h"
#include "exports/ExportController.h"
#include "io/WorkloadJson.h"
#include "studio/SessionController.h"
#include "teach/JohnsonStepper.h"
#include "widgets/AlgorithmList.h"
#include "widgets/CheckedSpinBox.h"
#include "widgets/ClusterPanel.h"
#include "widgets/GeneratorDialog.h"
#include "widgets/ImportDialog.h"
#include "widgets/JobTableView.h"
#include "workloads/Facebook1000.h"

using namespace mr;
using namespace mr::ui;
using mr::ui::test::DialogDriver;
using mr::ui::test::results;
using mr::ui::test::sample;

namespace {

QString testData(const char* name) {
    return qEnvironmentVariable("MRX_TEST_DATA_DIR") + QLatin1Char('/') + QLatin1String(name);
}

QAction* action(MainWindow& window, const char* name) {
    auto* found = window.findChild<QAction*>(QLatin1String(name));
    if (found == nullptr) {
        qFatal("no action %s", name);
    }
    return found;
}

void writeFile(const QString& path, const QByteArray& text) {
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(text);
}

// A drop of `path` on the window, as a file manager does it.
void dropFile(MainWindow& window, const QString& path) {
    QMimeData data;
    data.setUrls({QUrl::fromLocalFile(path)});
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &enter);
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &drop);
}

// Each job's colour, by name, as the job table shows it and as the first timeline draws it (the
// pixel in the middle of the job's first map bar).
QHash<QString, QRgb> tableColours(MainWindow& window) {
    QHash<QString, QRgb> colours;
    JobTableModel* model = window.jobModel();
    for (int row = 0; row < model->rowCount(); ++row) {
        const QModelIndex index = model->index(row, JobTableModel::Name);
        colours[index.data().toString()] = index.data(Qt::DecorationRole).value<QColor>().rgb();
    }
    return colours;
}

QHash<QString, QRgb> timelineColours(MainWindow& window) {
    QHash<QString, QRgb> colours;
    window.selectJob(-1);  // nothing faded
    GanttPlot* plot = window.ganttPanel()->plots().value(0);
    if (plot == nullptr) {
        return colours;
    }
    plot->setLabelsVisible(false);  // a name on a bar is not its colour
    plot->setViewport(QRect(0, 0, 1200, 700));
    plot->fitAll();
    plot->replot();
    const QImage image = plot->toPixmap(1200, 700).toImage();
    const auto set = results(window);
    TaskBarsPlottable* bars = plot->bars();
    QSet<int> seen;
    for (const TaskRecord& bar : bars->records()) {
        if (bar.kind != TaskKind::Map || seen.contains(bar.job)) {
            continue;
        }
        const QPointF centre = bars->coordsToPixels((bar.start + bar.end) / 2, bar.slot);
        const QPointF left = bars->coordsToPixels(bar.start, bar.slot);
        if (centre.x() - left.x() < 3) {
            continue;  // too narrow to sample
        }
        seen.insert(bar.job);
        colours[QString::fromStdString(set->workload->jobs[bar.job].name)] =
            image.pixel(centre.toPoint());
    }
    return colours;
}

}  // namespace

class DocumentTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("mrx-document-tests"));
        QSettings().clear();
        QVERIFY2(QFile::exists(testData("rumen-reduces.json")),
                 "MRX_TEST_DATA_DIR must name tests/data");
    }

    // ---- A run shares the document's workload; an edit copies it first ----

    void aRunSharesTheWorkloadAndAnEditLeavesItAlone() {
        MainWindow window;
        window.algorithmList()->setChecked({"fifo"});
        QVERIFY(window.openFile(sample("figure4-scenario2.json")));
        const auto set = results(window);
        QVERIFY(set);
        // One copy in memory: the run set holds the document's own workload.
        const std::shared_ptr<const Workload> held = set->workload;
        QCOMPARE(held.get(), window.document()->sharedWorkload().get());
        const int nodes = held->cluster.nodes;
        const std::size_t jobs = held->jobs.size();
        // Edits copy before changing: the results keep the workload they were computed on.
        window.document()->setCluster({nodes + 3, 1, 1});
        window.document()->removeJob(0);
        QVERIFY(window.document()->sharedWorkload().get() != held.get());
        QCOMPARE(held->cluster.nodes, nodes);
        QCOMPARE(held->jobs.size(), jobs);
        QCOMPARE(window.document()->workload().cluster.nodes, nodes + 3);
        QCOMPARE(window.document()->workload().jobs.size(), jobs - 1);
        window.document()->undoStack()->undo();
        window.document()->undoStack()->undo();
        QCOMPARE(window.document()->workload().cluster.nodes, nodes);
        QCOMPARE(window.document()->workload().jobs.size(), jobs);
    }

    // ---- Item 5: one gate for every way of leaving a document ----

    void everyWayOfLeavingAsksFirst_data() {
        QTest::addColumn<QString>("path");
        for (const char* path : {"new", "generator", "open", "recent", "sample", "import", "drop",
                                 "command-line trace", "close", "quit"}) {
            QTest::newRow(path) << path;
        }
    }

    void everyWayOfLeavingAsksFirst() {
        QFETCH(QString, path);
        for (const auto answer : {QMessageBox::Cancel, QMessageBox::Discard}) {
            MainWindow window;
            window.show();
            window.algorithmList()->setChecked({"fifo"});
            QVERIFY(window.openFile(sample("figure4-scenario1.json")));  // in Open Recent
            QVERIFY(window.openFile(sample("two-jobs.json")));
            window.document()->setCluster({7, 1, 1});  // an unsaved edit
            const Workload edited = window.document()->workload();
            DialogDriver driver;
            driver.answer = answer;
            driver.onDialog = [](QDialog* dialog) {
                if (auto* generator = qobject_cast<GeneratorDialog*>(dialog)) {
                    GeneratorChoice small;
                    small.kind = "yahoo-unimodal";
                    small.generate.jobs = 6;
                    generator->setChoice(small);
                }
                return true;
            };
            bool left = false;
            driver.run([&] {
                if (path == "new") {
                    action(window, "fileNew")->trigger();
                } else if (path == "generator") {
                    action(window, "fileNewFromGenerator")->trigger();
                } else if (path == "open") {
                    driver.file = sample("figure4-scenario2.json");
                    action(window, "fileOpen")->trigger();
                } else if (path == "recent") {
                    const QList<QAction*> recent = window.fileController()->recentMenu()->actions();
                    QVERIFY(recent.size() >= 2);
                    QCOMPARE(recent[1]->text(), QStringLiteral("figure4-scenario1.json"));
                    recent[1]->trigger();
                } else if (path == "sample") {
                    window.fileController()->samplesMenu()->actions().front()->trigger();
                } else if (path == "import") {
                    driver.file = testData("rumen-reduces.json");
                    action(window, "fileImport")->trigger();
                } else if (path == "drop") {
                    dropFile(window, testData("swim-small.tsv"));
                } else if (path == "command-line trace") {
                    window.openFile(testData("rumen-reduces.json"));  // mrx TRACE
                } else if (path == "close") {
                    left = window.close();
                } else if (path == "quit") {
                    action(window, "fileQuit")->trigger();
                    left = !window.isVisible();
                }
            });
            QVERIFY2(driver.stuck.isEmpty(), qPrintable(driver.stuck.join(", ")));
            QCOMPARE(driver.boxesTitled(QStringLiteral("Unsaved changes")), 1);
            const bool replacing = path != "close" && path != "quit";
            if (answer == QMessageBox::Cancel) {
                QVERIFY(window.document()->workload() == edited);
                QVERIFY(window.document()->isModified());
                QVERIFY(!left);
            } else if (replacing) {
                QVERIFY(!(window.document()->workload() == edited));
                QVERIFY(!window.document()->isModified());
            } else {
                QVERIFY(left);
            }
        }
    }

    // ---- Audit item 7: the view of one document never carries over to the next ----

    void everyWayOfChangingTheDocumentResetsItsView_data() {
        QTest::addColumn<QString>("path");
        for (const char* path : {"new", "generator", "open", "recent", "sample", "import", "drop",
                                 "command line", "session", "session with a view"}) {
            QTest::newRow(path) << path;
        }
    }

    void everyWayOfChangingTheDocumentResetsItsView() {
        QFETCH(QString, path);
        MainWindow window;
        window.resize(1280, 800);
        window.show();
        window.algorithmList()->setChecked({"johnson", "hscheduler"});
        QVERIFY(window.openFile(sample("figure4-scenario1.json")));  // in Open Recent
        QVERIFY(window.openFile(sample("figure4-scenario2.json")));
        results(window);
        QVERIFY(window.showTab(QStringLiteral("timeline")));
        QApplication::processEvents();
        // A person clicks a bar of J4, zooms and steps the lesson.
        GanttPlot* plot = window.ganttPanel()->plots().value(0);
        QVERIFY(plot != nullptr);
        plot->replot(QCustomPlot::rpImmediateRefresh);
        const TaskRecord* j4 = nullptr;
        for (const TaskRecord& r : plot->bars()->records()) {
            if (r.job == 3 && r.kind == TaskKind::Map) {
                j4 = &r;
                break;
            }
        }
        QVERIFY(j4 != nullptr);
        const QPointF at = plot->bars()->coordsToPixels((j4->start + j4->end) / 2, j4->slot);
        QTest::mouseClick(plot, Qt::LeftButton, Qt::NoModifier, at.toPoint());
        QCOMPARE(window.selectedJob(), 3);
        QCOMPARE(plot->bars()->selectedJob(), 3);
        window.ganttPanel()->setTimeRange(5.0, 20.0);
        window.teachTab()->johnson()->setStep(3);
        QVERIFY(window.ganttPanel()->timeRange().has_value());

        DialogDriver driver;
        driver.onDialog = [](QDialog* dialog) {
            if (auto* generator = qobject_cast<GeneratorDialog*>(dialog)) {
                GeneratorChoice small;
                small.kind = "yahoo-unimodal";
                small.generate.jobs = 6;
                generator->setChoice(small);
            }
            return true;
        };
        driver.run([&] {
            if (path == "new") {
                action(window, "fileNew")->trigger();
            } else if (path == "generator") {
                action(window, "fileNewFromGenerator")->trigger();
            } else if (path == "open") {
                driver.file = sample("two-jobs.json");
                action(window, "fileOpen")->trigger();
            } else if (path == "recent") {
                window.fileController()->recentMenu()->actions().at(1)->trigger();
            } else if (path == "sample") {
                window.fileController()->samplesMenu()->actions().front()->trigger();
            } else if (path == "import") {
                driver.file = testData("rumen-reduces.json");
                action(window, "fileImport")->trigger();
            } else if (path == "drop") {
                dropFile(window, testData("swim-small.tsv"));
            } else if (path == "command line") {
                window.openFile(sample("figure4-scenario1.json"));  // mrx FILE
            } else if (path == "session") {
                window.openFile(sample("what-if-tour.mrxs"));
            } else if (path == "session with a view") {
                window.openFile(sample("teaching.mrxs"));
            }
        });
        QVERIFY2(driver.stuck.isEmpty(), qPrintable(driver.stuck.join(", ")));
        if (path.startsWith(QLatin1String("session"))) {
            QVERIFY(!window.sessions()->filePath().isEmpty());  // the session was opened
        } else {
            QVERIFY(!(window.document()->workload() ==
                      loadWorkload(sample("figure4-scenario2.json").toStdString())));
        }
        results(window);
        QApplication::processEvents();

        window.pages().timeline()->refresh();  // a session opens on a tab of its own
        window.pages().stages()->refresh();
        // A session brings its own view (teaching.mrxs: J3 highlighted); nothing else does.
        const bool ownView = path == "session with a view";
        const int highlighted = ownView ? *window.document()->workload().findJob("J3") : -1;
        QCOMPARE(window.selectedJob(), highlighted);
        QVERIFY(!window.ganttPanel()->plots().isEmpty());
        for (GanttPlot* p : window.ganttPanel()->plots()) {
            QCOMPARE(p->bars()->selectedJob(), highlighted);  // no bar drawn faded
        }
        QCOMPARE(window.pages().stages()->view()->modelBlocks()->selectedJob(), highlighted);
        QCOMPARE(window.pages().stages()->view()->simulatedBlocks()->selectedJob(), highlighted);
        QVERIFY(!window.ganttPanel()->timeRange().has_value());  // the charts fit the new one
        if (!ownView) {
            QCOMPARE(window.teachTab()->johnson()->step(), 0);
            QVERIFY(window.jobTable()->selectionModel()->selectedRows().isEmpty());
        }
    }

    void nothingToSaveAsksNothing() {
        MainWindow window;
        QVERIFY(window.openFile(sample("two-jobs.json")));
        DialogDriver driver;
        driver.run([&] { window.fileController()->samplesMenu()->actions().front()->trigger(); });
        QCOMPARE(driver.boxesTitled(QStringLiteral("Unsaved changes")), 0);
    }

    // ---- Item 5: Enter never changes a cell ----

    void enterOnAnyCellChangesNothing_data() {
        QTest::addColumn<QString>("path");
        for (const QString& path : sampleFiles()) {
            QTest::newRow(qPrintable(QFileInfo(path).fileName())) << path;
        }
    }

    void enterOnAnyCellChangesNothing() {
        QFETCH(QString, path);
        MainWindow window;
        QVERIFY(window.openFile(path));
        JobTableModel* model = window.jobModel();
        const Workload before = window.document()->workload();
        const int rows = std::min(model->rowCount(), 40);
        for (int row = 0; row < rows; ++row) {
            for (int column = 0; column < JobTableModel::ColumnCount; ++column) {
                const QModelIndex index = model->index(row, column);
                if (!(model->flags(index) & Qt::ItemIsEditable)) {
                    continue;
                }
                model->setData(index, index.data(Qt::EditRole));
                QVERIFY2(model->cellError(row, column).isEmpty(),
                         qPrintable(model->cellError(row, column)));
            }
        }
        QVERIFY(window.document()->workload() == before);
        QCOMPARE(window.document()->undoStack()->count(), 0);
    }

    void enterInAPerTaskCellKeepsTheDurations() {
        MainWindow window;
        window.show();
        QVERIFY(window.openFile(sample("rumen-2jobs2min.json")));
        const Workload before = window.document()->workload();
        QVERIFY(before.jobs[0].mapDurations.front() != before.jobs[0].mapDurations.back());
        JobTableView* table = window.jobTable();
        const QModelIndex cell = window.jobModel()->index(0, JobTableModel::MapDuration);
        QVERIFY(cell.data().toString().startsWith(QStringLiteral("per task")));
        table->setCurrentIndex(cell);
        table->edit(cell);
        auto* editor = qobject_cast<QLineEdit*>(table->openEditor());
        QVERIFY(editor);
        QVERIFY(editor->text().isEmpty());
        QVERIFY(editor->placeholderText().startsWith(QStringLiteral("per task")));
        QTest::keyClick(editor, Qt::Key_Return);
        QCoreApplication::processEvents();  // the delegate commits on the next turn
        QVERIFY(window.document()->workload() == before);
        QCOMPARE(window.document()->undoStack()->count(), 0);
        // Typing a number still gives every task that duration.
        table->edit(cell);
        editor = qobject_cast<QLineEdit*>(table->openEditor());
        QVERIFY(editor);
        QTest::keyClicks(editor, QStringLiteral("7"));
        QCOMPARE(editor->text(), QStringLiteral("7"));
        QTest::keyClick(editor, Qt::Key_Return);
        QCoreApplication::processEvents();
        QVERIFY2(window.jobModel()->cellError(0, JobTableModel::MapDuration).isEmpty(),
                 qPrintable(window.jobModel()->cellError(0, JobTableModel::MapDuration)));
        const auto& maps = window.document()->workload().jobs[0].mapDurations;
        QVERIFY(std::all_of(maps.begin(), maps.end(), [](double d) { return d == 7.0; }));
    }

    // ---- Item 5: Save takes what is being typed, never a stale value ----

    void saveTakesTheValueBeingTyped() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("w.json"));
        QVERIFY(QFile::copy(sample("two-jobs.json"), path));
        MainWindow window;
        window.show();
        QVERIFY(window.openFile(path));
        JobTableView* table = window.jobTable();
        const QModelIndex cell = window.jobModel()->index(0, JobTableModel::MapDuration);
        table->setCurrentIndex(cell);
        table->edit(cell);
        auto* editor = qobject_cast<QLineEdit*>(table->openEditor());
        QVERIFY(editor);
        editor->selectAll();
        QTest::keyClicks(editor, QStringLiteral("9"));  // no Enter
        DialogDriver driver;
        driver.run([&] { action(window, "fileSave")->trigger(); });
        QCOMPARE(driver.boxTexts.size(), 0);
        QCOMPARE(loadWorkload(path.toStdString()).jobs[0].mapDurations.front(), 9.0);
        QVERIFY(!window.document()->isModified());

        // An invalid value being typed: saving refuses, says why, and the file stays.
        table->edit(cell);
        editor = qobject_cast<QLineEdit*>(table->openEditor());
        QVERIFY(editor);
        editor->selectAll();
        QTest::keyClicks(editor, QStringLiteral("nine"));
        const QByteArray onDisk = [&] {
            QFile f(path);
            f.open(QIODevice::ReadOnly);
            return f.readAll();
        }();
        driver.run([&] { action(window, "fileSave")->trigger(); });
        QCOMPARE(driver.boxTexts.size(), 1);
        QVERIFY2(driver.boxTexts[0].contains(QStringLiteral("'nine' is not a number")),
                 qPrintable(driver.boxTexts[0]));
        QVERIFY(driver.boxTexts[0].contains(QStringLiteral("of J1")));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), onDisk);

        // A cluster value typed out of range and not entered: refused with its range.
        window.jobModel()->setData(cell, QStringLiteral("9"));  // the cell is fine again
        QVERIFY(window.jobModel()->firstCellError().isEmpty());
        CheckedSpinBox* nodes = window.findChild<ClusterPanel*>()->nodesBox();
        nodes->findChild<QLineEdit*>()->setText(QStringLiteral("2000000"));
        driver.run([&] { action(window, "fileSave")->trigger(); });
        QCOMPARE(driver.boxTexts.size(), 2);
        QVERIFY2(driver.boxTexts[1].contains(QStringLiteral("Nodes: 2000000 is outside 1 to")),
                 qPrintable(driver.boxTexts[1]));
        QCOMPARE(window.document()->workload().cluster.nodes, 10);
    }

    // ---- Item 5: unknown fields are shown, and never shadow an edit ----

    void anEditAfterLoadingUnknownFieldsSurvivesReopening() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("extra.json"));
        writeFile(path, R"({"format": "mrx-workload", "version": 1, "name": "extra",
            "x-tool": {"by": "someone"},
            "cluster": {"nodes": 2, "map_slots_per_node": 1, "reduce_slots_per_node": 1},
            "jobs": [{"name": "A", "maps": 2, "map_duration": 3, "reduces": 0,
                      "reduce_duration": 7, "colour": "red"}]})");
        MainWindow window;
        DialogDriver driver;
        driver.run([&] { QVERIFY(window.openFile(path)); });
        QCOMPARE(driver.boxesTitled(QStringLiteral("Fields this version does not know")), 1);
        QVERIFY2(driver.boxTexts[0].contains(QStringLiteral("'colour'")),
                 qPrintable(driver.boxTexts[0]));
        QVERIFY(driver.boxTexts[0].contains(QStringLiteral("'x-tool'")));
        QCOMPARE(window.fileController()->lastWarnings().size(), 2);

        JobTableModel* model = window.jobModel();
        // Reduce tasks for a job that had none take the value its file kept.
        QVERIFY(model->setData(model->index(0, JobTableModel::Reduces), QStringLiteral("3")));
        QCOMPARE(window.document()->workload().jobs[0].reduceDurations,
                 (std::vector<double>{7, 7, 7}));
        QVERIFY(
            model->setData(model->index(0, JobTableModel::ReduceDuration), QStringLiteral("12")));
        driver.run([&] { action(window, "fileSave")->trigger(); });
        const Workload reopened = loadWorkload(path.toStdString());
        QCOMPARE(reopened.jobs[0].reduceDurations, (std::vector<double>{12, 12, 12}));
        QCOMPARE(reopened.jobs[0].extraFields.at("colour"), std::string("\"red\""));
        QVERIFY(reopened.extraFields.count("x-tool"));
    }

    // ---- Item 5: spin boxes refuse, never clamp ----

    void spinBoxesRefuseOutOfRangeValuesWithTheReason() {
        MainWindow window;
        window.algorithmList()->setChecked({"fifo"});
        window.show();
        QVERIFY(window.openFile(sample("two-jobs.json")));
        auto* panel = window.findChild<ClusterPanel*>();
        // Every spin box of the cluster panel and of the dialogs is a checked one, and its
        // range is what the core takes.
        GeneratorDialog generator;
        ImportDialog import(testData("rumen-reduces.json"), FileKind::RumenTrace);
        for (QWidget* owner : std::initializer_list<QWidget*>{panel, &generator, &import}) {
            for (QAbstractSpinBox* box : owner->findChildren<QAbstractSpinBox*>()) {
                QVERIFY2(
                    qobject_cast<CheckedSpinBox*>(box) || qobject_cast<CheckedDoubleSpinBox*>(box),
                    qPrintable(owner->metaObject()->className()));
            }
        }
        QCOMPARE(panel->nodesBox()->maximum(), static_cast<int>(kMaxNodes));
        QCOMPARE(panel->mapSlotsBox()->maximum(), static_cast<int>(kMaxSlotsPerNode));
        Workload largest = window.document()->workload();
        largest.cluster = {static_cast<int>(kMaxNodes), 1, 1};
        validate(largest);  // the core takes each box's largest value
        largest.cluster = {1, static_cast<int>(kMaxSlotsPerNode),
                           static_cast<int>(kMaxSlotsPerNode)};
        validate(largest);

        QSignalSpy rejected(panel, &ClusterPanel::editRejected);
        CheckedSpinBox* nodes = panel->nodesBox();
        nodes->setFocus();
        nodes->findChild<QLineEdit*>()->selectAll();
        QTest::keyClicks(nodes, QStringLiteral("99999999"));
        QCOMPARE(nodes->findChild<QLineEdit*>()->text(),
                 QStringLiteral("99999999"));  // not cut short
        QTest::keyClick(nodes, Qt::Key_Return);
        QCOMPARE(rejected.count(), 1);
        QVERIFY2(rejected.front().front().toString().contains(QStringLiteral("Nodes: 99999999")),
                 qPrintable(rejected.front().front().toString()));
        QCOMPARE(window.document()->workload().cluster.nodes, 10);
        QCOMPARE(nodes->value(), 10);
        QCOMPARE(nodes->findChild<QLineEdit*>()->text(), QStringLiteral("10"));
        QVERIFY(!panel->message().isEmpty());
        QCOMPARE(window.document()->undoStack()->count(), 0);
        // Zero is below the range: refused too.
        nodes->findChild<QLineEdit*>()->selectAll();
        QTest::keyClicks(nodes, QStringLiteral("0"));
        QTest::keyClick(nodes, Qt::Key_Return);
        QCOMPARE(rejected.count(), 2);
        QCOMPARE(window.document()->workload().cluster.nodes, 10);
        // A value in range is taken, and the panel says when slots outnumber the tasks.
        nodes->findChild<QLineEdit*>()->selectAll();
        QTest::keyClicks(nodes, QStringLiteral("999999"));
        QTest::keyClick(nodes, Qt::Key_Return);
        QCOMPARE(window.document()->workload().cluster.nodes, 999999);
        QVERIFY(panel->findChildren<QLabel*>().size() >= 2);
        bool warned = false;
        for (QLabel* label : panel->findChildren<QLabel*>()) {
            warned = warned || label->text().contains(QStringLiteral("slots stay idle"));
        }
        QVERIFY(warned);
        // Values each in range that together make more slots than a cluster may have: refused
        // with the core's reason, the cluster unchanged.
        CheckedSpinBox* mapSlots = panel->mapSlotsBox();
        mapSlots->findChild<QLineEdit*>()->selectAll();
        QTest::keyClicks(mapSlots, QStringLiteral("1000"));
        QTest::keyClick(mapSlots, Qt::Key_Return);
        QCOMPARE(window.document()->workload().cluster.mapSlotsPerNode, 1);
        QCOMPARE(mapSlots->value(), 1);
        QVERIFY2(rejected.back().front().toString().contains(QStringLiteral("slots; a cluster")),
                 qPrintable(rejected.back().front().toString()));
        QVERIFY(!panel->message().isEmpty());
        QVERIFY(window.statusLabel()->text().startsWith(QStringLiteral("Not accepted")));
        // Any change of the workload (here an undo) ends the rejection: neither the panel nor
        // the status line still speaks of it.
        window.document()->undoStack()->undo();
        QCOMPARE(window.document()->workload().cluster.nodes, 10);
        QVERIFY2(panel->message().isEmpty(), qPrintable(panel->message()));
        results(window);
        QVERIFY2(!window.statusLabel()->text().startsWith(QStringLiteral("Not accepted")),
                 qPrintable(window.statusLabel()->text()));
    }

    // The highlight follows the selected row, not the current cell alone: Tab into the table
    // (Qt makes the first cell current without selecting it) highlighted J1 in every chart.
    void focusAloneHighlightsNoJob() {
        MainWindow window;
        window.algorithmList()->setChecked({"fifo"});
        QVERIFY(window.openFile(sample("figure4-scenario2.json")));
        JobTableView* table = window.jobTable();
        table->selectionModel()->setCurrentIndex(window.jobModel()->index(0, 0),
                                                 QItemSelectionModel::NoUpdate);
        QCOMPARE(window.selectedJob(), -1);
        table->selectRow(2);
        QCOMPARE(window.selectedJob(), 2);
        table->clearSelection();
        QCOMPARE(window.selectedJob(), -1);
        window.selectJob(4);  // a click on a chart selects the row too
        QVERIFY(table->selectionModel()->isRowSelected(4, {}));
        QCOMPARE(window.selectedJob(), 4);
    }

    // The panel names only the kind of slot that outnumbers the tasks: with fewer map slots
    // than map tasks, the maps are the bottleneck, not idle.
    void theClusterPanelSaysWhichSlotsStayIdle() {
        MainWindow window;
        window.algorithmList()->setChecked({"fifo"});
        QVERIFY(window.openFile(sample("two-jobs.json")));  // 20 map and 20 reduce tasks
        auto* panel = window.findChild<ClusterPanel*>();
        window.document()->setCluster({10, 1, 5});
        QVERIFY2(panel->totals().contains(QStringLiteral("more reduce slots than the batch's 20 "
                                                         "reduce tasks")) &&
                     !panel->totals().contains(QStringLiteral("map slots than")),
                 qPrintable(panel->totals()));
        window.document()->setCluster({30, 1, 1});
        QVERIFY2(panel->totals().contains(QStringLiteral("more map and reduce slots than")),
                 qPrintable(panel->totals()));
        window.document()->setCluster({10, 1, 1});
        QVERIFY2(!panel->totals().contains(QStringLiteral("idle")), qPrintable(panel->totals()));
    }

    // A cell set back to a value the table takes ends its rejection in the status line too,
    // even when that value is the one the job had (no edit, no run to replace the line).
    // A negative number typed into any numeric cell, as a person types it (keys on the selected
    // cell open its editor, Enter commits), reaches the model and is refused with a message
    // naming the column and the job, on the status line; the workload stays. No cell's editor
    // is a spin box, whose minimum would drop the "-" (or the whole value) without a word.
    void aNegativeNumberTypedIntoACellIsRefusedWithTheReason_data() {
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("reason");
        QTest::newRow("Maps") << int(JobTableModel::Maps) << "Maps of J1: must be between 1 and";
        QTest::newRow("Reduces") << int(JobTableModel::Reduces)
                                 << "Reduces of J1: must be between 0 and";
        QTest::newRow("Map task") << int(JobTableModel::MapDuration)
                                  << "Map task (s) of J1: must not be negative";
        QTest::newRow("Reduce task")
            << int(JobTableModel::ReduceDuration) << "Reduce task (s) of J1: must not be negative";
        QTest::newRow("Arrival") << int(JobTableModel::Arrival)
                                 << "Arrival (s) of J1: must not be negative";
        QTest::newRow("Deadline") << int(JobTableModel::Deadline)
                                  << "Deadline (s after arrival) of J1: must be greater than 0";
    }

    void aNegativeNumberTypedIntoACellIsRefusedWithTheReason() {
        QFETCH(int, column);
        QFETCH(QString, reason);
        MainWindow window;
        window.algorithmList()->setChecked({"fifo"});
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openFile(sample("two-jobs.json")));
        results(window);
        const Workload before = window.document()->workload();
        JobTableView* table = window.jobTable();
        const QModelIndex cell = window.jobModel()->index(0, column);
        table->setFocus();
        table->setCurrentIndex(cell);
        QSignalSpy refused(window.jobModel(), &JobTableModel::editRejected);
        QTest::keyClick(table, Qt::Key_Minus, Qt::NoModifier);  // opens the editor with "-"
        QWidget* editor = table->openEditor();
        QVERIFY(editor);
        QVERIFY2(!qobject_cast<QAbstractSpinBox*>(editor), editor->metaObject()->className());
        QTest::keyClicks(editor, QStringLiteral("5"));
        auto* line = qobject_cast<QLineEdit*>(editor);
        QVERIFY(line);
        QCOMPARE(line->text(), QStringLiteral("-5"));
        QTest::keyClick(editor, Qt::Key_Return);
        QCoreApplication::processEvents();  // the delegate commits on the next turn
        QCOMPARE(refused.count(), 1);
        QVERIFY2(refused.front().front().toString().startsWith(reason),
                 qPrintable(refused.front().front().toString()));
        QVERIFY2(window.statusLabel()->text().contains(reason),
                 qPrintable(window.statusLabel()->text()));
        QCOMPARE(window.jobModel()->index(0, column).data().toString(), QStringLiteral("-5"));
        QVERIFY(window.document()->workload() == before);
    }

    void aCorrectedCellEndsTheRejection() {
        MainWindow window;
        window.algorithmList()->setChecked({"fifo"});
        QVERIFY(window.openFile(sample("two-jobs.json")));
        results(window);
        JobTableModel* model = window.jobModel();
        const QModelIndex maps = model->index(0, JobTableModel::MapDuration);
        const QModelIndex reduces = model->index(1, JobTableModel::ReduceDuration);
        const QString mapsBefore = model->data(maps, Qt::EditRole).toString();
        const QString reducesBefore = model->data(reduces, Qt::EditRole).toString();
        QVERIFY(!model->setData(maps, QStringLiteral("nan")));
        QVERIFY(!model->setData(reduces, QStringLiteral("-1")));
        QVERIFY(window.statusLabel()->text().contains(QStringLiteral("must not be negative")));
        // One corrected: the line names the one still refused.
        QVERIFY(model->setData(reduces, reducesBefore));
        QVERIFY2(window.statusLabel()->text().contains(QStringLiteral("'nan'")),
                 qPrintable(window.statusLabel()->text()));
        // Both: the line is the run's again.
        QVERIFY(model->setData(maps, mapsBefore));
        QVERIFY2(!window.statusLabel()->text().contains(QStringLiteral("Not accepted")),
                 qPrintable(window.statusLabel()->text()));
        QVERIFY(!window.document()->isModified());
    }

    // ---- Item 6: colours follow the job ----

    void aJobKeepsItsColour_data() {
        QTest::addColumn<QString>("edit");
        for (const char* edit :
             {"add", "duplicate", "drag", "remove", "undo remove", "rename", "redo add"}) {
            QTest::newRow(edit) << edit;
        }
    }

    void aJobKeepsItsColour() {
        QFETCH(QString, edit);
        MainWindow window;
        window.algorithmList()->setChecked({"fifo"});
        QVERIFY(window.openFile(sample("figure4-scenario2.json")));
        results(window);
        const QHash<QString, QRgb> table = tableColours(window);
        const QHash<QString, QRgb> drawn = timelineColours(window);
        QCOMPARE(drawn.size(), 5);
        for (auto it = table.begin(); it != table.end(); ++it) {
            QCOMPARE(drawn.value(it.key()), it.value());  // the table is the charts' legend
        }
        WorkloadDocument* doc = window.document();
        QString renamedFrom;
        if (edit == "add") {
            doc->addJob(0);
        } else if (edit == "duplicate") {
            doc->duplicateJob(1);
        } else if (edit == "drag") {
            JobTableModel* model = window.jobModel();
            std::unique_ptr<QMimeData> data(model->mimeData({model->index(4, 0)}));
            model->dropMimeData(data.get(), Qt::MoveAction, 0, 0, {});
            QCOMPARE(doc->workload().jobs[0].name, std::string("J5"));
        } else if (edit == "remove") {
            doc->removeJobs({1});
        } else if (edit == "undo remove") {
            doc->removeJobs({0, 2});
            doc->undoStack()->undo();
        } else if (edit == "rename") {
            QVERIFY(window.jobModel()->setData(window.jobModel()->index(2, JobTableModel::Name),
                                               QStringLiteral("Big")));
            renamedFrom = QStringLiteral("J3");
        } else if (edit == "redo add") {
            doc->addJob(-1);
            const QRgb added = tableColours(window).value(QStringLiteral("J6"));
            doc->undoStack()->undo();
            doc->undoStack()->redo();
            QCOMPARE(tableColours(window).value(QStringLiteral("J6")), added);
        }
        results(window);
        const QHash<QString, QRgb> tableAfter = tableColours(window);
        const QHash<QString, QRgb> drawnAfter = timelineColours(window);
        for (auto it = table.begin(); it != table.end(); ++it) {
            const QString name = it.key() == renamedFrom ? QStringLiteral("Big") : it.key();
            if (!tableAfter.contains(name)) {
                continue;  // removed
            }
            QCOMPARE(tableAfter.value(name), it.value());
            if (drawnAfter.contains(name)) {
                QCOMPARE(drawnAfter.value(name), it.value());
            }
        }
        // Every job, new ones included, has a colour no other job has.
        QCOMPARE(QSet<QRgb>(tableAfter.begin(), tableAfter.end()).size(), tableAfter.size());
    }

    // A duplicated job's name ("fb0589-copy") in the 1000-job batch's table is whole: the name
    // column widens to it wherever in the table the copy lands.
    void aDuplicatedJobsNameIsWholeInTheTable() {
        MainWindow window;
        window.algorithmList()->setChecked({"fifo"});
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.document()->reset(facebook1000(1000, 1, 64), QString());
        results(window);
        const int row = window.document()->duplicateJob(588);
        QCoreApplication::processEvents();
        JobTableView* table = window.jobTable();
        const QModelIndex name = window.jobModel()->index(row, JobTableModel::Name);
        QCOMPARE(name.data().toString(), QStringLiteral("fb0589-copy"));
        QVERIFY2(table->sizeHintForIndex(name).width() <= table->columnWidth(JobTableModel::Name),
                 qPrintable(QStringLiteral("'%1' needs %2 px, the column has %3")
                                .arg(name.data().toString())
                                .arg(table->sizeHintForIndex(name).width())
                                .arg(table->columnWidth(JobTableModel::Name))));
    }

    void legendSquaresAreDistinctInBothSchemes_data() {
        QTest::addColumn<bool>("safe");
        QTest::newRow("standard") << false;
        QTest::newRow("colour-blind-safe") << true;
    }

    void legendSquaresAreDistinctInBothSchemes() {
        QFETCH(bool, safe);
        JobPalette::setScheme(safe ? JobPalette::Scheme::ColourBlindSafe
                                   : JobPalette::Scheme::Standard);
        // Map and reduce shades of the first 12 slots: far apart from each other.
        QList<QColor> shades;
        for (int slot = 0; slot < 12; ++slot) {
            shades << JobPalette::mapShade(slot) << JobPalette::reduceShade(slot);
        }
        for (int a = 0; a < shades.size(); ++a) {
            for (int b = a + 1; b < shades.size(); ++b) {
                const int distance = std::abs(shades[a].red() - shades[b].red()) +
                                     std::abs(shades[a].green() - shades[b].green()) +
                                     std::abs(shades[a].blue() - shades[b].blue());
                QVERIFY2(distance >= 24, qPrintable(QStringLiteral("%1 vs %2: %3")
                                                        .arg(shades[a].name(), shades[b].name())
                                                        .arg(distance)));
            }
        }
        JobPalette::setScheme(JobPalette::Scheme::Standard);
    }

    void theColourBlindSafePaletteIsRememberedAndRedraws() {
        MainWindow window;
        window.algorithmList()->setChecked({"fifo"});
        QVERIFY(window.openFile(sample("figure4-scenario2.json")));
        results(window);
        const QHash<QString, QRgb> before = timelineColours(window);
        QAction* safe = action(window, "colourBlindSafe");
        QVERIFY(!safe->isChecked());
        safe->trigger();
        QCOMPARE(QSettings().value("view/palette").toString(), QStringLiteral("colour-blind-safe"));
        const QHash<QString, QRgb> after = timelineColours(window);
        const QHash<QString, QRgb> table = tableColours(window);
        QCOMPARE(after.value(QStringLiteral("J1")), JobPalette::base(0).rgb());
        QVERIFY(after.value(QStringLiteral("J1")) != before.value(QStringLiteral("J1")));
        QCOMPARE(table.value(QStringLiteral("J2")), after.value(QStringLiteral("J2")));
        MainWindow second;  // a new window starts with the remembered palette
        QVERIFY(action(second, "colourBlindSafe")->isChecked());
        safe->trigger();
        QCOMPARE(JobPalette::scheme(), JobPalette::Scheme::Standard);
    }

    // ---- Item 10: keys and small things ----

    void noEditThatChangesNothingMakesAnUndoStep() {
        MainWindow window;
        QVERIFY(window.openFile(sample("two-jobs.json")));
        WorkloadDocument* doc = window.document();
        QUndoStack* undo = doc->undoStack();
        doc->removeJobs({0});
        QCOMPARE(undo->count(), 1);
        const Workload one = doc->workload();
        QCOMPARE(one.jobCount(), 1);
        QVERIFY(!doc->removeJobs({0}).isEmpty());  // the only job stays, and it is said
        doc->removeJobs({});
        doc->setCluster(one.cluster);
        doc->moveJob(0, 0);
        doc->setJob(0, one.jobs[0], QStringLiteral("same"));
        // Stepping a spin box up and back down again leaves nothing to undo either.
        doc->setCluster({one.cluster.nodes + 1, 1, 1}, true);
        doc->setCluster(one.cluster, true);
        QCOMPARE(undo->count(), 1);
        QVERIFY(doc->workload() == one);
    }

    void undoAndRedoKeys() {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QVERIFY(window.openFile(sample("two-jobs.json")));
        WorkloadDocument* doc = window.document();
        doc->setCluster({5, 1, 1});
        window.jobTable()->setFocus();
        QTest::keyClick(&window, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(doc->workload().cluster.nodes, 10);
        QTest::keyClick(&window, Qt::Key_Y, Qt::ControlModifier);
        QCOMPARE(doc->workload().cluster.nodes, 5);
        doc->undoStack()->undo();
        QTest::keyClick(&window, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(doc->workload().cluster.nodes, 5);

        // Ctrl+Z in a spin box undoes the document edit the box made.
        CheckedSpinBox* nodes = window.findChild<ClusterPanel*>()->nodesBox();
        nodes->setFocus();
        nodes->findChild<QLineEdit*>()->selectAll();
        QTest::keyClicks(nodes, QStringLiteral("8"));  // typed: a step of its own
        QTest::keyClick(nodes, Qt::Key_Return);
        QCOMPARE(doc->workload().cluster.nodes, 8);
        QTest::keyClick(nodes, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(doc->workload().cluster.nodes, 5);
        QCOMPARE(nodes->value(), 5);
        QTest::keyClick(nodes, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(doc->workload().cluster.nodes, 8);
    }

    void ctrlTabCyclesTheTabs() {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QVERIFY(window.openFile(sample("two-jobs.json")));
        QTabWidget* tabs = window.tabs();
        window.jobTable()->setFocus();
        const int count = tabs->count();
        for (int i = 1; i <= count; ++i) {
            QTest::keyClick(&window, Qt::Key_Tab, Qt::ControlModifier);
            QCOMPARE(tabs->currentIndex(), i % count);
        }
        QTest::keyClick(&window, Qt::Key_Backtab, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(tabs->currentIndex(), count - 1);
    }

    void theCostTabLeavesTheLayoutAlone() {
        MainWindow window;
        window.resize(1280, 800);
        window.show();
        QVERIFY(window.openFile(sample("two-jobs.json")));
        QApplication::processEvents();
        const QRect tabs = window.tabs()->geometry();
        QVERIFY(window.showTab(QStringLiteral("cost")));
        QApplication::processEvents();
        QCOMPARE(window.tabs()->geometry(), tabs);
        QVERIFY(window.showTab(QStringLiteral("timeline")));
        QApplication::processEvents();
        QCOMPARE(window.tabs()->geometry(), tabs);
    }

    void copyChartPutsTheTabsChartsOnTheClipboard() {
        MainWindow window;
        window.resize(1280, 800);
        window.show();
        window.algorithmList()->setChecked({"fifo", "johnson"});
        QVERIFY(window.openFile(sample("figure4-scenario2.json")));
        results(window);
        QApplication::processEvents();
        QApplication::clipboard()->clear();
        action(window, "editCopyChart")->trigger();
        const QImage image = QApplication::clipboard()->image();
        QVERIFY(!image.isNull());
        int height = 0;
        for (GanttPlot* plot : window.ganttPanel()->plots()) {
            height += plot->isVisible() ? plot->height() : 0;
        }
        QCOMPARE(image.height(), height);
        QVERIFY(test::inkedPixels(image) > 1000);
    }

    void theDeadlinesSampleOpensWithMinEdfWcChecked() {
        MainWindow window;
        window.algorithmList()->setChecked({"fifo", "johnson"});
        QVERIFY(window.openFile(sample("deadlines-spare-kill.json")));
        QVERIFY(window.algorithmList()->checkedIds().contains(QStringLiteral("min-edf-wc")));
        QVERIFY(results(window)->find("min-edf-wc"));
        // A workload without deadlines leaves the choice alone.
        window.algorithmList()->setChecked({"fifo"});
        QVERIFY(window.openFile(sample("two-jobs.json")));
        QCOMPARE(window.algorithmList()->checkedIds(), QStringList{QStringLiteral("fifo")});
    }

    void exportsStartInTheWorkloadsFolderAndSvgIsAt96Dpi() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("w.json"));
        QVERIFY(QFile::copy(sample("two-jobs.json"), path));
        MainWindow window;
        QVERIFY(window.openFile(path));
        auto* exports = window.findChild<ExportController*>();
        QVERIFY(exports);
        QCOMPARE(exports->startDirectory(), QDir(dir.path()).absolutePath());
        window.document()->reset(WorkloadDocument::untitled(), QString());
        QVERIFY(exports->startDirectory() != QStringLiteral("/"));

        // SVG: the drawing is the requested number of pixels at 96 dpi (CSS pixels).
        results(window);
        const QString svg = dir.filePath(QStringLiteral("chart.svg"));
        exportChart(window.ganttPanel()->currentPlot(), svg, QSize(1200, 640));
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(file.readAll());
        const QRegularExpression size(
            QStringLiteral("width=\"([0-9.]+)mm\" height=\"([0-9.]+)mm\""));
        const auto m = size.match(text);
        QVERIFY2(m.hasMatch(), qPrintable(text.left(400)));
        QCOMPARE(qRound(m.captured(1).toDouble() / 25.4 * 96.0), 1200);
        QCOMPARE(qRound(m.captured(2).toDouble() / 25.4 * 96.0), 640);
    }

    void theSelectedAlgorithmExportNamesIt() {
        MainWindow window;
        window.algorithmList()->setChecked({"fifo", "johnson"});
        QVERIFY(window.openFile(sample("two-jobs.json")));
        results(window);
        QAction* entry = action(window, "exportSelectedTimeline");
        auto* menu = qobject_cast<QMenu*>(entry->parent());
        QVERIFY(menu);
        emit menu->aboutToShow();
        QVERIFY2(entry->text().contains(window.ganttPanel()->currentAlgorithm()),
                 qPrintable(entry->text()));
        QVERIFY(entry->isEnabled());
    }
    // Every box that takes a number — the cluster, the run options, the Sweep, Deadlines and
    // Cost tabs, the generator and import dialogs — keeps "1e30" (above every maximum) and "-5"
    // (below every minimum) as typed and refuses them with the reason on Enter, the value
    // unchanged: a plain QSpinBox dropped the "e" (130 nodes) and, at a minimum of 0 or more,
    // the "-" without a word.
    void everyNumberBoxRefusesWhatItCannotTake_data() {
        QTest::addColumn<QString>("typed");
        QTest::newRow("above the maximum") << QStringLiteral("1e30");
        QTest::newRow("below the minimum") << QStringLiteral("-5");
    }

    void everyNumberBoxRefusesWhatItCannotTake() {
        QFETCH(QString, typed);
        MainWindow window;
        QVERIFY(window.openFile(sample("two-jobs.json")));
        GeneratorDialog generator;
        ImportDialog rumen(QStringLiteral("trace.json"), FileKind::RumenTrace);
        ImportDialog swim(QStringLiteral("trace.tsv"), FileKind::SwimTrace);
        int boxes = 0;
        for (QWidget* top : std::initializer_list<QWidget*>{&window, &generator, &rumen, &swim}) {
            for (QAbstractSpinBox* box : top->findChildren<QAbstractSpinBox*>()) {
                ++boxes;
                auto* whole = qobject_cast<CheckedSpinBox*>(box);
                auto* real = qobject_cast<CheckedDoubleSpinBox*>(box);
                QVERIFY2(whole || real,
                         qPrintable(QStringLiteral("%1 (%2) is not checked")
                                        .arg(box->objectName(), box->metaObject()->className())));
                if (!box->isEnabled()) {
                    continue;  // an optional field switched off: checked the same when on
                }
                const QString before = box->text();
                QStringList reasons;
                const auto keep = [&reasons](const QString& reason) { reasons << reason; };
                if (whole) {
                    connect(whole, &CheckedSpinBox::rejected, this, keep);
                } else {
                    connect(real, &CheckedDoubleSpinBox::rejected, this, keep);
                }
                auto* edit = box->findChild<QLineEdit*>();
                edit->selectAll();
                QTest::keyClicks(box, typed);
                QVERIFY2(edit->text().contains(typed), qPrintable(edit->text()));
                QTest::keyClick(box, Qt::Key_Return);
                const QString field = whole ? whole->field() : real->field();
                QVERIFY2(box->text() == before,
                         qPrintable(field + QStringLiteral(": ") + box->text() +
                                    QStringLiteral(" after ") + before + QLatin1Char(' ') +
                                    reasons.join(QLatin1Char('|'))));
                QCOMPARE(reasons.size(), 1);
                QVERIFY2(reasons.front().contains(typed + QStringLiteral(" is outside")),
                         qPrintable(reasons.front()));
            }
        }
        QVERIFY2(boxes >= 20, qPrintable(QString::number(boxes)));
        // The job table's counts are typed into a line edit and checked by the same rule.
        JobTableView* table = window.findChild<JobTableView*>();
        QVERIFY(table);
        QSignalSpy refused(window.findChild<JobTableModel*>(), &JobTableModel::editRejected);
        table->edit(table->model()->index(0, JobTableModel::Maps));
        auto* editor = qobject_cast<QLineEdit*>(table->openEditor());
        QVERIFY(editor);
        editor->selectAll();
        QTest::keyClicks(editor, typed);
        table->commitPendingEdit();
        QCOMPARE(refused.count(), 1);
        QVERIFY2(refused.front().front().toString().startsWith(QStringLiteral("Maps of J1: ")),
                 qPrintable(refused.front().front().toString()));
        QCOMPARE(window.document()->workload().jobs[0].maps(),
                 loadWorkload(sample("two-jobs.json").toStdString()).jobs[0].maps());
    }
};

QTEST_MAIN(DocumentTest)
#include "DocumentTest.moc"
