// The Teach tab's lessons beyond Johnson's rule, through the real window
// offscreen: HScheduler's and OnHScheduler's last steps are the algorithms' own results (seed
// 001 Example 2: J3 → (20, 8/3), J4 → (4, 20), 35⅔; Example 3: 52), stepped with the same keys
// as every lesson; the "your order" exercise scores an order exactly as `mrsim run --algorithm
// manual --order ...` does, against Johnson, the best order and the lower bound; the
// BalancedPools lesson shows both pools' ends at every probe, keeps earlier probes, ends on a
// chart with the chosen plan, and its legend (with "best so far") covers no marker.
#include <qcustomplot.h>
#include <QComboBox>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QListWidget>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QTableWidget>
#include <QtTest>

#include "UiTestSupport.h"
#include "app/FileController.h"
#include "app/HelpController.h"
#include "catalog/AlgorithmCatalog.h"
#include "charts/BlocksPlottable.h"
#include "document/JobPalette.h"
#include "exports/ExportController.h"
#include "model/Numbers.h"
#include "schedulers/Registry.h"
#include "studio/PresentationMode.h"
#include "studio/SessionController.h"
#include "teach/BalancedPoolsStepper.h"
#include "teach/JohnsonStepper.h"
#include "teach/OrderExercise.h"
#include "teach/ResplitStepper.h"
#include "teach/StepControls.h"
#include "teach/TeachTab.h"
#include "widgets/AlgorithmList.h"

using namespace mr;
using namespace mr::ui;
using mr::ui::test::results;
using mr::ui::test::sample;

namespace {

// mrsim run W --algorithm manual --order ORDER --json: its makespan.
double mrsimManual(const QString& workload, const QStringList& order) {
    const QString mrsim = qEnvironmentVariable("MRX_MRSIM_PATH");
    QProcess process;
    process.start(mrsim, {QStringLiteral("run"), workload, QStringLiteral("--algorithm"),
                          QStringLiteral("manual"), QStringLiteral("--order"),
                          order.join(QLatin1Char(',')), QStringLiteral("--json")});
    if (!process.waitForFinished(60000) || process.exitCode() != 0) {
        return -1.0;
    }
    return QJsonDocument::fromJson(process.readAllStandardOutput())
        .object()
        .value(QStringLiteral("makespan"))
        .toDouble(-1.0);
}

// A window on `file` with the Teach tab showing `lesson`, shown so that keys reach it.
void openLesson(MainWindow& window, const char* file, const QString& lesson) {
    window.fileController()->setInteractive(false);
    QVERIFY(window.openFile(sample(file), true));
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.showTab(QStringLiteral("johnson")));
    QVERIFY(window.teachTab()->setLesson(lesson));
    results(window);
}

}  // namespace

class TeachTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("mrx-teach-tests"));
        QSettings().clear();
        QVERIFY2(QFile::exists(qEnvironmentVariable("MRX_MRSIM_PATH")),
                 "MRX_MRSIM_PATH must name the built mrsim");
    }

    void hschedulerLessonEndsAtTheAlgorithmsResult() {
        MainWindow window;
        window.algorithmList()->setChecked({QStringLiteral("hscheduler")});
        openLesson(window, "figure4-scenario2.json", QStringLiteral("hscheduler"));
        ResplitStepper* stepper = window.teachTab()->hscheduler();
        stepper->waitForLesson();
        QCoreApplication::processEvents();
        const ResplitLesson* lesson = stepper->lesson();
        QVERIFY(lesson);
        StepControls* controls = stepper->controls();
        QCOMPARE(controls->count(), 13);  // fixed, 5 re-splits, order, 5 jobs served, result
        window.activateWindow();
        stepper->setFocus();
        QTest::keyClick(stepper, Qt::Key_End);
        QCOMPARE(stepper->step(), 13);
        // The last step is the hscheduler run of the window: its makespan, its re-split (m, r).
        const RunResult* run = results(window)->find("hscheduler");
        QVERIFY(run);
        QCOMPARE(lesson->makespan(), run->makespan());
        QVERIFY(qAbs(run->makespan() - 107.0 / 3.0) < 1e-9);  // 35⅔, [Tian16] Example 2
        // Exact thirds as the paper writes them, not six rounded digits.
        QVERIFY2(stepper->explanation().contains(QStringLiteral("<b>35⅔ s</b>")),
                 qPrintable(stepper->explanation()));
        QVERIFY(stepper->explanation().contains(QStringLiteral("47 s")));  // fixed, Johnson
        QTableWidget* table = stepper->jobTable();
        QCOMPARE(table->item(2, 0)->text(), QStringLiteral("J3"));
        QCOMPARE(table->item(2, 4)->text(), QStringLiteral("(20, 2⅔)"));  // (20, 8/3)
        QCOMPARE(table->item(3, 4)->text(), QStringLiteral("(4, 20)"));
        for (int j = 0; j < 5; ++j) {
            QVERIFY(lesson->jobs[static_cast<std::size_t>(j)].resplit ==
                    run->stages[static_cast<std::size_t>(j)]);
        }
        // Home, → → and ←: step 1 is the fixed jobs, step 2 J1's re-split.
        QTest::keyClick(stepper, Qt::Key_Home);
        QCOMPARE(stepper->step(), 0);
        QVERIFY(table->item(2, 4)->text().isEmpty());
        QTest::keyClick(stepper, Qt::Key_Right);
        QTest::keyClick(stepper, Qt::Key_Right);
        QCOMPARE(stepper->step(), 2);
        QVERIFY2(stepper->explanation().startsWith(QStringLiteral("<b>Re-split J1.</b>")),
                 qPrintable(stepper->explanation()));
        QTest::keyClick(stepper, Qt::Key_Left);
        QCOMPARE(stepper->step(), 1);
        QTest::keyClick(stepper, Qt::Key_Space);
        QVERIFY(controls->isPlaying());
        QTest::keyClick(stepper, Qt::Key_Space);
        QVERIFY(!controls->isPlaying());
        // The lesson and its step survive a session.
        const Session s = window.sessions()->capture();
        QCOMPARE(s.view.teachLesson, std::string("hscheduler"));
        QCOMPARE(s.view.teachStep, 1);
    }

    void onlineLessonIsExample3() {
        MainWindow window;
        window.algorithmList()->setChecked({QStringLiteral("online-hscheduler")});
        openLesson(window, "example3-online.json", QStringLiteral("online-hscheduler"));
        ResplitStepper* stepper = window.teachTab()->onlineHScheduler();
        stepper->waitForLesson();
        QCoreApplication::processEvents();
        QVERIFY(stepper->lesson());
        stepper->setFocus();
        QTest::keyClick(stepper, Qt::Key_End);
        const RunResult* run = results(window)->find("online-hscheduler");
        QVERIFY(run);
        QCOMPARE(stepper->lesson()->makespan(), run->makespan());
        QVERIFY(qAbs(run->makespan() - 52.0) < 1e-9);  // [Tian16] Example 3
        QVERIFY2(stepper->explanation().contains(QStringLiteral("<b>52 s</b>")),
                 qPrintable(stepper->explanation()));
        // J5 arrives last and is served last; its reduce wave ends the batch.
        QCOMPARE(stepper->jobTable()->item(4, 5)->text(), QStringLiteral("4"));
        QVERIFY(stepper->jobTable()->item(4, 7)->text().endsWith(QStringLiteral("–52")));
    }

    void balancedPoolsShowsBothPoolsAtEveryProbe() {
        MainWindow window;
        window.algorithmList()->setChecked({QStringLiteral("balanced-pools")});
        openLesson(window, "figure4-scenario2.json", QStringLiteral("balanced-pools"));
        BalancedPoolsStepper* stepper = window.teachTab()->balancedPools();
        stepper->waitForLesson();
        QCoreApplication::processEvents();
        const PoolsLesson* lesson = stepper->lesson();
        QVERIFY(lesson);
        QCustomPlot* chart = stepper->chart();
        const auto graph = [chart](const QString& name) -> QCPGraph* {
            for (int i = 0; i < chart->graphCount(); ++i) {
                if (chart->graph(i)->name() == name) {
                    return chart->graph(i);
                }
            }
            return nullptr;
        };
        const auto points = [chart] {
            int n = 0;
            for (int i = 0; i < chart->graphCount(); ++i) {
                if (chart->graph(i)->name() != QLatin1String("best so far")) {
                    n += chart->graph(i)->dataCount();
                }
            }
            return n;
        };
        int probes = 0;
        for (int step = 1; step <= stepper->controls()->count(); ++step) {
            stepper->setStep(step);
            const PoolsLessonStep& s = lesson->steps[static_cast<std::size_t>(step - 1)];
            if (s.kind != PoolsLessonStep::Kind::Probe) {
                continue;
            }
            ++probes;
            // Both ends, as numbers, at every probe; the chart keeps every probe so far.
            const QString text = stepper->explanation();
            QVERIFY2(!text.contains(QStringLiteral("neither")), qPrintable(text));
            QVERIFY2(text.contains(QString::fromStdString(formatTime(s.smallEnd)) + " s") &&
                         text.contains(QString::fromStdString(formatTime(s.bigEnd)) + " s"),
                     qPrintable(text));
            QVERIFY(s.smallEnd > 0 && s.bigEnd > 0);
            QCOMPARE(points(), 2 * probes);
        }
        QVERIFY(probes > 3);
        // The last step: every probe (faded) and the chosen plan: {J3, J4} on 20 nodes end at
        // 40, {J1, J2, J5} on 10 at 39 ([Verma12] §III-C).
        stepper->setStep(stepper->controls()->count());
        QCPGraph* plan = graph(QStringLiteral("chosen plan"));
        QVERIFY(plan);
        QCOMPARE(plan->dataCount(), 2);
        QCOMPARE(plan->data()->at(0)->key, 20.0);
        QCOMPARE(plan->data()->at(0)->value, 40.0);
        QCOMPARE(plan->data()->at(1)->value, 39.0);
        QCOMPARE(points(), 2 * probes + 2);
        QCPGraph* best = graph(QStringLiteral("best so far"));
        QVERIFY(best);
        QVERIFY(chart->legend->hasItemWithPlottable(best));
        QCOMPARE(best->data()->at(0)->value, 40.0);
        // The legend lies outside the axes, where no marker is drawn.
        chart->replot();
        QVERIFY(chart->legend->visible());
        QVERIFY(!chart->legend->outerRect().intersects(chart->axisRect()->outerRect()));
        QVERIFY(chart->legend->outerRect().height() > 0);
    }

    // Help > Algorithms is the core's catalog, row for row; Help > Guide's links open the Teach
    // tab at the step they name; every tab says what it shows.
    void helpAlgorithmsIsTheCatalog() {
        MainWindow window;
        window.findChild<QAction*>(QStringLiteral("helpAlgorithms"))->trigger();
        auto* table = window.findChild<QTableWidget*>(QStringLiteral("algorithmsTable"));
        QVERIFY(table);
        const std::vector<AlgorithmInfo> catalog = algorithmCatalog();
        QCOMPARE(table->rowCount(), static_cast<int>(catalog.size()));
        for (std::size_t r = 0; r < catalog.size(); ++r) {
            const int row = static_cast<int>(r);
            QCOMPARE(table->item(row, 0)->text(), QString::fromStdString(catalog[r].id));
            QCOMPARE(table->item(row, 1)->text(), QString::fromStdString(catalog[r].name));
            QCOMPARE(table->item(row, 2)->text(), QString::fromStdString(catalog[r].description));
            QCOMPARE(table->item(row, 3)->text(), QString::fromStdString(catalog[r].source));
        }
    }

    void guideLinksOpenTeachSteps() {
        MainWindow window;
        window.algorithmList()->setChecked({QStringLiteral("johnson")});
        openLesson(window, "figure4-scenario2.json", QStringLiteral("johnson"));
        QVERIFY(window.showTab(QStringLiteral("timeline")));
        const QString guide = window.help()->guideHtml();
        for (const char* topic : {"barrier", "two-stage", "Where it breaks", "Pools", "re-split"}) {
            QVERIFY2(guide.contains(QLatin1String(topic)), topic);
        }
        // Every link of the Guide leads somewhere.
        const QRegularExpression href(QStringLiteral("href='([^']+)'"));
        int links = 0;
        for (auto it = href.globalMatch(guide); it.hasNext(); ++links) {
            const QString link = it.next().captured(1);
            QVERIFY2(window.help()->followLink(QUrl(link)), qPrintable(link));
        }
        QVERIFY(links >= 12);
        QVERIFY(window.help()->followLink(QUrl(QStringLiteral("teach:hscheduler/2"))));
        QCOMPARE(window.currentTabName(), QStringLiteral("johnson"));
        QCOMPARE(window.teachTab()->lesson(), QStringLiteral("hscheduler"));
        ResplitStepper* stepper = window.teachTab()->hscheduler();
        stepper->waitForLesson();
        QCoreApplication::processEvents();
        QCOMPARE(stepper->step(), 2);
        QVERIFY2(stepper->explanation().startsWith(QStringLiteral("<b>Re-split J1.</b>")),
                 qPrintable(stepper->explanation()));
        QVERIFY(window.help()->followLink(QUrl(QStringLiteral("teach:balanced-pools/end"))));
        BalancedPoolsStepper* pools = window.teachTab()->balancedPools();
        pools->waitForLesson();
        QCoreApplication::processEvents();
        QCOMPARE(pools->step(), pools->controls()->count());
        QVERIFY(pools->explanation().startsWith(QStringLiteral("<b>Result.</b>")));
        QVERIFY(!window.help()->followLink(QUrl(QStringLiteral("https://example.org"))));
    }

    void everyTabSaysWhatItShows() {
        MainWindow window;
        QSet<QString> hints;
        for (const char* tab :
             {"timeline", "stages", "comparison", "johnson", "sweep", "deadlines", "cost"}) {
            QVERIFY(window.showTab(QLatin1String(tab)));
            const QString hint = window.tabHint()->text();
            QVERIFY2(hint.startsWith(QStringLiteral("What am I looking at?")), tab);
            hints << hint;
        }
        QCOMPARE(hints.size(), 7);
    }

    void exerciseScoresAsMrsimManual_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QStringList>("order");
        QTest::newRow("two jobs, J1 first") << "two-jobs.json" << QStringList{"J1", "J2"};
        QTest::newRow("scenario 2, reversed")
            << "figure4-scenario2.json" << QStringList{"J5", "J4", "J3", "J2", "J1"};
        QTest::newRow("scenario 2, Johnson's")
            << "figure4-scenario2.json" << QStringList{"J2", "J5", "J1", "J4", "J3"};
    }

    void exerciseScoresAsMrsimManual() {
        QFETCH(QString, file);
        QFETCH(QStringList, order);
        MainWindow window;
        openLesson(window, qPrintable(file), QStringLiteral("your-order"));
        OrderExercise* exercise = window.teachTab()->exercise();
        exercise->waitForScores();
        QVERIFY(exercise->setOrder(order));  // as a drag would leave the list
        QCOMPARE(exercise->order(), order);
        exercise->waitForScores();
        QCoreApplication::processEvents();
        QVERIFY(exercise->makespan());
        QCOMPARE(*exercise->makespan(), mrsimManual(sample(qPrintable(file)), order));
        const OrderBenchmarks* b = exercise->benchmarks();
        QVERIFY(b);
        const Workload& w = *results(window)->workload;
        QCOMPARE(b->johnson, runAlgorithm(w, "johnson", {}).makespan());
        QVERIFY(b->optimal);
        QCOMPARE(*b->optimal, runAlgorithm(w, "optimal", {}).makespan());
        QVERIFY(b->lowerBound <= *b->optimal);
        QVERIFY(*exercise->makespan() >= *b->optimal);
        QVERIFY2(exercise->explanation().contains(
                     QString::fromStdString(formatTime(*exercise->makespan())) + " s</b>"),
                 qPrintable(exercise->explanation()));
    }

    void exerciseMovesJobsWithTheKeyboard() {
        MainWindow window;
        openLesson(window, "two-jobs.json", QStringLiteral("your-order"));
        OrderExercise* exercise = window.teachTab()->exercise();
        exercise->waitForScores();
        QCoreApplication::processEvents();
        QCOMPARE(*exercise->makespan(), 42.0);  // J1 then J2, [Verma12] Fig. 3
        exercise->list()->setFocus();
        exercise->list()->setCurrentRow(0);
        QTest::keyClick(exercise->list(), Qt::Key_Down, Qt::ControlModifier);
        QCOMPARE(exercise->order(), (QStringList{"J2", "J1"}));
        exercise->waitForScores();
        QCoreApplication::processEvents();
        QCOMPARE(*exercise->makespan(), 24.0);  // J2 then J1: Johnson's, the best
        QVERIFY(exercise->explanation().contains(QStringLiteral("one of the best")));
    }
    // → ← Home End Space step the lesson shown wherever the focus is inside the Teach tab:
    // its chart, its explanation, its table, the lesson choice — Johnson's lesson included.
    void stepKeysWorkWhereverTheFocusIs_data() {
        QTest::addColumn<QString>("lesson");
        QTest::addColumn<QString>("file");
        QTest::newRow("johnson") << "johnson"
                                 << "figure4-scenario2.json";
        QTest::newRow("balanced-pools") << "balanced-pools"
                                        << "figure4-scenario2.json";
        QTest::newRow("hscheduler") << "hscheduler"
                                    << "figure4-scenario2.json";
        QTest::newRow("online-hscheduler") << "online-hscheduler"
                                           << "example3-online.json";
    }

    void stepKeysWorkWhereverTheFocusIs() {
        QFETCH(QString, lesson);
        QFETCH(QString, file);
        MainWindow window;
        window.algorithmList()->setChecked({QStringLiteral("johnson"), lesson});
        openLesson(window, file.toUtf8().constData(), lesson);
        TeachTab* tab = window.teachTab();
        if (lesson == QStringLiteral("balanced-pools")) {
            tab->balancedPools()->waitForLesson();
        } else if (lesson == QStringLiteral("hscheduler")) {
            tab->hscheduler()->waitForLesson();
        } else if (lesson == QStringLiteral("online-hscheduler")) {
            tab->onlineHScheduler()->waitForLesson();
        }
        QCoreApplication::processEvents();
        StepControls* controls = tab->currentControls();
        QVERIFY(controls);
        QVERIFY(controls->count() >= 3);
        QWidget* page = controls->parentWidget();
        const QList<QWidget*> targets = {
            page->findChild<QCustomPlot*>(), page->findChild<QLabel*>("lessonExplanation"),
            page->findChild<QTableWidget*>(), tab->findChild<QComboBox*>("teachLesson")};
        for (QWidget* target : targets) {
            QVERIFY(target);
            const QString name = QString::fromLatin1(target->metaObject()->className());
            target->setFocus();
            QTest::keyClick(target, Qt::Key_Home);
            QCOMPARE(controls->step(), 0);
            QTest::keyClick(target, Qt::Key_Right);
            QTest::keyClick(target, Qt::Key_Right);
            QVERIFY2(controls->step() == 2, qPrintable(name));
            QTest::keyClick(target, Qt::Key_Left);
            QVERIFY2(controls->step() == 1, qPrintable(name));
            QTest::keyClick(target, Qt::Key_End);
            QVERIFY2(controls->step() == controls->count(), qPrintable(name));
            QTest::keyClick(target, Qt::Key_Space);
            QVERIFY2(controls->isPlaying(), qPrintable(name));
            QTest::keyClick(target, Qt::Key_Space);
            QVERIFY2(!controls->isPlaying(), qPrintable(name));
        }
        QCOMPARE(tab->step(), controls->step());  // Space at the end plays from the start
        // Its first words name the keys and the buttons as they are: ▶▶ steps, ▶ plays.
        QTest::keyClick(targets.front(), Qt::Key_Home);
        const QString first = page->findChild<QLabel*>("lessonExplanation")->text();
        QVERIFY2(first.contains(QStringLiteral("Press → (or the ▶▶ next-step button")),
                 qPrintable(first));
    }

    // Presenting at 200 % on Johnson's lesson: the step buttons' icons, σ's boxes and the list
    // L with its "goes to" column all grow with the font; none is cut.
    void presentingAt200ScalesTheJohnsonLesson() {
        MainWindow window;
        window.algorithmList()->setChecked({QStringLiteral("johnson")});
        openLesson(window, "figure4-scenario2.json", QStringLiteral("johnson"));
        JohnsonStepper* stepper = window.teachTab()->johnson();
        QVERIFY(!stepper->sigmaCells().isEmpty());
        auto* next = stepper->controls()->findChild<QPushButton*>(QStringLiteral("nextStep"));
        QVERIFY(next);
        const int icon = next->iconSize().height();
        const int cell = stepper->sigmaCells().front()->minimumHeight();
        window.presentation()->setActive(true);
        window.presentation()->setZoomPercent(200);
        stepper->setStep(stepper->stepCount());
        QCoreApplication::processEvents();
        QCOMPARE(next->iconSize().height(), 2 * icon);
        for (QLabel* box : stepper->sigmaCells()) {
            QVERIFY2(box->minimumHeight() >= box->fontMetrics().height() + 12,
                     qPrintable(QStringLiteral("%1 < %2")
                                    .arg(box->minimumHeight())
                                    .arg(box->fontMetrics().height())));
            QVERIFY(box->width() >= box->fontMetrics().horizontalAdvance(box->text()));
        }
        QVERIFY(stepper->sigmaCells().front()->minimumHeight() > cell);
        QTableWidget* list = stepper->list();
        const int goesTo = list->columnCount() - 1;
        QCOMPARE(list->horizontalHeaderItem(goesTo)->text(), QStringLiteral("goes to"));
        QVERIFY(list->columnWidth(goesTo) >=
                list->fontMetrics().horizontalAdvance(QStringLiteral("tail (reduce)")));
        QVERIFY2(list->columnViewportPosition(goesTo) + list->columnWidth(goesTo) <=
                     list->viewport()->width(),
                 qPrintable(QStringLiteral("%1 + %2 > %3")
                                .arg(list->columnViewportPosition(goesTo))
                                .arg(list->columnWidth(goesTo))
                                .arg(list->viewport()->width())));
        window.presentation()->setActive(false);
        QCOMPARE(next->iconSize().height(), icon);
    }
    // The HScheduler lessons presented at 200 %: the job table shows every job's row (the chart
    // below gives way, the page scrolls), and the chart is never empty — at a re-split step
    // every job's waves are drawn, those still to come faded.
    void presentingAt200ShowsTheResplitLessonsWhole_data() {
        QTest::addColumn<QString>("lesson");
        QTest::addColumn<QString>("file");
        QTest::newRow("hscheduler") << "hscheduler"
                                    << "figure4-scenario2.json";
        QTest::newRow("online-hscheduler") << "online-hscheduler"
                                           << "example3-online.json";
    }

    void presentingAt200ShowsTheResplitLessonsWhole() {
        QFETCH(QString, lesson);
        QFETCH(QString, file);
        MainWindow window;
        window.algorithmList()->setChecked({lesson});
        openLesson(window, file.toUtf8().constData(), lesson);
        ResplitStepper* stepper = lesson == QStringLiteral("hscheduler")
                                      ? window.teachTab()->hscheduler()
                                      : window.teachTab()->onlineHScheduler();
        stepper->waitForLesson();
        QCoreApplication::processEvents();
        window.presentation()->setActive(true);
        window.presentation()->setZoomPercent(200);
        stepper->showStep(5);  // re-split J4: nothing served yet
        QCoreApplication::processEvents();
        QTableWidget* table = stepper->jobTable();
        QCOMPARE(table->rowCount(), 5);
        const QRect last = table->visualRect(table->model()->index(4, 0));
        QVERIFY2(table->viewport()->rect().contains(last),
                 qPrintable(QStringLiteral("row 5 at %1..%2, viewport %3 high")
                                .arg(last.top())
                                .arg(last.bottom())
                                .arg(table->viewport()->height())));
        const auto* blocks = stepper->findChild<QCustomPlot*>()->plottable(0);
        const auto* drawn = qobject_cast<const BlocksPlottable*>(blocks);
        QVERIFY(drawn != nullptr);
        QCOMPARE(drawn->blocks().size(), std::size_t{10});  // 5 jobs × (map, reduce)
        const Block& first = drawn->blocks().front();
        QCOMPARE(first.colour,
                 JobPalette::faded(window.runController()->latest()->colours.mapShade(0)));
        stepper->showStep(stepper->controls()->count());
        QCOMPARE(drawn->blocks().front().colour,
                 window.runController()->latest()->colours.mapShade(0));
        window.presentation()->setActive(false);
    }

    // "Johnson timelines" exported at step 0 has no empty first chart: the timeline so far
    // comes in once a job is placed.
    void johnsonExportHasNoEmptyChartAtStepZero() {
        MainWindow window;
        window.algorithmList()->setChecked({QStringLiteral("johnson")});
        openLesson(window, "figure4-scenario2.json", QStringLiteral("johnson"));
        JohnsonStepper* stepper = window.teachTab()->johnson();
        const ExportEntry* entry =
            window.exports()->entry(QStringLiteral("johnson"), ExportEntry::Chart);
        QVERIFY(entry);
        stepper->setStep(0);
        QList<QCustomPlot*> charts = entry->charts();
        QCOMPARE(charts.size(), 2);
        QVERIFY(!charts.contains(stepper->plots().front()));
        stepper->setStep(1);
        charts = entry->charts();
        QCOMPARE(charts, stepper->plots());
    }
};

QTEST_MAIN(TeachTest)
#include "TeachTest.moc"
