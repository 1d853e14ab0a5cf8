// The what-if studio, driven through the real window offscreen:
//  * a session survives save and open exactly: the workload, checked algorithms, run options,
//    every variant, the tab, the Teach step, the highlighted job and the reference variant;
//  * a bad session is one line naming the file and the field, and leaves the window as it was;
//  * each variant runs in the background like the current workload, with its own results
//    (equal to the core's run of that variant), cancelled and rerun by the same mechanism.
#include <qcustomplot.h>
#include <QLabel>
#include <QMessageBox>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include "UiTestSupport.h"
#include "exports/ExportController.h"
#include "app/FileController.h"
#include "charts/ComparisonView.h"
#include "charts/GanttPanel.h"
#include "charts/GanttPlot.h"
#include "document/JobPalette.h"
#include "document/WorkloadDocument.h"
#include "io/SessionJson.h"
#include "io/WorkloadJson.h"
#include "schedulers/Registry.h"
#include "studio/PresentationMode.h"
#include "studio/SessionController.h"
#include "studio/VariantComparison.h"
#include "studio/VariantStore.h"
#include "studio/VariantStrip.h"
#include "teach/BalancedPoolsStepper.h"
#include "teach/JohnsonStepper.h"
#include "teach/ResplitStepper.h"
#include "teach/StepControls.h"
#include "teach/TeachTab.h"
#include "widgets/AlgorithmList.h"
#include "widgets/JobTableView.h"
#include "widgets/RunOptionsPanel.h"

using namespace mr;
using namespace mr::ui;
using mr::ui::test::results;
using mr::ui::test::sample;

namespace {

// A variant's run, waited for.
std::shared_ptr<const RunSet> variantResults(VariantStore* store, int index) {
    store->runController(index)->waitForLatest();
    QCoreApplication::processEvents();
    return store->results(index);
}

Variant oneSlotMore(const Variant& base, const std::string& name) {
    Variant v = base;
    v.name = name;
    v.workload.cluster.mapSlotsPerNode += 1;
    v.workload.cluster.reduceSlotsPerNode += 1;
    return v;
}

}  // namespace

class StudioTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("mrx-studio-tests"));
        QSettings().clear();
    }

    void sessionSurvivesSaveAndOpen() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("what-if.mrxs"));
        Session saved;
        {
            MainWindow window;
            window.fileController()->setInteractive(false);
            QVERIFY(window.openFile(sample("figure4-scenario2.json"), true));
            window.algorithmList()->setChecked(
                {QStringLiteral("johnson"), QStringLiteral("balanced-pools")});
            RunOptions options = window.runOptionsPanel()->options();
            options.seed = 17;
            options.estimator = Estimator::AriaUp;
            options.pools = 3;
            window.runOptionsPanel()->setOptions(options);
            results(window);
            Variant a = window.sessions()->capture().current;
            a.name = "as published";
            window.variants()->add(a);
            window.variants()->add(oneSlotMore(a, "one slot more"));
            window.variants()->setReference(QStringLiteral("as published"));
            QVERIFY(window.showTab(QStringLiteral("johnson")));
            results(window);
            window.teachTab()->johnson()->setStep(3);
            window.selectJob(2);
            window.ganttPanel()->setTimeRange(5.0, 30.5);
            window.ganttPanel()->setSlotRange(2.5, 12.5);  // the slot axis zoomed too
            saved = window.sessions()->capture();
            QVERIFY(window.sessions()->saveAs(path));
        }
        QCOMPARE(saved.variants.size(), std::size_t{2});
        QCOMPARE(saved.view.tab, std::string("johnson"));
        QCOMPARE(saved.view.teachStep, 3);
        QVERIFY(saved.view.timeRange == (std::array<double, 2>{5.0, 30.5}));
        QVERIFY(saved.view.slotRange == (std::array<double, 2>{2.5, 12.5}));
        QCOMPARE(saved.view.highlightedJob, std::string("J3"));
        QCOMPARE(saved.current.options.seed, std::uint64_t{17});
        QCOMPARE(saved.current.options.pools, 3);
        QVERIFY(saved.current.algorithms ==
                (std::vector<std::string>{"johnson", "balanced-pools"}));
        // The file holds exactly what was captured.
        QVERIFY(loadSession(path.toStdString()) == saved);

        MainWindow reopened;
        reopened.fileController()->setInteractive(false);
        QVERIFY(reopened.openFile(path));  // File > Open knows a session by its format
        results(reopened);
        QCoreApplication::processEvents();
        const Session back = reopened.sessions()->capture();
        QVERIFY(back.current == saved.current);
        QVERIFY(back.variants == saved.variants);
        QVERIFY(back.view == saved.view);
        QCOMPARE(reopened.currentTabName(), QStringLiteral("johnson"));
        QCOMPARE(reopened.teachTab()->johnson()->step(), 3);
        QCOMPARE(reopened.selectedJob(), 2);
        // The zoom reaches the timelines when they are drawn (the tab shown was another).
        QVERIFY(reopened.showTab(QStringLiteral("timeline")));
        results(reopened);
        QVERIFY(!reopened.ganttPanel()->plots().isEmpty());
        for (GanttPlot* plot : reopened.ganttPanel()->plots()) {
            QCOMPARE(plot->xAxis->range().lower, 5.0);
            QCOMPARE(plot->xAxis->range().upper, 30.5);
            QCOMPARE(plot->yAxis->range().lower, 2.5);
            QCOMPARE(plot->yAxis->range().upper, 12.5);
        }
        // Never the window's geometry or layout: those are the user's (QSettings).
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray text = file.readAll();
        QVERIFY(!text.contains("geometry") && !text.contains("dock") && !text.contains("state"));
        QVERIFY(!reopened.document()->isModified());
        QCOMPARE(reopened.sessions()->filePath(), path);
    }

    // The window's geometry and layout are the user's: kept in QSettings when the window
    // closes, back when it opens; a session never holds them.
    void windowLayoutIsRememberedPerUser() {
        QSettings().remove(QStringLiteral("window"));
        QSize size(1010, 690);
        {
            MainWindow window;
            QVERIFY(!window.restoreWindowLayout());  // nothing saved yet
            // Within the screen (offscreen: 800 wide): a larger one would come back smaller.
            size = size.boundedTo(window.screen()->availableGeometry().size());
            window.resize(size);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            window.findChild<VariantStrip*>()->hide();  // a toolbar the user closed
            QVERIFY(window.close());
        }
        QVERIFY(QSettings().contains(QStringLiteral("window/geometry")));
        MainWindow again;
        QVERIFY(again.restoreWindowLayout());
        QCOMPARE(again.size(), size);
        again.show();
        QVERIFY(QTest::qWaitForWindowExposed(&again));
        QVERIFY(again.findChild<VariantStrip*>()->isHidden());
        const Session s = again.sessions()->capture();
        QVERIFY(!QString::fromStdString(serializeSession(s)).contains(QStringLiteral("geometry")));
    }

    void badSessionNamesFileAndFieldAndChangesNothing() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("bad.mrxs"));
        Session s;
        s.current.workload = loadWorkload(sample("two-jobs.json").toStdString());
        s.current.algorithms = {"johnson"};
        std::string text = serializeSession(s);
        text.replace(text.find("\"johnson\""), 9, "\"jonson\"");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(text.data(), static_cast<qint64>(text.size()));
        file.close();

        MainWindow window;
        window.fileController()->setInteractive(false);
        QVERIFY(window.openFile(sample("figure4-scenario1.json"), true));
        const Workload before = window.document()->workload();
        const QString message = mr::ui::test::messageOf([&] {
            window.fileController()->setInteractive(true);
            QVERIFY(!window.openFile(path));
        });
        QCOMPARE(message, path + QStringLiteral(": field 'current.algorithms': unknown algorithm "
                                                "'jonson'"));
        QVERIFY(window.document()->workload() == before);
        QCOMPARE(window.variants()->count(), 0);
    }

    void keepAsVariantSnapshotsAndEditsGoOn() {
        MainWindow window;
        window.fileController()->setInteractive(false);
        QVERIFY(window.openFile(sample("figure4-scenario2.json"), true));
        window.algorithmList()->setChecked({QStringLiteral("johnson")});
        results(window);
        auto* keep = window.findChild<QAction*>(QStringLiteral("keepAsVariant"));
        QVERIFY(keep);
        keep->trigger();
        VariantStore* store = window.variants();
        QCOMPARE(store->count(), 1);
        QCOMPARE(store->variant(0).name, std::string("A"));
        QVERIFY(store->variant(0).workload == window.document()->workload());
        // Editing on changes the workload, not the variant.
        Cluster bigger = window.document()->workload().cluster;
        bigger.nodes = 60;
        window.document()->setCluster(bigger);
        QCOMPARE(store->variant(0).workload.cluster.nodes, 30);
        keep->trigger();
        QCOMPARE(store->variant(1).name, std::string("B"));
        QCOMPARE(store->variant(1).workload.cluster.nodes, 60);
        variantResults(store, 0);
        variantResults(store, 1);
        auto* strip = window.findChild<VariantStrip*>();
        QVERIFY(strip);
        QCOMPARE(strip->buttonText(0), QStringLiteral("A  47 s"));
        // Twice the nodes: the variant's own run, as the core computes it, and earlier.
        const double b = store->results(1)->find("johnson")->makespan();
        QCOMPARE(b, runAlgorithm(store->variant(1).workload, "johnson", {}).makespan());
        QVERIFY(b < 47.0);
    }

    void teachBalancedPoolsStepsToTheAlgorithmsResult() {
        MainWindow window;
        window.fileController()->setInteractive(false);
        QVERIFY(window.openFile(sample("figure4-scenario2.json"), true));
        window.algorithmList()->setChecked({QStringLiteral("balanced-pools")});
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.showTab(QStringLiteral("johnson")));
        QVERIFY(window.teachTab()->setLesson(QStringLiteral("balanced-pools")));
        const auto set = results(window);
        BalancedPoolsStepper* stepper = window.teachTab()->balancedPools();
        stepper->waitForLesson();
        QCoreApplication::processEvents();
        const PoolsLesson* lesson = stepper->lesson();
        QVERIFY(lesson);
        StepControls* controls = stepper->controls();
        QCOMPARE(controls->count(), static_cast<int>(lesson->steps.size()));
        // The keys a teacher uses: End, Home, → and ←.
        window.activateWindow();
        stepper->setFocus();
        QTest::keyClick(stepper, Qt::Key_End);
        QCOMPARE(stepper->step(), controls->count());
        // The last step is the balanced-pools algorithm's own result: pools and makespan.
        const RunResult* run = set->find("balanced-pools");
        QVERIFY(run);
        QCOMPARE(lesson->makespan(), run->makespan());
        QCOMPARE(run->makespan(), 40.0);  // [Verma12] §III-C
        QCOMPARE(run->sim.pools.size(), lesson->plan.pools.size());
        for (std::size_t p = 0; p < run->sim.pools.size(); ++p) {
            QCOMPARE(run->sim.pools[p].nodes, lesson->plan.pools[p].nodes);
            QVERIFY(run->sim.pools[p].jobs == lesson->plan.pools[p].jobs);
        }
        QVERIFY2(stepper->explanation().contains(QStringLiteral("<b>40 s</b>")),
                 qPrintable(stepper->explanation()));
        QTest::keyClick(stepper, Qt::Key_Home);
        QCOMPARE(stepper->step(), 0);
        QTest::keyClick(stepper, Qt::Key_Right);
        QTest::keyClick(stepper, Qt::Key_Right);
        QCOMPARE(stepper->step(), 2);
        QVERIFY2(stepper->explanation().contains(QStringLiteral("<b>47 s</b>")),
                 qPrintable(stepper->explanation()));  // plain Johnson, the plan to beat
        QTest::keyClick(stepper, Qt::Key_Left);
        QCOMPARE(stepper->step(), 1);
        // The lesson and its step survive a session.
        const Session s = window.sessions()->capture();
        QCOMPARE(s.view.teachLesson, std::string("balanced-pools"));
        QCOMPARE(s.view.teachStep, 1);

        // Every probe step draws its probe: both ends, or — stopped once both pools ran past
        // the best plan — a mark on the best-so-far line (the chart was empty there).
        int stopped = 0;
        for (int step = 1; step <= controls->count(); ++step) {
            const PoolsLessonStep& probe = lesson->steps[static_cast<std::size_t>(step - 1)];
            if (probe.kind != PoolsLessonStep::Kind::Probe) {
                continue;
            }
            stepper->setStep(step);
            int marks = 0;
            bool atThisProbe = false;
            for (int g = 0; g < stepper->chart()->graphCount(); ++g) {
                const auto data = stepper->chart()->graph(g)->data();
                marks += data->size();
                for (auto it = data->constBegin(); it != data->constEnd(); ++it) {
                    atThisProbe = atThisProbe || it->key == probe.nodes;
                }
            }
            QVERIFY2(marks > 0 && atThisProbe, qPrintable(stepper->explanation()));
            stopped += probe.exact ? 0 : 1;
        }
        QVERIFY(stopped > 0);  // the sample has such probes (step 6 of teaching.mrxs)
    }

    void comparisonShowsVariantsByAlgorithm() {
        MainWindow window;
        window.fileController()->setInteractive(false);
        QVERIFY(window.openFile(sample("what-if-tour.mrxs")));
        results(window);
        VariantStore* store = window.variants();
        QCOMPARE(store->count(), 3);
        for (int i = 0; i < store->count(); ++i) {
            variantResults(store, i);
        }
        QCoreApplication::processEvents();
        QCOMPARE(store->reference(), QStringLiteral("as published"));
        const std::vector<VariantRow> rows =
            window.pages().comparison()->variantComparison()->rows();
        // The current workload's 4 algorithms, then 3 variants × 4 algorithms.
        QCOMPARE(rows.size(), std::size_t{16});
        for (const VariantRow& row : rows) {
            QVERIFY2(row.makespan, (row.variant + " " + row.algorithm).c_str());
            if (row.variant == "current") {
                continue;
            }
            const int index = store->indexOf(QString::fromStdString(row.variant));
            const Variant& v = store->variant(index);
            const double own = runAlgorithm(v.workload, row.algorithm, v.options).makespan();
            const double reference =
                runAlgorithm(store->variant(0).workload, row.algorithm, v.options).makespan();
            QCOMPARE(*row.makespan, own);
            QCOMPARE(*row.delta, own - reference);
        }
        QCOMPARE(*rows[4].makespan, 47.0);  // as published, johnson: [Verma12] Fig. 4
        const QString csv = window.pages().comparison()->variantComparison()->csv();
        QCOMPARE(csv.count(QLatin1Char('\n')), 13);  // header + 12 rows, no "current"
        QVERIFY(csv.startsWith(QStringLiteral("variant,algorithm,makespan,delta")));
    }

    void presentationModeHidesPanelsAndZoomsEveryChart() {
        MainWindow window;
        window.fileController()->setInteractive(false);
        QVERIFY(window.openFile(sample("figure4-scenario2.json"), true));
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.showTab(QStringLiteral("comparison")));
        results(window);
        QCoreApplication::processEvents();
        const double base = QApplication::font().pointSizeF();
        QCustomPlot* chart = window.pages().comparison()->view()->chart();
        const double tickBase = chart->xAxis->tickLabelFont().pointSizeF();
        QWidget* panel = window.jobTable()->parentWidget();
        QVERIFY(panel->isVisible());

        auto* toggle = window.findChild<QAction*>(QStringLiteral("viewPresentation"));
        QVERIFY(toggle);
        toggle->trigger();
        PresentationMode* mode = window.presentation();
        QVERIFY(mode->isActive());
        QVERIFY(window.windowState() & Qt::WindowFullScreen);
        QVERIFY(!panel->isVisible());
        QCOMPARE(mode->zoomPercent(), 150);
        mode->setZoomPercent(200);
        QCOMPARE(QApplication::font().pointSizeF(), base * 2.0);
        QCOMPARE(chart->xAxis->tickLabelFont().pointSizeF(), tickBase * 2.0);
        // A chart shown for the first time while zoomed follows the zoom too.
        QVERIFY(window.showTab(QStringLiteral("timeline")));
        results(window);
        QCoreApplication::processEvents();
        for (GanttPlot* plot : window.ganttPanel()->plots()) {
            QCOMPARE(plot->xAxis->tickLabelFont().pointSizeF(), base * 2.0);
        }
        mode->setZoomPercent(400);
        QCOMPARE(mode->zoomPercent(), PresentationMode::kMaxZoom);
        toggle->trigger();
        QVERIFY(!mode->isActive());
        QVERIFY(panel->isVisible());
        QCOMPARE(QApplication::font().pointSizeF(), base);
        QCOMPARE(chart->xAxis->tickLabelFont().pointSizeF(), tickBase);
    }

    // Presenting at 200 % (F11, Ctrl+= twice): tables widen with the font, charts grow rather
    // than squeeze, the Teach explanation follows the zoom, the timelines scroll; the
    // high-contrast palette is black on white and gives the desktop's palette back.
    void presentationAt200FollowsEverywhere() {
        MainWindow window;
        window.fileController()->setInteractive(false);
        window.algorithmList()->setChecked(
            {QStringLiteral("johnson"), QStringLiteral("balanced-pools"),
             QStringLiteral("hscheduler"), QStringLiteral("optimal")});
        QVERIFY(window.openFile(sample("figure4-scenario2.json"), true));
        window.resize(1280, 720);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        results(window);
        const double base = QApplication::font().pointSizeF();
        window.findChild<QAction*>(QStringLiteral("viewPresentation"))->trigger();
        window.findChild<QAction*>(QStringLiteral("viewZoomIn"))->trigger();
        window.findChild<QAction*>(QStringLiteral("viewZoomIn"))->trigger();
        PresentationMode* mode = window.presentation();
        QCOMPARE(mode->zoomPercent(), 200);
        QCOMPARE(PresentationMode::zoomFactor(), 2.0);
        QVERIFY(window.showTab(QStringLiteral("comparison")));
        QCoreApplication::processEvents();
        // Every cell and header of the comparison table fits its column: no "akespa".
        QTableWidget* table = window.pages().comparison()->view()->findChild<QTableWidget*>();
        QVERIFY(table && table->rowCount() == 4);
        const QFontMetrics metrics(table->font());
        for (int c = 0; c < table->columnCount(); ++c) {
            const QString header = table->horizontalHeaderItem(c)->text();
            QVERIFY2(table->columnWidth(c) >= metrics.horizontalAdvance(header),
                     qPrintable(header + QStringLiteral(" %1 < %2 %3 %4")
                                             .arg(table->columnWidth(c))
                                             .arg(metrics.horizontalAdvance(header))
                                             .arg(table->parentWidget()->metaObject()->className())
                                             .arg(table->font().pointSizeF())));
            for (int r = 0; r < table->rowCount(); ++r) {
                if (QTableWidgetItem* item = table->item(r, c)) {
                    QVERIFY2(table->columnWidth(c) >= metrics.horizontalAdvance(item->text()),
                             qPrintable(item->text()));
                }
            }
        }
        QVERIFY(table->verticalHeader()->defaultSectionSize() >= metrics.height());
        QVERIFY(window.pages().comparison()->view()->chart()->minimumHeight() >= 300);
        // The Teach explanation follows the zoom.
        QVERIFY(window.showTab(QStringLiteral("johnson")));
        QVERIFY(window.teachTab()->setLesson(QStringLiteral("hscheduler")));
        QCoreApplication::processEvents();
        auto* explanation = window.teachTab()->hscheduler()->findChild<QLabel*>(
            QStringLiteral("lessonExplanation"));
        QVERIFY(explanation);
        QCOMPARE(QFontInfo(explanation->font()).pointSizeF(),
                 QFontInfo(QApplication::font()).pointSizeF());
        QVERIFY(explanation->font().pointSizeF() >= base * 1.99);
        // The timelines scroll rather than squeeze: each area twice its minimum height.
        QVERIFY(window.showTab(QStringLiteral("timeline")));
        results(window);
        QCoreApplication::processEvents();
        for (GanttPlot* plot : window.ganttPanel()->plots()) {
            QVERIFY2(plot->height() >= GanttPanel::kMinAreaHeight, qPrintable(plot->title()));
        }
        QVERIFY(window.ganttPanel()->scrollArea()->verticalScrollBar()->maximum() > 0);

        // High contrast on and off.
        const QPalette desktop = QApplication::palette();
        auto* contrast = window.findChild<QAction*>(QStringLiteral("viewHighContrast"));
        QVERIFY(contrast);
        contrast->trigger();
        QVERIFY(mode->isHighContrast());
        QCOMPARE(QApplication::palette().color(QPalette::Window), QColor(Qt::white));
        QCOMPARE(QApplication::palette().color(QPalette::WindowText), QColor(Qt::black));
        contrast->trigger();
        QVERIFY(!mode->isHighContrast());
        QCOMPARE(QApplication::palette().color(QPalette::Window), desktop.color(QPalette::Window));
        mode->setActive(false);
        QCOMPARE(QApplication::font().pointSizeF(), base);
        QCOMPARE(PresentationMode::zoomFactor(), 1.0);
    }

    void variantsRunInTheBackgroundLikeTheCurrentOne() {
        MainWindow window;
        window.fileController()->setInteractive(false);
        QVERIFY(window.openFile(sample("figure4-scenario2.json"), true));
        window.algorithmList()->setChecked(
            {QStringLiteral("johnson"), QStringLiteral("hscheduler")});
        results(window);
        Variant a = window.sessions()->capture().current;
        a.name = "A";
        VariantStore* store = window.variants();
        store->add(a);
        store->add(oneSlotMore(a, "B"));
        for (int i = 0; i < store->count(); ++i) {
            const auto set = variantResults(store, i);
            QVERIFY(set && set->complete());
            const Variant& v = store->variant(i);
            QVERIFY(*set->workload == v.workload);
            for (const std::string& id : v.algorithms) {
                const RunResult* r = set->find(id);
                QVERIFY2(r, id.c_str());
                // The same number the core (and mrsim run) gives for that variant.
                QCOMPARE(r->makespan(), runAlgorithm(v.workload, id, v.options).makespan());
            }
        }
        // [Verma12] Fig. 4 scenario 2: Johnson simulated 47, HScheduler 35⅔ ([Tian16] Example 2).
        QCOMPARE(store->results(0)->find("johnson")->makespan(), 47.0);
        QVERIFY(qAbs(store->results(0)->find("hscheduler")->makespan() - 107.0 / 3.0) < 1e-9);
        QVERIFY(store->results(1)->find("johnson")->makespan() < 47.0);

        // Cancelled and rerun through the same RunController calls as the current run.
        RunController* runs = store->runController(1);
        store->rerun(1);
        runs->cancelAlgorithm(QStringLiteral("hscheduler"));
        runs->waitForLatest();
        QCoreApplication::processEvents();
        const AlgorithmRun* cancelled = store->results(1)->outcome("hscheduler");
        QVERIFY(cancelled);
        if (cancelled->state == AlgorithmRun::State::Cancelled) {
            runs->rerunAlgorithm(QStringLiteral("hscheduler"));
            runs->waitForLatest();
            QCoreApplication::processEvents();
        }
        QCOMPARE(store->results(1)->outcome("hscheduler")->state, AlgorithmRun::State::Done);

        // Names stay unique; removing the reference clears it.
        QVERIFY(!store->rename(1, QStringLiteral("A")).isEmpty());
        QVERIFY(store->rename(1, QStringLiteral("one slot more")).isEmpty());
        store->setReference(QStringLiteral("A"));
        QCOMPARE(store->reference(), QStringLiteral("A"));
        store->remove(0);
        QCOMPARE(store->reference(), QString());
        QCOMPARE(store->count(), 1);
        QCOMPARE(store->nextName(), QStringLiteral("A"));
    }
    // Every job keeps its colour across a session's save and open, after Add, Duplicate and a
    // drag gave the rows colours out of file order.
    void jobColoursSurviveSaveAndOpen() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("colours.mrxs"));
        MainWindow window;
        window.fileController()->setInteractive(false);
        QVERIFY(window.openFile(sample("figure4-scenario2.json"), true));
        WorkloadDocument* doc = window.document();
        doc->addJob(2);
        doc->duplicateJob(0);
        doc->moveJob(0, 5);
        const JobColours colours = doc->jobColours();
        QVERIFY(colours.slotOfJob() != (std::vector<int>{0, 1, 2, 3, 4, 5, 6}));
        QVERIFY(window.sessions()->saveAs(path));

        MainWindow reopened;
        reopened.fileController()->setInteractive(false);
        QVERIFY(reopened.openFile(path));
        const Workload& back = reopened.document()->workload();
        QCOMPARE(back.jobCount(), doc->workload().jobCount());
        for (int j = 0; j < back.jobCount(); ++j) {
            QCOMPARE(back.jobs[static_cast<std::size_t>(j)].name,
                     doc->workload().jobs[static_cast<std::size_t>(j)].name);
            QCOMPARE(reopened.document()->jobColours().base(j), colours.base(j));
        }
        // A job added after opening takes a colour no job has.
        const int added = reopened.document()->addJob(-1);
        // (addJob replaces the document's workload: `back` is not read past this point.)
        const int slot = reopened.document()->jobColours().slot(added);
        for (int j = 0; j < reopened.document()->workload().jobCount(); ++j) {
            QVERIFY(j == added || reopened.document()->jobColours().slot(j) != slot);
        }
    }

    // Right after "Saved session …" the window has nothing unsaved: no '*' in the title, and
    // closing asks nothing (the session holds the workload as edited).
    void savingASessionLeavesNothingToSave() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("edited.mrxs"));
        MainWindow window;
        QVERIFY(window.openFile(sample("figure4-scenario2.json")));
        window.document()->addJob(-1);
        QVERIFY(window.isWindowModified());
        QVERIFY(window.sessions()->saveAs(path));
        QVERIFY(window.statusLabel()->text().startsWith(QStringLiteral("Saved session")));
        QVERIFY(!window.isWindowModified());
        QVERIFY(!window.document()->isModified());
        bool asked = false;
        QTimer::singleShot(0, [&asked] {
            asked = QApplication::activeModalWidget() != nullptr;
            if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
                box->reject();
            }
        });
        QVERIFY(window.close());
        QCoreApplication::processEvents();
        QVERIFY(!asked);
    }

    // The Comparison chart first shown after presentation's zoom (Teach tab → F11 → Ctrl+= ×2
    // → Comparison) has a value axis from its data — its top near the largest makespan, not
    // room made for labels at another size — on screen and in File > Export.
    void comparisonAxisComesFromTheDataAfterTheZoom() {
        MainWindow window;
        window.fileController()->setInteractive(false);
        window.algorithmList()->setChecked(
            {QStringLiteral("johnson"), QStringLiteral("reverse-johnson"),
             QStringLiteral("balanced-pools"), QStringLiteral("hscheduler")});
        QVERIFY(window.openFile(sample("figure4-scenario2.json"), true));
        window.resize(1280, 720);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const auto done = results(window);
        double top = 0.0;
        for (const AlgorithmRun& run : done->outcomes) {
            top = std::max(top, run.result ? run.result->makespan() : 0.0);
        }
        QVERIFY(top > 50.0 && top <= 78.0);
        // The top leaves room for the labels above the bars at this size (at 200 % up to about
        // 1.7 times the largest value), never the room of another size (350 for 78).
        QVERIFY(window.showTab(QStringLiteral("johnson")));
        window.findChild<QAction*>(QStringLiteral("viewPresentation"))->trigger();
        window.findChild<QAction*>(QStringLiteral("viewZoomIn"))->trigger();
        window.findChild<QAction*>(QStringLiteral("viewZoomIn"))->trigger();
        QCOMPARE(window.presentation()->zoomPercent(), 200);
        // Laid out once at another size first, as a chart of a tab never shown is (its widget's
        // size before the tab's layout): the room its labels needed there must not stay.
        window.pages().comparison()->refresh();
        QCustomPlot* chart = window.pages().comparison()->view()->chart();
        const QRect screen = chart->viewport();
        chart->setViewport(QRect(0, 0, 900, 260));
        chart->replot(QCustomPlot::rpImmediateRefresh);
        chart->replot(QCustomPlot::rpImmediateRefresh);
        chart->setViewport(screen);
        QVERIFY(window.showTab(QStringLiteral("comparison")));
        QCoreApplication::processEvents();
        QCoreApplication::processEvents();
        QVERIFY2(chart->yAxis->range().upper <= top * 1.8,
                 qPrintable(QString::number(chart->yAxis->range().upper)));
        QTemporaryDir dir;
        const ExportEntry* entry =
            window.exports()->entry(QStringLiteral("comparison"), ExportEntry::Chart);
        QVERIFY(entry);
        window.exports()->write(*entry, dir.filePath(QStringLiteral("c.png")), QSize(1600, 900));
        QVERIFY2(chart->yAxis->range().upper <= top * 1.8,
                 qPrintable(QString::number(chart->yAxis->range().upper)));
        window.presentation()->setActive(false);
    }
};

QTEST_MAIN(StudioTest)
#include "StudioTest.moc"
