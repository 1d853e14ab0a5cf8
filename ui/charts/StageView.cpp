#include "charts/StageView.h"

#include <qcustomplot.h>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include "charts/BlocksPlottable.h"
#include "document/JobPalette.h"
#include "experiments/StageBlocks.h"
#include "io/ResultFormat.h"
#include "run/RunController.h"

namespace mr::ui {

namespace {

QCustomPlot* makePlot(QWidget* parent, BlocksPlottable** blocks) {
    auto* plot = new QCustomPlot(parent);
    plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    plot->axisRect()->setRangeDrag(Qt::Horizontal);
    plot->axisRect()->setRangeZoom(Qt::Horizontal);
    plot->plotLayout()->insertRow(0);
    plot->plotLayout()->addElement(
        0, 0, new QCPTextElement(plot, QString(), QFont(plot->font().family(), 10, QFont::Bold)));
    plot->xAxis->setLabel(QObject::tr("time (s)"));
    plot->yAxis->setLabel(QObject::tr("slots"));
    *blocks = new BlocksPlottable(plot->xAxis, plot->yAxis);
    return plot;
}

QCPTextElement* titleOf(QCustomPlot* plot) {
    return static_cast<QCPTextElement*>(plot->plotLayout()->element(0, 0));
}

}  // namespace

StageView::StageView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    auto* bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Order of"), this));
    m_algorithm = new QComboBox(this);
    bar->addWidget(m_algorithm);
    m_note = new QLabel(this);
    m_note->setWordWrap(true);
    bar->addWidget(m_note, 1);
    layout->addLayout(bar);
    m_model = makePlot(this, &m_modelBlocks);
    m_simulated = makePlot(this, &m_simBlocks);
    layout->addWidget(m_model, 1);
    layout->addWidget(m_simulated, 1);
    connect(m_algorithm, &QComboBox::currentIndexChanged, this, [this] { redraw(); });
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
}

QList<QCustomPlot*> StageView::plots() const {
    return {m_model, m_simulated};
}

QString StageView::algorithm() const {
    return m_algorithm->currentText();
}

void StageView::setResults(const std::shared_ptr<const RunSet>& results) {
    m_results = results;
    const QString previous = m_algorithm->currentText();
    const QSignalBlocker block(m_algorithm);
    m_algorithm->clear();
    for (const auto& o : results->outcomes) {
        if (o.result) {
            m_algorithm->addItem(QString::fromStdString(o.id));
        }
    }
    const int keep = m_algorithm->findText(previous);
    m_algorithm->setCurrentIndex(keep >= 0 ? keep : 0);
    redraw();
}

void StageView::setSelectedJob(int job) {
    m_modelBlocks->setSelectedJob(job);
    m_simBlocks->setSelectedJob(job);
    m_model->replot(QCustomPlot::rpQueuedReplot);
    m_simulated->replot(QCustomPlot::rpQueuedReplot);
}

void StageView::redraw() {
    const RunResult* r =
        m_results ? m_results->find(m_algorithm->currentText().toStdString()) : nullptr;
    if (r == nullptr) {
        m_modelBlocks->setBlocks({});
        m_simBlocks->setBlocks({});
        m_note->setText(tr("No result to show."));
        m_model->replot();
        m_simulated->replot();
        return;
    }
    const Workload& w = r->simulatedWorkload ? *r->simulatedWorkload : *m_results->workload;
    const double mapSlots = w.cluster.mapSlots();
    const double reduceSlots = w.cluster.reduceSlots();
    const double gap = std::max(1.0, 0.08 * (mapSlots + reduceSlots));
    // Reduce lane at the bottom [0, SR], map lane above it [SR + gap, SR + gap + SM].
    const auto toBlocks = [&](const std::vector<StageBlock>& stageBlocks) {
        std::vector<Block> blocks;
        blocks.reserve(stageBlocks.size());
        for (const StageBlock& b : stageBlocks) {
            const bool map = b.kind == TaskKind::Map;
            const double base = map ? reduceSlots + gap : 0.0;
            blocks.push_back(
                {b.start, b.end, base + b.slotFrom, base + b.slotTo,
                 map ? m_results->colours.mapShade(b.job) : m_results->colours.reduceShade(b.job),
                 QString::fromStdString(w.jobs[static_cast<std::size_t>(b.job)].name), b.job});
        }
        return blocks;
    };
    m_modelBlocks->setBlocks(toBlocks(modelStageBlocks(w, r->stages, r->order)));
    const auto simulated = simulatedStageBlocks(w, r->sim, r->order);
    m_simBlocks->setBlocks(toBlocks(simulated));
    const QString model =
        r->modelMakespan ? QString::fromStdString(formatTime(*r->modelMakespan)) : tr("n/a");
    titleOf(m_model)->setText(
        tr("Two-stage model (each job = (m, r) at full allocation): makespan %1").arg(model));
    titleOf(m_simulated)
        ->setText(tr("Simulated slot by slot: makespan %1")
                      .arg(QString::fromStdString(formatTime(r->sim.makespan))));
    m_note->setText(
        simulated.empty() && !r->sim.tasks.empty()
            ? tr("The batch is too large for the simulated stage profile; see the timeline.")
            : tr("Upper lane: map slots; lower lane: reduce slots. Block height = slots "
                 "a job uses; width = its stage duration."));
    const double longest = std::max(r->modelMakespan.value_or(0.0), r->sim.makespan) * 1.03;
    for (QCustomPlot* plot : {m_model, m_simulated}) {
        auto ticker = QSharedPointer<QCPAxisTickerText>::create();
        ticker->addTick(reduceSlots / 2, tr("reduce\n(%1)").arg(reduceSlots));
        ticker->addTick(reduceSlots + gap + mapSlots / 2, tr("map\n(%1)").arg(mapSlots));
        plot->yAxis->setTicker(ticker);
        plot->yAxis->setRange(0, reduceSlots + gap + mapSlots);
        plot->xAxis->setRange(0, std::max(longest, 1e-9));
        plot->replot(QCustomPlot::rpQueuedReplot);
    }
}

}  // namespace mr::ui
