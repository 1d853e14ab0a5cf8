// Background runs driven through the real window, offscreen, with a test-only slow
// algorithm (SlowAlgorithm.h) that runs until released or cancelled: a slow algorithm never
// delays a fast one's chart; an edit cancels the run before it; one algorithm can be cancelled
// and run again; opening another file never shows the old workload's charts; closing the window
// during a sweep returns and cancels the sweep, starting none of its remaining points. A search
// shows its best plan so far; a result computed once is not computed again (undo, redo,
// re-checking); the sweep draws its points as they arrive and Cancel keeps them.
#include <qcustomplot.h>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTableWidget>
#include <QUndoStack>
#include <QtTest>
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "SlowAlgorithm.h"
#include "UiTestSupport.h"
#include "app/MainWindow.h"
#include "charts/ComparisonView.h"
#include "charts/GanttPanel.h"
#include "charts/GanttPlot.h"
#include "charts/TaskBarsPlottable.h"
#include "document/JobTableModel.h"
#include "document/WorkloadDocument.h"
#include "experiments/Compare.h"
#include "io/WorkloadJson.h"
#include "model/Numbers.h"
#include "run/ChartTimeline.h"
#include "run/ResultCache.h"
#include "run/RunController.h"
#include "run/WorkPool.h"
#include "schedulers/Registry.h"
#include "sweep/SweepTab.h"
#include "widgets/AlgorithmList.h"
#include "widgets/StatusLine.h"

using namespace mr;
using namespace mr::ui;
using mr::testing::SlowAlgorithm;
using mr::ui::test::sample;

namespace {

constexpr int kTimeoutMs = 30000;  // only reached when the behaviour is broken

const char* kSlow = SlowAlgorithm::kId;

// The visible push button of the panel with this text (the areas' Cancel / Run again).
QPushButton* button(GanttPanel* panel, const QString& text) {
    for (QPushButton* b : panel->findChildren<QPushButton*>()) {
        if (b->text() == text && b->isVisibleTo(panel)) {
            return b;
        }
    }
    return nullptr;
}

// The comparison table's "Order" column, which holds why an algorithm has no result yet.
int orderColumn(QTableWidget* table) {
    for (int c = 0; c < table->columnCount(); ++c) {
        if (table->horizontalHeaderItem(c)->text() == QLatin1String("Order")) {
            return c;
        }
    }
    return -1;
}

// The comparison table's cell in the row of `algorithm` (column -1: the order column).
QString comparisonCell(MainWindow& window, const char* algorithm, int column) {
    QTableWidget* table = window.pages().comparison()->view()->table();
    column = column < 0 ? orderColumn(table) : column;
    for (int row = 0; row < table->rowCount(); ++row) {
        if (table->item(row, 0) && table->item(row, 0)->text() == QLatin1String(algorithm)) {
            const QTableWidgetItem* item = table->item(row, column);
            return item ? item->text() : QString();
        }
    }
    return QStringLiteral("(no row)");
}

// A window with these algorithms on this file, every run finished; from here on test-slow
// blocks until released and the counters count only what the test does next.
void settle(MainWindow& window, const QStringList& ids, const char* file) {
    SlowAlgorithm::reset(true);
    window.algorithmList()->setChecked(ids);
    QVERIFY(window.openFile(sample(file)));
    test::results(window);
    SlowAlgorithm::reset(false);
}

}  // namespace

namespace {

// The parts of a chart a status strip must never cover, in its area's coordinates: its plot
// areas with their axes, the layout elements under its title row (the legend among them) and
// the makespan label.
QList<QRect> chartParts(const GanttPlot* plot) {
    QList<QRect> parts;
    for (const QCPAxisRect* rect : plot->axisRects()) {
        if (rect->visible() && rect->layout() != nullptr) {
            parts << rect->outerRect();
        }
    }
    QCPLayoutGrid* layout = plot->plotLayout();
    for (int row = 1; row < layout->rowCount(); ++row) {
        if (QCPLayoutElement* e = layout->element(row, 0); e != nullptr && e->visible()) {
            parts << e->outerRect();
        }
    }
    for (int i = 0; i < plot->itemCount(); ++i) {
        auto* text = qobject_cast<QCPItemText*>(plot->item(i));
        if (text != nullptr && text->visible() &&
            text->text().startsWith(QStringLiteral("makespan"))) {
            parts << QRectF(text->topLeft->pixelPosition(), text->bottomRight->pixelPosition())
                         .toAlignedRect();
        }
    }
    for (QRect& part : parts) {
        part.translate(plot->pos());
    }
    return parts;
}

// The strip's own parts: the visible ones inside the strip, none over another, no text cut.
void verifyStripParts(QWidget& window, GanttPlot* plot, const QRect& strip) {
    QWidget* area = plot->parentWidget();
    QList<QWidget*> parts;
    for (QWidget* w : area->findChildren<QWidget*>()) {
        if (w->parentWidget() != area && w->parentWidget()->parentWidget() == area &&
            w->isVisibleTo(&window) && !qobject_cast<QCustomPlot*>(w)) {
            parts << w;
        }
    }
    QVERIFY(parts.size() >= 3);  // the text, the bar, Cancel
    for (int i = 0; i < parts.size(); ++i) {
        const QRect a = parts[i]->geometry().translated(parts[i]->parentWidget()->pos());
        QVERIFY2(strip.contains(a), qPrintable(parts[i]->metaObject()->className()));
        for (int j = i + 1; j < parts.size(); ++j) {
            const QRect b = parts[j]->geometry().translated(parts[j]->parentWidget()->pos());
            QVERIFY2(!a.intersects(b), qPrintable(QStringLiteral("%1 over %2")
                                                      .arg(parts[i]->metaObject()->className(),
                                                           parts[j]->metaObject()->className())));
        }
        if (auto* label = qobject_cast<QLabel*>(parts[i])) {
            QVERIFY2(label->fontMetrics().horizontalAdvance(label->text()) <=
                         label->contentsRect().width(),
                     qPrintable(label->text()));
        }
    }
}

}  // namespace

class BackgroundRunTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QCoreApplication::setOrganizationName(QStringLiteral("mrx-tests")); }

    void init() {
        SlowAlgorithm::reset(true);
        resultCache().clear();  // each test counts its own runs
    }

    void cleanup() {
        SlowAlgorithm::release();  // a failed test leaves nothing running
        QVERIFY(workPool().waitIdleFor(std::chrono::seconds(60)));
    }

    void aSlowAlgorithmDoesNotDelayAFastOnesChart_data() {
        QTest::addColumn<int>("lanes");
        QTest::newRow("one lane: the slow one frees it") << 1;
        QTest::newRow("a lane per core") << ThreadPool::hardwareThreads();
    }

    void aSlowAlgorithmDoesNotDelayAFastOnesChart() {
        QFETCH(int, lanes);
        MainWindow window;
        window.runController()->setConcurrency(lanes, 150);
        settle(window, {kSlow, "johnson", "hscheduler"}, "two-jobs.json");
        QVERIFY(window.openFile(sample("figure4-scenario2.json")));
        GanttPanel* panel = window.ganttPanel();
        QTRY_VERIFY_WITH_TIMEOUT(panel->plot("johnson") && panel->plot("hscheduler"), kTimeoutMs);
        // Both fast charts are drawn while the slow one is still running.
        QCOMPARE(SlowAlgorithm::returned.load(), 0);
        const auto set = window.runController()->latest();
        QVERIFY(!set->complete());
        QCOMPARE(set->find("johnson")->sim.makespan, 47.0);               // [Verma12] scenario 2
        QCOMPARE(set->find("hscheduler")->sim.makespan, 35.0 + 2.0 / 3);  // 35⅔
        QCOMPARE(panel->plot("johnson")->makespan(), 47.0);
        QVERIFY(panel->plot(kSlow) == nullptr);
        QVERIFY2(panel->areaStatus(kSlow).contains(QStringLiteral("computing")),
                 qPrintable(panel->areaStatus(kSlow)));
        QVERIFY(button(panel, QStringLiteral("Cancel")) != nullptr);
        // The comparison has the finished ones and says the slow one is still computing.
        QVERIFY(window.showTab(QStringLiteral("comparison")));
        QCOMPARE(comparisonCell(window, kSlow, -1), QStringLiteral("computing…"));
        QCOMPARE(comparisonCell(window, "johnson", 1), QStringLiteral("47"));

        SlowAlgorithm::release();
        QVERIFY(window.showTab(QStringLiteral("timeline")));
        const auto done = test::results(window);
        QVERIFY(done->complete());
        // The slow one returns fifo's schedule: 74 on scenario 2's jobs in file order.
        QCOMPARE(done->find(kSlow)->sim.makespan, done->baseline("fifo")->sim.makespan);
        QVERIFY(panel->plot(kSlow) != nullptr);
        QVERIFY(panel->areaStatus(kSlow).isEmpty());
    }

    void anEditDuringARunCancelsIt() {
        MainWindow window;
        settle(window, {kSlow, "johnson"}, "two-jobs.json");
        JobTableModel* model = window.jobModel();
        QVERIFY(model->setData(model->index(0, JobTableModel::MapDuration), QStringLiteral("5")));
        QTRY_COMPARE_WITH_TIMEOUT(SlowAlgorithm::started.load(), 1, kTimeoutMs);
        model = window.jobModel();
        QVERIFY(model->setData(model->index(0, JobTableModel::MapDuration), QStringLiteral("7")));
        // The run of the old workload saw its cancel flag; the new one started.
        QTRY_COMPARE_WITH_TIMEOUT(SlowAlgorithm::cancelled.load(), 1, kTimeoutMs);
        QTRY_COMPARE_WITH_TIMEOUT(SlowAlgorithm::started.load(), 2, kTimeoutMs);
        SlowAlgorithm::release();
        const auto set = test::results(window);
        QCOMPARE(set->workload->jobs[0].mapDurations[0], 7.0);
        QVERIFY(set->find(kSlow) != nullptr);
        QCOMPARE(SlowAlgorithm::returned.load(), 2);
        QCOMPARE(SlowAlgorithm::cancelled.load(), 1);
    }

    void oneAlgorithmCanBeCancelledAndRunAgain() {
        MainWindow window;
        settle(window, {kSlow, "johnson"}, "figure4-scenario2.json");
        QVERIFY(window.openFile(sample("two-jobs.json")));
        GanttPanel* panel = window.ganttPanel();
        QTRY_VERIFY_WITH_TIMEOUT(SlowAlgorithm::started == 1 && panel->plot("johnson"), kTimeoutMs);
        QPushButton* cancel = button(panel, QStringLiteral("Cancel"));
        QVERIFY(cancel != nullptr);
        cancel->click();
        QTRY_COMPARE_WITH_TIMEOUT(SlowAlgorithm::cancelled.load(), 1, kTimeoutMs);
        QTRY_VERIFY_WITH_TIMEOUT(window.runController()->latest()->complete(), kTimeoutMs);
        QVERIFY2(panel->areaStatus(kSlow).contains(QStringLiteral("cancelled")),
                 qPrintable(panel->areaStatus(kSlow)));
        QVERIFY(panel->plot("johnson") != nullptr);  // the others are untouched
        QCOMPARE(panel->plot("johnson")->makespan(), 24.0);

        SlowAlgorithm::release();
        QPushButton* again = button(panel, QStringLiteral("Run again"));
        QVERIFY(again != nullptr);
        again->click();
        test::results(window);
        QCOMPARE(SlowAlgorithm::started.load(), 2);
        QVERIFY(panel->plot(kSlow) != nullptr);
        QCOMPARE(panel->plot(kSlow)->makespan(), 42.0);  // fifo's order on the two jobs
    }

    void openingAnotherFileShowsNoChartOfTheOldOne() {
        MainWindow window;
        settle(window, {kSlow, "johnson"}, "figure4-scenario2.json");
        GanttPanel* panel = window.ganttPanel();
        QCOMPARE(panel->plots().size(), 2);
        QVERIFY(window.openFile(sample("two-jobs.json")));
        // At once, before any result of the new file: no chart of scenario 2 is left, the
        // title names the new file, every area says it is computing, nobody is told to check an
        // algorithm.
        QVERIFY(panel->plots().isEmpty());
        QVERIFY2(window.windowTitle().contains(QStringLiteral("two-jobs.json")),
                 qPrintable(window.windowTitle()));
        for (const char* id : {kSlow, "johnson"}) {
            const QString status = panel->areaStatus(QString::fromLatin1(id));
            QVERIFY2(status.contains(QStringLiteral("computing")) ||
                         status.contains(QStringLiteral("waiting")),
                     qPrintable(status));
        }
        QVERIFY2(window.statusLabel()->text().startsWith(QStringLiteral("Computing")),
                 qPrintable(window.statusLabel()->text()));
        for (QLabel* label : panel->findChildren<QLabel*>()) {
            QVERIFY(!label->isVisibleTo(panel) ||
                    !label->text().contains(QStringLiteral("Check an algorithm")));
        }
        // A tab shown now has no number of the old workload either.
        QVERIFY(window.showTab(QStringLiteral("comparison")));
        QCOMPARE(comparisonCell(window, "johnson", 1), QStringLiteral("—"));
        QCOMPARE(comparisonCell(window, kSlow, -1), QStringLiteral("computing…"));

        QVERIFY(window.showTab(QStringLiteral("timeline")));
        QTRY_VERIFY_WITH_TIMEOUT(panel->plot("johnson") != nullptr, kTimeoutMs);
        QCOMPARE(panel->plot("johnson")->makespan(), 24.0);  // two jobs, Johnson's order
        QCOMPARE(panel->plot("johnson")->taskCount(), 40);
        SlowAlgorithm::release();
        test::results(window);
    }

    // A search that counts its steps shows how far it is, in words and on its bar, and every
    // time reads as a person reads it.
    void aRunningSearchShowsHowFarItIs() {
        MainWindow window;
        settle(window, {kSlow, "johnson"}, "figure4-scenario2.json");
        QVERIFY(window.openFile(sample("two-jobs.json")));
        GanttPanel* panel = window.ganttPanel();
        QTRY_VERIFY_WITH_TIMEOUT(SlowAlgorithm::started == 1 && panel->plot("johnson"), kTimeoutMs);
        QTRY_VERIFY_WITH_TIMEOUT(panel->areaStatus(kSlow).contains(QStringLiteral("25 % done")),
                                 kTimeoutMs);
        // The words are read live, the bar follows on the panel's next refresh.
        const auto filled = [panel] {
            bool full = false;
            for (QProgressBar* bar : panel->findChildren<QProgressBar*>()) {
                if (bar->isVisibleTo(panel)) {
                    full = bar->maximum() == 1000 && bar->value() == 250;
                }
            }
            return full;
        };
        QTRY_VERIFY_WITH_TIMEOUT(filled(), kTimeoutMs);
        QVERIFY2(window.statusLabel()->text().startsWith(QStringLiteral("Computing: 1 of 2")),
                 qPrintable(window.statusLabel()->text()));
        SlowAlgorithm::release();
        test::results(window);
        QCOMPARE(elapsedText(0.0394), QStringLiteral("39.4 ms"));
        QCOMPARE(elapsedText(2.34), QStringLiteral("2.3 s"));
        QCOMPARE(elapsedText(282.2611), QStringLiteral("4 min 42 s"));
        QCOMPARE(elapsedText(3900.0), QStringLiteral("1 h 05 min"));
        // A search of hours is seen to move: below 1 %, three significant digits, above 99 %
        // two of what is left; never 100 % before the end.
        QCOMPARE(percentText(0.25), QStringLiteral("25 %"));
        QCOMPARE(percentText(0.0256), QStringLiteral("2.5 %"));
        QCOMPARE(percentText(0.000287), QStringLiteral("0.0287 %"));
        QCOMPARE(percentText(0.000288), QStringLiteral("0.0288 %"));
        QCOMPARE(percentText(0.985), QStringLiteral("98 %"));
        QCOMPARE(percentText(0.99999), QStringLiteral("99.9990 %"));
        // 1 - 34.6 M / 5.07 T: the FB-2010 day on 64 nodes as the answer's simulation starts.
        QCOMPARE(percentText(1.0 - 34592626.0 / 5072939417648.0), QStringLiteral("99.99931 %"));
        QCOMPARE(percentText(1.0 - 1e-12), QStringLiteral("99.99999999 %"));
        QCOMPARE(percentText(1.0), QStringLiteral("100 %"));
        QCOMPARE(percentText(0.0), QStringLiteral("0 %"));
        QCOMPARE(remainingText(0.25, 10.0), QStringLiteral("about 30.0 s left"));
        QCOMPARE(remainingText(0.25, 1.0), QString());      // too early to say
        QCOMPARE(remainingText(0.99999, 10.0), QString());  // "about 0.1 ms" would say nothing
    }

    // An algorithm that refuses the input (optimal on 100 jobs) says why in full, without the
    // option's field name, and offers no "Run again": it would fail the same way.
    void aRefusalSaysWhyAndOffersNoRunAgain() {
        MainWindow window;
        window.resize(900, 700);
        window.show();
        window.algorithmList()->setChecked({"optimal", "johnson"});
        QVERIFY(window.openFile(sample("swim-fb2009-100.json")));
        test::results(window);
        GanttPanel* panel = window.ganttPanel();
        QCOMPARE(panel->areaStatus(QStringLiteral("optimal")),
                 QStringLiteral("optimal could not run"));
        QVERIFY(button(panel, QStringLiteral("Run again")) == nullptr);
        bool explained = false;
        for (QLabel* label : panel->findChildren<QLabel*>()) {
            if (label->isVisibleTo(panel) &&
                label->text().contains(QStringLiteral("limited to 10 jobs"))) {
                explained = true;
                QVERIFY(label->wordWrap());
                QVERIFY2(!label->text().contains(QStringLiteral("field")),
                         qPrintable(label->text()));
                QVERIFY2(label->text().endsWith(QStringLiteral("use johnson or balanced-pools")),
                         qPrintable(label->text()));
            }
        }
        QVERIFY(explained);
        QVERIFY(panel->plot("johnson") != nullptr);
    }

    // A cluster of node classes loads and runs; an algorithm that assumes identical slots says
    // why in one line where its chart would be, the others draw.
    void unequalNodesRunOrSayWhyNot() {
        MainWindow window;
        window.resize(900, 700);
        window.show();
        window.algorithmList()->setChecked({"fifo", "johnson"});
        QVERIFY(window.openFile(sample("../tests/data/unequal-nodes.json")));
        test::results(window);
        GanttPanel* panel = window.ganttPanel();
        QCOMPARE(panel->areaStatus(QStringLiteral("johnson")),
                 QStringLiteral("johnson could not run"));
        bool explained = false;
        for (QLabel* label : panel->findChildren<QLabel*>()) {
            explained = explained || (label->isVisibleTo(panel) &&
                                      label->text().startsWith(QStringLiteral(
                                          "johnson refuses unequal nodes: Johnson's rule")));
        }
        QVERIFY(explained);
        QVERIFY(panel->plot("fifo") != nullptr);
        // The Comparison tab keeps johnson's row with the words `mrsim compare` prints in it
        // (runEach's reason, the one the CLI's row is made of).
        const Workload w = loadWorkload(sample("../tests/data/unequal-nodes.json").toStdString());
        const std::string reason = runEach(w, {"johnson"}, {}).front().error;
        QVERIFY(reason.starts_with("johnson refuses unequal nodes: "));
        QVERIFY(window.showTab(QStringLiteral("comparison")));
        QCOMPARE(comparisonCell(window, "johnson", -1), QString::fromStdString(reason));
        QCOMPARE(comparisonCell(window, "johnson", 1), QStringLiteral("—"));  // no makespan
        QCOMPARE(comparisonCell(window, "fifo", 1),
                 QString::fromStdString(formatTime(runAlgorithm(w, "fifo", {}).sim.makespan)));
    }

    // Only the user's own clicks are remembered as the next window's algorithms: a choice made
    // for one run (mrx --algorithms, a session file, setChecked) never becomes the next file's.
    void onlyTheUsersOwnChoiceIsRemembered() {
        QSettings().setValue("algorithms/checked", QStringList{"fifo", "johnson"});
        {
            MainWindow window;
            QCOMPARE(window.algorithmList()->checkedIds(), (QStringList{"fifo", "johnson"}));
            window.algorithmList()->setChecked({"optimal"});
            QCOMPARE(window.algorithmList()->checkedIds(), QStringList{"optimal"});
        }
        QCOMPARE(QSettings().value("algorithms/checked").toStringList(),
                 (QStringList{"fifo", "johnson"}));
        {
            MainWindow window;
            QCOMPARE(window.algorithmList()->checkedIds(), (QStringList{"fifo", "johnson"}));
            // A click on a box is the user's choice.
            window.algorithmList()->itemFor(QStringLiteral("fifo"))->setCheckState(Qt::Unchecked);
            QCOMPARE(QSettings().value("algorithms/checked").toStringList(),
                     QStringList{"johnson"});
        }
        MainWindow window;
        QCOMPARE(window.algorithmList()->checkedIds(), QStringList{"johnson"});
    }

    void theWindowNeverSaysCheckAnAlgorithmWhileLoading() {
        SlowAlgorithm::reset(false);
        MainWindow window;  // its first run starts in the constructor
        window.algorithmList()->setChecked({kSlow});
        GanttPanel* panel = window.ganttPanel();
        for (QLabel* label : panel->findChildren<QLabel*>()) {
            QVERIFY(!label->isVisibleTo(panel) ||
                    !label->text().contains(QStringLiteral("Check an algorithm")));
        }
        window.algorithmList()->setChecked({});  // now it is true
        bool told = false;
        for (QLabel* label : panel->findChildren<QLabel*>()) {
            told |= label->isVisibleTo(panel) &&
                    label->text().contains(QStringLiteral("Check an algorithm"));
        }
        QVERIFY(told);
    }

    // The status line names only the baselines that ran beside the checked algorithms: a
    // checked reverse-johnson is one of "2 algorithms", not a baseline as well.
    void theStatusLineNamesOnlyTheBaselinesNotChecked_data() {
        QTest::addColumn<QStringList>("checked");
        QTest::addColumn<QString>("expected");
        QTest::newRow("neither") << QStringList{"johnson"}
                                 << QStringLiteral(
                                        "1 algorithm (and the fifo / reverse-johnson "
                                        "baselines) on 5 jobs");
        QTest::newRow("reverse-johnson checked")
            << QStringList{"johnson", "reverse-johnson"}
            << QStringLiteral("2 algorithms (and the fifo baseline) on 5 jobs");
        QTest::newRow("both checked")
            << QStringList{"fifo", "reverse-johnson"} << QStringLiteral("2 algorithms on 5 jobs");
    }

    void theStatusLineNamesOnlyTheBaselinesNotChecked() {
        QFETCH(QStringList, checked);
        QFETCH(QString, expected);
        SlowAlgorithm::reset(false);
        MainWindow window;
        window.algorithmList()->setChecked(checked);
        QVERIFY(window.openFile(sample("figure4-scenario2.json")));
        test::results(window);
        const auto* status = window.findChild<StatusLine*>();
        QVERIFY(status != nullptr);
        QVERIFY2(status->text().startsWith(expected), qPrintable(status->text()));
    }

    // An algorithm the file checks (min-edf-wc for a workload with deadlines), not the user,
    // starts only once the user's own first chart is shown: beside fifo on a production week
    // it took a core from fifo's chart.
    void whatTheFileChecksStartsAfterTheUsersFirstChart() {
        SlowAlgorithm::reset(false);
        MainWindow window;
        window.algorithmList()->setChecked({QStringLiteral("fifo")});
        test::results(window);
        resultCache().clear();
        RunController* runs = window.runController();
        QList<AlgorithmRun::State> suggestedWhenShown;
        connect(runs, &RunController::resultsReady, this, [&](std::shared_ptr<const RunSet> set) {
            const AlgorithmRun* fifo = set->outcome("fifo");
            const AlgorithmRun* suggested = set->outcome("min-edf-wc");
            if (suggestedWhenShown.isEmpty() && fifo != nullptr && fifo->finished() &&
                suggested != nullptr) {
                suggestedWhenShown << suggested->state;
            }
        });
        QVERIFY(window.openFile(sample("deadlines-spare-kill.json")));
        runs->waitForLatest();
        QCOMPARE(window.algorithmList()->checkedIds(),
                 (QStringList{QStringLiteral("fifo"), QStringLiteral("min-edf-wc")}));
        QCOMPARE(suggestedWhenShown, QList<AlgorithmRun::State>{AlgorithmRun::State::Pending});
        QVERIFY(runs->latest()->find("min-edf-wc") != nullptr);  // and then it runs
    }

    // The baselines that are not checked start only once the checked algorithm's result has
    // been shown: on a day's batch its chart takes both cores, and a baseline beside it would
    // delay the first chart (bench/first-chart.sh); waitForCharts() returns without them.
    void theFirstChartIsDrawnBeforeTheBaselinesStart() {
        SlowAlgorithm::reset(false);
        MainWindow window;
        window.algorithmList()->setChecked({QStringLiteral("johnson")});
        test::results(window);
        resultCache().clear();
        RunController* runs = window.runController();
        QList<AlgorithmRun::State> baselinesWhenShown;
        connect(runs, &RunController::resultsReady, this, [&](std::shared_ptr<const RunSet> set) {
            const AlgorithmRun* johnson = set->outcome("johnson");
            if (baselinesWhenShown.isEmpty() && johnson != nullptr && johnson->finished()) {
                for (const AlgorithmRun& b : set->baselines) {
                    baselinesWhenShown << b.state;
                }
            }
        });
        QVERIFY(window.openFile(sample("figure4-scenario2.json")));
        runs->waitForCharts();
        QCOMPARE(baselinesWhenShown, (QList<AlgorithmRun::State>{AlgorithmRun::State::Pending,
                                                                 AlgorithmRun::State::Pending}));
        QVERIFY(runs->latest()->find("johnson") != nullptr);
        runs->waitForLatest();
        QVERIFY(runs->latest()->baseline("reverse-johnson") != nullptr);
    }

    // A checked algorithm that runs long (a day's batch: seconds) frees its lane for other
    // checked ones, not for a baseline that is not checked.
    void aBaselineWaitsForALongCheckedRun() {
        MainWindow window;
        window.runController()->setConcurrency(2, 0);  // every run counts as long at once
        settle(window, {kSlow, "johnson"}, "two-jobs.json");
        QVERIFY(window.openFile(sample("figure4-scenario2.json")));
        GanttPanel* panel = window.ganttPanel();
        QTRY_VERIFY_WITH_TIMEOUT(panel->plot("johnson") != nullptr, kTimeoutMs);
        QCOMPARE(SlowAlgorithm::started.load(), 1);
        for (const AlgorithmRun& b : window.runController()->latest()->baselines) {
            QVERIFY2(b.state == AlgorithmRun::State::Pending, b.id.c_str());
        }
        SlowAlgorithm::release();
        const auto done = test::results(window);
        QVERIFY(done->baseline("fifo") != nullptr && done->baseline("reverse-johnson") != nullptr);
    }

    // The comparison table writes makespans as the charts and lessons do: HScheduler's 35⅔
    // on [Verma12] Figure 4's scenario 2 ([Tian16] Example 2), not 35.6667.
    void theComparisonTableShowsExactFractions() {
        SlowAlgorithm::reset(false);
        MainWindow window;
        window.algorithmList()->setChecked(
            {QStringLiteral("hscheduler"), QStringLiteral("johnson")});
        QVERIFY(window.openFile(sample("figure4-scenario2.json")));
        test::results(window);
        QVERIFY(window.showTab(QStringLiteral("comparison")));
        QCOMPARE(comparisonCell(window, "hscheduler", 1), QStringLiteral("35⅔"));
        QCOMPARE(comparisonCell(window, "hscheduler", 2), QStringLiteral("35⅔"));
        QCOMPARE(comparisonCell(window, "johnson", 1), QStringLiteral("47"));
    }

    // A search's best plan so far is drawn while it runs, labelled as such with how far the
    // search is; the answer replaces it.
    void aSearchShowsItsBestPlanSoFar() {
        MainWindow window;
        settle(window, {kSlow, "johnson"}, "figure4-scenario2.json");
        SlowAlgorithm::showsBest = true;
        QVERIFY(window.openFile(sample("two-jobs.json")));
        GanttPanel* panel = window.ganttPanel();
        QTRY_VERIFY_WITH_TIMEOUT(panel->plot(kSlow) != nullptr, kTimeoutMs);
        QCOMPARE(SlowAlgorithm::returned.load(), 0);     // still searching
        QCOMPARE(panel->plot(kSlow)->makespan(), 42.0);  // fifo's order on the two jobs
        QVERIFY2(panel->areaStatus(kSlow).startsWith(
                     QStringLiteral("test-slow: best so far, 25 % searched")),
                 qPrintable(panel->areaStatus(kSlow)));
        QVERIFY(window.runController()->latest()->find(kSlow) == nullptr);  // no answer yet
        // Its status strip lies in the chart's title row and names the chart itself; the plot
        // area and the makespan label stay in sight.
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        GanttPlot* plot = panel->plot(kSlow);
        plot->replot();
        QCoreApplication::processEvents();
        const QRect strip = panel->areaStripGeometry(kSlow);
        QVERIFY(!strip.isEmpty());
        QCOMPARE(strip, plot->titleRect().translated(plot->pos()));
        for (const QRect& part : chartParts(plot)) {
            QVERIFY(!strip.intersects(part));
        }
        SlowAlgorithm::release();
        test::results(window);
        QVERIFY(panel->areaStatus(kSlow).isEmpty());  // the answer, unlabelled
        QVERIFY(window.runController()->latest()->find(kSlow) != nullptr);
    }

    // In a small window a running search's status strip lies in its chart's title row: it covers
    // no other part of the chart (its plot areas and axes, its makespan label, the legend), and
    // inside the strip the text, the bar and the Cancel button never overlap (the text is
    // shortened instead). When the search ends the strip goes and the title shows in the same
    // row: the chart neither moves nor resizes, and no blank row is left above it.
    void aRunningChartsStatusCoversNothing_data() {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<bool>("stacked");
        QTest::newRow("800x600") << QSize(800, 600) << true;
        QTest::newRow("1280x800") << QSize(1280, 800) << true;
        QTest::newRow("800x600 side by side") << QSize(800, 600) << false;
    }

    void aRunningChartsStatusCoversNothing() {
        QFETCH(QSize, size);
        QFETCH(bool, stacked);
        MainWindow window;
        settle(window, {kSlow, "johnson"}, "figure4-scenario2.json");
        SlowAlgorithm::showsBest = true;
        window.ganttPanel()->setStacked(stacked);
        window.resize(size);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openFile(sample("two-jobs.json")));
        GanttPanel* panel = window.ganttPanel();
        QTRY_VERIFY_WITH_TIMEOUT(panel->plot(kSlow) != nullptr, kTimeoutMs);
        QTRY_VERIFY_WITH_TIMEOUT(panel->areaStatus(kSlow).contains(QStringLiteral("best so far")),
                                 kTimeoutMs);
        GanttPlot* plot = panel->plot(kSlow);
        plot->replot();
        QCoreApplication::processEvents();
        const QRect strip = panel->areaStripGeometry(kSlow);
        QVERIFY(!strip.isEmpty());
        QCOMPARE(strip, plot->titleRect().translated(plot->pos()));
        for (const QRect& part : chartParts(plot)) {
            QVERIFY2(!strip.intersects(part),
                     qPrintable(QStringLiteral("strip %1,%2 %3x%4 over the chart's %5,%6 %7x%8")
                                    .arg(strip.x())
                                    .arg(strip.y())
                                    .arg(strip.width())
                                    .arg(strip.height())
                                    .arg(part.x())
                                    .arg(part.y())
                                    .arg(part.width())
                                    .arg(part.height())));
        }
        verifyStripParts(window, plot, strip);
        if (QTest::currentTestFailed()) {
            return;
        }

        // The answer: the strip goes, the title takes its row, nothing moves.
        const QRect chart = plot->geometry();
        const QRect plotArea = plot->axisRect()->rect();
        SlowAlgorithm::release();
        test::results(window);
        QCOMPARE(panel->plot(kSlow), plot);
        plot->replot();
        QCoreApplication::processEvents();
        QVERIFY(panel->areaStripGeometry(kSlow).isEmpty());
        QCOMPARE(plot->geometry(), chart);
        QCOMPARE(plot->axisRect()->rect(), plotArea);
        QCOMPARE(plot->y(), 0);  // no row above the chart: its title is its first row
        QCOMPARE(plot->titleRect().top(), 0);
        QVERIFY(plot->drawnTitle().startsWith(QStringLiteral("test-slow — makespan")));
    }

    // A result once computed is shown again without running the algorithm: undo, redo, and an
    // algorithm checked again find it (the test algorithm counts its runs).
    void aResultOnceComputedIsNeverComputedAgain() {
        MainWindow window;
        settle(window, {kSlow, "johnson"}, "two-jobs.json");
        SlowAlgorithm::release();
        JobTableModel* model = window.jobModel();
        QVERIFY(model->setData(model->index(0, JobTableModel::MapDuration), QStringLiteral("5")));
        test::results(window);
        QCOMPARE(SlowAlgorithm::started.load(), 1);  // the edited workload is new
        QUndoStack* undo = window.document()->undoStack();
        undo->undo();
        auto set = test::results(window);
        QVERIFY(set->workload->jobs[0].mapDurations[0] != 5.0);
        QVERIFY(set->outcome(kSlow)->cached);
        undo->redo();
        set = test::results(window);
        QCOMPARE(set->workload->jobs[0].mapDurations[0], 5.0);
        QVERIFY(set->outcome(kSlow)->cached);
        window.algorithmList()->setChecked({"johnson"});
        test::results(window);
        window.algorithmList()->setChecked({kSlow, "johnson"});
        set = test::results(window);
        QCOMPARE(SlowAlgorithm::started.load(), 1);  // none of these ran it again
        QCOMPARE(set->find(kSlow)->sim.makespan, set->baseline("fifo")->sim.makespan);
        QVERIFY(window.ganttPanel()->plot(kSlow) != nullptr);
        // Other options are another result.
        RunOptions options = window.runController()->runOptions();
        options.seed += 1;
        window.runController()->setRunOptions(options);
        window.runController()->request(set->workload);
        test::results(window);
        QCOMPARE(SlowAlgorithm::started.load(), 2);
    }

    // A kept result keeps its chart's timeline: an undo or a redo draws the chart from it and
    // builds no index or summary (ChartTimeline counts its builds); the edit builds one, for the
    // checked johnson (the baselines that are not checked keep no records).
    void anUndoDrawsTheKeptTimelineWithoutSummarisingAgain() {
        MainWindow window;
        settle(window, {"johnson"}, "two-jobs.json");
        QVERIFY(window.showTab(QStringLiteral("timeline")));
        JobTableModel* model = window.jobModel();
        // The count is the process's: no earlier test's work may still be finishing.
        QVERIFY(workPool().waitIdleFor(std::chrono::seconds(60)));
        const long long opened = ChartTimeline::builds();
        QVERIFY(model->setData(model->index(0, JobTableModel::MapDuration), QStringLiteral("5")));
        auto set = test::results(window);
        QCOMPARE(ChartTimeline::builds(), opened + 1);
        const auto edited = set->outcome("johnson")->timeline;
        QVERIFY(edited != nullptr);
        QUndoStack* undo = window.document()->undoStack();
        for (bool back : {true, false}) {
            back ? undo->undo() : undo->redo();
            set = test::results(window);
            const AlgorithmRun* johnson = set->outcome("johnson");
            QVERIFY(johnson->cached);
            QVERIFY(johnson->timeline != nullptr);
            QCOMPARE(johnson->timeline->run, johnson->result);
            QCOMPARE(back, johnson->timeline != edited);
            GanttPlot* plot = window.ganttPanel()->plot(QStringLiteral("johnson"));
            QVERIFY(plot != nullptr);
            QCOMPARE(plot->bars()->summary(), &johnson->timeline->summary);
            QCOMPARE(ChartTimeline::builds(), opened + 1);
        }
        // The cache counts the timeline in an entry's memory.
        ResultCache::Kept kept{set->outcome("johnson")->result, 1.0, edited};
        const Workload& w = *set->workload;
        QCOMPARE(ResultCache::entryBytes(w, kept) - ResultCache::entryBytes(w, {kept.result, 1.0}),
                 static_cast<double>(edited->memoryBytes()));
        QVERIFY(edited->memoryBytes() > 0);
    }

    // The cache keeps the most recently used results within its bounds.
    void theCacheForgetsTheLeastRecentlyUsedFirst() {
        ResultCache cache;
        auto result = std::make_shared<const RunResult>();
        std::vector<std::shared_ptr<const Workload>> workloads;
        for (std::size_t i = 0; i <= ResultCache::kMaxEntries; ++i) {
            Workload w;
            w.name = "w" + std::to_string(i);
            workloads.push_back(std::make_shared<const Workload>(w));
        }
        for (std::size_t i = 0; i < ResultCache::kMaxEntries; ++i) {
            cache.insert(workloads[i], "fifo", {}, {result, 1.0});
        }
        QVERIFY(cache.find(*workloads[0], "fifo", {}).has_value());  // now the most recent
        cache.insert(workloads.back(), "fifo", {}, {result, 1.0});
        QCOMPARE(cache.size(), ResultCache::kMaxEntries);
        QVERIFY(cache.find(*workloads[0], "fifo", {}).has_value());
        QVERIFY(!cache.find(*workloads[1], "fifo", {}).has_value());  // the least recent went
        QVERIFY(!cache.find(*workloads[0], "johnson", {}).has_value());
        RunOptions other;
        other.estimator = Estimator::AriaUp;
        QVERIFY(!cache.find(*workloads[0], "fifo", other).has_value());
        RunOptions threads;
        threads.threads = 3;  // does not change a result
        QVERIFY(cache.find(*workloads[0], "fifo", threads).has_value());
    }

    // A large run's records are in a temporary file: the cache keeps at most its disk bound of
    // them, the least recently used going first, and never one larger than the bound.
    void theCacheBoundsTheRecordsItKeepsOnDisk() {
        const auto onDisk = [](int records) {
            RunResult r;
            r.sim.tasks.startSpilling();
            for (int i = 0; i < records; ++i) {
                TaskRecord t;
                t.task = i;
                t.end = 1.0;
                r.sim.tasks.push_back(t);
            }
            r.sim.tasks.finish();
            return std::make_shared<const RunResult>(std::move(r));
        };
        const double run = 1000.0 * sizeof(TaskRecord);
        ResultCache cache(2.5 * run);
        std::vector<std::shared_ptr<const Workload>> workloads;
        for (int i = 0; i < 4; ++i) {
            Workload w;
            w.name = "w" + std::to_string(i);
            workloads.push_back(std::make_shared<const Workload>(w));
        }
        for (int i = 0; i < 3; ++i) {
            cache.insert(workloads[static_cast<std::size_t>(i)], "fifo", {}, {onDisk(1000), 1.0});
        }
        QCOMPARE(cache.size(), std::size_t{2});
        QCOMPARE(cache.diskBytes(), 2 * run);
        QVERIFY(!cache.find(*workloads[0], "fifo", {}).has_value());  // the least recent went
        QVERIFY(cache.find(*workloads[2], "fifo", {}).has_value());
        cache.insert(workloads[3], "fifo", {}, {onDisk(3000), 1.0});  // larger than the bound
        QVERIFY(!cache.find(*workloads[3], "fifo", {}).has_value());
        QCOMPARE(cache.diskBytes(), 2 * run);
        // Records in memory take no disk.
        cache.insert(workloads[0], "johnson", {}, {std::make_shared<const RunResult>(), 1.0});
        QCOMPARE(cache.diskBytes(), 2 * run);
    }

    // The sweep draws each point as it arrives (test-slow's wait; Johnson's and the formula's
    // points do not); Cancel keeps what was computed, marked partial, and the bar stays there.
    void aSweepDrawsItsPointsAsTheyArriveAndCancelKeepsThem() {
        MainWindow window;
        settle(window, {"johnson", kSlow}, "two-jobs.json");
        QVERIFY(window.showTab(QStringLiteral("sweep")));
        SweepTab* sweep = window.pages().sweep()->sweep();
        sweep->setNodeRange(QStringLiteral("5:10:5"));
        QSignalSpy finished(sweep, &SweepTab::finished);
        sweep->start();
        // Points in index order: Johnson at 5 nodes comes first, before any test-slow point.
        QTRY_VERIFY_WITH_TIMEOUT(sweep->result() && sweep->result()->series.size() >= 2 &&
                                     !sweep->result()->series[0].points[0].values.empty(),
                                 kTimeoutMs);
        QVERIFY(sweep->isRunning());
        Workload at5 = *window.runController()->latest()->workload;
        at5.cluster.nodes = 5;
        const double johnson5 = runAlgorithm(at5, "johnson", {}).makespan();
        QCOMPARE(sweep->result()->series[0].name, std::string("johnson"));
        QCOMPARE(sweep->result()->series[0].points[0].mean, johnson5);
        QVERIFY(sweep->chart()->graphCount() >= 2);
        QCOMPARE(sweep->chart()->graph(0)->data()->at(0)->value, johnson5);

        sweep->cancel();
        QVERIFY(finished.wait(kTimeoutMs));
        const auto done = sweep->pointsDone();
        QCOMPARE(sweep->pointsTotal(), std::size_t{6});  // 2 sizes × (2 algorithms + formula)
        QVERIFY(done >= 1 && done < 6);
        QVERIFY2(sweep->status().contains(QStringLiteral("cancelled, %1 of 6 points").arg(done)),
                 qPrintable(sweep->status()));
        QVERIFY(sweep->result().has_value());
        QCOMPARE(sweep->result()->series[0].points[0].mean, johnson5);  // kept
        for (const SweepPoint& p : sweep->result()->series[1].points) {
            QVERIFY(p.values.empty());  // test-slow's points never ended: gaps
        }
        QCOMPARE(sweep->chart()->graph(0)->data()->at(0)->value, johnson5);
        auto* title = static_cast<QCPTextElement*>(sweep->chart()->plotLayout()->element(0, 0));
        QVERIFY2(title->text().contains(QStringLiteral("partial")), qPrintable(title->text()));
        QProgressBar* bar = sweep->findChild<QProgressBar*>();
        QCOMPARE(bar->maximum(), 6);
        QCOMPARE(bar->value(), static_cast<int>(done));  // where it stopped
    }

    void closingDuringASweepReturnsAndCancelsIt() {
        auto* window = new MainWindow;
        settle(*window, {kSlow}, "figure4-scenario2.json");
        QVERIFY(window->openFile(sample("two-jobs.json")));
        QVERIFY(window->showTab(QStringLiteral("sweep")));
        SweepTab* sweep = window->pages().sweep()->sweep();
        sweep->setNodeRange(QStringLiteral("5:10:5"));
        sweep->start();
        QVERIFY(sweep->isRunning());
        // The window's own run and at least one of the sweep's runs are blocked in test-slow.
        QTRY_VERIFY_WITH_TIMEOUT(SlowAlgorithm::started >= 2, kTimeoutMs);
        QVERIFY(window->close());  // nothing unsaved: it closes without asking
        delete window;             // returns without waiting for the sweep...
        // ...which the window cancelled as it went: what mrx's main does next finds the pool
        // idle once the runs have seen their flags (test-slow ends only when cancelled), and the
        // process may exit.
        QVERIFY(SlowAlgorithm::started >= 2);
        QVERIFY(shutdownWork(std::chrono::minutes(1)));
        QCOMPARE(SlowAlgorithm::returned.load(), SlowAlgorithm::started.load());
        QCOMPARE(SlowAlgorithm::cancelled.load(), SlowAlgorithm::started.load());
    }

    // Closing during a long sweep starts none of its remaining points: the points begun are at
    // most one per thread of the sweep (each ends at its cancel), of the 40 sizes' points.
    void closingDuringASweepRunsNoneOfItsRemainingPoints() {
        auto* window = new MainWindow;
        settle(*window, {kSlow}, "figure4-scenario2.json");
        QVERIFY(window->showTab(QStringLiteral("sweep")));
        SweepTab* sweep = window->pages().sweep()->sweep();
        sweep->setNodeRange(QStringLiteral("1:40"));
        sweep->start();
        QTRY_VERIFY_WITH_TIMEOUT(SlowAlgorithm::started >= 1, kTimeoutMs);
        QCOMPARE(sweep->pointsTotal(), std::size_t{80});
        QVERIFY(window->close());
        delete window;
        QVERIFY(shutdownWork(std::chrono::minutes(1)));
        const int threads = ThreadPool::shared().threadCount() + 1;  // the workers and the caller
        QVERIFY2(SlowAlgorithm::started <= threads,
                 qPrintable(QString::number(SlowAlgorithm::started.load())));
        QCOMPARE(SlowAlgorithm::cancelled.load(), SlowAlgorithm::started.load());
    }

    // Audit item 8: the exit waits for cancelled work only briefly — work that does not stop
    // (a GLPK solve polls no flag) cannot hold the process.
    void exitDoesNotWaitForWorkThatDoesNotStop() {
        std::atomic<bool> release{false};
        std::atomic<bool> running{false};
        std::atomic<bool> ended{false};
        workPool().post([&] {
            running = true;
            while (!release) {  // ignores every cancel flag
                std::this_thread::yield();
            }
            ended = true;
        });
        QTRY_VERIFY_WITH_TIMEOUT(running.load(), kTimeoutMs);
        // A watchdog: were shutdownWork to wait for the job, the watchdog frees it after a
        // minute and the test fails instead of hanging. It wakes as soon as shutdownWork returns.
        std::mutex mutex;
        std::condition_variable shutdownReturned;
        bool returned = false;
        std::thread watchdog([&] {
            std::unique_lock lock(mutex);
            shutdownReturned.wait_for(lock, std::chrono::minutes(1), [&] { return returned; });
            release = true;
        });
        const bool idle = shutdownWork(kExitGrace);
        const bool stillRunning = !ended;
        {
            const std::lock_guard lock(mutex);
            returned = true;
        }
        shutdownReturned.notify_one();
        watchdog.join();
        QVERIFY(!idle);         // it said the pool is busy...
        QVERIFY(stillRunning);  // ...and returned while the job was still running
        QVERIFY(workPool().waitIdleFor(std::chrono::minutes(1)));
    }
};

QTEST_MAIN(BackgroundRunTest)
#include "BackgroundRunTest.moc"
