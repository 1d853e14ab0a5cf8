#include "charts/StageCharts.h"

#include <qcustomplot.h>

#include "charts/AxisFormat.h"
#include "charts/BlocksPlottable.h"
#include "charts/TimeText.h"
#include "document/JobPalette.h"
#include "experiments/StageBlocks.h"
#include "model/Numbers.h"
#include "perf/TwoStage.h"
#include "run/RunController.h"

namespace mr::ui {

namespace {

constexpr int kJobsNamed = 8;  // per band label

QCustomPlot* makePlot(QWidget* parent, BlocksPlottable** blocks) {
    auto* plot = new QCustomPlot(parent);
    plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    plot->axisRect()->setRangeDrag(Qt::Horizontal);
    plot->axisRect()->setRangeZoom(Qt::Horizontal);
    plot->plotLayout()->insertRow(0);
    auto* title =
        new QCPTextElement(plot, QString(), QFont(plot->font().family(), 10, QFont::Bold));
    title->setTextFlags(Qt::TextWordWrap | Qt::AlignCenter);
    plot->plotLayout()->addElement(0, 0, title);
    plot->xAxis->setLabel(QObject::tr("time (s)"));
    usePlainNumbers(plot->xAxis);
    plot->yAxis->setLabel(QObject::tr("slots"));
    *blocks = new BlocksPlottable(plot->xAxis, plot->yAxis);
    return plot;
}

QCPTextElement* titleOf(QCustomPlot* plot) {
    return static_cast<QCPTextElement*>(plot->plotLayout()->element(0, 0));
}

QString seconds(double value) {
    return timeText(value);
}

}  // namespace

StageCharts::StageCharts(QWidget* parent) : QObject(parent) {
    m_model = makePlot(parent, &m_modelBlocks);
    m_simulated = makePlot(parent, &m_simBlocks);
    for (auto [from, to] : {std::pair{m_model, m_simulated}, std::pair{m_simulated, m_model}}) {
        connect(from->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this,
                [this, to](const QCPRange& range) {
                    if (!m_syncing) {
                        m_syncing = true;
                        to->xAxis->setRange(range);
                        to->replot(QCustomPlot::rpQueuedReplot);
                        m_syncing = false;
                    }
                });
    }
    for (QCustomPlot* plot : {m_model, m_simulated}) {
        // Lane labels are ticks, made before the layout: a new size takes a queued replot.
        connect(plot, &QCustomPlot::afterLayout, this, [this, plot] {
            if (fitLaneLabels(plot)) {
                plot->replot(QCustomPlot::rpQueuedReplot);
            }
        });
    }
}

void StageCharts::setSelectedJob(int job) {
    m_modelBlocks->setSelectedJob(job);
    m_simBlocks->setSelectedJob(job);
    m_model->replot(QCustomPlot::rpQueuedReplot);
    m_simulated->replot(QCustomPlot::rpQueuedReplot);
}

// Lane names on the y axis as far as they fit: "map (20)", or nothing when a lane is thinner
// than a line of text.
bool StageCharts::fitLaneLabels(QCustomPlot* plot) {
    const QCPRange range = plot->yAxis->range();
    // Before the first layout (a chart exported without being shown) the axis rect has no
    // height yet: assume the size a chart is exported at.
    const int height = plot->axisRect()->height() > 40 ? plot->axisRect()->height() : 400;
    const double pixelsPerSlot = range.size() > 0 ? height / range.size() : 0.0;
    const int line = QFontMetrics(plot->yAxis->tickLabelFont()).height();
    QMap<double, QString> ticks;
    for (const Lane& lane : m_lanes) {
        const double pixels = lane.height * pixelsPerSlot;
        if (pixels >= line) {
            ticks.insert(lane.centre, lane.name + QLatin1Char(' ') + lane.detail);
        }
    }
    const auto current = plot->yAxis->ticker().dynamicCast<QCPAxisTickerText>();
    if (current && current->ticks() == ticks) {
        return false;
    }
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    ticker->setTicks(ticks);
    plot->yAxis->setTicker(ticker);
    return true;
}

// A pool's name, nodes and jobs at the top left of its band (at `labelAt`), and a line under
// the band above it (at `lineAt`; none below 0).
void StageCharts::labelBand(const Workload& w, const StageBand& band, double labelAt,
                            double lineAt) {
    const QString pool = QString::fromStdString(band.pool);
    QStringList names;
    for (std::size_t i = 0; i < band.jobs.size() && i < kJobsNamed; ++i) {
        names << QString::fromStdString(w.jobs[static_cast<std::size_t>(band.jobs[i])].name);
    }
    if (band.jobs.size() > kJobsNamed) {
        names << tr("… +%1").arg(band.jobs.size() - kJobsNamed);
    }
    const QString label = (band.nodes == 1 ? tr("%1 — 1 node: %2") : tr("%1 — %3 nodes: %2"))
                              .arg(pool, names.join(QLatin1Char(' ')))
                              .arg(band.nodes);
    for (QCustomPlot* plot : {m_model, m_simulated}) {
        auto* text = new QCPItemText(plot);
        text->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
        text->position->setTypeY(QCPItemPosition::ptPlotCoords);
        text->position->setCoords(0.995, labelAt);
        text->setPositionAlignment(Qt::AlignRight | Qt::AlignVCenter);
        text->setText(label);
        text->setColor(QColor(70, 70, 70));
        text->setFont(QFont(plot->font().family(), 8));
        text->setClipToAxisRect(true);
        if (lineAt >= 0.0) {
            auto* line = new QCPItemStraightLine(plot);
            line->point1->setCoords(0, lineAt);
            line->point2->setCoords(1, lineAt);
            line->setPen(QPen(QColor(150, 150, 150), 1, Qt::DashLine));
        }
    }
}

// Each title names the algorithm (an exported chart is read without the tab's choice box) and
// its makespans, per pool where there are pools; the note says how to read the lanes.
void StageCharts::setTitles(const RunResult& result, bool modelApplies, bool pooled, bool tooLarge,
                            const QStringList& poolEnds, const QStringList& simulatedEnds) {
    const RunResult* r = &result;
    const QString algorithm = QString::fromStdString(r->algorithm);
    const QString modelText = r->modelMakespan ? seconds(*r->modelMakespan) : tr("n/a");
    titleOf(m_model)->setText(
        !modelApplies
            ? tr("%1 — two-stage model: not drawn, the jobs arrive over time (it describes a "
                 "batch present at time 0)")
                  .arg(algorithm)
        : pooled ? tr("%1 — two-stage model, one pipeline per pool (each job = (m, r) on its "
                      "pool's slots): makespan %2 — %3")
                       .arg(algorithm, modelText, poolEnds.join(QStringLiteral(", ")))
                 : tr("%1 — two-stage model (each job = (m, r) at full allocation): makespan %2")
                       .arg(algorithm, modelText));
    titleOf(m_simulated)
        ->setText(simulatedEnds.isEmpty() ? tr("%1 — simulated slot by slot: makespan %2")
                                                .arg(algorithm, seconds(r->sim.makespan))
                                          : tr("%1 — simulated slot by slot: makespan %2 — %3")
                                                .arg(algorithm, seconds(r->sim.makespan),
                                                     simulatedEnds.join(QStringLiteral(", "))));
    m_note =
        tooLarge ? tr("The batch is too large for the simulated stage profile; see the timeline.")
        : pooled ? tr("Each pool is a band: its jobs run only on its slots, one two-stage "
                      "pipeline per pool, side by side from time 0. Block height = slots a job "
                      "uses; width = its stage duration.")
                 : tr("Upper lane: map slots; lower lane: reduce slots. Block height = slots "
                      "a job uses; width = its stage duration.");
}

void StageCharts::drawNothing() {
    m_modelBlocks->setBlocks({});
    m_simBlocks->setBlocks({});
    m_bands = 0;
    m_note = tr("No result to show.");
    m_model->replot();
    m_simulated->replot();
}

void StageCharts::draw(const RunSet& results, const RunResult* r) {
    m_model->clearItems();
    m_simulated->clearItems();
    m_lanes.clear();
    if (r == nullptr) {
        drawNothing();
        return;
    }
    const Workload& w = r->simulatedWorkload ? *r->simulatedWorkload : *results.workload;
    const std::vector<StageBand> bands = stageBands(w, *r);
    const bool modelApplies = twoStageModelApplies(w);
    m_bands = static_cast<int>(bands.size());
    const bool pooled = bands.size() > 1;
    double totalSlots = 0.0;
    for (const StageBand& band : bands) {
        totalSlots += band.mapSlots + band.reduceSlots;
    }
    const double gap = std::max(1.0, 0.06 * totalSlots);  // between a band's two lanes
    const double bandGap = 3.0 * gap;                     // between bands: a label and a line

    // Bands from the top: the first pool above the others. In each band the map lane sits above
    // the reduce lane.
    std::vector<Block> model;
    std::vector<Block> simulated;
    const JobColours& colours = results.colours;
    const auto toBlocks = [&](const std::vector<StageBlock>& stageBlocks, double reduceBase,
                              double mapBase, std::vector<Block>& out) {
        for (const StageBlock& b : stageBlocks) {
            const bool map = b.kind == TaskKind::Map;
            const double base = map ? mapBase : reduceBase;
            out.push_back({b.start, b.end, base + b.slotFrom, base + b.slotTo,
                           map ? colours.mapShade(b.job) : colours.reduceShade(b.job),
                           QString::fromStdString(w.jobs[static_cast<std::size_t>(b.job)].name),
                           b.job});
        }
    };
    double top = 0.0;
    bool tooLarge = false;
    QStringList poolEnds;
    QStringList simulatedEnds;
    for (auto band = bands.rbegin(); band != bands.rend(); ++band) {
        const double reduceBase = top;
        const double mapBase = top + band->reduceSlots + gap;
        if (modelApplies) {
            toBlocks(band->model, reduceBase, mapBase, model);
        }
        toBlocks(band->simulated, reduceBase, mapBase, simulated);
        tooLarge = tooLarge || band->tooLarge;
        const QString pool = QString::fromStdString(band->pool);
        m_lanes.prepend({reduceBase + band->reduceSlots / 2.0, double(band->reduceSlots),
                         pooled ? tr("%1 reduce").arg(pool) : tr("reduce"),
                         tr("(%L1)").arg(band->reduceSlots)});
        m_lanes.prepend({mapBase + band->mapSlots / 2.0, double(band->mapSlots),
                         pooled ? tr("%1 map").arg(pool) : tr("map"),
                         tr("(%L1)").arg(band->mapSlots)});
        const double bandTop = mapBase + band->mapSlots;
        if (pooled) {
            labelBand(w, *band, bandTop + bandGap / 3.0,
                      band != bands.rbegin() ? reduceBase - bandGap / 3.0 : -1.0);
            poolEnds.prepend(tr("%1 %2").arg(pool, seconds(band->modelMakespan)));
        }
        top = bandTop + bandGap;
    }
    for (const PoolTimes& p : r->sim.pools.size() > 1 ? r->sim.pools : std::vector<PoolTimes>{}) {
        simulatedEnds << tr("%1 %2").arg(QString::fromStdString(p.name), seconds(p.makespan));
    }
    m_modelBlocks->setBlocks(std::move(model));
    m_simBlocks->setBlocks(std::move(simulated));

    setTitles(*r, modelApplies, pooled, tooLarge, poolEnds, simulatedEnds);
    // One time axis for both charts: the longest of the makespans drawn. Pooled: room above the
    // top band for its label.
    double longest = r->sim.makespan;
    for (const StageBand& band : modelApplies ? bands : std::vector<StageBand>{}) {
        longest = std::max({longest, band.modelMakespan, r->modelMakespan.value_or(0.0)});
    }
    setRanges(longest, std::max(pooled ? top : top - bandGap, 1.0));
}

void StageCharts::setRanges(double longest, double top) {
    for (QCustomPlot* plot : {m_model, m_simulated}) {
        plot->yAxis->setRange(0, top);
        plot->xAxis->setRange(0, std::max(longest * 1.03, 1e-9));
        fitLaneLabels(plot);
        plot->replot(QCustomPlot::rpQueuedReplot);
    }
}

}  // namespace mr::ui
