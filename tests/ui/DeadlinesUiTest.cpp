// The deadline views driven as a person would, offscreen: the Gantt's deadline markers, late
// highlights and killed tasks are the core's (deadlineMetrics), the Deadlines tab's sweep draws
// exactly sweepLoad's numbers, Cancel stops it and draws what finished, the run options reach
// every run and are remembered, and File > New from generator makes mrsim generate's workload.
#include <qcustomplot.h>
#include <QApplication>
#include <QCheckBox>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QThreadPool>
#include <QTimer>
#include <QUndoStack>
#include <QtTest>
#include <set>

#include "UiTestSupport.h"
#include "app/FileController.h"
#include "app/MainWindow.h"
#include "app/Samples.h"
#include "charts/ChartExport.h"
#include "charts/DeadlineMarkersPlottable.h"
#include "charts/GanttPanel.h"
#include "charts/GanttPlot.h"
#include "charts/TaskBarsPlottable.h"
#include "deadlines/DeadlinesTab.h"
#include "deadlines/LoadSweepCharts.h"
#include "document/JobPalette.h"
#include "document/JobTableModel.h"
#include "document/WorkloadDocument.h"
#include "experiments/DeadlineMetrics.h"
#include "experiments/Sweep.h"
#include "io/LoadSweepFormat.h"
#include "io/WorkloadJson.h"
#include "model/InputError.h"
#include "run/RunController.h"
#include "schedulers/Registry.h"
#include "sweep/SweepTab.h"
#include "widgets/AlgorithmList.h"
#include "widgets/GeneratorDialog.h"
#include "widgets/RunOptionsPanel.h"
#include "workloads/Generators.h"

using namespace mr;
using namespace mr::ui;
using mr::ui::test::results;
using mr::ui::test::sample;

namespace {

// The values of a chart's line, by x.
std::map<double, double> valuesOf(const QCPGraph* graph) {
    std::map<double, double> values;
    for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it) {
        values[it->key] = it->value;
    }
    return values;
}

// A plot rendered at its own size, so that pixel positions of its axes apply.
QImage render(QCustomPlot* plot) {
    plot->replot();
    return plot->toPixmap(plot->width(), plot->height()).toImage();
}

bool isReddish(QRgb c) {
    return qRed(c) > 170 && qGreen(c) < 90 && qBlue(c) < 90;
}

// Pixels of column x between rows y0 and y1 that are not (near) white.
int inkedInColumn(const QImage& image, int x, int y0, int y1) {
    int inked = 0;
    for (int y = y0; y <= y1; ++y) {
        if (qGray(image.pixel(x, y)) < 230) {
            ++inked;
        }
    }
    return inked;
}

LoadSweepOptions smallSweep() {
    LoadSweepOptions o;
    o.kind = "facebook-1000";
    o.jobs = 20;
    o.nodes = 8;
    o.seed = 3;
    o.interarrivals = {50, 150, 250};
    o.runs = 2;
    o.deadlineFactor = {1.0, 2.0};
    o.algorithms = {"edf", "min-edf-wc"};
    o.run.estimator = Estimator::AriaAvg;
    return o;
}

}  // namespace

class DeadlinesUiTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("mrx-deadline-tests"));
    }

    void init() {
        QSettings().clear();  // every test starts from the defaults
    }

    // [Verma12b] Algorithm 1 on the sample: edf lets B wait for A's tasks (late by 75 s),
    // min-edf-wc kills two of A's spare tasks and meets both deadlines (the sample's
    // description gives every number).
    void ganttMarkersAreTheCoreMetrics_data() {
        QTest::addColumn<QString>("algorithm");
        QTest::addColumn<int>("missed");
        QTest::addColumn<int>("killed");
        QTest::newRow("edf") << "edf" << 1 << 0;
        QTest::newRow("min-edf") << "min-edf" << 0 << 0;
        QTest::newRow("min-edf-wc") << "min-edf-wc" << 0 << 2;
        QTest::newRow("fair") << "fair" << -1 << 0;
        QTest::newRow("completion-time") << "completion-time" << -1 << 0;
    }

    void ganttMarkersAreTheCoreMetrics() {
        QFETCH(QString, algorithm);
        QFETCH(int, missed);
        QFETCH(int, killed);
        MainWindow window;
        window.algorithmList()->setChecked({algorithm});
        QVERIFY(window.openFile(sample("deadlines-spare-kill.json")));
        const auto set = results(window);
        const RunResult* run = set->find(algorithm.toStdString());
        QVERIFY(run);
        const Workload& w = *set->workload;
        const DeadlineMetrics metrics = deadlineMetrics(w, *run);
        if (missed >= 0) {
            QCOMPARE(metrics.missed, missed);  // the sample's hand-worked schedule
        }
        QCOMPARE(metrics.killedMapTasks, static_cast<long long>(killed));

        GanttPlot* plot = window.ganttPanel()->plot(algorithm);
        QVERIFY(plot);
        const auto& markers = plot->deadlines()->markers();
        QCOMPARE(static_cast<int>(markers.size()), metrics.jobsWithDeadline);
        int late = 0;
        for (const DeadlineMarker& m : markers) {
            const Job& job = w.jobs[static_cast<std::size_t>(m.job)];
            const JobTimes& t = run->sim.jobs[static_cast<std::size_t>(m.job)];
            QVERIFY(job.deadline);
            QCOMPARE(m.due, t.arrival + *job.deadline);
            QCOMPARE(m.end, t.end);
            QCOMPARE(m.late, missedDeadline(t.arrival, *job.deadline, t.end));
            QCOMPARE(plot->bars()->isLate(m.job), m.late);
            late += m.late ? 1 : 0;
        }
        QCOMPARE(late, metrics.missed);

        // Killed executions are hatched bars ending at the kill time.
        int hatched = 0;
        for (const TaskRecord& r : plot->bars()->records()) {
            hatched += r.killed ? r.count : 0;
        }
        QCOMPARE(static_cast<long long>(hatched),
                 metrics.killedMapTasks + metrics.killedReduceTasks);
        QVERIFY2(plot->deadlineSummary().contains(
                     QStringLiteral("%1 of %2 missed").arg(metrics.missed).arg(2)),
                 qPrintable(plot->deadlineSummary()));
        if (killed > 0) {
            QVERIFY(plot->deadlineSummary().contains(QStringLiteral("killed %1 map").arg(killed)));
        }
    }

    void edfShowsBLateAndTheTooltipsSaySo() {
        MainWindow window;
        window.resize(1400, 900);
        window.algorithmList()->setChecked({"edf", "min-edf-wc"});
        QVERIFY(window.openFile(sample("deadlines-spare-kill.json")));
        results(window);
        GanttPlot* edf = window.ganttPanel()->plot(QStringLiteral("edf"));
        GanttPlot* wc = window.ganttPanel()->plot(QStringLiteral("min-edf-wc"));
        QVERIFY(edf && wc);
        edf->resize(900, 400);
        wc->resize(900, 400);
        QImage image = render(edf);

        const DeadlineMarker& b = edf->deadlines()->markers().front();  // B: due 35 < A's 2000
        QCOMPARE(b.job, 1);
        QCOMPARE(b.due, 35.0);
        QCOMPARE(b.end, 110.0);  // edf: B waits for A's first wave
        QVERIFY(b.late);
        const QPointF centre = edf->deadlines()->markerCentre(b);
        QCOMPARE(image.pixel(centre.toPoint()), JobPalette::late().rgb());
        const QString markerTip = edf->tooltipAt(centre);
        // The marker's time is absolute; the tip says it is arrival plus deadline, as the job
        // table's column says its deadline counts from the arrival.
        QVERIFY(window.findChild<JobTableModel*>()
                    ->headerData(JobTableModel::Deadline, Qt::Horizontal, Qt::DisplayRole)
                    .toString()
                    .contains(QStringLiteral("after arrival")));
        QVERIFY2(markerTip.contains(QStringLiteral("due at 35 (arrival + deadline)")) &&
                     markerTip.contains("late") && markerTip.contains(QStringLiteral("by 75")),
                 qPrintable(markerTip));
        // A bar of B (slot M0, 100..110) says the same.
        const QPointF barPixel(edf->xAxis->coordToPixel(105.0), edf->yAxis->coordToPixel(0.0));
        const QString barTip = edf->tooltipAt(barPixel);
        QVERIFY2(barTip.contains(QStringLiteral("<b>B</b>")) && barTip.contains("late"),
                 qPrintable(barTip));
        // ... and a late bar has a red frame with a white line inside it (B's own colour is red
        // too: the white line is what only a late bar has).
        const int top = static_cast<int>(std::lround(edf->yAxis->coordToPixel(-0.42)));
        const int x105 = static_cast<int>(barPixel.x());
        QVERIFY(isReddish(image.pixel(x105, top + 1)));
        QVERIFY(qGray(image.pixel(x105, top + 2)) > 200 || qGray(image.pixel(x105, top + 3)) > 200);
        QCOMPARE(image.pixel(x105, top + 6), JobPalette::base(1).rgb());

        // Under min-edf-wc B is on time: its marker has B's own colour, its tooltip says so.
        image = render(wc);
        const DeadlineMarker& onTime = wc->deadlines()->markers().front();
        QVERIFY(!onTime.late);
        const QPoint at = wc->deadlines()->markerCentre(onTime).toPoint();
        QCOMPARE(image.pixel(at), JobPalette::base(1).rgb());
        // ... and its bars (slot M2, 5..15) have no frame.
        const int wcTop = static_cast<int>(std::lround(wc->yAxis->coordToPixel(2.0 - 0.42)));
        const int x10 = static_cast<int>(wc->xAxis->coordToPixel(10.0));
        for (int dy = 1; dy <= 6; ++dy) {
            QCOMPARE(image.pixel(x10, wcTop + dy), JobPalette::base(1).rgb());
        }
        QVERIFY(wc->tooltipAt(at).contains(QStringLiteral("on time")));
        // The hatched killed task of A at [0, 5] on slot M2.
        const QString killedTip =
            wc->tooltipAt(QPointF(wc->xAxis->coordToPixel(2.5), wc->yAxis->coordToPixel(2.0)));
        QVERIFY2(killedTip.contains(QStringLiteral("killed")), qPrintable(killedTip));

        // Selecting B draws its deadline across the whole plot (the empty reduce rows too).
        const int x = static_cast<int>(std::lround(edf->xAxis->coordToPixel(35.0)));
        const int y0 = static_cast<int>(edf->yAxis->coordToPixel(5.0));
        const int y1 = static_cast<int>(edf->yAxis->coordToPixel(8.0));
        QCOMPARE(inkedInColumn(render(edf), x, y0, y1), 0);
        window.selectJob(1);
        QVERIFY(inkedInColumn(render(edf), x, y0, y1) > (y1 - y0) / 3);
    }

    void aWorkloadWithoutDeadlinesHasNoMarkers() {
        MainWindow window;
        window.algorithmList()->setChecked({"johnson"});
        QVERIFY(window.openFile(sample("figure4-scenario1.json")));
        results(window);
        GanttPlot* plot = window.ganttPanel()->plot(QStringLiteral("johnson"));
        QVERIFY(plot->deadlines()->markers().empty());
        QVERIFY(plot->deadlineSummary().isEmpty());
        for (const TaskRecord& r : plot->bars()->records()) {
            QVERIFY(!plot->bars()->isLate(r.job));
        }
    }

    void aSmallSweepDrawsTheCoreResult() {
        DeadlinesTab tab;
        const LoadSweepOptions asked = smallSweep();
        tab.setOptions(asked);
        const LoadSweepOptions shown = tab.options();
        QCOMPARE(shown.interarrivals, asked.interarrivals);
        QCOMPARE(shown.algorithms, asked.algorithms);
        QCOMPARE(shown.jobs, asked.jobs);
        QVERIFY(tab.exportablePlots(LoadSweepCharts::ChartCount).isEmpty());  // nothing yet
        QVERIFY(tab.csv().isEmpty());
        QSignalSpy finished(&tab, &DeadlinesTab::finished);
        QSignalSpy progressed(&tab, &DeadlinesTab::progressed);
        tab.start();
        QVERIFY(tab.isRunning());
        QVERIFY(finished.wait(600'000));
        QVERIFY(!tab.isRunning());
        QVERIFY(tab.result());
        QVERIFY(!tab.result()->cancelled);
        QVERIFY2(tab.statusText().startsWith(QStringLiteral("Done")), qPrintable(tab.statusText()));
        // Points: 3 loads × 2 runs × 2 algorithms.
        QCOMPARE(progressed.last().at(0).toInt(), 12);
        QCOMPARE(progressed.last().at(1).toInt(), 12);

        const LoadSweepResult expected = sweepLoad(shown);
        QCOMPARE(tab.csv(), QString::fromStdString(loadSweepCsv(expected)));
        LoadSweepCharts* charts = tab.charts();
        for (const std::string& id : asked.algorithms) {
            const QString name = QString::fromStdString(id);
            const auto exceeded = valuesOf(charts->graph(LoadSweepCharts::Exceeded, name));
            const auto missed = valuesOf(charts->graph(LoadSweepCharts::Missed, name));
            const auto completion = valuesOf(charts->graph(LoadSweepCharts::Completion, name));
            QCOMPARE(completion.size(), asked.interarrivals.size());
            for (const LoadPoint& p : expected.points) {
                if (p.algorithm != id) {
                    continue;
                }
                QCOMPARE(p.runs, 2);
                QCOMPARE(completion.at(p.interarrival), p.avgCompletionTime);
                QCOMPARE(missed.at(p.interarrival), 100.0 * p.missedFraction.value());
                if (p.relativeDeadlineExceeded > 0) {
                    QCOMPARE(exceeded.at(p.interarrival), p.relativeDeadlineExceeded);
                } else {
                    QVERIFY(std::isnan(exceeded.at(p.interarrival)));  // no 0 on a log axis
                }
                if (id == "min-edf-wc") {
                    QCOMPARE(valuesOf(charts->graph(LoadSweepCharts::Tasks, "extra map"))
                                 .at(p.interarrival),
                             p.extraMapTasks.value());
                    QCOMPARE(valuesOf(charts->graph(LoadSweepCharts::Tasks, "extra reduce"))
                                 .at(p.interarrival),
                             p.extraReduceTasks.value());
                    QCOMPARE(
                        valuesOf(charts->graph(LoadSweepCharts::Tasks, "killed map (right axis)"))
                            .at(p.interarrival),
                        p.killedMapTasks);
                }
            }
        }
        // At the highest load some job is late under edf (a real curve, not an empty one).
        QVERIFY(expected.points.front().missedFraction.value() > 0.0);

        // The export entries: each chart, or all four stacked, at the requested size.
        QTemporaryDir dir;
        const QString one = dir.filePath(QStringLiteral("missed.png"));
        exportCharts(tab.exportablePlots(LoadSweepCharts::Missed), one, QSize(900, 500));
        QCOMPARE(QImage(one).size(), QSize(900, 500));
        QCOMPARE(tab.exportablePlots(LoadSweepCharts::Missed).front(),
                 charts->chart(LoadSweepCharts::Missed));
        const QString all = dir.filePath(QStringLiteral("deadlines.png"));
        QCOMPARE(tab.exportablePlots(LoadSweepCharts::ChartCount).size(), 4);
        exportCharts(tab.exportablePlots(LoadSweepCharts::ChartCount), all, QSize(1200, 1600));
        QCOMPARE(QImage(all).size(), QSize(1200, 1600));
    }

    void cancelStopsASweepAndDrawsWhatFinished() {
        DeadlinesTab tab;
        LoadSweepOptions big = smallSweep();
        big.jobs = 1000;
        big.nodes = 64;
        big.runs = 500;
        big.interarrivals = {100, 200, 300, 400, 500, 600, 700, 800, 900, 1000};
        big.algorithms = {"edf", "min-edf", "min-edf-wc"};
        tab.setOptions(big);
        QSignalSpy finished(&tab, &DeadlinesTab::finished);
        connect(&tab, &DeadlinesTab::progressed, &tab, &DeadlinesTab::cancel);  // at once
        tab.start();
        QVERIFY(finished.wait(600'000));
        QVERIFY(tab.result());
        const LoadSweepResult& r = *tab.result();
        QVERIFY(r.cancelled);
        int points = 0;  // one policy at one load on one run each
        int drawnPoints = 0;
        for (std::size_t i = 0; i < r.points.size(); ++i) {
            points += r.points[i].runs;
            drawnPoints += i % 3 == 0 && r.points[i].runs > 0 ? 1 : 0;  // edf's
        }
        QVERIFY(points >= 1);
        QVERIFY(points < 10 * 500 * 3);
        QVERIFY2(
            tab.statusText().startsWith(QStringLiteral("Cancelled after %1 of 15000").arg(points)),
            qPrintable(tab.statusText()));
        // Loads without a finished run are gaps (NaN), not points.
        int drawn = 0;
        for (const auto& [load, value] :
             valuesOf(tab.charts()->graph(LoadSweepCharts::Completion, "edf"))) {
            drawn += std::isnan(value) ? 0 : 1;
        }
        QCOMPARE(drawn, drawnPoints);
    }

    void aNewSweepDropsTheOldOnesResult() {
        DeadlinesTab tab;
        LoadSweepOptions first = smallSweep();
        first.jobs = 1000;
        first.runs = 500;
        tab.setOptions(first);
        QSignalSpy finished(&tab, &DeadlinesTab::finished);
        tab.start();
        const LoadSweepOptions second = smallSweep();
        tab.setOptions(second);
        tab.start();
        QVERIFY(finished.wait(600'000));
        QThreadPool::globalInstance()->waitForDone();  // the first sweep has ended too
        QCoreApplication::processEvents();
        QCoreApplication::processEvents();
        QCOMPARE(finished.count(), 1);
        QCOMPARE(tab.result()->options.jobs, second.jobs);
        QVERIFY(!tab.result()->cancelled);
    }

    void badSweepEntriesAreRefusedWithTheReason_data() {
        QTest::addColumn<QString>("interarrival");
        QTest::addColumn<QString>("factor");
        QTest::addColumn<QString>("reason");
        QTest::newRow("descending") << "100:50:10"
                                    << "1:2"
                                    << "interarrival";
        QTest::newRow("not a range") << "fast"
                                     << "1:2"
                                     << "FROM:TO:STEP";
        QTest::newRow("zero step") << "100:200:0"
                                   << "1:2"
                                   << "STEP must be > 0";
        QTest::newRow("factor order") << "100"
                                      << "2:1"
                                      << "deadline-factor";
        QTest::newRow("factor text") << "100"
                                     << "two"
                                     << "deadline-factor";
    }

    void badSweepEntriesAreRefusedWithTheReason() {
        QFETCH(QString, interarrival);
        QFETCH(QString, factor);
        QFETCH(QString, reason);
        DeadlinesTab tab;
        tab.findChild<QLineEdit*>(QStringLiteral("interarrival"))->setText(interarrival);
        tab.findChild<QLineEdit*>(QStringLiteral("deadlineFactor"))->setText(factor);
        tab.start();
        QVERIFY(!tab.isRunning());
        QVERIFY2(tab.statusText().contains(reason), qPrintable(tab.statusText()));
        QVERIFY(!tab.result());
    }

    // The policies are the registry's (AlgorithmInfo::needs.deadlines, loadSweep), in its order,
    // checked as it says, each with a colour of its own: the deadline scheduler registered from
    // the tests (tests/schedulers/LeastSlackTestScheduler.cpp) is there with no change to the tab.
    void thePoliciesAreTheRegistrys() {
        DeadlinesTab tab;
        QStringList shown;
        QStringList checked;
        for (const QCheckBox* box : tab.findChildren<QCheckBox*>()) {
            if (findAlgorithm(box->objectName().toStdString()) != nullptr) {
                shown << box->objectName();
                if (box->isChecked()) {
                    checked << box->objectName();
                }
            }
        }
        QStringList offered;
        std::set<QRgb> colours;
        for (const Algorithm* a : loadSweepAlgorithms()) {
            offered << QString::fromStdString(a->id());
            colours.insert(LoadSweepCharts::colourOf(offered.back()).rgb());
        }
        QCOMPARE(shown, offered);
        QVERIFY(shown.contains(QStringLiteral("test-least-slack")));
        QVERIFY(shown.contains(QStringLiteral("fair")));
        QCOMPARE(checked, QStringList({"edf", "min-edf", "min-edf-wc"}));
        QCOMPARE(static_cast<qsizetype>(colours.size()), offered.size());
        QCOMPARE(tab.options().algorithms, defaultLoadSweepAlgorithms());
    }

    void noPolicyCheckedIsRefused() {
        DeadlinesTab tab;
        for (QCheckBox* box : tab.findChildren<QCheckBox*>()) {
            if (box->text() != QLatin1String("Data locality")) {
                box->setChecked(false);
            }
        }
        tab.start();
        QVERIFY(!tab.isRunning());
        QVERIFY2(tab.statusText().contains(QStringLiteral("at least one policy")),
                 qPrintable(tab.statusText()));
    }

    void theSeedChangesRandomsOrder() {
        MainWindow window;
        window.algorithmList()->setChecked({"random"});
        QVERIFY(window.openFile(sample("figure4-scenario1.json")));
        const Workload& w = window.document()->workload();
        std::set<std::vector<int>> orders;
        for (std::uint64_t seed = 1; seed <= 6; ++seed) {
            RunOptions options = window.runOptionsPanel()->options();
            options.seed = seed;
            window.runOptionsPanel()->setOptions(options);  // every change re-runs
            const auto set = results(window);
            QCOMPARE(set->options.seed, seed);
            RunOptions core;
            core.seed = seed;
            QCOMPARE(set->find("random")->order, runAlgorithm(w, "random", core).order);
            QVERIFY(window.runOptionsLabel()->text().contains(QStringLiteral("seed %1").arg(seed)));
            orders.insert(set->find("random")->order);
        }
        QVERIFY(orders.size() > 1);  // 5 jobs: 120 orders, six seeds do not all agree
    }

    void theEstimatorReachesTheRuns() {
        MainWindow window;
        window.algorithmList()->setChecked({"johnson"});
        QVERIFY(window.openFile(sample("figure4-scenario2.json")));
        RunOptions options = window.runOptionsPanel()->options();
        options.estimator = Estimator::AriaUp;
        window.runOptionsPanel()->setOptions(options);
        const auto set = results(window);
        RunOptions core;
        core.estimator = Estimator::AriaUp;
        const RunResult expected = runAlgorithm(window.document()->workload(), "johnson", core);
        QCOMPARE(set->find("johnson")->stages, expected.stages);
        QVERIFY(set->find("johnson")->stages !=
                runAlgorithm(window.document()->workload(), "johnson", {}).stages);
        QVERIFY(window.runOptionsLabel()->text().contains(QStringLiteral("estimator aria-up")));
    }

    void localityGivesADataLocalFraction() {
        MainWindow window;
        window.algorithmList()->setChecked({"fifo"});
        QVERIFY(window.openFile(sample("figure4-scenario1.json")));
        QVERIFY(!results(window)->find("fifo")->locality);
        RunOptions options = window.runOptionsPanel()->options();
        options.locality.enabled = true;
        options.locality.vmsPerHost = 3;
        options.locality.remotePenalty = 2.0;
        window.runOptionsPanel()->setOptions(options);
        const auto set = results(window);
        const RunResult* run = set->find("fifo");
        QVERIFY(run->locality);
        RunOptions core;
        core.locality = options.locality;
        const RunResult expected = runAlgorithm(window.document()->workload(), "fifo", core);
        QCOMPARE(run->locality->local, expected.locality->local);
        QCOMPARE(run->locality->remote, expected.locality->remote);
        QCOMPARE(run->sim.makespan, expected.sim.makespan);
        const double fraction = run->locality->dataLocalFraction();
        QVERIFY(fraction > 0.0 && fraction < 1.0);  // 30 nodes, 3 replicas: some reads remote
        GanttPlot* plot = window.ganttPanel()->plot(QStringLiteral("fifo"));
        QVERIFY2(plot->deadlineSummary().contains(
                     QStringLiteral("data-local maps %1%").arg(100.0 * fraction, 0, 'f', 1)),
                 qPrintable(plot->deadlineSummary()));
        QVERIFY(window.runOptionsLabel()->text().contains(QStringLiteral("3 VMs/host")));
    }

    void runOptionsAreRemembered() {
        RunOptions chosen;
        {
            RunOptionsPanel panel(QStringLiteral("run"), RunOptionsPanel::Fields::All);
            chosen = panel.options();
            QCOMPARE(chosen.seed, std::uint64_t{1});  // the defaults, as mrsim
            QCOMPARE(chosen.estimator, Estimator::Exact);
            QVERIFY(!chosen.locality.enabled);
            chosen.seed = 42;
            chosen.estimator = Estimator::AriaLow;
            chosen.pools = 3;
            chosen.locality = {true, 3, 4, 2.5, 1.25};
            QSignalSpy changed(&panel, &RunOptionsPanel::changed);
            panel.setOptions(chosen);
            QCOMPARE(changed.count(), 1);
            // Set for one run (a session's): not remembered for the next window.
            QCOMPARE(
                RunOptionsPanel(QStringLiteral("run"), RunOptionsPanel::Fields::All).options().seed,
                std::uint64_t{1});
            // A field the user changes is, and so is every value shown with it.
            auto* seed = qobject_cast<QSpinBox*>(panel.field(QStringLiteral("seed")));
            QVERIFY(seed != nullptr);
            seed->setValue(43);
            chosen.seed = 43;
            QCOMPARE(changed.count(), 2);
        }
        RunOptionsPanel again(QStringLiteral("run"), RunOptionsPanel::Fields::All);
        const RunOptions back = again.options();
        QCOMPARE(back.seed, chosen.seed);
        QCOMPARE(back.estimator, chosen.estimator);
        QCOMPARE(back.pools, chosen.pools);
        QVERIFY(back.locality.enabled);
        QCOMPARE(back.locality.vmsPerHost, 4);
        QCOMPARE(back.locality.remotePenalty, 2.5);
        QCOMPARE(back.locality.reconfigDelay, 1.25);
        // A setting mrsim would refuse falls back to its default; the others stay.
        QSettings().setValue("run/vms-per-host", 0);
        QSettings().setValue("run/pools", 1);
        QSettings().setValue("run/estimator", "guess");
        QSettings().setValue("run/remote-penalty", "1,5");
        RunOptionsPanel repaired(QStringLiteral("run"), RunOptionsPanel::Fields::All);
        QCOMPARE(repaired.options().locality.vmsPerHost, 1);
        QCOMPARE(repaired.options().locality.remotePenalty, 1.5);
        QVERIFY(repaired.options().locality.enabled);
        QCOMPARE(repaired.options().locality.reconfigDelay, 1.25);
        QCOMPARE(repaired.options().pools, 2);
        QCOMPARE(repaired.options().estimator, Estimator::Exact);
    }

    void generatorDialogMakesMrsimsWorkload_data() {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<int>("jobs");
        QTest::addColumn<int>("seed");
        QTest::addColumn<int>("nodes");
        QTest::addColumn<int>("slotsPerNode");
        QTest::addColumn<double>("mean");     // < 0: no arrivals
        QTest::addColumn<QString>("factor");  // empty: no deadlines
        QTest::newRow("testbed with both") << "testbed" << 30 << 4 << 16 << 2 << 300.0 << "2:4";
        QTest::newRow("facebook-1000 deadlines only")
            << "facebook-1000" << 50 << 9 << 32 << 1 << -1.0 << "1:2";
        QTest::newRow("yahoo arrivals only")
            << "yahoo-unimodal" << 10 << 2 << 8 << 1 << 100.0 << "";
        QTest::newRow("plain") << "synthetic-bimodal" << 12 << 7 << 10 << 3 << -1.0 << "";
    }

    void generatorDialogMakesMrsimsWorkload() {
        QFETCH(QString, kind);
        QFETCH(int, jobs);
        QFETCH(int, seed);
        QFETCH(int, nodes);
        QFETCH(int, slotsPerNode);
        QFETCH(double, mean);
        QFETCH(QString, factor);
        // What mrsim generate does with these options (app/cli/GenerateCommand.cpp).
        const GenerateOptions generate{jobs, static_cast<std::uint64_t>(seed), nodes, slotsPerNode};
        Workload expected = generateWorkload(kind.toStdString(), generate);
        ArrivalOptions arrivals;
        if (mean >= 0) {
            arrivals.meanInterarrival = mean;
        }
        if (!factor.isEmpty()) {
            arrivals.deadlineFactor = parseDeadlineFactor(factor.toStdString());
        }
        if (arrivals.meanInterarrival || arrivals.deadlineFactor) {
            addArrivalsAndDeadlines(expected, arrivals, generate.seed);
        }

        GeneratorDialog dialog;
        dialog.setChoice({kind.toStdString(), generate, arrivals});
        const GeneratorChoice read = dialog.choice();
        QCOMPARE(read.kind, kind.toStdString());
        QCOMPARE(read.generate.seed, generate.seed);
        QCOMPARE(read.arrivals.meanInterarrival.has_value(), mean >= 0);
        QCOMPARE(read.arrivals.deadlineFactor.has_value(), !factor.isEmpty());
        dialog.accept();
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QVERIFY(dialog.workload() == expected);
        if (!factor.isEmpty()) {
            QVERIFY(expected.jobs.back().deadline.has_value());
        }
    }

    void newFromGeneratorStartsAnUntitledDocument() {
        MainWindow window;
        window.algorithmList()->setChecked({"min-edf-wc"});
        QVERIFY(window.openFile(sample("two-jobs.json")));
        window.document()->setCluster({5, 1, 1});
        window.document()->undoStack()->undo();  // an undo history, but nothing unsaved
        QVERIFY(window.document()->undoStack()->count() > 0);
        const GeneratorChoice choice{"testbed", {18, 5, 20, 1}, {400.0, DeadlineFactor{2, 4}}};
        QTimer::singleShot(0, [&choice] {
            for (QWidget* w : QApplication::topLevelWidgets()) {
                if (auto* dialog = qobject_cast<GeneratorDialog*>(w);
                    dialog && dialog->isVisible()) {
                    dialog->setChoice(choice);
                    dialog->accept();
                }
            }
        });
        QVERIFY(window.fileController()->newFromGenerator());
        QVERIFY(window.document()->workload() == generateChosen(choice));
        QVERIFY(window.document()->filePath().isEmpty());
        QCOMPARE(window.document()->undoStack()->count(), 0);  // like File > New
        QVERIFY(!window.document()->isModified());
        const auto set = results(window);
        QCOMPARE(set->workload->jobCount(), 18);
        QVERIFY(set->find("min-edf-wc"));
        // The generated batch has deadlines, so the timeline marks them.
        QCOMPARE(
            window.ganttPanel()->plot(QStringLiteral("min-edf-wc"))->deadlines()->markers().size(),
            std::size_t{18});
    }

    void aBadDeadlineFactorKeepsTheDialogOpen() {
        GeneratorDialog dialog;
        dialog.show();
        GeneratorChoice choice;
        choice.arrivals.deadlineFactor = DeadlineFactor{};
        dialog.setChoice(choice);
        auto* factor = dialog.findChild<QLineEdit*>(QStringLiteral("deadlineFactor"));
        factor->setText(QStringLiteral("3:1"));
        dialog.accept();
        QVERIFY(dialog.isVisible());
        QVERIFY2(dialog.message().contains(QStringLiteral("deadline-factor")) &&
                     dialog.message().contains(QStringLiteral("0 < A <= B")),
                 qPrintable(dialog.message()));
        factor->setText(QStringLiteral("1.5:3"));
        dialog.accept();
        QVERIFY(!dialog.isVisible());
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QVERIFY(dialog.workload().jobs.front().deadline.has_value());
    }

    // The field reads as mrsim generate's --within-job-sigma: refused unless a number >= 0, and
    // only for the kinds that take it.
    void withinJobSigmaReadsAsTheCommandLine() {
        GeneratorDialog dialog;
        dialog.show();
        GeneratorChoice choice;
        choice.kind = "facebook";
        choice.generate = {.jobs = 30, .seed = 4, .nodes = 8, .withinJobSigma = 0.5};
        dialog.setChoice(choice);
        auto* sigma = dialog.findChild<QLineEdit*>(QStringLiteral("withinJobSigma"));
        QVERIFY(sigma->isEnabled());
        sigma->setText(QStringLiteral("-0.5"));
        dialog.accept();
        QVERIFY(dialog.isVisible());
        QVERIFY2(dialog.message().contains(QStringLiteral("within-job-sigma")) &&
                     dialog.message().contains(QStringLiteral(">= 0")),
                 qPrintable(dialog.message()));
        sigma->setText(QStringLiteral("0.5"));
        dialog.accept();
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QVERIFY(dialog.workload() == generateWorkload("facebook", choice.generate));
        QVERIFY(!(dialog.workload() == generateWorkload("facebook", {30, 4, 8, 1})));

        GeneratorDialog testbed;
        testbed.setChoice({"testbed", {18, 5, 20, 1, 0.5}, {}});
        QVERIFY(!testbed.findChild<QLineEdit*>(QStringLiteral("withinJobSigma"))->isEnabled());
        QVERIFY(!testbed.choice().generate.withinJobSigma.has_value());
    }

    // Before the first sweep the four charts are drawn as wide as they stand, each the same
    // width, at every width of the tab: an empty legend takes no room.
    void emptyChartsFillTheirWidth_data() {
        QTest::addColumn<int>("width");
        QTest::newRow("one column") << 700;
        QTest::newRow("two columns") << 1400;
    }

    void emptyChartsFillTheirWidth() {
        QFETCH(int, width);
        LoadSweepCharts charts;
        charts.resize(width, 900);
        charts.show();
        QVERIFY(QTest::qWaitForWindowExposed(&charts));
        for (QCustomPlot* plot : charts.plots()) {
            plot->replot();
            const int rect = plot->axisRect()->outerRect().width();
            QVERIFY2(rect >= plot->width() - 20,
                     qPrintable(QStringLiteral("axis rect %1 of %2").arg(rect).arg(plot->width())));
        }
    }

    // The tabs that generate batches take the within-job sigma as the generator does: the
    // Deadlines tab's sweep options carry it (as mrsim sweep-load --within-job-sigma), the Sweep
    // tab's generated batches are generateWorkload's with it.
    void theTabsThatGenerateBatchesTakeAWithinJobSigma() {
        DeadlinesTab tab;
        auto* sigma = tab.findChild<QLineEdit*>(QStringLiteral("withinJobSigma"));
        QVERIFY(sigma != nullptr && sigma->isEnabled());  // facebook-1000 by default
        QVERIFY(!tab.options().withinJobSigma.has_value());
        const std::vector<std::string> policies = tab.options().algorithms;
        sigma->setText(QStringLiteral("0.5"));
        QCOMPARE(tab.options().withinJobSigma, std::optional<double>(0.5));
        sigma->setText(QStringLiteral("-1"));
        QVERIFY_THROWS_EXCEPTION(mr::InputError, tab.options());
        LoadSweepOptions read;
        read.kind = "facebook";
        read.interarrivals = {100.0};
        read.algorithms = policies;
        read.withinJobSigma = 0.25;
        tab.setOptions(read);
        QCOMPARE(sigma->text(), QStringLiteral("0.25"));
        QCOMPARE(tab.options().withinJobSigma, std::optional<double>(0.25));
        read.kind = "testbed";
        tab.setOptions(read);
        QVERIFY(!sigma->isEnabled());
        QVERIFY(!tab.options().withinJobSigma.has_value());

        SweepTab sweep;
        sweep.setAlgorithms({QStringLiteral("fifo")});
        sweep.useGenerated(QStringLiteral("facebook"), 20, 1, 3);
        sweep.setNodeRange(QStringLiteral("8"));
        sweep.findChild<QLineEdit*>(QStringLiteral("withinJobSigma"))
            ->setText(QStringLiteral("0.5"));
        QSignalSpy finished(&sweep, &SweepTab::finished);
        sweep.start();
        QVERIFY(finished.wait(60000));
        const auto generated = [](std::optional<double> withinJob) {
            return runSweep(
                [withinJob](int) {
                    return generateWorkload("facebook",
                                            {.jobs = 20, .seed = 3, .withinJobSigma = withinJob});
                },
                SweepSpec{.nodes = {8}, .algorithms = {"fifo"}});
        };
        const double expected = generated(0.5).series[0].points[0].mean;
        QVERIFY(expected != generated(std::nullopt).series[0].points[0].mean);
        QCOMPARE(sweep.result()->series[0].points[0].mean, expected);
    }
};

QTEST_MAIN(DeadlinesUiTest)
#include "DeadlinesUiTest.moc"
