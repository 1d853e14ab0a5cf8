// The Gantt plot's axes, labels, limits and drawing, one test per class of defect,
// offscreen: slot labels never overlap at any row count and height,
// the axis title is never clipped, one number notation on the time axis, pool labels never
// overlap, the view never goes before time 0 nor past the end, a selected job stays its own
// colour on thin rows, a wave is drawn as one block, and the title never shows the two-stage
// model for jobs that arrive over time.
#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

#include <qcustomplot.h>

#include <QApplication>
#include <QBuffer>
#include <QRegularExpression>
#include <QSvgGenerator>
#include <QtTest>

#include "charts/ChartLayout.h"
#include "charts/DeadlineMarkersPlottable.h"
#include "charts/GanttAxes.h"
#include "charts/GanttPlot.h"
#include "charts/TaskBarsPlottable.h"
#include "charts/UsageStrip.h"
#include "document/JobPalette.h"
#include "model/SeededRandom.h"
#include "run/ChartTimeline.h"
#include "schedulers/Registry.h"

using namespace mr;
using namespace mr::ui;

namespace {

std::shared_ptr<RunResult> runOf(int mapSlots, int reduceSlots, std::vector<TaskRecord> tasks) {
    auto r = std::make_shared<RunResult>();
    r->algorithm = "test";
    r->sim.mapSlots = mapSlots;
    r->sim.reduceSlots = reduceSlots;
    r->sim.tasks = std::move(tasks);
    r->sim.jobs.resize(100);
    for (const TaskRecord& t : r->sim.tasks) {
        r->sim.makespan = std::max(r->sim.makespan, t.end);
        JobTimes& j = r->sim.jobs[static_cast<std::size_t>(t.job)];
        j.end = std::max(j.end, t.end);
    }
    return r;
}

// Two map tasks on 4 slots, ending at 100 s and 210 s (the makespan).
std::shared_ptr<RunResult> twoMapTasks() {
    return runOf(4, 4,
                 {TaskRecord{0, 0, 0, TaskKind::Map, false, AttemptEnd::Killed, 1, 0.0, 100.0},
                  TaskRecord{1, 0, 1, TaskKind::Map, false, AttemptEnd::Killed, 1, 0.0, 210.0}});
}

// The label of the makespan's marker of `plot`, null without one.
QCPItemText* makespanLabel(GanttPlot& plot) {
    for (int i = 0; i < plot.itemCount(); ++i) {
        auto* text = qobject_cast<QCPItemText*>(plot.item(i));
        if (text && text->text().startsWith(QStringLiteral("makespan"))) {
            return text;
        }
    }
    return nullptr;
}

// A workload of `jobs` jobs named J0.. on `nodes` nodes (for names, pools and arrivals).
Workload workloadOf(int jobs, int nodes, int mapPerNode = 1, int reducePerNode = 1,
                    bool arrivals = false) {
    Workload w;
    w.cluster = {nodes, mapPerNode, reducePerNode};
    for (int j = 0; j < jobs; ++j) {
        w.jobs.push_back(Job::uniform("J" + std::to_string(j), 1, 1.0, 1, 1.0));
        w.jobs.back().arrival = arrivals ? 10.0 * j : 0.0;
    }
    return w;
}

// A run of hand-made records (per-job times from them, for up to 100 jobs).

void show(GanttPlot& plot, int width, int height) {
    plot.resize(width, height);
    plot.show();
    plot.replot(QCustomPlot::rpImmediateRefresh);
}

bool near(QColor a, QColor b, int tolerance) {
    return std::abs(a.red() - b.red()) <= tolerance &&
           std::abs(a.green() - b.green()) <= tolerance &&
           std::abs(a.blue() - b.blue()) <= tolerance;
}

}  // namespace

class GanttPlotTest : public QObject {
    Q_OBJECT

private slots:
    void slotLabelsNeverOverlap_data() {
        QTest::addColumn<int>("mapSlots");
        QTest::addColumn<int>("reduceSlots");
        QTest::addColumn<int>("height");
        QTest::addColumn<double>("fonts");  // enlarged after the run is drawn (presentation mode)
        const QList<QPair<int, int>> sizes = {
            {1, 0},   {1, 1},    {3, 2},     {10, 10},     {18, 18},     {36, 36},
            {64, 64}, {100, 50}, {256, 256}, {1000, 1000}, {3000, 3000}, {12000, 7999}};
        for (const auto& [map, reduce] : sizes) {
            for (int height : {150, 200, 300, 450, 600, 800, 1000, 1200}) {
                QTest::addRow("%d+%d rows, %d px", map, reduce, height)
                    << map << reduce << height << 1.0;
            }
            QTest::addRow("%d+%d rows, 800 px, fonts x2", map, reduce)
                << map << reduce << 800 << 2.0;
        }
    }

    void slotLabelsNeverOverlap() {
        QFETCH(int, mapSlots);
        QFETCH(int, reduceSlots);
        QFETCH(int, height);
        QFETCH(double, fonts);
        GanttPlot plot;
        std::vector<TaskRecord> tasks = {
            TaskRecord{0, 0, 0, TaskKind::Map, false, AttemptEnd::Killed, 1, 0.0, 10.0}};
        if (reduceSlots > 0) {
            tasks.push_back(TaskRecord{0, 0, reduceSlots - 1, TaskKind::Reduce, false,
                                       AttemptEnd::Killed, 1, 10.0, 20.0});
        }
        plot.setRun(workloadOf(1, std::max(mapSlots, 1)), runOf(mapSlots, reduceSlots, tasks),
                    true);
        if (fonts != 1.0) {  // as PresentationMode does, after setRun: the margin must follow
            const auto enlarged = [fonts](QFont f) {
                f.setPointSizeF(f.pointSizeF() * fonts);
                return f;
            };
            plot.yAxis->setTickLabelFont(enlarged(plot.yAxis->tickLabelFont()));
            plot.yAxis->setLabelFont(enlarged(plot.yAxis->labelFont()));
            for (int i = 0; i < plot.itemCount(); ++i) {
                if (auto* text = qobject_cast<QCPItemText*>(plot.item(i))) {
                    text->setFont(enlarged(text->font()));
                }
            }
        }
        show(plot, 700, height);
        const QVector<double> ticks = plot.yAxis->tickVector();
        const QVector<QString> labels = plot.yAxis->tickVectorLabels();
        QVERIFY(!ticks.isEmpty());
        QCOMPARE(labels.first(), QStringLiteral("M0"));  // the first slot is always labelled
        const QFontMetricsF metrics(plot.yAxis->tickLabelFont());
        const QRect area = plot.axisRect()->rect();
        for (int i = 0; i < ticks.size(); ++i) {
            const double y = plot.yAxis->coordToPixel(ticks[i]);
            QVERIFY2(y >= area.top() - 1 && y <= area.bottom() + 1, qPrintable(labels[i]));
            // The text names its slot, and fits left of the plot area.
            QCOMPARE(labels[i], SlotAxisTicker::label(mapSlots, ticks[i]));
            QVERIFY2(
                metrics.horizontalAdvance(labels[i]) + plot.yAxis->tickLabelPadding() < area.left(),
                qPrintable(labels[i]));
            if (i > 0) {
                const double gap = y - plot.yAxis->coordToPixel(ticks[i - 1]);
                QVERIFY2(gap >= metrics.height(),
                         qPrintable(QStringLiteral("%1 and %2 are %3 px apart")
                                        .arg(labels[i - 1], labels[i])
                                        .arg(gap)));
            }
        }
        // The lane titles fit beside their rows (or are left out on a very short plot), left of
        // every slot label.
        const auto titles = plot.laneTitles();
        for (const auto& [text, rect] : titles) {
            if (rect.isEmpty()) {
                continue;
            }
            QVERIFY2(rect.height() <= area.height(), qPrintable(text));
            QVERIFY2(rect.left() >= 0, qPrintable(text));
            for (const QString& label : labels) {
                QVERIFY2(rect.right() < area.left() - plot.yAxis->tickLabelPadding() -
                                            metrics.horizontalAdvance(label),
                         qPrintable(text + QStringLiteral(" runs into ") + label));
            }
        }
        if (height >= 300) {
            QVERIFY(!titles[0].first.isEmpty());
        }
    }

    // "map slots" beside the map rows (above) and "reduce slots" beside
    // the reduce rows (below), at every lane size, plot height and zoom — one axis title read
    // bottom to top had them the other way round.
    void laneTitlesSitBesideTheirOwnRows_data() {
        QTest::addColumn<int>("mapSlots");
        QTest::addColumn<int>("reduceSlots");
        QTest::addColumn<int>("height");
        QTest::addColumn<double>("zoom");  // the fraction of the rows shown, from the top
        const QList<QPair<int, int>> lanes = {{30, 30}, {20, 20}, {60, 2},
                                              {2, 60},  {4, 0},   {300, 150}};
        for (const auto& [map, reduce] : lanes) {
            for (int height : {200, 400, 800}) {
                for (double zoom : {1.0, 0.5}) {
                    QTest::addRow("%d+%d rows, %d px, %g", map, reduce, height, zoom)
                        << map << reduce << height << zoom;
                }
            }
        }
    }

    void laneTitlesSitBesideTheirOwnRows() {
        QFETCH(int, mapSlots);
        QFETCH(int, reduceSlots);
        QFETCH(int, height);
        QFETCH(double, zoom);
        GanttPlot plot;
        plot.setUsageVisible(false);  // the heights below are the timeline's own
        std::vector<TaskRecord> tasks = {
            TaskRecord{0, 0, 0, TaskKind::Map, false, AttemptEnd::Killed, 1, 0.0, 10.0}};
        if (reduceSlots > 0) {
            tasks.push_back(
                TaskRecord{0, 0, 0, TaskKind::Reduce, false, AttemptEnd::Killed, 1, 10.0, 20.0});
        }
        plot.setRun(workloadOf(1, mapSlots, 1, reduceSlots > 0 ? 1 : 0),
                    runOf(mapSlots, reduceSlots, tasks), true);
        const int rows = mapSlots + 1 + reduceSlots;
        plot.yAxis->setRange(-0.6, -0.6 + zoom * (rows + 0.2));
        show(plot, 800, height);
        const auto titles = plot.laneTitles();
        QCOMPARE(titles.size(), 2);
        const QRect area = plot.axisRect()->rect();
        // Each lane's rows in pixels (row 0 at the top), within the plot area.
        const auto span = [&](int first, int count) {
            const double top = std::max<double>(area.top(), plot.yAxis->coordToPixel(first - 0.5));
            const double bottom =
                std::min<double>(area.bottom(), plot.yAxis->coordToPixel(first + count - 0.5));
            return std::pair{top, bottom};
        };
        const auto mapRows = span(0, mapSlots);
        const auto reduceRows = span(mapSlots + 1, reduceSlots);
        const auto check = [&](const QPair<QString, QRectF>& title, std::pair<double, double> own,
                               const char* word) {
            if (title.second.isEmpty()) {
                // Left out only when its lane has no room for even one letter in view.
                QVERIFY2(own.second - own.first <
                             QFontMetricsF(plot.yAxis->labelFont()).horizontalAdvance("M") + 4,
                         word);
                return;
            }
            QVERIFY2(title.first.startsWith(QLatin1Char(word[0]), Qt::CaseInsensitive),
                     qPrintable(title.first));
            QVERIFY2(
                title.second.top() >= own.first - 0.5 && title.second.bottom() <= own.second + 0.5,
                qPrintable(QStringLiteral("'%1' at %2..%3, its rows at %4..%5")
                               .arg(title.first)
                               .arg(title.second.top())
                               .arg(title.second.bottom())
                               .arg(own.first)
                               .arg(own.second)));
        };
        check(titles[0], mapRows, "map");
        if (reduceSlots > 0) {
            check(titles[1], reduceRows, "reduce");
        } else {
            QVERIFY(titles[1].second.isEmpty());
        }
        // Where both lanes are in full view and tall enough, both say their full name.
        if (zoom == 1.0 && height >= 400 && std::min(mapSlots, reduceSlots) >= 20) {
            QCOMPARE(titles[0].first, QStringLiteral("map slots"));
            QCOMPARE(titles[1].first, QStringLiteral("reduce slots"));
        }
    }

    void timeLabelsUseOneNotation_data() {
        QTest::addColumn<double>("span");
        QTest::addColumn<int>("width");
        for (double span : {1e-3, 0.5, 47.0, 1000.0, 354372.0, 1e6, 3.3e6, 1e7}) {
            for (int width : {300, 800, 1600}) {
                QTest::addRow("%g s, %d px", span, width) << span << width;
            }
        }
    }

    void timeLabelsUseOneNotation() {
        QFETCH(double, span);
        QFETCH(int, width);
        GanttPlot plot;
        plot.setRun(
            workloadOf(1, 2),
            runOf(2, 2,
                  {TaskRecord{0, 0, 0, TaskKind::Map, false, AttemptEnd::Killed, 1, 0.0, span}}),
            true);
        show(plot, width, 300);
        const QVector<QString> labels = plot.xAxis->tickVectorLabels();
        QVERIFY(labels.size() >= 2);
        static const QRegularExpression plain(QStringLiteral("^\\d+(\\.(\\d+))?$"));
        int decimals = -1;
        for (const QString& label : labels) {
            const auto m = plain.match(label);
            QVERIFY2(m.hasMatch(), qPrintable(label));
            const int d = static_cast<int>(m.captured(2).size());
            QVERIFY2(decimals < 0 || d == decimals, qPrintable(labels.toList().join(' ')));
            decimals = d;
        }
        // Seconds while a step is under half an hour, then hours, as the axis title says; the
        // labels are the tick positions in that unit.
        const QVector<double> ticks = plot.xAxis->tickVector();
        const bool hours = ticks.size() >= 2 && ticks[1] - ticks[0] >= 1800.0;
        QCOMPARE(plot.xAxis->label(),
                 hours ? QStringLiteral("time (h)") : QStringLiteral("time (s)"));
        for (int i = 0; i < ticks.size(); ++i) {
            const double shown = labels[i].toDouble() * (hours ? 3600.0 : 1.0);
            QVERIFY2(std::abs(shown - ticks[i]) <= 1e-6 * std::max(1.0, std::abs(ticks[i])),
                     qPrintable(labels[i]));
        }
        if (hours) {  // whole hours: 1, 2, 3, 6, 12 or 24 h, or whole days
            const double step = (ticks[1] - ticks[0]) / 3600.0;
            QVERIFY2(
                step == std::round(step) && (step <= 24.0 ? 24.0 / step == std::round(24.0 / step)
                                                          : step / 24.0 == std::round(step / 24.0)),
                qPrintable(labels.toList().join(' ')));
        }
        if (span == 354372.0 && width == 800) {  // the FB-2010 day: 0 24 48 72 96 (h)
            QVERIFY(hours);
            QCOMPARE(labels.toList().mid(0, 3), (QStringList{"0", "24", "48"}));
        }
    }

    void poolLabelsNeverOverlap_data() {
        QTest::addColumn<int>("seed");
        QTest::addColumn<int>("height");
        for (int seed = 1; seed <= 6; ++seed) {
            for (int height : {150, 250, 400, 700}) {
                QTest::addRow("pools %d, %d px", seed, height) << seed << height;
            }
        }
    }

    void poolLabelsNeverOverlap() {
        QFETCH(int, seed);
        QFETCH(int, height);
        SeededRandom rng(seed);
        const int nodes = 60;
        auto run =
            runOf(nodes, nodes,
                  {TaskRecord{0, 0, 0, TaskKind::Map, false, AttemptEnd::Killed, 1, 0.0, 50.0}});
        // 2 to 6 pools, some of a single node side by side.
        const int pools = rng.uniformInt(2, 6);
        int first = 0;
        for (int p = 0; p < pools; ++p) {
            const int size = p + 1 == pools ? nodes - first : rng.uniformInt(1, 3);
            run->sim.pools.push_back({"pool" + std::to_string(p), first, size, {0}, 40.0 + p});
            first += size;
        }
        GanttPlot plot;
        plot.setRun(workloadOf(1, nodes), run, true);
        show(plot, 700, height);
        const auto labels = plot.poolLabels();
        QCOMPARE(labels.size(), pools);
        const QRect area = plot.axisRect()->rect();
        int visible = 0;
        for (int i = 0; i < labels.size(); ++i) {
            const QRectF a = labels[i].second;
            if (a.isEmpty()) {
                continue;
            }
            ++visible;
            QVERIFY(a.top() >= area.top() && a.bottom() <= area.bottom() + 1);
            for (int j = i + 1; j < labels.size(); ++j) {
                QVERIFY2(
                    !a.intersects(labels[j].second),
                    qPrintable(labels[i].first + QStringLiteral(" covers ") + labels[j].first));
            }
        }
        QVERIFY(visible >= 1);
        if (height >= 400) {
            QCOMPARE(visible, pools);  // room for all of them
        }
    }

    void stackedLabelsStayInBoundsAndApart() {
        SeededRandom rng(9);
        for (int round = 0; round < 200; ++round) {
            std::vector<QRectF> wanted;
            const int n = rng.uniformInt(1, 12);
            for (int i = 0; i < n; ++i) {
                wanted.emplace_back(10, rng.uniformInt(-20, 300), 80, rng.uniformInt(10, 30));
            }
            const auto placed = stackLabels(wanted, 0, 300);
            for (std::size_t i = 0; i < placed.size(); ++i) {
                if (placed[i].isEmpty()) {
                    continue;
                }
                QVERIFY(placed[i].top() >= 0 && placed[i].bottom() <= 300);
                QCOMPARE(placed[i].height(), wanted[i].height());
                for (std::size_t j = i + 1; j < placed.size(); ++j) {
                    QVERIFY(placed[j].isEmpty() || !placed[i].intersects(placed[j]));
                }
            }
        }
    }

    // A label placed among blocked spans: the nearest free place, as the exhaustive search over
    // every span's sides finds it (the oracle), and clear of every span.
    void aLabelAvoidsSpansAsTheExhaustiveSearchPlacesIt() {
        SeededRandom rng(14);
        for (int round = 0; round < 2000; ++round) {
            std::vector<Span> blocked;
            const int n = rng.uniformInt(0, 9);
            for (int i = 0; i < n; ++i) {
                const double at = rng.uniformInt(0, 400);
                blocked.emplace_back(at, at + rng.uniformInt(0, 30));
            }
            const double width = rng.uniformInt(1, 120);
            const double wanted = rng.uniformInt(-50, 450);
            const double left = avoidSpans(wanted, width, 0, 400, blocked);
            const auto clear = [&](double x) {
                return x >= 0 && x + width <= 400 &&
                       std::none_of(blocked.begin(), blocked.end(), [&](const Span& b) {
                           return x < b.second + 2.0 && x + width > b.first - 2.0;
                       });
            };
            double oracle = std::numeric_limits<double>::infinity();
            std::vector<double> candidates = {wanted};
            for (const Span& b : blocked) {
                candidates.push_back(b.first - 2.0 - width);
                candidates.push_back(b.second + 2.0);
            }
            for (double c : candidates) {
                if (clear(c)) {
                    oracle = std::min(oracle, std::abs(c - wanted));
                }
            }
            if (std::isinf(oracle)) {
                QCOMPARE(left, std::clamp(wanted, 0.0, 400.0 - width));
            } else {
                QVERIFY2(clear(left), qPrintable(QString::number(round)));
                QCOMPARE(std::abs(left - wanted), oracle);
            }
        }
    }

    // A week's deadlines block a place each (171 000 triangles): placing the makespan's label
    // among them reads each once, and finds the one free place left.
    void aLabelFindsTheFreePlaceAmongAWeeksDeadlines() {
        std::vector<Span> blocked;
        for (int i = 0; i < 200'000; ++i) {
            const double at = (i % 2 == 0 ? 10.0 : 700.0) + (i % 997) * 0.25;
            blocked.emplace_back(at - 6.0, at + 6.0);
        }
        const double left = avoidSpans(300.0, 100.0, 0.0, 1000.0, blocked);
        QCOMPARE(left, 300.0);
        // Triangles at 10 .. 259 and at 700 .. 949, 6 px each way, labels 2 px apart.
        QCOMPARE(avoidSpans(650.0, 100.0, 0.0, 1000.0, blocked), 700.0 - 6.0 - 2.0 - 100.0);
        QCOMPARE(avoidSpans(100.0, 100.0, 0.0, 1000.0, blocked), 10.0 + 996 * 0.25 + 6.0 + 2.0);
    }

    // A week of a production cluster has 171 000 deadlines in one strip: a frame draws only the
    // triangles on top in each pixel column (each hidden one lies under a later one of its own
    // size, less than a pixel away), hovering looks only near the pointer, and the spans that
    // labels avoid cover every visible triangle in at most one span per column.
    void aWeekOfDeadlinesDrawsPerPixelColumn_data() {
        QTest::addColumn<double>("from");
        QTest::addColumn<double>("to");
        QTest::addRow("whole week") << -1000.0 << 700'000.0;
        QTest::addRow("one hour") << 300'000.0 << 303'600.0;
        QTest::addRow("two minutes") << 300'000.0 << 300'120.0;
    }

    void aWeekOfDeadlinesDrawsPerPixelColumn() {
        QFETCH(double, from);
        QFETCH(double, to);
        constexpr unsigned kSeed = 17;
        std::mt19937 random(kSeed);
        std::uniform_real_distribution<double> due(0.0, 604'800.0);
        std::vector<DeadlineMarker> markers;
        for (int job = 0; job < 171'000; ++job) {
            const double at = job % 50 == 0 ? 300'000.0 + job % 7 : std::round(due(random));
            markers.push_back({job, at, at, job % 6 == 0});
        }
        QCustomPlot plot;
        auto* deadlines = new DeadlineMarkersPlottable(plot.xAxis, plot.yAxis);
        deadlines->setMarkers(markers, {});
        deadlines->setSelectedJob(350);  // due at 300 000 s, late
        plot.xAxis->setRange(from, to);
        plot.resize(900, 300);
        plot.replot(QCustomPlot::rpImmediateRefresh);
        const auto& sorted = deadlines->markers();
        const auto x = [&](int i) { return plot.xAxis->coordToPixel(sorted[i].due); };
        const std::vector<int> drawn = deadlines->drawnMarkers();
        const int columns = plot.axisRect()->width();
        QVERIFY2(static_cast<int>(drawn.size()) <= 2 * (columns + 1),
                 qPrintable(QStringLiteral("%1 triangles drawn in %2 columns (seed %3)")
                                .arg(drawn.size())
                                .arg(columns)
                                .arg(kSeed)));
        QVERIFY(std::is_sorted(drawn.begin(), drawn.end()));
        // Every visible triangle but the selected one is drawn or lies under a later one of its
        // kind within a pixel.
        std::vector<int> nextDrawn[2] = {std::vector<int>(sorted.size() + 1, -1),
                                         std::vector<int>(sorted.size() + 1, -1)};
        std::vector<bool> isDrawn(sorted.size(), false);
        for (int i : drawn) {
            isDrawn[i] = true;
            QVERIFY(sorted[i].job != 350);
            QVERIFY(sorted[i].due >= from && sorted[i].due <= to);
        }
        for (int i = static_cast<int>(sorted.size()) - 1; i >= 0; --i) {
            for (int kind : {0, 1}) {
                nextDrawn[kind][i] =
                    isDrawn[i] && sorted[i].late == (kind == 1) ? i : nextDrawn[kind][i + 1];
            }
        }
        int visible = 0;
        for (int i = 0; i < static_cast<int>(sorted.size()); ++i) {
            if (sorted[i].due < from || sorted[i].due > to || sorted[i].job == 350) {
                continue;
            }
            ++visible;
            const int cover = nextDrawn[sorted[i].late ? 1 : 0][i];
            QVERIFY2(cover >= 0 && std::abs(x(cover) - x(i)) < 1.0,
                     qPrintable(QStringLiteral("the deadline of job %1 at %2 s is hidden by none")
                                    .arg(sorted[i].job)
                                    .arg(sorted[i].due)));
        }
        QVERIFY(visible > 0);
        // Hovering: the nearest triangle within reach, as a search of all of them finds it.
        const double strip = plot.axisRect()->top() - 5.0;
        for (int px = plot.axisRect()->left(); px <= plot.axisRect()->right(); px += 7) {
            const DeadlineMarker* best = nullptr;
            double bestDistance = 7.0;
            for (const DeadlineMarker& m : sorted) {
                const double d = std::fabs(plot.xAxis->coordToPixel(m.due) - px);
                if (d < bestDistance) {
                    bestDistance = d;
                    best = &m;
                }
            }
            QCOMPARE(deadlines->markerAt(QPointF(px, strip)), best);
        }
        // The spans labels avoid: one per column at most, covering each visible triangle.
        const auto spans = deadlines->markerSpans();
        QVERIFY(static_cast<int>(spans.size()) <= columns + 1);
        QVERIFY(std::is_sorted(spans.begin(), spans.end()));
        for (int i = 0; i < static_cast<int>(sorted.size()); ++i) {
            if (sorted[i].due < from || sorted[i].due > to) {
                continue;
            }
            // The last span starting at or before the triangle's left is the one to cover it.
            const auto after =
                std::upper_bound(spans.begin(), spans.end(), x(i) - 7.0,
                                 [](double left, const auto& span) { return left < span.first; });
            QVERIFY2(after != spans.begin() && std::prev(after)->second >= x(i) + 7.0,
                     qPrintable(QStringLiteral("job %1's triangle in no span").arg(sorted[i].job)));
        }
    }

    // Seen on the deadlines sample at 1280×800: the makespan's label at the right end ran over
    // the count of deadlines past the view ("+1 ▸") that shares its strip.
    void theMakespanLabelKeepsClearOfTheLaterDeadlinesCount_data() {
        QTest::addColumn<int>("width");
        for (int width : {300, 500, 800, 1600}) {
            QTest::addRow("%d px", width) << width;
        }
    }

    void theMakespanLabelKeepsClearOfTheLaterDeadlinesCount() {
        QFETCH(int, width);
        Workload w = workloadOf(2, 4);
        w.jobs[0].deadline = 2000.0;  // far past the schedule's end
        w.jobs[1].deadline = 3000.0;
        GanttPlot plot;
        plot.setRun(w, twoMapTasks(), true);
        show(plot, width, 300);
        QCOMPARE(plot.deadlines()->laterText(), QStringLiteral("+2 ▸"));
        QCPItemText* label = makespanLabel(plot);
        QVERIFY(label != nullptr);
        const double labelRight =
            std::max(label->topRight->pixelPosition().x(), label->bottomRight->pixelPosition().x());
        const double countLeft = plot.axisRect()->right() - plot.deadlines()->laterWidth() - 2;
        QVERIFY2(labelRight <= countLeft + 1,
                 qPrintable(QStringLiteral("the label ends at %1, the count starts at %2")
                                .arg(labelRight)
                                .arg(countLeft)));
    }

    // Nor over a deadline's triangle in that strip: a job due just before the makespan.
    void theMakespanLabelCoversNoDeadlineMarker_data() {
        QTest::addColumn<int>("width");
        QTest::addColumn<double>("due");
        for (int width : {400, 800, 1600}) {
            for (double due : {195.0, 205.0, 150.0, 30.0}) {
                QTest::addRow("%d px, due %g", width, due) << width << due;
            }
        }
    }

    void theMakespanLabelCoversNoDeadlineMarker() {
        QFETCH(int, width);
        QFETCH(double, due);
        Workload w = workloadOf(2, 4);
        w.jobs[0].deadline = due;
        w.jobs[1].deadline = due - 8.0;
        GanttPlot plot;
        plot.setRun(w, twoMapTasks(), true);
        show(plot, width, 300);
        QCPItemText* label = makespanLabel(plot);
        QVERIFY(label != nullptr);
        const double left = label->topLeft->pixelPosition().x();
        const double right = label->topRight->pixelPosition().x();
        QVERIFY(!plot.deadlines()->markerSpans().empty());
        for (const auto& [from, to] : plot.deadlines()->markerSpans()) {
            QVERIFY2(right <= from || left >= to,
                     qPrintable(QStringLiteral("label %1..%2 over a marker at %3..%4")
                                    .arg(left)
                                    .arg(right)
                                    .arg(from)
                                    .arg(to)));
        }
        QVERIFY(left >= plot.axisRect()->left() - 1);
    }

    // The pools' labels sit at the right of their bands, clear of the makespan's dashed line
    // (a pool ending at the makespan drew its label over it).
    void poolLabelsKeepClearOfTheMakespanLine_data() {
        QTest::addColumn<int>("width");
        for (int width : {500, 900, 1400}) {
            QTest::addRow("%d px", width) << width;
        }
    }

    void poolLabelsKeepClearOfTheMakespanLine() {
        QFETCH(int, width);
        const int nodes = 30;
        auto run =
            runOf(nodes, nodes,
                  {TaskRecord{0, 0, 0, TaskKind::Map, false, AttemptEnd::Killed, 1, 0.0, 39.0},
                   TaskRecord{1, 0, 20, TaskKind::Map, false, AttemptEnd::Killed, 1, 0.0, 40.0}});
        run->sim.pools.push_back({"pool1", 0, 20, {0}, 40.0});
        run->sim.pools.push_back({"pool2", 20, 10, {1}, 39.0});
        GanttPlot plot;
        plot.setRun(workloadOf(2, nodes), run, true);
        show(plot, width, 400);
        const double line = plot.xAxis->coordToPixel(run->sim.makespan);
        for (const auto& [text, rect] : plot.poolLabels()) {
            QVERIFY(!rect.isEmpty());
            QVERIFY2(rect.right() <= line - 1 || rect.left() >= line + 1,
                     qPrintable(QStringLiteral("%1 at %2..%3 over the line at %4")
                                    .arg(text)
                                    .arg(rect.left())
                                    .arg(rect.right())
                                    .arg(line)));
        }
    }

    void theViewStaysWithinTheSchedule() {
        GanttPlot plot;
        plot.setRun(
            workloadOf(2, 4),
            runOf(4, 4,
                  {TaskRecord{0, 0, 0, TaskKind::Map, false, AttemptEnd::Killed, 1, 0.0, 100.0},
                   TaskRecord{1, 0, 2, TaskKind::Reduce, false, AttemptEnd::Killed, 1, 100.0,
                              200.0}}),
            true);
        show(plot, 800, 400);
        const double limit = plot.timeLimit();
        QVERIFY(limit >= 200.0);
        const QPoint centre = plot.axisRect()->rect().center();
        SeededRandom rng(3);
        for (int gesture = 0; gesture < 60; ++gesture) {
            if (gesture % 3 == 0) {
                // Wheel: zoom in or out around a random point (Shift: the rows).
                const QPointF at(centre.x() + rng.uniformInt(-300, 300), centre.y());
                const int delta = gesture % 2 ? 240 : -480;
                QWheelEvent wheel(at, plot.mapToGlobal(at), QPoint(), QPoint(0, delta),
                                  Qt::NoButton,
                                  gesture % 5 == 0 ? Qt::ShiftModifier : Qt::NoModifier,
                                  Qt::NoScrollPhase, false);
                QApplication::sendEvent(&plot, &wheel);
            } else {
                // Drag: far to the right (towards negative time) or to the left (past the end).
                const int dx = gesture % 2 ? 900 : -900;
                const int dy = rng.uniformInt(-200, 200);
                QMouseEvent press(QEvent::MouseButtonPress, QPointF(centre),
                                  plot.mapToGlobal(QPointF(centre)), Qt::LeftButton, Qt::LeftButton,
                                  Qt::NoModifier);
                QApplication::sendEvent(&plot, &press);
                for (int step = 1; step <= 6; ++step) {
                    const QPointF to(centre.x() + dx * step / 6.0, centre.y() + dy * step / 6.0);
                    QMouseEvent move(QEvent::MouseMove, to, plot.mapToGlobal(to), Qt::NoButton,
                                     Qt::LeftButton, Qt::NoModifier);
                    QApplication::sendEvent(&plot, &move);
                    QVERIFY2(plot.xAxis->range().lower >= 0.0,
                             qPrintable(QString::number(plot.xAxis->range().lower)));
                    QVERIFY(plot.xAxis->range().upper <= limit + 1e-9);
                }
                const QPointF end(centre.x() + dx, centre.y() + dy);
                QMouseEvent release(QEvent::MouseButtonRelease, end, plot.mapToGlobal(end),
                                    Qt::LeftButton, Qt::NoButton, Qt::NoModifier);
                QApplication::sendEvent(&plot, &release);
            }
            QVERIFY(plot.xAxis->range().lower >= 0.0);
            QVERIFY(plot.xAxis->range().upper <= limit + 1e-9);
            QVERIFY(plot.xAxis->range().size() > 0.0);
            QVERIFY(plot.yAxis->range().lower >= -0.6 - 1e-9);
            QVERIFY(plot.yAxis->range().upper <= plot.bars()->rowCount() - 0.4 + 1e-9);
        }
        // A range set from outside (the panel's common axis) is kept, but never before 0.
        plot.xAxis->setRange(-50.0, 150.0);
        QCOMPARE(plot.xAxis->range().lower, 0.0);
        QCOMPARE(plot.xAxis->range().upper, 200.0);
        plot.xAxis->setRange(0.0, 3 * limit);
        QCOMPARE(plot.xAxis->range().upper, 3 * limit);
    }

    void aSelectedJobKeepsItsColourOnThinRows_data() {
        QTest::addColumn<int>("slotCount");
        QTest::addColumn<int>("height");
        QTest::addRow("rows of 3.5 px (bars)") << 60 << 500;
        QTest::addRow("rows of 2 px") << 120 << 560;
        QTest::addRow("rows of 1 px (raster)") << 250 << 560;
        QTest::addRow("many rows per pixel") << 2000 << 500;
    }

    void aSelectedJobKeepsItsColourOnThinRows() {
        QFETCH(int, slotCount);
        QFETCH(int, height);
        // Job 3 runs on every fourth map slot; jobs 0-2 on the others.
        std::vector<TaskRecord> tasks;
        for (int s = 0; s < slotCount; ++s) {
            tasks.push_back(TaskRecord{s % 4 == 0 ? 3 : s % 3, s, s, TaskKind::Map, false,
                                       AttemptEnd::Killed, 1, 0.0, 80.0});
        }
        GanttPlot plot;
        plot.setRun(workloadOf(4, slotCount), runOf(slotCount, slotCount, tasks), true);
        plot.setLabelsVisible(false);  // a name on a bar is not its colour
        plot.setSelectedJob(3);
        show(plot, 700, height);
        const QColor own = JobPalette::mapShade(3);
        const QImage image = plot.grab().toImage();
        if (qEnvironmentVariableIsSet("GANTT_TEST_DUMP")) {
            image.save(QStringLiteral("/tmp/gantt-test-%1.png").arg(slotCount));
        }
        int checked = 0;
        for (const TaskRecord& t : tasks) {
            if (t.job != 3) {
                continue;
            }
            const QRectF bar = plot.bars()->barRect(t);
            const QPoint centre = bar.center().toPoint();
            if (!plot.axisRect()->rect().contains(centre)) {
                continue;  // a row cut by the plot's edge
            }
            const QColor seen = image.pixelColor(centre);
            // The job's own colour: not a dark outline, not faded.
            QVERIFY2(near(seen, own, 30),
                     qPrintable(QStringLiteral("slot %1 at %4,%5: %2, expected %3")
                                    .arg(t.slot)
                                    .arg(seen.name(), own.name())
                                    .arg(centre.x())
                                    .arg(centre.y())));
            ++checked;
        }
        QVERIFY(checked > 0);
        // And the others fade.
        const TaskRecord& other = tasks[1];
        QVERIFY(!near(image.pixelColor(plot.bars()->barRect(other).center().toPoint()),
                      JobPalette::mapShade(other.job), 30) ||
                slotCount >= 2000);  // at 4 slots per pixel row the selected job may cover it
    }

    void aWaveIsOneBlock_data() {
        QTest::addColumn<int>("height");
        QTest::addRow("bars") << 600;
        QTest::addRow("raster") << 160;
    }

    void aWaveIsOneBlock() {
        QFETCH(int, height);
        // A wave of 12 tasks of J0 on map slots 3..14, and a single J1 task under it.
        const std::vector<TaskRecord> tasks = {
            TaskRecord{0, 5, 3, TaskKind::Map, false, AttemptEnd::Killed, 12, 10.0, 20.0},
            TaskRecord{1, 0, 15, TaskKind::Map, false, AttemptEnd::Killed, 1, 10.0, 20.0}};
        GanttPlot plot;
        plot.setRun(workloadOf(2, 40), runOf(40, 40, tasks), true);
        plot.setLabelsVisible(false);  // a name on a bar is not its colour
        show(plot, 600, height);
        QCOMPARE(plot.taskCount(), 13LL);
        QCOMPARE(plot.bars()->lastMode(),
                 height >= 600 ? TaskBarsPlottable::Mode::Bars : TaskBarsPlottable::Mode::Raster);
        const QImage image = plot.grab().toImage();
        const double x = plot.xAxis->coordToPixel(11.0);  // beside the job's name in the middle
        // Every row of the wave, and between its rows: the job's colour, no gaps (in the raster
        // a pixel row across the wave's edge is partly idle: from the second row on).
        const double edge = height >= 600 ? 0.0 : 1.0;
        for (double row = 3.0 + edge; row <= 14.0 - edge; row += 0.5) {
            const QPoint p(static_cast<int>(x), static_cast<int>(plot.yAxis->coordToPixel(row)));
            QVERIFY2(
                near(image.pixelColor(p), JobPalette::mapShade(0), 40),
                qPrintable(QStringLiteral("row %1: %2").arg(row).arg(image.pixelColor(p).name())));
        }
        // Hovering slot 9 names the wave's seventh task.
        const TaskHit hit = plot.bars()->taskAt(QPointF(x, plot.yAxis->coordToPixel(9.0)));
        QVERIFY(hit.record != nullptr);
        QCOMPARE(hit.slot, 9);
        QCOMPARE(hit.task, 11);
        QVERIFY(plot.tooltipAt(QPointF(x, plot.yAxis->coordToPixel(9.0)))
                    .contains(QStringLiteral("wave of 12")));
        // A vector export (SVG, PDF) draws the few records as bars at any row height.
        QBuffer buffer;
        QSvgGenerator svg;
        svg.setOutputDevice(&buffer);
        svg.setSize(plot.size());
        {
            QCPPainter painter(&svg);
            plot.toPainter(&painter, plot.width(), plot.height());
        }
        QCOMPARE(plot.bars()->lastMode(), TaskBarsPlottable::Mode::Bars);
    }

    void rasterBlocksCarryTheirJobsNames() {
        // 2000 map slots in 300 px: a raster. J0: a wave over every slot for 4 s of 80 (a
        // tall, narrow block: its name upright); J1: every slot for 30 s (wide: across), plus
        // a small wave at time 0, far from its block (a box over all its pixels would be mostly
        // empty); J2: one task on one slot (a sliver, no name).
        const std::vector<TaskRecord> tasks = {
            TaskRecord{0, 0, 0, TaskKind::Map, false, AttemptEnd::Killed, 2000, 10.0, 14.0},
            TaskRecord{1, 0, 0, TaskKind::Map, false, AttemptEnd::Killed, 2000, 50.0, 80.0},
            TaskRecord{1, 2000, 0, TaskKind::Map, false, AttemptEnd::Killed, 200, 0.0, 2.0},
            TaskRecord{2, 0, 7, TaskKind::Map, false, AttemptEnd::Killed, 1, 20.0, 30.0}};
        Workload w = workloadOf(3, 2000);
        for (Job& job : w.jobs) {
            job.name = "a job of a day's trace, " + job.name;  // wider than J0's block
        }
        GanttPlot plot;
        plot.setRun(w, runOf(2000, 1, tasks), true);
        show(plot, 1000, 400);
        QCOMPARE(plot.bars()->lastMode(), TaskBarsPlottable::Mode::Raster);
        QMap<int, TaskBarsPlottable::RasterLabel> labels;
        for (const auto& l : plot.bars()->lastRasterLabels()) {
            QVERIFY2(!labels.contains(l.job), "one name per block");
            labels.insert(l.job, l);
        }
        QCOMPARE(labels.keys(), (QList<int>{0, 1}));
        QVERIFY(labels[0].upright);
        QVERIFY(!labels[1].upright);
        // Each name inside its block.
        for (const auto& [job, from, to] : {std::tuple{0, 10.0, 14.0}, std::tuple{1, 50.0, 80.0}}) {
            const QRectF& r = labels[job].rect;
            QVERIFY2(r.left() >= plot.xAxis->coordToPixel(from) - 1 &&
                         r.right() <= plot.xAxis->coordToPixel(to) + 1,
                     qPrintable(QStringLiteral("J%1").arg(job)));
            QVERIFY(r.height() < plot.yAxis->coordToPixel(1999) - plot.yAxis->coordToPixel(0));
        }
        QVERIFY(labels[0].rect.height() > labels[0].rect.width());
        // Without labels, none.
        plot.setLabelsVisible(false);
        plot.replot(QCustomPlot::rpImmediateRefresh);
        QVERIFY(plot.bars()->lastRasterLabels().empty());
    }

    void aJobOverTwoSlotRangesIsNamedOnEachNeverBetween() {
        // A raster (2000 slots in 300 px). J0 runs on slots 0-599 and 1200-1999 from 10 to 80 s,
        // J1 on 600-1199 from 10 to 30 s only: a box around all of J0 (most of it J0's) had its
        // centre in J1's rows or the idle ones after them, where the name was drawn on white.
        const std::vector<TaskRecord> tasks = {
            TaskRecord{0, 0, 0, TaskKind::Map, false, AttemptEnd::Killed, 600, 10.0, 80.0},
            TaskRecord{0, 600, 1200, TaskKind::Map, false, AttemptEnd::Killed, 800, 10.0, 80.0},
            TaskRecord{1, 0, 600, TaskKind::Map, false, AttemptEnd::Killed, 600, 10.0, 30.0}};
        GanttPlot plot;
        plot.setRun(workloadOf(2, 2000), runOf(2000, 1, tasks), true);
        show(plot, 1000, 400);
        QCOMPARE(plot.bars()->lastMode(), TaskBarsPlottable::Mode::Raster);
        QList<double> rowsOfJ0;
        for (const auto& l : plot.bars()->lastRasterLabels()) {
            const double row = plot.yAxis->pixelToCoord(l.rect.center().y());
            const double time = plot.xAxis->pixelToCoord(l.rect.center().x());
            if (l.job == 0) {
                rowsOfJ0 << row;
                QVERIFY2(
                    (row < 600 || row >= 1200) && time > 10.0 && time < 80.0,
                    qPrintable(QStringLiteral("J0 named at slot %1, %2 s").arg(row).arg(time)));
            } else {
                QVERIFY2(
                    row >= 600 && row < 1200 && time > 10.0 && time < 30.0,
                    qPrintable(QStringLiteral("J1 named at slot %1, %2 s").arg(row).arg(time)));
            }
        }
        QCOMPARE(rowsOfJ0.size(), 2);  // each block its name
    }

    void theMakespanLabelStaysRightOfTheSlotLabels() {
        // A makespan of 10 s on an axis out to 1000 s (another chart's longer schedule): the
        // label starts at its marker instead of reaching over the slot labels.
        GanttPlot plot;
        plot.setRun(
            workloadOf(1, 2),
            runOf(2, 2,
                  {TaskRecord{0, 0, 0, TaskKind::Map, false, AttemptEnd::Killed, 1, 0.0, 10.0}}),
            true);
        show(plot, 600, 300);
        plot.xAxis->setRange(0.0, 1000.0);
        plot.replot(QCustomPlot::rpImmediateRefresh);
        bool found = false;
        for (int i = 0; i < plot.itemCount(); ++i) {
            auto* text = qobject_cast<QCPItemText*>(plot.item(i));
            if (text && text->text().startsWith(QStringLiteral("makespan"))) {
                found = true;
                QVERIFY2(text->topLeft->pixelPosition().x() >= plot.axisRect()->left() - 1,
                         qPrintable(QString::number(text->topLeft->pixelPosition().x())));
            }
        }
        QVERIFY(found);
    }

    void theTitleShowsTheModelOnlyForBatches() {
        // The runs carry the model's value only where it applies (twoStageModelApplies).
        for (const bool arrivals : {false, true}) {
            const Workload w = workloadOf(2, 2, 1, 1, arrivals);  // J1 arrives at 10 s
            const auto run = std::make_shared<const RunResult>(runAlgorithm(w, "johnson", {}));
            GanttPlot plot;
            plot.setRun(w, run, true);
            QVERIFY2(plot.title().contains(QStringLiteral("two-stage model: ")) == !arrivals,
                     qPrintable(plot.title()));
        }
    }

    // The summary builds no cells taller than a pixel of the shortest plot area (ChartTimeline):
    // laid out as the Gantt panel and exports lay it out (kept readable, ChartLayout.h), at its
    // least height and whatever its fonts, all its rows get at least that many pixels.
    void thePlotAreaIsNeverShorterThanTheSummaryAssumes_data() {
        QTest::addColumn<int>("pointSize");
        QTest::newRow("default font") << 0;
        QTest::newRow("presentation font") << 24;
    }
    void thePlotAreaIsNeverShorterThanTheSummaryAssumes() {
        QFETCH(int, pointSize);
        GanttPlot plot;
        if (pointSize > 0) {
            QFont font = plot.font();
            font.setPointSize(pointSize);
            plot.setFont(font);
            plot.xAxis->setTickLabelFont(font);
            plot.xAxis->setLabelFont(font);
        }
        keepReadable(&plot);
        plot.setRun(
            workloadOf(1, 8),
            runOf(8, 8,
                  {TaskRecord{0, 0, 3, TaskKind::Map, false, AttemptEnd::Killed, 1, 0.0, 9.0}}),
            true);
        show(plot, 500, 100);
        show(plot, 500, plot.minimumHeight());
        QVERIFY2(plot.axisRect()->rect().height() >= kMinTimelinePixels,
                 qPrintable(QString::number(plot.axisRect()->rect().height())));
        const double rowsPerPixel = plot.yAxis->range().size() / plot.axisRect()->rect().height();
        QVERIFY(rowsPerPixel <= (8 + 2 + 8) / double(kMinTimelinePixels));
    }

    void aLargeScheduleIsDrawnFromTheSummary() {
        // 200 000 tasks on 2000 slots: zoomed out a raster of dominant jobs, zoomed in bars.
        std::vector<TaskRecord> tasks;
        for (int s = 0; s < 2000; ++s) {
            for (int k = 0; k < 100; ++k) {
                tasks.push_back(TaskRecord{(s / 100 + k) % 50, k, s, TaskKind::Map, false,
                                           AttemptEnd::Killed, 1, 10.0 * k, 10.0 * k + 9.0});
            }
        }
        GanttPlot plot;
        plot.setRun(workloadOf(50, 2000), runOf(2000, 100, tasks), true);
        show(plot, 1000, 600);
        QCOMPARE(plot.bars()->lastMode(), TaskBarsPlottable::Mode::Raster);
        QVERIFY(plot.bars()->summary() != nullptr);
        // Zoomed onto 20 slots × 50 s: bars, each one where the schedule has it.
        plot.xAxis->setRange(100.0, 150.0);
        plot.yAxis->setRange(-0.5, 19.5);
        plot.replot(QCustomPlot::rpImmediateRefresh);
        QCOMPARE(plot.bars()->lastMode(), TaskBarsPlottable::Mode::Bars);
        const TaskHit hit = plot.bars()->taskAt(
            QPointF(plot.xAxis->coordToPixel(125.0), plot.yAxis->coordToPixel(7.0)));
        QVERIFY(hit.record != nullptr);
        QCOMPARE(hit.record->slot, 7);
        QCOMPARE(hit.record->task, 12);
        QCOMPARE(hit.record->job, 12);
    }
};

QTEST_MAIN(GanttPlotTest)
#include "GanttPlotTest.moc"
