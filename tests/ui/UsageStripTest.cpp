// The utilisation strip under a timeline (charts/UsageStrip.h), offscreen: it stands under the
// chart with the same plot-area edges, its time axis follows the chart's and the wheel over it
// zooms the chart, its samples and tooltip give the schedule's values worked out by hand (on
// screen and in an export), it steps aside on a chart too low for both, and hiding it gives its
// room back to the chart. In the window's Timeline tab it stands under every timeline, also with
// four charts stacked in a laptop's window (the tab scrolls instead).
#include <qcustomplot.h>

#include <QtTest>

#include "UiTestSupport.h"
#include "app/MainWindow.h"
#include "charts/ChartLayout.h"
#include "charts/GanttPanel.h"
#include "charts/GanttPlot.h"
#include "charts/UsageStrip.h"
#include "schedulers/Registry.h"

using namespace mr;
using namespace mr::ui;

namespace {

// One node with two map slots and one reduce slot; J2 arrives at 5. Under fifo (by hand, as in
// the core test of the series): 3 map tasks wait in [0, 4), 1 in [4, 5), 2 in [5, 6); both map
// slots busy until 7; the reduce slot busy from 4 to 12.
Workload threeJobs() {
    Workload w;
    w.cluster = {1, 2, 1};
    w.jobs = {Job::uniform("J0", 2, 4, 1, 5), Job::uniform("J1", 3, 2, 1, 2),
              Job::uniform("J2", 1, 1, 1, 1)};
    w.jobs[2].arrival = 5.0;
    return w;
}

struct Shown {
    Workload workload = threeJobs();
    GanttPlot plot;

    Shown() {
        auto run = std::make_shared<const RunResult>(runAlgorithm(workload, "fifo", {}));
        plot.setRun(workload, run, true);
        plot.resize(1000, 600);
        plot.show();
        plot.replot(QCustomPlot::rpImmediateRefresh);
    }
    QRect strip() const { return plot.usage()->axisRect()->rect(); }
    QPointF at(double time) const {
        return {plot.xAxis->coordToPixel(time), strip().center().y() + 0.0};
    }
};

}  // namespace

class UsageStripTest : public QObject {
    Q_OBJECT

private slots:
    void standsUnderTheChartAligned() {
        Shown s;
        const QRect chart = s.plot.axisRect()->rect();
        QVERIFY(s.plot.usage()->isVisible());
        QVERIFY2(s.strip().top() > chart.bottom(), "the strip is under the chart");
        QCOMPARE(s.strip().left(), chart.left());
        QCOMPARE(s.strip().right(), chart.right());
        QCOMPARE(s.strip().height(), UsageStrip::kHeight);
    }

    void timeAxisFollowsTheChart() {
        Shown s;
        QCPAxis* time = s.plot.usage()->axisRect()->axis(QCPAxis::atBottom);
        QCOMPARE(time->range(), s.plot.xAxis->range());
        s.plot.xAxis->setRange(2.0, 8.0);
        QCOMPARE(time->range(), QCPRange(2.0, 8.0));
        // The wheel over the strip zooms the chart's time axis (and the strip with it).
        const QPointF pos = s.at(5.0);
        QWheelEvent wheel(pos, s.plot.mapToGlobal(pos), QPoint(), QPoint(0, 120), Qt::NoButton,
                          Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(&s.plot, &wheel);
        QVERIFY(s.plot.xAxis->range().size() < 6.0);
        QCOMPARE(time->range(), s.plot.xAxis->range());
    }

    void samplesAndTooltipGiveTheValues() {
        Shown s;
        s.plot.replot(QCustomPlot::rpImmediateRefresh);
        const auto& samples = s.plot.usage()->samples();
        QCOMPARE(static_cast<int>(samples.size()), s.strip().width());
        const auto sampleAt = [&](double time) {
            return samples[static_cast<std::size_t>(std::floor(s.at(time).x()) - s.strip().left())];
        };
        QCOMPARE(sampleAt(2.0).mapWaiting, 3.0);
        QCOMPARE(sampleAt(2.0).mapRunning, 2.0);
        QCOMPARE(sampleAt(5.5).mapWaiting, 2.0);
        QCOMPARE(sampleAt(10.0).reduceRunning, 1.0);
        QCOMPARE(sampleAt(10.0).reduceWaiting, 1.0);  // J2's reduce waits from 7 to 11
        const QString tip = s.plot.tooltipAt(s.at(2.0));
        QVERIFY2(tip.contains(QStringLiteral("map busy 100.0 % (2.0 of 2 slots)")),
                 qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("waiting: 3.0 map, 0.0 reduce")), qPrintable(tip));
        // The right axis holds the largest waiting count in view.
        QVERIFY(s.plot.usage()->upperWaiting() >= 3.0);
    }

    void anExportDrawsItsOwnView() {
        // A chart exported without ever being shown: laid out and drawn at the export's size
        // without a replot, the strip samples that layout and range.
        const Workload w = threeJobs();
        GanttPlot plot;
        plot.setRun(w, std::make_shared<const RunResult>(runAlgorithm(w, "fifo", {})), true);
        plot.toPixmap(800, 500);  // the whole run, then two seconds of it at the same size
        plot.xAxis->setRange(4.0, 6.0);
        const QPixmap image = plot.toPixmap(800, 500);
        QCOMPARE(image.width(), 800);
        const QRect strip = plot.usage()->axisRect()->rect();
        const auto& samples = plot.usage()->samples();
        QCOMPARE(static_cast<int>(samples.size()), strip.width());
        const auto sampleAt = [&](double time) {
            const double x = std::floor(plot.xAxis->coordToPixel(time));
            return samples[static_cast<std::size_t>(x - strip.left())];
        };
        QCOMPARE(sampleAt(4.5).mapWaiting, 1.0);
        QCOMPARE(sampleAt(5.5).mapWaiting, 2.0);
    }

    void stepsAsideWhileTheChartIsTooLow() {
        // 240 px leave the timeline less than ChartLayout's minimum plot height with the strip:
        // it steps aside; at 600 px there is room for both and it is back.
        Shown s;
        s.plot.resize(1000, 240);
        s.plot.replot(QCustomPlot::rpImmediateRefresh);
        QVERIFY(s.plot.usage()->isWanted());
        QVERIFY(!s.plot.usage()->isVisible());
        QVERIFY(s.plot.axisRect()->rect().height() >= kMinPlotHeight);
        s.plot.resize(1000, 600);
        s.plot.replot(QCustomPlot::rpImmediateRefresh);
        QVERIFY(s.plot.usage()->isVisible());
        QVERIFY(s.plot.axisRect()->rect().height() >= kMinPlotHeight);
    }

    // 1280×800, and 1920×1080 at scale 1.5 (1280×720 logical pixels, less a title bar and a
    // panel): the four algorithms a new window checks, stacked, each with its strip under its
    // timeline and both plot areas at their readable heights.
    void standsUnderEveryStackedTimelineInALaptopWindow_data() {
        QTest::addColumn<QSize>("size");
        QTest::newRow("1280x800") << QSize(1280, 800);
        QTest::newRow("1920x1080 at 1.5") << QSize(1280, 680);
    }

    void standsUnderEveryStackedTimelineInALaptopWindow() {
        QFETCH(QSize, size);
        MainWindow window;
        QVERIFY(window.openFile(test::sample("figure4-scenario2.json")));
        QCOMPARE(test::results(window)->outcomes.size(), std::size_t{4});
        window.resize(size);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        GanttPanel* panel = window.ganttPanel();
        QVERIFY(panel->isStacked());
        QVERIFY(panel->isUsageVisible());
        QCOMPARE(panel->plots().size(), 4);
        for (GanttPlot* plot : panel->plots()) {
            plot->replot(QCustomPlot::rpImmediateRefresh);
        }
        QCoreApplication::processEvents();
        for (GanttPlot* plot : panel->plots()) {
            plot->replot(QCustomPlot::rpImmediateRefresh);
            QVERIFY2(plot->usage()->isVisible(), qPrintable(plot->title()));
            const QRect timeline = plot->axisRect()->rect();
            const QRect strip = plot->usage()->axisRect()->rect();
            QVERIFY2(timeline.height() >= kMinPlotHeight, qPrintable(plot->title()));
            QCOMPARE(strip.height(), UsageStrip::kHeight);
            QVERIFY(strip.top() > timeline.bottom());
            QVERIFY(strip.bottom() < plot->height());
        }
    }

    void hidingGivesTheRoomBack() {
        Shown s;
        const int before = s.plot.axisRect()->rect().height();
        const QPointF inStrip = s.at(2.0);
        s.plot.setUsageVisible(false);
        s.plot.replot(QCustomPlot::rpImmediateRefresh);
        QVERIFY(!s.plot.usage()->isVisible());
        QVERIFY(s.plot.axisRect()->rect().height() > before + UsageStrip::kHeight / 2);
        QVERIFY(!s.plot.tooltipAt(inStrip).contains(QStringLiteral("busy")));
        s.plot.setUsageVisible(true);
        s.plot.replot(QCustomPlot::rpImmediateRefresh);
        QCOMPARE(s.plot.axisRect()->rect().height(), before);
    }
};

QTEST_MAIN(UsageStripTest)
#include "UsageStripTest.moc"
