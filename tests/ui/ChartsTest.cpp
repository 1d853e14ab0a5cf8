// The explorer's own charts say what the core computed, readably, at every size,
// offscreen:
//  * the Stages view of a pooled result draws one band per pool, each its own pipeline from 0 on
//    its own slots, as the core's stageBands computes them (never past the makespan);
//  * lane labels, tick labels and legends thin out or wrap to fit, and every linear axis prints
//    its numbers one way;
//  * the deadline charts never squeeze: two columns when wide enough, else one that scrolls;
//  * before a run, the Sweep and Deadlines charts' x axes span the values typed as a result of
//    them would;
//  * the Teach Johnson last step says what the formula and the simulation did without
//    contradicting itself, and its legend is not cut.
#include <QLineEdit>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QtTest>

#include "UiTestSupport.h"
#include "app/MainWindow.h"
#include "charts/AxisFormat.h"
#include "charts/BlocksPlottable.h"
#include "charts/CategoryAxis.h"
#include "charts/ComparisonView.h"
#include "charts/GanttPlot.h"
#include "charts/JobLegend.h"
#include "charts/StageView.h"
#include "charts/TimeText.h"
#include "deadlines/DeadlinesTab.h"
#include "deadlines/LoadSweepCharts.h"
#include "document/WorkloadDocument.h"
#include "experiments/StageBlocks.h"
#include "schedulers/Registry.h"
#include "sweep/SweepTab.h"
#include "teach/JohnsonStepper.h"
#include "widgets/AlgorithmList.h"
#include "workloads/Generators.h"

using namespace mr;
using namespace mr::ui;
using mr::ui::test::results;
using mr::ui::test::sample;

namespace {

// "[lower, upper]" of `axis` when it is not [lower, upper] (to within rounding), else empty.
QString otherSpan(const QCPAxis* axis, double lower, double upper) {
    const QCPRange range = axis->range();
    return qAbs(range.lower - lower) < 1e-9 && qAbs(range.upper - upper) < 1e-9
               ? QString()
               : QStringLiteral("[%1, %2]").arg(range.lower).arg(range.upper);
}

// A RunSet of `ids` on `w`, as the window's run makes it (for views tested alone).
std::shared_ptr<RunSet> runSet(const Workload& w, const std::vector<std::string>& ids,
                               RunOptions options = {}) {
    auto set = std::make_shared<RunSet>();
    set->workload = std::make_shared<const Workload>(w);
    for (auto& o : runEach(w, ids, options)) {
        AlgorithmRun run(o.id, o.result ? AlgorithmRun::State::Done : AlgorithmRun::State::Failed);
        if (o.result) {
            run.result = std::make_shared<const RunResult>(std::move(*o.result));
        }
        run.error = o.error;
        set->outcomes.push_back(std::move(run));
    }
    return set;
}

// Lays `plot` out at `size` and replots until its labels settle (a new size takes one more).
void layOut(QCustomPlot* plot, QSize size) {
    plot->setViewport(QRect(QPoint(0, 0), size));
    for (int i = 0; i < 3; ++i) {
        plot->replot(QCustomPlot::rpImmediateRefresh);
    }
}

// No two tick labels of `axis` overlap, and (for a plain numeric axis) they are written one way:
// no exponent, the same number of decimals.
// `mayBeEmpty`: lane names are left out where a lane is thinner than a line of text.
void checkTickLabels(QCPAxis* axis, bool numeric, bool mayBeEmpty = false) {
    const QFontMetrics metrics(axis->tickLabelFont());
    const QVector<double> ticks = axis->tickVector();
    const QVector<QString> labels = axis->tickVectorLabels();
    QVERIFY(mayBeEmpty || !ticks.isEmpty());
    double previousEnd = -1e9;
    QList<int> decimals;
    for (int i = 0; i < ticks.size(); ++i) {
        if (!axis->range().contains(ticks[i])) {
            continue;
        }
        const double centre = axis->coordToPixel(ticks[i]);
        const bool vertical = axis->orientation() == Qt::Vertical;
        const QStringList lines = labels[i].split(QLatin1Char('\n'));
        int extent = 0;
        for (const QString& line : lines) {
            extent = std::max(extent, metrics.horizontalAdvance(line));
        }
        const double half = vertical ? metrics.height() * lines.size() / 2.0 : extent / 2.0;
        const double from = (vertical ? -centre : centre) - half;
        QVERIFY2(from >= previousEnd - 1.0,
                 qPrintable(QStringLiteral("'%1' overlaps the label before").arg(labels[i])));
        previousEnd = from + 2 * half;
        if (numeric) {
            QVERIFY2(!labels[i].contains(QLatin1Char('e')), qPrintable(labels[i]));
            const qsizetype point = labels[i].indexOf(QLatin1Char('.'));
            decimals << (point < 0 ? 0 : static_cast<int>(labels[i].size() - point - 1));
        }
    }
    if (numeric) {
        QCOMPARE(QSet<int>(decimals.begin(), decimals.end()).size(), 1);
    }
}

// The rectangle an item's text covers on screen (its rotated corners' bounds).
QRectF textRect(const QCPItemText* item) {
    QRectF rect;
    for (const QCPItemAnchor* a :
         {item->topLeft, item->topRight, item->bottomLeft, item->bottomRight}) {
        const QPointF p = a->pixelPosition();
        rect = rect.isNull() ? QRectF(p, QSizeF(0.001, 0.001)) : rect.united(QRectF(p, p));
    }
    return rect;
}

// The tick labels of a category axis (a bottom axis) do not overlap, level or upright, and each
// is its category's name or the start of it ending in "…".
void checkCategoryLabels(QCPAxis* axis, const QStringList& names, const QVector<double>& keys) {
    const QFontMetricsF metrics(axis->tickLabelFont());
    const QVector<double> ticks = axis->tickVector();
    const QVector<QString> labels = axis->tickVectorLabels();
    const bool upright = std::abs(axis->tickLabelRotation()) == 90.0;
    QVERIFY2(upright || axis->tickLabelRotation() == 0.0,
             qPrintable(QString::number(axis->tickLabelRotation())));
    QVERIFY(!ticks.isEmpty());
    // A name is cut only when it does not fit: level, its key's spacing (less a 6 px gap);
    // upright, a third of the chart's height (at least 120 px).
    double spacing = axis->axisRect()->width();
    for (int i = 1; i < keys.size(); ++i) {
        spacing = std::min(spacing,
                           std::abs(axis->coordToPixel(keys[i]) - axis->coordToPixel(keys[i - 1])));
    }
    const double room =
        upright ? std::max(120.0, axis->parentPlot()->viewport().height() / 3.0) : spacing - 6.0;
    double previousEnd = -1e9;
    for (int i = 0; i < ticks.size(); ++i) {
        const int at = static_cast<int>(keys.indexOf(ticks[i]));
        QVERIFY2(at >= 0, qPrintable(labels[i]));
        const QString& name = names[at];
        QVERIFY2(labels[i] == name ||
                     (labels[i].endsWith(QChar(0x2026)) && name.startsWith(labels[i].chopped(1))),
                 qPrintable(labels[i] + QStringLiteral(" for ") + name));
        QVERIFY2(labels[i] == name || metrics.horizontalAdvance(name) > room,
                 qPrintable(QStringLiteral("'%1' cut to '%2' with %3 px of room")
                                .arg(name, labels[i])
                                .arg(room)));
        const double half = (upright ? metrics.height() : metrics.horizontalAdvance(labels[i])) / 2;
        const double centre = axis->coordToPixel(ticks[i]);
        QVERIFY2(centre - half >= previousEnd,
                 qPrintable(QStringLiteral("'%1' runs into the label before it").arg(labels[i])));
        previousEnd = centre + half;
    }
}

// A comparison of `count` algorithms with six-digit makespans (the FB-1000 batch's size).
std::shared_ptr<RunSet> manyMakespans(int count) {
    Workload w = WorkloadDocument::untitled();
    const RunResult fifo = runAlgorithm(w, "fifo", {});
    auto set = std::make_shared<RunSet>();
    set->workload = std::make_shared<const Workload>(w);
    for (int i = 0; i < count; ++i) {
        RunResult r = fifo;
        r.algorithm =
            i % 2 == 0 ? "online-hscheduler-" + std::to_string(i) : "a" + std::to_string(i);
        r.sim.makespan = 350841.0 + 1013.0 * i;
        // The model's diamonds where the numbers would go: at, just under, above the bar top
        // and far above it (the FB-1000 batch's model is 7.5 times its simulation).
        const double model[] = {1.0, 0.99, 1.02, 7.5};
        r.modelMakespan = r.sim.makespan * model[i % 4];
        AlgorithmRun run(r.algorithm, AlgorithmRun::State::Done);
        run.result = std::make_shared<const RunResult>(std::move(r));
        set->outcomes.push_back(std::move(run));
    }
    return set;
}

}  // namespace

class ChartsTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("mrx-chart-tests"));
        QSettings().clear();
    }

    // ---- Item 8: the Stages view of pools ----

    void theStagesViewOfPoolsHasOneBandPerPool() {
        MainWindow window;
        window.algorithmList()->setChecked({"balanced-pools", "johnson"});
        QVERIFY(window.openFile(sample("figure4-scenario2.json")));
        QVERIFY(window.showTab(QStringLiteral("stages")));
        const auto set = results(window);
        StageView* view = window.pages().stages()->view();
        view->setAlgorithm(QStringLiteral("balanced-pools"));
        QCOMPARE(view->bandCount(), 2);
        // [Verma12] §III-C: the pools end at 40 and 39 in the model; nothing runs past 40.
        const RunResult* r = set->find("balanced-pools");
        QVERIFY(r && r->modelMakespan);
        QCOMPARE(*r->modelMakespan, 40.0);
        double modelEnd = 0.0;
        for (const Block& b : view->modelBlocks()->blocks()) {
            modelEnd = std::max(modelEnd, b.x1);
        }
        QCOMPARE(modelEnd, 40.0);
        // The view draws what the core computed: as many blocks, the same time spans.
        const auto bands = stageBands(*set->workload, *r);
        std::size_t modelBlocks = 0;
        std::size_t simulatedBlocks = 0;
        for (const StageBand& band : bands) {
            modelBlocks += band.model.size();
            simulatedBlocks += band.simulated.size();
        }
        QCOMPARE(view->modelBlocks()->blocks().size(), modelBlocks);
        QCOMPARE(view->simulatedBlocks()->blocks().size(), simulatedBlocks);
        const QString title =
            static_cast<QCPTextElement*>(view->plots()[0]->plotLayout()->element(0, 0))->text();
        QVERIFY2(title.contains(QStringLiteral("pool1 40, pool2 39")), qPrintable(title));
        // The bands do not overlap: blocks of different pools never share a slot row.
        QMap<int, QPair<double, double>> extent;  // job -> lowest, highest slot coordinate
        for (const Block& b : view->modelBlocks()->blocks()) {
            auto& e = extent[b.job];
            e = e == QPair<double, double>()
                    ? qMakePair(b.y0, b.y1)
                    : qMakePair(std::min(e.first, b.y0), std::max(e.second, b.y1));
        }
        const auto& pool1 = r->sim.pools[0].jobs;
        for (int a : pool1) {
            for (int b : r->sim.pools[1].jobs) {
                QVERIFY(extent[a].first >= extent[b].second || extent[b].first >= extent[a].second);
            }
        }

        view->setAlgorithm(QStringLiteral("johnson"));
        QCOMPARE(view->bandCount(), 1);
        modelEnd = 0.0;
        for (const Block& b : view->modelBlocks()->blocks()) {
            modelEnd = std::max(modelEnd, b.x1);
        }
        QCOMPARE(modelEnd, 47.0);
    }

    void stageLaneLabelsThinOutToFit_data() {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<int>("pools");
        for (const QSize size : {QSize(1200, 500), QSize(700, 260), QSize(420, 150)}) {
            for (int pools : {2, 5}) {
                QTest::newRow(qPrintable(QStringLiteral("%1x%2, %3 pools")
                                             .arg(size.width())
                                             .arg(size.height())
                                             .arg(pools)))
                    << size << pools;
            }
        }
    }

    void stageLaneLabelsThinOutToFit() {
        QFETCH(QSize, size);
        QFETCH(int, pools);
        GenerateOptions generate;
        generate.jobs = 30;
        generate.nodes = 40;
        generate.seed = 5;
        const Workload w = generateWorkload("facebook", generate);
        RunOptions options;
        options.pools = pools;
        StageView view;
        view.setResults(runSet(w, {"balanced-pools"}, options));
        QVERIFY(view.bandCount() >= 1);
        for (QCustomPlot* plot : view.plots()) {
            layOut(plot, size);
            // At the smallest size five pools' lanes may all be thinner than a line of text.
            checkTickLabels(plot->yAxis, false, size.height() < 200);
            checkTickLabels(plot->xAxis, true);
        }
    }

    // ---- Item 7: one notation, labels that fit ----

    void everyLinearAxisIsPlainAndFits_data() {
        QTest::addColumn<QSize>("size");
        for (const QSize size : {QSize(1400, 700), QSize(640, 300), QSize(360, 180)}) {
            QTest::newRow(qPrintable(QStringLiteral("%1x%2").arg(size.width()).arg(size.height())))
                << size;
        }
    }

    void everyLinearAxisIsPlainAndFits() {
        QFETCH(QSize, size);
        // Makespans in the millions of seconds: where the default notation turns to 1e+06.
        Workload w;
        w.cluster = {1, 1, 1};
        w.jobs = {Job::uniform("long", 3, 400000, 1, 300000),
                  Job::uniform("short", 2, 90000, 2, 7)};
        ComparisonView comparison;
        comparison.setResults(runSet(w, {"fifo", "johnson", "hscheduler"}));
        layOut(comparison.chart(), size);
        checkTickLabels(comparison.chart()->yAxis, true);

        StageView stages;
        stages.setResults(runSet(w, {"johnson"}));
        layOut(stages.plots()[0], size);
        checkTickLabels(stages.plots()[0]->xAxis, true);

        // Small spans need decimals, all of them the same.
        QCustomPlot plot;
        usePlainNumbers(plot.xAxis);
        plot.xAxis->setRange(0, 0.37);
        layOut(&plot, size);
        checkTickLabels(plot.xAxis, true);
        QVERIFY(plot.xAxis->numberPrecision() >= 1);
    }

    void decimalsFollowTheTickStep() {
        QCOMPARE(decimalsForStep(500), 0);
        QCOMPARE(decimalsForStep(25), 0);
        QCOMPARE(decimalsForStep(2.5), 1);
        QCOMPARE(decimalsForStep(0.5), 1);
        QCOMPARE(decimalsForStep(0.05), 2);
        QCOMPARE(decimalsForStep(0.024), 3);  // rounds to 0.025
        QCOMPARE(decimalsForStep(9.6), 0);    // rounds to 10
    }

    void barLabelsStayReadable() {
        // A makespan too short for its number inside the bar gets it above the bar, dark.
        Workload w = WorkloadDocument::untitled();
        ComparisonView view;
        view.setResults(runSet(w, {"fifo", "hscheduler"}));
        layOut(view.chart(), QSize(800, 400));
        QList<QCPItemText*> labels;
        for (int i = 0; i < view.chart()->itemCount(); ++i) {
            if (auto* text = qobject_cast<QCPItemText*>(view.chart()->item(i))) {
                labels << text;
            }
        }
        QCOMPARE(labels.size(), 2);
        for (QCPItemText* label : labels) {
            const double barPixels = view.chart()->yAxis->coordToPixel(0) -
                                     view.chart()->yAxis->coordToPixel(label->position->value());
            const bool inside = label->positionAlignment() & Qt::AlignTop;
            QCOMPARE(inside, barPixels >= QFontMetrics(label->font()).height() + 8);
            QCOMPARE(label->color() == QColor(Qt::white), inside);
        }
    }

    // Audit item 2: at every count and width, the algorithm names under the bars and the
    // makespans on them never run together ("350841350841421222…"): level, upright, shortened,
    // thinned or left to the table.
    void comparisonLabelsNeverRunTogether_data() {
        QTest::addColumn<int>("count");
        QTest::addColumn<int>("width");
        for (int count : {1, 3, 6, 8, 14, 30, 80}) {
            for (int width : {360, 640, 1000, 1280, 1600}) {
                QTest::addRow("%d algorithms, %d px", count, width) << count << width;
            }
        }
    }

    void comparisonLabelsNeverRunTogether() {
        QFETCH(int, count);
        QFETCH(int, width);
        ComparisonView view;
        const auto set = manyMakespans(count);
        view.setResults(set);
        layOut(view.chart(), QSize(width, 420));
        QStringList names;
        QVector<double> keys;
        for (int i = 0; i < count; ++i) {
            names << QString::fromStdString(set->outcomes[static_cast<std::size_t>(i)].id);
            keys << i;
        }
        checkCategoryLabels(view.chart()->xAxis, names, keys);
        // The makespans: each within its own bar's room, none over another.
        const double slot =
            view.chart()->xAxis->coordToPixel(1) - view.chart()->xAxis->coordToPixel(0);
        QList<QRectF> shown;
        for (int i = 0; i < view.chart()->itemCount(); ++i) {
            auto* label = qobject_cast<QCPItemText*>(view.chart()->item(i));
            if (label == nullptr || !label->visible()) {
                continue;
            }
            const QRectF rect = textRect(label);
            const double centre = view.chart()->xAxis->coordToPixel(label->position->key());
            QVERIFY2(rect.left() >= centre - slot / 2 && rect.right() <= centre + slot / 2,
                     qPrintable(label->text()));
            QVERIFY2(rect.top() >= view.chart()->axisRect()->top() - 1,  // not cut at the top
                     qPrintable(label->text()));
            for (const QRectF& other : shown) {
                QVERIFY2(!rect.intersects(other), qPrintable(label->text()));
            }
            shown << rect;
            // Never over the model's diamond (10 px) of its own bar.
            const int row = static_cast<int>(label->position->key());
            const double model =
                *set->outcomes[static_cast<std::size_t>(row)].result->modelMakespan;
            const QPointF diamond(centre, view.chart()->yAxis->coordToPixel(model));
            QVERIFY2(!rect.intersects(QRectF(diamond - QPointF(5, 5), QSizeF(10, 10))),
                     qPrintable(label->text() + QStringLiteral(" covers its diamond")));
        }
        if (width >= 1000 && count <= 14) {
            QCOMPARE(shown.size(), count);  // room for every number, upright at worst
        }
    }

    // The same rule for any category axis, with names of every length.
    void categoryNamesFitAtEveryCountAndSize_data() {
        QTest::addColumn<int>("count");
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("length");
        for (int count : {1, 2, 5, 14, 40, 200}) {
            for (int width : {300, 800, 1600}) {
                for (int length : {2, 12, 60}) {
                    QTest::addRow("%d names of %d letters, %d px", count, length, width)
                        << count << width << length;
                }
            }
        }
    }

    void categoryNamesFitAtEveryCountAndSize() {
        QFETCH(int, count);
        QFETCH(int, width);
        QFETCH(int, length);
        QCustomPlot plot;
        QStringList names;
        QVector<double> keys;
        for (int i = 0; i < count; ++i) {
            names << QStringLiteral("%1").arg(i, length, 10, QLatin1Char('x'));
            keys << i;
        }
        plot.xAxis->setRange(-0.6, count - 0.4);
        useCategoryLabels(plot.xAxis, keys, names);
        layOut(&plot, QSize(width, 400));
        checkCategoryLabels(plot.xAxis, names, keys);
        // Upright names never take more than a third of the chart (at least 120 px).
        const QFontMetricsF metrics(plot.xAxis->tickLabelFont());
        for (const QString& label : plot.xAxis->tickVectorLabels()) {
            QVERIFY(plot.xAxis->tickLabelRotation() == 0.0 ||
                    metrics.horizontalAdvance(label) <= std::max(120.0, 400.0 / 3) + 1);
        }
        QVERIFY(plot.axisRect()->height() > 100);
    }

    // The registry's names under a few wide bars are never cut ("reverse-johns…" under a bar of
    // 270 px, "johns…" with two bars across 1600 px).
    void algorithmNamesAreWholeWhereTheyFit_data() {
        QTest::addColumn<QStringList>("names");
        QTest::addColumn<int>("width");
        QTest::newRow("two across 1600 px") << QStringList{"johnson", "reverse-johnson"} << 1600;
        QTest::newRow("four across 1100 px")
            << QStringList{"johnson", "reverse-johnson", "balanced-pools", "hscheduler"} << 1100;
        QTest::newRow("four across 800 px")
            << QStringList{"johnson", "reverse-johnson", "balanced-pools", "hscheduler"} << 800;
    }

    void algorithmNamesAreWholeWhereTheyFit() {
        QFETCH(QStringList, names);
        QFETCH(int, width);
        QCustomPlot plot;
        QVector<double> keys;
        for (int i = 0; i < names.size(); ++i) {
            keys << i;
        }
        plot.xAxis->setRange(-0.6, names.size() - 0.4);
        useCategoryLabels(plot.xAxis, keys, names);
        layOut(&plot, QSize(width, 400));
        checkCategoryLabels(plot.xAxis, names, keys);
        QCOMPARE(plot.xAxis->tickLabelRotation(), 0.0);
        QCOMPARE(plot.xAxis->tickVectorLabels(), QVector<QString>(names.begin(), names.end()));
    }

    void legendsWrapAndSayHowManyMore() {
        QCustomPlot plot;
        auto* legend = new JobLegend(&plot);
        QStringList names;
        for (int j = 0; j < 60; ++j) {
            names << QStringLiteral("job-%1").arg(j);
        }
        legend->setJobs(names);
        const JobLegend::Fit wide = legend->fit(20000);
        QCOMPARE(wide.jobs, 60);
        QCOMPARE(wide.lines, 1);
        const JobLegend::Fit narrow = legend->fit(500);
        QVERIFY(narrow.jobs > 5 && narrow.jobs < 60);
        QCOMPARE(narrow.lines, JobLegend::kMaxLines);
        legend->setJobs(names.mid(0, 5));
        QCOMPARE(legend->fit(500).jobs, 5);  // five short names always fit a 500 px chart
        delete legend;
    }

    // ---- Item 7: the deadline charts ----

    void deadlineChartsNeverSqueeze() {
        LoadSweepCharts charts;
        charts.resize(1100, 700);
        charts.show();
        QApplication::processEvents();
        QCOMPARE(charts.columns(), 2);
        charts.resize(560, 700);
        QApplication::processEvents();
        QCOMPARE(charts.columns(), 1);
        QApplication::processEvents();
        for (QCustomPlot* plot : charts.plots()) {
            QVERIFY(plot->width() >= LoadSweepCharts::kMinChart.width());
            QVERIFY(plot->height() >= LoadSweepCharts::kMinChart.height());
        }
        QVERIFY(charts.findChild<QScrollArea*>()->verticalScrollBar()->maximum() > 0);
        // Every axis title fits along its axis (the relative-excess title ran into the legend
        // at the charts' minimum height).
        for (QCustomPlot* plot : charts.plots()) {
            plot->replot(QCustomPlot::rpImmediateRefresh);
            plot->replot(QCustomPlot::rpImmediateRefresh);
            QCPAxis* y = plot->yAxis;
            QVERIFY2(QFontMetricsF(y->labelFont()).horizontalAdvance(y->label()) <=
                         plot->axisRect()->height(),
                     qPrintable(y->label()));
        }
    }

    // Before a run the Sweep chart's x axis spans the cluster sizes typed, padded as a result's
    // (4 % of their span, at least half a node): 10:30:10 is [9.2, 30.8], 5:10:5 [4.5, 10.5],
    // 8 alone [7.5, 8.5]. Untyped, the sizes suggested (a quarter to twice the cluster, about
    // ten): for 64 nodes (no workload yet) 16:128:12, 16 to 124, [11.68, 128.32]; for a workload
    // of 10 nodes 2:20:2, [1.28, 20.72].
    void theEmptySweepChartSpansTheSizesTyped_data() {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<int>("workloadNodes");  // 0: no workload
        QTest::addColumn<double>("lower");
        QTest::addColumn<double>("upper");
        QTest::newRow("suggested, no workload") << QString() << 0 << 11.68 << 128.32;
        QTest::newRow("suggested for 10 nodes") << QString() << 10 << 1.28 << 20.72;
        QTest::newRow("10:30:10") << QStringLiteral("10:30:10") << 10 << 9.2 << 30.8;
        QTest::newRow("5:10:5") << QStringLiteral("5:10:5") << 0 << 4.5 << 10.5;
        QTest::newRow("one size") << QStringLiteral("8") << 0 << 7.5 << 8.5;
    }

    void theEmptySweepChartSpansTheSizesTyped() {
        QFETCH(QString, typed);
        QFETCH(int, workloadNodes);
        QFETCH(double, lower);
        QFETCH(double, upper);
        SweepTab tab;
        if (workloadNodes > 0) {
            Workload w;
            w.cluster.nodes = workloadNodes;
            tab.setWorkload(std::make_shared<const Workload>(w));
        }
        auto* nodes = tab.findChild<QLineEdit*>(QStringLiteral("nodes"));
        QVERIFY(nodes != nullptr);
        if (!typed.isEmpty()) {
            nodes->selectAll();
            QTest::keyClicks(nodes, typed);
        }
        QString other = otherSpan(tab.chart()->xAxis, lower, upper);
        QVERIFY2(other.isEmpty(), qPrintable(other));
        // What is no range (a key too many) leaves the axis as it was; Run sweep says why.
        const QString range = nodes->text();
        QTest::keyClicks(nodes, QStringLiteral("x"));
        other = otherSpan(tab.chart()->xAxis, lower, upper);
        QVERIFY2(other.isEmpty(), qPrintable(other));
        // A result at the sizes typed keeps the axis where it is.
        SweepResult r{"batch", parseNodeRange(range.toStdString()), 1, {}};
        tab.showResult(r, QStringLiteral("test"));
        other = otherSpan(tab.chart()->xAxis, lower, upper);
        QVERIFY2(other.isEmpty(), qPrintable(other));
    }

    // Before a run the Deadlines charts' x axes span the mean inter-arrival times typed, padded
    // as a result's (4 % of their span, at least 1 s): the default 100:1000:100 is [64, 1036],
    // 10:50:10 [8.4, 51.6], 500 alone [499, 501]; a result at those loads keeps the axes there.
    void theEmptyDeadlineChartsSpanTheLoadsTyped_data() {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<double>("lower");
        QTest::addColumn<double>("upper");
        QTest::newRow("default") << QString() << 64.0 << 1036.0;
        QTest::newRow("10:50:10") << QStringLiteral("10:50:10") << 8.4 << 51.6;
        QTest::newRow("one load") << QStringLiteral("500") << 499.0 << 501.0;
    }

    void theEmptyDeadlineChartsSpanTheLoadsTyped() {
        QFETCH(QString, typed);
        QFETCH(double, lower);
        QFETCH(double, upper);
        DeadlinesTab tab;
        auto* loads = tab.findChild<QLineEdit*>(QStringLiteral("interarrival"));
        QVERIFY(loads != nullptr);
        if (!typed.isEmpty()) {
            loads->selectAll();
            QTest::keyClicks(loads, typed);
        }
        const auto spanned = [&](const char* when) {
            for (QCustomPlot* plot : tab.charts()->plots()) {
                const QString other = otherSpan(plot->xAxis, lower, upper);
                if (!other.isEmpty()) {
                    return QStringLiteral("%1: %2 %3").arg(when, plot->xAxis->label(), other);
                }
            }
            return QString();
        };
        QString other = spanned("typed");
        QVERIFY2(other.isEmpty(), qPrintable(other));
        QTest::keyClicks(loads, QStringLiteral("x"));  // no range: the axes stay
        other = spanned("no range");
        QVERIFY2(other.isEmpty(), qPrintable(other));
        loads->backspace();
        LoadSweepResult result;
        result.options = tab.options();
        tab.showResult(result, QStringLiteral("test"));
        other = spanned("a result");
        QVERIFY2(other.isEmpty(), qPrintable(other));
    }

    // ---- Item 7: the Teach Johnson last step ----

    void theLastJohnsonStepSaysWhatHappened() {
        MainWindow window;
        window.resize(1280, 800);
        window.algorithmList()->setChecked({"johnson", "balanced-pools", "hscheduler"});
        QVERIFY(window.openFile(sample("figure4-scenario2.json")));
        QVERIFY(window.showTab(QStringLiteral("johnson")));
        results(window);
        JohnsonStepper* stepper = window.teachTab()->johnson();
        stepper->setStep(stepper->stepCount());
        // Scenario 2: formula and simulation agree on 47, yet BalancedPools (40) and HScheduler
        // (35.67) do better: the text says exactly that, and no "can both be wrong".
        const QString text = stepper->breaksText();
        QVERIFY2(text.contains(QStringLiteral("predicts <b>47</b>, and simulated slot by slot "
                                              "the order takes <b>47</b> too")),
                 qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("<i>balanced-pools</i> reaches <b>40</b>")));
        QVERIFY(text.contains(QStringLiteral("its best order is not the best schedule")));
        QVERIFY(!text.contains(QStringLiteral("can both be wrong")));

        // Scenario 1: every job fills every slot; the model is exact.
        QVERIFY(window.openFile(sample("figure4-scenario1.json")));
        results(window);
        stepper->setStep(stepper->stepCount());
        QVERIFY2(stepper->breaksText().contains(QStringLiteral("the model is exact here")),
                 qPrintable(stepper->breaksText()));

        // Jobs arriving over time ([Tian16]'s example 3): the formula predicts nothing for
        // them, so no prediction is compared with the simulation, and the Sweep tab draws no
        // formula lines (the lower bound stays).
        QVERIFY(window.openFile(sample("example3-online.json")));
        results(window);
        stepper->setStep(stepper->stepCount());
        QVERIFY2(stepper->breaksText().contains(QStringLiteral("arrive over time")) &&
                     !stepper->breaksText().contains(QStringLiteral("predicts <b>")),
                 qPrintable(stepper->breaksText()));
        QVERIFY(window.showTab(QStringLiteral("sweep")));
        SweepTab* sweep = window.pages().sweep()->sweep();
        sweep->setNodeRange(QStringLiteral("10:30:10"));
        QSignalSpy finished(sweep, &SweepTab::finished);
        sweep->start();
        QVERIFY2(finished.wait(60000), qPrintable(sweep->status()));
        QStringList series;
        for (const SweepSeries& s : sweep->result()->series) {
            series << QString::fromStdString(s.name);
        }
        QVERIFY2(!series.contains(QString::fromLatin1(kFormulaMin)) &&
                     !series.contains(QString::fromLatin1(kFormulaMax)) &&
                     series.contains(QString::fromLatin1(kLowerBound)),
                 qPrintable(series.join(QStringLiteral(", "))));
    }

    void whenTheFormulaAndTheSimulationDifferTheTextSaysBoth() {
        // The first seeded batch where the formula and Johnson's simulation differ.
        for (std::uint64_t seed = 1; seed < 200; ++seed) {
            GenerateOptions generate;
            generate.jobs = 6;
            generate.nodes = 3;
            generate.seed = seed;
            const Workload w = generateWorkload("synthetic-bimodal", generate);
            const RunResult r = runAlgorithm(w, "johnson", {});
            if (!r.modelMakespan || *r.modelMakespan == r.sim.makespan) {
                continue;
            }
            MainWindow window;
            window.algorithmList()->setChecked({"johnson"});
            window.document()->reset(w, QString());
            QVERIFY(window.showTab(QStringLiteral("johnson")));
            results(window);
            JohnsonStepper* stepper = window.teachTab()->johnson();
            stepper->setStep(stepper->stepCount());
            const QString text = stepper->breaksText();
            QVERIFY2(text.contains(QStringLiteral("the same order takes")), qPrintable(text));
            QVERIFY(text.contains(r.sim.makespan < *r.modelMakespan ? QStringLiteral("% less")
                                                                    : QStringLiteral("% more")));
            QVERIFY(!text.contains(QStringLiteral("too.")));
            return;
        }
        QFAIL("no seeded batch where the formula and the simulation differ");
    }

    void theLastJohnsonStepsLegendIsNotCut() {
        MainWindow window;
        window.resize(1280, 800);
        window.show();
        window.algorithmList()->setChecked({"johnson"});
        QVERIFY(window.openFile(sample("figure4-scenario2.json")));
        QVERIFY(window.showTab(QStringLiteral("johnson")));
        results(window);
        JohnsonStepper* stepper = window.teachTab()->johnson();
        stepper->setStep(stepper->stepCount());
        QApplication::processEvents();
        auto* gantt = qobject_cast<GanttPlot*>(stepper->plots().back());
        QVERIFY(gantt);
        gantt->replot(QCustomPlot::rpImmediateRefresh);
        JobLegend* legend = gantt->findChild<JobLegend*>();
        QVERIFY(legend);
        QCOMPARE(legend->fit(legend->rect().width()).jobs, 5);
        QVERIFY(legend->rect().height() >=
                legend->fit(legend->rect().width()).lines * QFontMetrics(gantt->font()).height());
    }
    // Exact thirds and sixths read as the papers write them ([Tian16] Example 2: 35⅔); values
    // exact in decimals, and the rest, as formatTime writes them.
    void timesShowExactFractions() {
        QCOMPARE(timeText(107.0 / 3.0), QStringLiteral("35⅔"));
        QCOMPARE(timeText(8.0 / 3.0), QStringLiteral("2⅔"));
        QCOMPARE(timeText(163.0 / 6.0), QStringLiteral("27⅙"));
        QCOMPARE(timeText(1.0 / 3.0), QStringLiteral("⅓"));
        QCOMPARE(timeText(-5.0 / 6.0), QStringLiteral("-⅚"));
        QCOMPARE(timeText(2.5), QStringLiteral("2.5"));
        QCOMPARE(timeText(47.0), QStringLiteral("47"));
        QCOMPARE(timeText(0.1), QStringLiteral("0.1"));
        QCOMPARE(timeText(35.6667), QStringLiteral("35.6667"));  // close, not exact
    }
};

QTEST_MAIN(ChartsTest)
#include "ChartsTest.moc"
