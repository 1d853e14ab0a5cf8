#include "teach/JohnsonStepper.h"

#include <qcustomplot.h>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <numeric>

#include "charts/AxisFormat.h"
#include "charts/BlocksPlottable.h"
#include "charts/GanttPlot.h"
#include "charts/TimeText.h"
#include "document/JobPalette.h"
#include "experiments/StageBlocks.h"
#include "model/Numbers.h"
#include "model/Tolerance.h"
#include "perf/TwoStage.h"
#include "run/RunController.h"
#include "schedulers/Registry.h"
#include "teach/StepControls.h"

namespace mr::ui {

namespace {

constexpr int kMaxTeachJobs = 60;  // beyond this the strip and the table stop being readable

QString t(double seconds) {
    return timeText(seconds);
}

QCustomPlot* makeTimeline(QWidget* parent, BlocksPlottable** blocks, const QString& title) {
    auto* plot = new QCustomPlot(parent);
    plot->setMinimumHeight(150);
    plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    plot->axisRect()->setRangeDrag(Qt::Horizontal);
    plot->axisRect()->setRangeZoom(Qt::Horizontal);
    plot->plotLayout()->insertRow(0);
    plot->plotLayout()->addElement(
        0, 0, new QCPTextElement(plot, title, QFont(plot->font().family(), 10, QFont::Bold)));
    plot->xAxis->setLabel(QObject::tr("time (s)"));
    usePlainNumbers(plot->xAxis);
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    ticker->addTick(0.5, QObject::tr("reduce"));
    ticker->addTick(1.7, QObject::tr("map"));
    plot->yAxis->setTicker(ticker);
    plot->yAxis->setRange(-0.1, 2.3);
    *blocks = new BlocksPlottable(plot->xAxis, plot->yAxis);
    return plot;
}

// The two "machines" of the model: map stages on one lane, reduce stages on the other.
std::vector<Block> laneBlocks(const Workload& w, const JobColours& colours,
                              const std::vector<StageDurations>& stages,
                              const std::vector<int>& order) {
    std::vector<Block> blocks;
    const auto times = twoStageTimeline(stages, order);
    for (std::size_t i = 0; i < order.size(); ++i) {
        const int j = order[i];
        const QString name = QString::fromStdString(w.jobs[static_cast<std::size_t>(j)].name);
        blocks.push_back(
            {times[i].mapStart, times[i].mapEnd, 1.2, 2.2, colours.mapShade(j), name, j});
        if (times[i].reduceEnd > times[i].reduceStart) {
            blocks.push_back({times[i].reduceStart, times[i].reduceEnd, 0.0, 1.0,
                              colours.reduceShade(j), name, j});
        }
    }
    return blocks;
}

}  // namespace

JohnsonStepper::JohnsonStepper(QWidget* parent) : TeachLesson(parent) {
    auto* layout = new QVBoxLayout(this);
    m_controls = new StepControls(this);
    layout->addWidget(m_controls);
    connect(m_controls, &StepControls::stepChanged, this, &JohnsonStepper::setStep);

    m_explain = createExplanation(48);
    layout->addWidget(m_explain);
    layout->addWidget(buildStrip());

    // The steps above, where the abstraction breaks below; the person decides how to share the
    // height (the lower part shows only at the last step).
    auto* parts = new QSplitter(Qt::Vertical, this);
    parts->setChildrenCollapsible(false);
    parts->addWidget(buildSteps(parts));
    parts->addWidget(buildBreaks(parts));
    parts->setStretchFactor(0, 1);
    parts->setStretchFactor(1, 1);
    layout->addWidget(parts, 1);
}

QWidget* JohnsonStepper::buildStrip() {
    // σ scrolls sideways when it holds more jobs than the width shows: it never widens the window.
    auto* stripScroll = new QScrollArea(this);
    m_stripScroll = stripScroll;
    stripScroll->setFrameShape(QFrame::NoFrame);
    stripScroll->setWidgetResizable(true);
    stripScroll->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    stripScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    auto* stripBox = new QWidget(stripScroll);
    m_strip = new QHBoxLayout(stripBox);
    m_strip->setSpacing(3);
    m_strip->setContentsMargins(0, 0, 0, 0);
    stripScroll->setWidget(stripBox);
    stripScroll->viewport()->setAutoFillBackground(false);
    stripBox->setAutoFillBackground(false);
    stripScroll->setFixedHeight(34 + stripScroll->horizontalScrollBar()->sizeHint().height());
    return stripScroll;
}

QWidget* JohnsonStepper::buildSteps(QWidget* parent) {
    auto* splitter = new QSplitter(Qt::Horizontal, parent);
    m_list = new QTableWidget(splitter);
    m_list->setColumnCount(5);
    m_list->setHorizontalHeaderLabels(
        {tr("Job"), tr("m"), tr("r"), tr("min(m, r)"), tr("goes to")});
    m_list->verticalHeader()->setVisible(true);
    m_list->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_list->setSelectionMode(QAbstractItemView::NoSelection);
    m_list->setToolTip(tr("The list L: jobs sorted by their shorter stage ([Verma12] Figure 5)"));
    m_timeline = makeTimeline(splitter, &m_timelineBlocks,
                              tr("Two-stage timeline of the jobs placed so far"));
    splitter->addWidget(m_list);
    splitter->addWidget(m_timeline);
    splitter->setStretchFactor(1, 2);
    return splitter;
}

QWidget* JohnsonStepper::buildBreaks(QWidget* parent) {
    m_breaks = new QWidget(parent);
    auto* breaks = new QVBoxLayout(m_breaks);
    breaks->setContentsMargins(0, 0, 0, 0);
    m_breaksText = new QLabel(m_breaks);
    m_breaksText->setWordWrap(true);
    m_breaksText->setTextFormat(Qt::RichText);
    breaks->addWidget(m_breaksText);
    auto* compare = new QSplitter(Qt::Horizontal, m_breaks);
    m_formula =
        makeTimeline(compare, &m_formulaBlocks, tr("Johnson's order in the two-stage model"));
    m_simulated = new GanttPlot(compare);
    compare->addWidget(m_formula);
    compare->addWidget(m_simulated);
    breaks->addWidget(compare, 1);
    return m_breaks;
}

QList<QCustomPlot*> JohnsonStepper::plots() const {
    return {m_timeline, m_formula, m_simulated};
}

QString JohnsonStepper::title() const {
    return tr("Johnson's rule — [Verma12] Alg. 1");
}

void JohnsonStepper::showStep(int step) {
    if (stepCount() > 0) {
        setStep(std::min(step, stepCount()));
    } else {
        restoreStep(step);
    }
}

QList<QCustomPlot*> JohnsonStepper::drawnPlots() const {
    QList<QCustomPlot*> drawn;
    for (QCustomPlot* plot : plots()) {
        const bool empty = (plot == m_timeline && m_timelineBlocks->blocks().empty()) ||
                           (plot == m_formula && m_formulaBlocks->blocks().empty());
        if (!empty) {
            drawn << plot;
        }
    }
    return drawn;
}

void JohnsonStepper::setResults(const std::shared_ptr<const RunSet>& results) {
    m_results = results;
    rebuild();
}

void JohnsonStepper::rebuild() {
    const Workload& w = *m_results->workload;
    // The johnson run already holds (m, r) at full allocation; compute them only without it.
    const RunResult* johnson = m_results->find("johnson");
    m_stages = johnson ? johnson->stages
                       : allStageDurations(w, w.cluster.mapSlots(), w.cluster.reduceSlots());
    std::vector<int> jobs(static_cast<std::size_t>(w.jobCount()));
    std::iota(jobs.begin(), jobs.end(), 0);
    m_trace = johnsonTrace(m_stages, jobs);

    const bool tooMany = w.jobCount() > kMaxTeachJobs;
    fillList(tooMany);
    rebuildStrip(tooMany);
    showBreaks(johnson);
    if (m_pendingStep >= 0) {
        m_step = m_pendingStep;
        m_pendingStep = -1;
    }
    m_step = std::min(m_step, stepCount());
    refresh();
}

void JohnsonStepper::fillList(bool tooMany) {
    const Workload& w = *m_results->workload;
    m_list->setRowCount(tooMany ? 0 : w.jobCount());
    for (std::size_t i = 0; !tooMany && i < m_trace.steps.size(); ++i) {
        const JohnsonStep& s = m_trace.steps[i];
        const StageDurations& d = m_stages[static_cast<std::size_t>(s.job)];
        const QString name = QString::fromStdString(w.jobs[static_cast<std::size_t>(s.job)].name);
        const QStringList cells = {name, t(d.map), t(d.reduce), t(s.duration),
                                   s.mapType ? tr("head (map)") : tr("tail (reduce)")};
        for (int c = 0; c < cells.size(); ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            if (c == 0) {
                item->setData(Qt::DecorationRole, m_results->colours.base(s.job));
            }
            m_list->setItem(static_cast<int>(i), c, item);
        }
    }
    fitToFont();
}

void JohnsonStepper::fitToFont() {
    // The list L as wide as its columns, "goes to" included (within reason: at most about 60
    // characters of the font, so that presenting at 200 % still shows every column): its words
    // are the lesson.
    m_list->resizeColumnsToContents();
    int listWidth = m_list->verticalHeader()->sizeHint().width() + 2 * m_list->frameWidth() +
                    m_list->verticalScrollBar()->sizeHint().width();
    for (int c = 0; c < m_list->columnCount(); ++c) {
        listWidth += m_list->columnWidth(c);
    }
    const QFontMetrics metrics = m_list->fontMetrics();
    m_list->setMinimumWidth(std::min(listWidth, 60 * metrics.averageCharWidth()));
    // σ's boxes hold a job's name at the font's size (44×28 at 100 %).
    const QFontMetrics strip = fontMetrics();
    const QSize cell(std::max(44, strip.horizontalAdvance(QStringLiteral("J00")) + 16),
                     std::max(28, strip.height() + 12));
    for (QLabel* c : m_cells) {
        c->setMinimumSize(cell);
    }
    m_stripScroll->setFixedHeight(cell.height() + 6 +
                                  m_stripScroll->horizontalScrollBar()->sizeHint().height());
}

void JohnsonStepper::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange && m_results) {
        fitToFont();  // the presentation zoom
    }
}

void JohnsonStepper::rebuildStrip(bool tooMany) {
    while (QLayoutItem* item = m_strip->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    m_cells.clear();
    if (tooMany) {
        return;
    }
    m_strip->addWidget(new QLabel(tr("σ = "), this));
    for (int i = 0; i < m_results->workload->jobCount(); ++i) {
        auto* cell = new QLabel(this);
        cell->setAlignment(Qt::AlignCenter);
        m_strip->addWidget(cell);
        m_cells << cell;
    }
    m_strip->addStretch(1);
    fitToFont();
}

void JohnsonStepper::showBreaks(const RunResult* johnson) {
    // Where the abstraction breaks: Johnson's order, formula against simulation. The formula
    // describes a batch present at time 0: for jobs that arrive over time it predicts nothing
    // (twoStageModelApplies), and only the simulation is drawn.
    const Workload& w = *m_results->workload;
    const bool model = twoStageModelApplies(w);
    m_formulaBlocks->setBlocks(model ? laneBlocks(w, m_results->colours, m_stages, m_trace.order)
                                     : std::vector<Block>{});
    const double formula = model ? twoStageMakespan(m_stages, m_trace.order) : 0.0;
    // Shared with the run set (aliasing shared_ptr): a 9M-task run is never copied for this chart.
    std::shared_ptr<const RunResult> simulated;
    if (johnson != nullptr) {
        simulated = std::shared_ptr<const RunResult>(m_results, johnson);
    } else if (w.taskCount() <= 200000 && w.cluster.equalNodes()) {  // else johnson refuses
        simulated = std::make_shared<const RunResult>(runAlgorithm(w, "johnson", {}));
    }
    if (simulated != nullptr) {
        m_simulated->setRun(w, simulated, true, m_results->colours);
    }
    QString text =
        model ? tr("<b>Where the abstraction breaks.</b> The formula treats each stage as one "
                   "machine that a job holds whole.")
              : tr("<b>Where the abstraction breaks.</b> These jobs arrive over time, and the "
                   "formula describes a batch that is all there at time 0: it predicts nothing "
                   "for them (below: Johnson's order simulated slot by slot).");
    if (!w.cluster.equalNodes()) {
        text =
            tr("<b>Where the abstraction breaks.</b> These nodes are unequal (node classes), "
               "and the formula, like Johnson's rule, assumes identical slots: it predicts "
               "nothing for them.");
    }
    if (model && simulated == nullptr) {
        text += tr(" For Johnson's order it predicts <b>%1</b>.").arg(t(formula));
    } else if (model) {
        text += breaksExplanation(w, formula, *simulated);
    }
    m_breaksText->setText(text);
    const double span = std::max(formula, simulated ? simulated->sim.makespan : 0.0) * 1.03;
    m_formula->xAxis->setRange(0, std::max(span, 1e-9));
    m_formula->replot(QCustomPlot::rpQueuedReplot);
}

QString JohnsonStepper::breaksExplanation(const Workload& w, double formula,
                                          const RunResult& johnson) const {
    const double sim = johnson.sim.makespan;
    const bool agree = sameDuration(formula, sim);
    bool idle = false;
    bool uneven = false;
    for (const auto& job : w.jobs) {
        idle = idle || job.maps() < w.cluster.mapSlots() ||
               (job.reduces() > 0 && job.reduces() < w.cluster.reduceSlots());
        for (const auto* stage : {&job.mapDurations, &job.reduceDurations}) {
            uneven = uneven || std::any_of(stage->begin(), stage->end(),
                                           [&](double d) { return d != stage->front(); });
        }
    }
    QString text =
        agree ? tr(" For Johnson's order it predicts <b>%1</b>, and simulated slot by slot the "
                   "order takes <b>%2</b> too.")
                    .arg(t(formula), t(sim))
              : tr(" For Johnson's order it predicts <b>%1</b>; simulated slot by slot the same "
                   "order takes <b>%2</b> (%3).")
                    .arg(t(formula), t(sim),
                         sim < formula
                             ? tr("%1 % less").arg(100.0 * (formula - sim) / formula, 0, 'f', 1)
                             : tr("%1 % more").arg(100.0 * (sim - formula) / formula, 0, 'f', 1));
    if (!agree && (idle || uneven)) {
        text += idle ? tr(" Jobs with fewer tasks than slots leave slots idle that another job's "
                          "stage could use")
                     : tr(" Tasks of different lengths let the next job start early");
        text += idle && uneven ? tr(", and tasks of different lengths let the next job start "
                                    "early.")
                               : tr(".");
    }
    QStringList better;
    for (const char* id : {"balanced-pools", "hscheduler", "optimal"}) {
        if (const RunResult* other = m_results->find(id);
            other != nullptr && clearlyShorter(other->sim.makespan, sim)) {
            better
                << tr("<i>%1</i> reaches <b>%2</b>").arg(QLatin1String(id), t(other->sim.makespan));
        }
    }
    if (!better.isEmpty()) {
        text += tr(" On the same cluster %1: ").arg(better.join(tr(" and ")));
        text += agree ? tr("the formula's makespan is right here, but its best order is not the "
                           "best schedule.")
                      : tr("Johnson's order is not the best schedule either.");
        text +=
            tr(" That is why BalancedPools (split the cluster into pools that jobs can fill) "
               "and HScheduler (re-split each job's work over all slots) exist.");
    } else if (agree && !idle && !uneven) {
        text +=
            tr(" Every job fills every slot with equal tasks: the model is exact here, and "
               "Johnson's order is optimal.");
    } else {
        text +=
            tr(" Check balanced-pools, hscheduler or optimal to see whether another schedule "
               "does better.");
    }
    return text;
}

void JohnsonStepper::setStep(int step) {
    m_pendingStep = -1;
    m_step = std::clamp(step, 0, stepCount());
    refresh();
}

void JohnsonStepper::restoreStep(int step) {
    m_pendingStep = std::max(step, 0);
}

QString JohnsonStepper::breaksText() const {
    return m_breaksText->text();
}

QString JohnsonStepper::explanation() const {
    if (!m_results) {
        return {};
    }
    const Workload& w = *m_results->workload;
    const auto name = [&](int j) {
        return QString::fromStdString(w.jobs[static_cast<std::size_t>(j)].name);
    };
    if (m_step == 0) {
        return tr(
            "Johnson's rule sorts the jobs into the list L by their shorter stage, min(m, r). "
            "Walking L, a job whose map stage is the shorter goes to the head of the schedule σ, "
            "one whose reduce stage is shorter goes to the tail. Press → (or the ▶▶ next-step "
            "button) to place the first job.");
    }
    const JohnsonStep& s = m_trace.steps[static_cast<std::size_t>(m_step - 1)];
    QString sentence =
        tr("<b>%1</b>'s %2 stage, <b>%3</b>, is the smallest remaining duration, so %1 goes to "
           "the <b>%4</b> (position %5 of σ).")
            .arg(name(s.job), s.mapType ? tr("map") : tr("reduce"), t(s.duration),
                 s.mapType ? tr("head") : tr("tail"))
            .arg(s.position + 1);
    // Ties: say how they were broken.
    QStringList tied;
    for (std::size_t i = static_cast<std::size_t>(m_step); i < m_trace.steps.size(); ++i) {
        if (m_trace.steps[i].duration == s.duration) {
            tied << name(m_trace.steps[i].job);
        }
    }
    if (!tied.isEmpty()) {
        sentence += tr(" It ties with %1; on a tie map stages come first, then the file order.")
                        .arg(tied.join(", "));
    }
    if (m_step == stepCount()) {
        QStringList order;
        for (int j : m_trace.order) {
            order << name(j);
        }
        sentence += tr("<br>Done: σ = %1, makespan %2 in the two-stage model.")
                        .arg(order.join(", "), t(twoStageMakespan(m_stages, m_trace.order)));
    }
    return sentence;
}

void JohnsonStepper::refresh() {
    if (!m_results) {
        return;
    }
    const Workload& w = *m_results->workload;
    const int n = stepCount();
    m_controls->setCount(n);
    m_controls->setStep(m_step);
    m_explain->setText(
        w.jobCount() > kMaxTeachJobs
            ? tr("Johnson's rule is shown step by step for up to %1 jobs; this batch has %2. "
                 "Its order is in the comparison tab.")
                  .arg(kMaxTeachJobs)
                  .arg(w.jobCount())
            : explanation());

    std::vector<int> placedAt(static_cast<std::size_t>(w.jobCount()), -1);
    for (int i = 0; i < m_step; ++i) {
        const JohnsonStep& s = m_trace.steps[static_cast<std::size_t>(i)];
        placedAt[static_cast<std::size_t>(s.position)] = s.job;
    }
    for (int row = 0; row < m_list->rowCount(); ++row) {
        const QColor shade = row < m_step - 1    ? QColor(235, 235, 235)
                             : row == m_step - 1 ? QColor(255, 235, 150)
                                                 : QColor(Qt::white);
        for (int c = 0; c < m_list->columnCount(); ++c) {
            if (QTableWidgetItem* item = m_list->item(row, c)) {
                item->setBackground(shade);
            }
        }
    }
    const int current =
        m_step > 0 ? m_trace.steps[static_cast<std::size_t>(m_step - 1)].position : -1;
    for (int i = 0; i < m_cells.size(); ++i) {
        const int job = placedAt[static_cast<std::size_t>(i)];
        QLabel* cell = m_cells[i];
        if (job < 0) {
            cell->setText(QStringLiteral("·"));
            cell->setStyleSheet(QStringLiteral("QLabel { border: 1px dashed #999; color: #999; }"));
        } else {
            const QColor c = m_results->colours.base(job);
            cell->setText(QString::fromStdString(w.jobs[static_cast<std::size_t>(job)].name));
            cell->setStyleSheet(
                QStringLiteral(
                    "QLabel { background: %1; color: %2; border: %3; font-weight: bold; }")
                    .arg(c.name(), JobPalette::textOn(c).name(),
                         i == current ? QStringLiteral("3px solid #d33")
                                      : QStringLiteral("1px solid #555")));
        }
    }
    // The timeline of the placed jobs, in their σ order (head part, then tail part).
    std::vector<int> placed;
    for (int job : placedAt) {
        if (job >= 0) {
            placed.push_back(job);
        }
    }
    m_timelineBlocks->setBlocks(laneBlocks(w, m_results->colours, m_stages, placed));
    const double full = twoStageMakespan(m_stages, m_trace.order);
    m_timeline->xAxis->setRange(0, std::max(full, 1e-9) * 1.03);
    m_timeline->replot(QCustomPlot::rpQueuedReplot);
    m_breaks->setVisible(m_step == n && n > 0);
}

}  // namespace mr::ui
