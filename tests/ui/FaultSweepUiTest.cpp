// The Sweep tab's robustness mode (FaultSweepTab): `mrx --tab sweep-faults` brings it up; a sweep
// runs in the background and draws the mean and p95 of each checked algorithm, probability 0
// being the scenario-free makespan; Cancel keeps the points computed (test-slow's never end).
#include <qcustomplot.h>
#include <QComboBox>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QtTest>

#include "SlowAlgorithm.h"
#include "UiTestSupport.h"
#include "app/MainWindow.h"
#include "pages/Pages.h"
#include "pages/SweepPage.h"
#include "run/RunController.h"
#include "run/WorkPool.h"
#include "schedulers/Registry.h"
#include "sweep/FaultSweepTab.h"
#include "sweep/SweepTab.h"
#include "widgets/AlgorithmList.h"

using namespace mr;
using namespace mr::ui;
using mr::testing::SlowAlgorithm;
using mr::ui::test::sample;

namespace {

constexpr int kTimeoutMs = 30000;  // only reached when the behaviour is broken

// A window with these algorithms on two-jobs.json, every run finished; from here on test-slow
// blocks until released or cancelled.
void settle(MainWindow& window, const QStringList& ids) {
    SlowAlgorithm::reset(true);
    window.algorithmList()->setChecked(ids);
    QVERIFY(window.openFile(sample("two-jobs.json")));
    test::results(window);
    SlowAlgorithm::reset(false);
}

double scenarioFree(MainWindow& window, const char* id) {
    return runAlgorithm(*window.runController()->latest()->workload, id, {}).makespan();
}

}  // namespace

class FaultSweepUiTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QCoreApplication::setOrganizationName(QStringLiteral("mrx-tests")); }

    void cleanup() {
        SlowAlgorithm::release();  // a failed test leaves nothing running
        workPool().waitIdle();
    }

    void aFaultSweepDrawsMeanAndP95PerAlgorithm() {
        MainWindow window;
        settle(window, {"johnson", "fifo"});
        QVERIFY(window.showTab(QStringLiteral("sweep-faults")));
        SweepPage* page = window.pages().sweep();
        QVERIFY(page->showsFaults());
        QVERIFY(page->faults()->isVisibleTo(&window));
        FaultSweepTab* faults = page->faults();
        // Before any run the empty chart's x axis already names the chosen probability.
        QCOMPARE(faults->chart()->xAxis->label(), QStringLiteral("attempt failure probability"));
        faults->setAxis(FaultAxis::StragglerProbability);
        QCOMPARE(faults->chart()->xAxis->label(), QStringLiteral("straggler probability"));
        faults->chart()->setViewport(QRect(0, 0, 700, 400));
        faults->chart()->replot();
        QVERIFY2(faults->chart()->axisRect()->outerRect().width() > 600,  // no empty legend row
                 qPrintable(QString::number(faults->chart()->axisRect()->outerRect().width())));
        faults->setValues(QStringLiteral("0:0.5:0.25"));
        faults->setRuns(3);
        faults->setStragglerFactor(QStringLiteral("10:10"));
        QSignalSpy finished(faults, &FaultSweepTab::finished);
        faults->start();
        QVERIFY2(finished.wait(kTimeoutMs), qPrintable(faults->status()));
        QCOMPARE(faults->pointsTotal(), std::size_t{18});  // 3 runs × 3 values × 2 algorithms
        QVERIFY(faults->result().has_value());
        const FaultSweepResult& r = *faults->result();
        QCOMPARE(r.points.size(), std::size_t{6});
        // Probability 0 is the scenario-free makespan; stragglers only make a batch longer.
        const double johnson = scenarioFree(window, "johnson");
        const std::size_t j = r.options.algorithms[0] == "johnson" ? 0 : 1;  // the checked order
        QCOMPARE(r.options.algorithms[j], std::string("johnson"));
        QCOMPARE(r.points[j].makespanMean, johnson);
        QCOMPARE(r.points[j].makespanP95, johnson);
        for (const FaultPoint& p : r.points) {
            QCOMPARE(p.runs, 3);
            QVERIFY(p.makespanMean >= scenarioFree(window, p.algorithm.c_str()));
            QVERIFY(p.makespanP95 >= p.makespanMean - 1e-9 * p.makespanMean);
        }
        // Two lines per algorithm: the mean (solid) and the p95 (dashed).
        QCOMPARE(faults->chart()->graphCount(), 4);
        const int mean = 2 * static_cast<int>(j);
        QCOMPARE(faults->chart()->graph(mean)->data()->at(0)->value, johnson);
        QCOMPARE(faults->chart()->graph(mean)->data()->at(2)->value, r.points[4 + j].makespanMean);
        QCOMPARE(faults->chart()->graph(mean + 1)->data()->at(2)->value,
                 r.points[4 + j].makespanP95);
        QCOMPARE(faults->chart()->graph(mean + 1)->pen().style(), Qt::DashLine);
        auto* title = static_cast<QCPTextElement*>(faults->chart()->plotLayout()->element(0, 0));
        QVERIFY2(title->text().contains(QStringLiteral("mean and p95 of 3 runs")),
                 qPrintable(title->text()));
        QVERIFY(faults->csv().startsWith(QStringLiteral("probability,algorithm,runs,")));
        // The legend lies in a row of its own above the plot, never over a curve, and the plot
        // keeps the chart's width.
        QCustomPlot* chart = faults->chart();
        chart->setViewport(QRect(0, 0, 700, 400));
        chart->replot();
        QVERIFY(chart->legend->visible());
        QCOMPARE(chart->legend->layout(), static_cast<QCPLayout*>(chart->plotLayout()));
        QVERIFY(!chart->legend->outerRect().intersects(chart->axisRect()->outerRect()));
        QVERIFY(chart->legend->outerRect().bottom() <= chart->axisRect()->outerRect().top());
        QVERIFY(chart->axisRect()->outerRect().width() > 600);
    }

    // Points come in index order: Johnson's first run at the first probability ends before any
    // test-slow point; Cancel keeps it, and the bar stays where the sweep stopped.
    void cancelKeepsThePointsComputed() {
        MainWindow window;
        settle(window, {"johnson", SlowAlgorithm::kId});
        QVERIFY(window.showTab(QStringLiteral("sweep-faults")));
        FaultSweepTab* faults = window.pages().sweep()->faults();
        faults->setAxis(FaultAxis::FailureProbability);
        faults->setValues(QStringLiteral("0:0.2:0.1"));
        faults->setRuns(2);
        QSignalSpy finished(faults, &FaultSweepTab::finished);
        faults->start();
        QVERIFY(faults->isRunning());
        const double johnson = scenarioFree(window, "johnson");
        QTRY_VERIFY_WITH_TIMEOUT(faults->result() && faults->result()->points[0].runs >= 1,
                                 kTimeoutMs);
        QCOMPARE(faults->result()->points[0].makespanMean, johnson);
        faults->cancel();
        QVERIFY(finished.wait(kTimeoutMs));
        const std::size_t done = faults->pointsDone();
        QCOMPARE(faults->pointsTotal(), std::size_t{12});
        QVERIFY(done >= 1 && done < 12);
        QVERIFY2(faults->status().contains(QStringLiteral("cancelled, %1 of 12 points").arg(done)),
                 qPrintable(faults->status()));
        QCOMPARE(faults->result()->points[0].makespanMean, johnson);  // kept
        for (std::size_t v = 0; v < 3; ++v) {
            QCOMPARE(faults->result()->points[2 * v + 1].runs, 0);  // test-slow: never ended
        }
        auto* title = static_cast<QCPTextElement*>(faults->chart()->plotLayout()->element(0, 0));
        QVERIFY2(title->text().contains(QStringLiteral("partial")), qPrintable(title->text()));
        QProgressBar* bar = faults->findChild<QProgressBar*>();
        QCOMPARE(bar->maximum(), 12);
        QCOMPARE(bar->value(), static_cast<int>(done));
    }

    void badValuesAreRefusedOnTheStatusLine() {
        MainWindow window;
        settle(window, {"johnson"});
        QVERIFY(window.showTab(QStringLiteral("sweep-faults")));
        FaultSweepTab* faults = window.pages().sweep()->faults();
        faults->setAxis(FaultAxis::FailureProbability);
        faults->setValues(QStringLiteral("0:1:0.5"));  // 1: every attempt would fail
        faults->start();
        QVERIFY(!faults->isRunning());
        QVERIFY2(faults->status().contains(QStringLiteral("field 'values'")),
                 qPrintable(faults->status()));
        faults->setAxis(FaultAxis::StragglerProbability);
        faults->setValues(QStringLiteral("0:0.5:0.25"));
        faults->setStragglerFactor(QStringLiteral("0.5:2"));
        faults->start();
        QVERIFY(!faults->isRunning());
        QVERIFY2(faults->status().contains(QStringLiteral("straggler factor")),
                 qPrintable(faults->status()));
    }

    // Before a run the chart's x axis spans the probabilities typed, padded by 4 % of the span
    // (at least 0.01) as a result's is: 0:0.1 is [-0.01, 0.11], 0.2:0.6 is [0.184, 0.616].
    void theEmptyChartSpansTheTypedProbabilities_data() {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<double>("lower");
        QTest::addColumn<double>("upper");
        QTest::newRow("failures by default") << QString() << -0.01 << 0.11;
        QTest::newRow("a tenth") << QStringLiteral("0:0.1:0.01") << -0.01 << 0.11;
        QTest::newRow("from 0.2") << QStringLiteral("0.2:0.6:0.1") << 0.184 << 0.616;
        QTest::newRow("one value") << QStringLiteral("0.3") << 0.29 << 0.31;
    }

    void theEmptyChartSpansTheTypedProbabilities() {
        QFETCH(QString, typed);
        QFETCH(double, lower);
        QFETCH(double, upper);
        FaultSweepTab tab;
        QLineEdit* values = nullptr;
        for (QLineEdit* field : tab.findChildren<QLineEdit*>()) {
            values = field->toolTip().startsWith(QStringLiteral("Probabilities")) ? field : values;
        }
        QVERIFY(values != nullptr);
        if (!typed.isEmpty()) {
            values->selectAll();
            QTest::keyClicks(values, typed);
        }
        const auto spans = [&] {
            const QCPRange range = tab.chart()->xAxis->range();
            return qAbs(range.lower - lower) < 1e-9 && qAbs(range.upper - upper) < 1e-9;
        };
        const auto shown = [&] {
            const QCPRange range = tab.chart()->xAxis->range();
            return QStringLiteral("[%1, %2]").arg(range.lower).arg(range.upper);
        };
        QVERIFY2(spans(), qPrintable(shown()));
        // What is no range (a key too many) leaves the axis as it was; Run sweep says why.
        QTest::keyClicks(values, QStringLiteral("x"));
        QVERIFY2(spans(), qPrintable(shown()));
    }

    // The straggler axis suggests 0:0.5:0.1, and the empty chart spans it: [-0.02, 0.52].
    void theEmptyChartFollowsTheAxisChoice() {
        FaultSweepTab tab;
        tab.setAxis(FaultAxis::StragglerProbability);
        const QCPRange range = tab.chart()->xAxis->range();
        QVERIFY2(qAbs(range.lower + 0.02) < 1e-9 && qAbs(range.upper - 0.52) < 1e-9,
                 qPrintable(QStringLiteral("[%1, %2]").arg(range.lower).arg(range.upper)));
        QCOMPARE(tab.chart()->xAxis->label(), QStringLiteral("straggler probability"));
    }

    // Tab reaches the fields a sweep reads before the buttons that start and stop it, in both
    // modes, as the layout shows them (the runner that makes the buttons is built first).
    void tabVisitsTheFieldsBeforeRunAndCancel() {
        MainWindow window;
        SweepPage* page = window.pages().sweep();
        const auto order = [](QWidget* first, int steps) {
            QList<QWidget*> chain{first};
            for (int i = 0; i < steps; ++i) {
                chain.append(chain.back()->nextInFocusChain());
            }
            return chain;
        };
        for (QWidget* tab : std::initializer_list<QWidget*>{static_cast<QWidget*>(page->sweep()),
                                                            page->faults()}) {
            const auto fields = tab->findChildren<QLineEdit*>();
            const auto buttons = tab->findChildren<QPushButton*>();
            QVERIFY(!fields.isEmpty());
            QPushButton* run = nullptr;
            for (QPushButton* b : buttons) {
                if (b->text() == QStringLiteral("Run sweep")) {
                    run = b;
                }
            }
            QVERIFY(run != nullptr);
            const QList<QWidget*> chain = order(tab, 200);
            for (QLineEdit* field : fields) {
                if (field->parentWidget() != tab) {
                    continue;  // a spin box's or combo's own editor
                }
                QVERIFY2(chain.indexOf(field) >= 0 && chain.indexOf(field) < chain.indexOf(run),
                         qPrintable(field->placeholderText() + QStringLiteral(" after Run")));
            }
        }
    }
};

QTEST_MAIN(FaultSweepUiTest)
#include "FaultSweepUiTest.moc"
