#include "teach/BalancedPoolsStepper.h"

#include <qcustomplot.h>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QStyle>
#include <QTableWidget>
#include <QVBoxLayout>

#include "charts/AxisFormat.h"
#include "model/Numbers.h"
#include "run/BackgroundJob.h"
#include "run/RunController.h"
#include "teach/StepControls.h"

namespace mr::ui {

namespace {

// Beyond this the job table and the probes stop being readable in class (as Johnson's stepper).
constexpr int kMaxTeachJobs = 60;

QString t(double seconds) {
    return QString::fromStdString(formatTime(seconds));
}

using Kind = PoolsLessonStep::Kind;

// The last step: the chosen plan (null: before the first step).
bool isResult(const PoolsLessonStep* step) {
    return step && step->kind == Kind::Result;
}

}  // namespace

BalancedPoolsStepper::BalancedPoolsStepper(QWidget* parent)
    : QWidget(parent), m_job(new BackgroundJob(this)) {
    auto* layout = new QVBoxLayout(this);
    m_controls = new StepControls(this, this);
    layout->addWidget(m_controls);
    connect(m_controls, &StepControls::stepChanged, this, &BalancedPoolsStepper::refresh);

    m_explain = new QLabel(this);
    m_explain->setObjectName(QStringLiteral("lessonExplanation"));
    m_explain->setWordWrap(true);
    m_explain->setTextFormat(Qt::RichText);
    m_explain->setMinimumHeight(64);
    m_explain->setStyleSheet(
        QStringLiteral("QLabel { background: #fff8dc; color: #222; border: 1px solid #e0d090; "
                       "padding: 6px; }"));
    layout->addWidget(m_explain);

    auto* splitter = new QSplitter(Qt::Horizontal, this);
    m_splitter = splitter;
    m_jobs = new QTableWidget(splitter);
    m_jobs->setColumnCount(3);
    m_jobs->setHorizontalHeaderLabels({tr("Job"), tr("map tasks"), tr("pool")});
    m_jobs->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_jobs->setSelectionMode(QAbstractItemView::NoSelection);
    m_jobs->setFocusPolicy(Qt::NoFocus);
    m_jobs->horizontalHeader()->setStretchLastSection(true);
    m_jobs->setToolTip(
        tr("The jobs sorted by their number of map tasks (Algorithm 2's first "
           "step); a split point cuts this list into two pools"));

    buildChart(splitter);
    splitter->addWidget(m_jobs);
    splitter->addWidget(m_chart);
    splitter->setStretchFactor(1, 2);
    layout->addWidget(splitter, 1);
    setFocusPolicy(Qt::StrongFocus);
    refresh();
}

// The probe chart: both pools' ends by the small pool's node count, earlier probes faded, the
// chosen plan and the best value so far; its legend in a row of its own under the axes.
void BalancedPoolsStepper::buildChart(QWidget* parent) {
    m_chart = new QCustomPlot(parent);
    m_chart->setFocusPolicy(Qt::NoFocus);
    m_chart->setMinimumHeight(200);
    m_chart->plotLayout()->insertRow(0);
    QFont title = font();
    title.setBold(true);
    m_chart->plotLayout()->addElement(
        0, 0,
        new QCPTextElement(m_chart, tr("The search on the small pool's nodes: both pools' ends"),
                           title));
    m_chart->xAxis->setLabel(tr("nodes of the small pool"));
    m_chart->yAxis->setLabel(tr("pool ends (s)"));
    // Whole nodes: ticks on multiples of one node, no decimals.
    auto nodeTicks = QSharedPointer<QCPAxisTickerFixed>::create();
    nodeTicks->setTickStep(1.0);
    nodeTicks->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    nodeTicks->setTickCount(6);
    m_chart->xAxis->setTicker(nodeTicks);
    m_chart->xAxis->setNumberFormat(QStringLiteral("f"));
    m_chart->xAxis->setNumberPrecision(0);
    usePlainNumbers(m_chart->yAxis);
    const auto markers = [this](const QString& name, QCPScatterStyle::ScatterShape shape,
                                QColor colour, double size) {
        QCPGraph* graph = m_chart->addGraph();
        graph->setName(name);
        graph->setLineStyle(QCPGraph::lsNone);
        graph->setScatterStyle(QCPScatterStyle(shape, colour, size));
        return graph;
    };
    m_earlierSmall =
        markers(tr("earlier splits"), QCPScatterStyle::ssDiamond, QColor(31, 119, 180, 90), 7);
    m_earlierBig = markers(QString(), QCPScatterStyle::ssCircle, QColor(214, 96, 0, 90), 6);
    m_smallGraph = markers(tr("small pool"), QCPScatterStyle::ssDiamond, QColor(31, 119, 180), 10);
    m_bigGraph = markers(tr("big pool"), QCPScatterStyle::ssCircle, QColor(214, 96, 0), 9);
    m_planGraph = markers(tr("chosen plan"), QCPScatterStyle::ssStar, QColor(150, 0, 150), 16);
    m_planGraph->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssStar, QPen(QColor(150, 0, 150), 2.5), Qt::NoBrush, 16));
    m_bestGraph = m_chart->addGraph();
    m_bestGraph->setName(tr("best so far"));
    m_bestGraph->setPen(QPen(QColor(40, 140, 40), 1.5, Qt::DashLine));
    m_probeLine = new QCPItemStraightLine(m_chart);
    m_probeLine->setPen(QPen(QColor(120, 120, 120), 1, Qt::DotLine));
    // The legend in a row of its own under the axes: it never covers a marker.
    m_chart->legend->setVisible(true);
    auto* legendRow = new QCPLayoutGrid;
    m_chart->plotLayout()->addElement(2, 0, legendRow);
    legendRow->setMargins(QMargins(5, 0, 5, 5));
    legendRow->addElement(0, 0, m_chart->legend);
    m_chart->legend->setFillOrder(QCPLegend::foColumnsFirst);
    m_chart->plotLayout()->setRowStretchFactor(2, 0.001);
    m_chart->legend->removeItem(m_chart->legend->itemWithPlottable(m_earlierBig));
}

void BalancedPoolsStepper::setResults(const std::shared_ptr<const RunSet>& results) {
    const bool sameInput = m_results && results && *m_results->workload == *results->workload &&
                           m_results->options.estimator == results->options.estimator &&
                           m_results->options.pools == results->options.pools;
    m_results = results;
    if (sameInput) {
        return;
    }
    m_lesson.reset();
    const Workload& w = *results->workload;
    if (w.jobCount() > kMaxTeachJobs || w.jobCount() < 2) {
        m_job->discard();
        refresh();
        return;
    }
    BalancedPoolsOptions options;
    options.estimator = results->options.estimator;
    options.maxPools = results->options.pools;
    std::shared_ptr<const Workload> workload = results->workload;
    m_job->start<std::shared_ptr<const PoolsLesson>>(
        [workload, options](const CancelFlag& cancel) {
            BalancedPoolsOptions o = options;
            o.cancel = &cancel;
            return std::make_shared<const PoolsLesson>(balancedPoolsLesson(*workload, o));
        },
        [this](std::shared_ptr<const PoolsLesson> lesson) { showLesson(std::move(lesson)); });
    refresh();
}

void BalancedPoolsStepper::waitForLesson() {
    m_job->waitForIdle();
}

void BalancedPoolsStepper::showLesson(std::shared_ptr<const PoolsLesson> lesson) {
    m_lesson = std::move(lesson);
    const Workload& w = *m_results->workload;
    m_jobs->setRowCount(static_cast<int>(m_lesson->byMaps.size()));
    for (std::size_t r = 0; r < m_lesson->byMaps.size(); ++r) {
        const int j = m_lesson->byMaps[r];
        const Job& job = w.jobs[static_cast<std::size_t>(j)];
        auto* name = new QTableWidgetItem(QString::fromStdString(job.name));
        name->setData(Qt::DecorationRole, m_results->colours.base(j));
        m_jobs->setItem(static_cast<int>(r), 0, name);
        m_jobs->setItem(static_cast<int>(r), 1, new QTableWidgetItem(QString::number(job.maps())));
        m_jobs->setItem(static_cast<int>(r), 2, new QTableWidgetItem());
    }
    fitJobTable();
    m_controls->setCount(static_cast<int>(m_lesson->steps.size()));
    if (m_pendingStep >= 0) {
        m_controls->setStep(m_pendingStep);
        m_pendingStep = -1;
    }
    refresh();
}

void BalancedPoolsStepper::fitJobTable() {
    // The job table as wide as its columns (names, counts, pools), the chart the rest.
    m_jobs->resizeColumnsToContents();
    // The pool column's texts come with the steps: room for the longest from the start.
    const int pools = m_jobs->fontMetrics().horizontalAdvance(tr("whole cluster")) + 16;
    m_jobs->setColumnWidth(2, std::max(m_jobs->columnWidth(2), pools));
    const int wanted = m_jobs->horizontalHeader()->length() + m_jobs->verticalHeader()->width() +
                       2 * m_jobs->frameWidth() +
                       m_jobs->style()->pixelMetric(QStyle::PM_ScrollBarExtent);
    m_jobs->setMinimumWidth(wanted);  // the splitter never squeezes a column away
    const int total = std::max(m_splitter->width(), 3 * wanted);
    m_splitter->setSizes({wanted, total - wanted});
}

void BalancedPoolsStepper::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange && m_lesson) {
        fitJobTable();  // the presentation zoom
    }
}

int BalancedPoolsStepper::step() const {
    return m_pendingStep >= 0 ? m_pendingStep : m_controls->step();
}

void BalancedPoolsStepper::setStep(int step) {
    m_pendingStep = -1;
    m_controls->setStep(step);
}

int BalancedPoolsStepper::lastProbeStep() const {
    if (!m_lesson) {
        return 0;
    }
    const auto& steps = m_lesson->steps;
    for (int step = static_cast<int>(steps.size()); step > 0; --step) {
        if (steps[static_cast<std::size_t>(step - 1)].kind == Kind::Probe) {
            return step;
        }
    }
    return static_cast<int>(steps.size());
}

QString BalancedPoolsStepper::jobNames(const std::vector<int>& jobs) const {
    QStringList names;
    for (int j : jobs) {
        names << QString::fromStdString(
            m_results->workload->jobs[static_cast<std::size_t>(j)].name);
    }
    return QStringLiteral("{") + names.join(QStringLiteral(", ")) + QStringLiteral("}");
}

QString BalancedPoolsStepper::stepText(const PoolsLessonStep& s) const {
    const PoolsLesson& lesson = *m_lesson;
    const int nodes = m_results->workload->cluster.nodes;
    const auto part = [&](bool small) {
        const auto begin = lesson.byMaps.begin();
        return small ? std::vector<int>(begin, begin + s.split)
                     : std::vector<int>(begin + s.split, lesson.byMaps.end());
    };
    switch (s.kind) {
        case Kind::Sort:
            return sortText();
        case Kind::Johnson:
            return tr("<b>The plan to beat.</b> Plain Johnson on all %1 nodes ends at <b>%2 s</b>. "
                      "A split must end clearly earlier to be chosen.")
                .arg(nodes)
                .arg(t(lesson.plan.johnsonEnd));
        case Kind::Split:
            return tr("<b>Split %1.</b> The small pool holds %2 (the %1 job(s) with the fewest map "
                      "tasks), the big pool %3. Now search the small pool's node count between 1 "
                      "and %4: with too few nodes the small pool finishes last, with too many the "
                      "big one does; the balance lies between.")
                .arg(s.split)
                .arg(jobNames(part(true)), jobNames(part(false)))
                .arg(nodes - 1);
        case Kind::Probe:
            return probeText(s);
        case Kind::Pruned:
            return tr("<b>Split %1 cannot win.</b> No node count of it ends before %2 s: its "
                      "probes, or a lower bound (the pools' work over their slots, their longest "
                      "task chains), show it, so the rest of its search is skipped. Skipping never "
                      "changes the result.")
                .arg(s.split)
                .arg(t(s.bestSoFar));
        case Kind::SplitBest:
            return tr("<b>Split %1's best:</b> %2 node(s) for the small pool, %3 for the big one: "
                      "max(%4, %5) = %6 s. Best so far: %7 s.")
                .arg(s.split)
                .arg(s.nodes)
                .arg(nodes - s.nodes)
                .arg(t(s.smallEnd), t(s.bigEnd), t(std::max(s.smallEnd, s.bigEnd)), t(s.bestSoFar));
        case Kind::Result:
            return resultText();
    }
    return {};
}

QString BalancedPoolsStepper::sortText() const {
    const Workload& w = *m_results->workload;
    QStringList sorted;
    for (int j : m_lesson->byMaps) {
        const Job& job = w.jobs[static_cast<std::size_t>(j)];
        sorted << QStringLiteral("%1 (%2)").arg(QString::fromStdString(job.name)).arg(job.maps());
    }
    return tr("<b>Sort.</b> Algorithm 2 sorts the jobs by their number of map tasks: %1. "
              "Each split point cuts this list into a pool of small jobs and a pool of big "
              "jobs, each on its own nodes, so that small jobs no longer wait behind big "
              "ones that leave slots idle.")
        .arg(sorted.join(QStringLiteral(", ")));
}

QString BalancedPoolsStepper::probeText(const PoolsLessonStep& s) const {
    const int nodes = m_results->workload->cluster.nodes;
    if (!s.exact) {
        return tr("<b>Probe.</b> Small pool on %1 node(s) ends at %2 s, big pool on %3 at "
                  "%4 s: both past the best plan so far (%5 s), so this node count cannot "
                  "win. (The search stops such probes as soon as both pools pass the best "
                  "plan; the lesson runs them to their ends.) The %6 pool finishes last, "
                  "so the search tries %7 nodes for the small pool.")
            .arg(s.nodes)
            .arg(t(s.smallEnd))
            .arg(nodes - s.nodes)
            .arg(t(s.bigEnd), t(s.bestSoFar))
            .arg(s.smallFirst ? tr("big") : tr("small"))
            .arg(s.smallFirst ? tr("fewer") : tr("more"));
    }
    const double end = std::max(s.smallEnd, s.bigEnd);
    QString text = tr("<b>Probe.</b> Small pool on %1 node(s) ends at %2 s, big pool on %3 at %4 s "
                      "(each simulated with Johnson's order inside). The %5 pool finishes last, so "
                      "the search tries %6 nodes for the small pool. This split ends at max = %7 s")
                       .arg(s.nodes)
                       .arg(t(s.smallEnd))
                       .arg(nodes - s.nodes)
                       .arg(t(s.bigEnd))
                       .arg(s.smallFirst ? tr("big") : tr("small"))
                       .arg(s.smallFirst ? tr("fewer") : tr("more"))
                       .arg(t(end));
    return text + (s.improved ? tr(": <b>a new best so far</b>.")
                              : tr("; the best so far stays %1 s.").arg(t(s.bestSoFar)));
}

QString BalancedPoolsStepper::resultText() const {
    const BalancedPoolsPlan& plan = m_lesson->plan;
    if (plan.pools.size() < 2) {
        return tr("<b>Result.</b> No split ends clearly before plain Johnson's %1 s: "
                  "BalancedPools keeps Johnson's order on the whole cluster.")
            .arg(t(plan.johnsonEnd));
    }
    QStringList pools;
    for (std::size_t p = 0; p < plan.pools.size(); ++p) {
        pools << tr("pool %1 %2 on %3 node(s) ends at %4 s")
                     .arg(p + 1)
                     .arg(jobNames(plan.pools[p].jobs))
                     .arg(plan.pools[p].nodes)
                     .arg(t(plan.pools[p].end));
    }
    const double makespan = m_lesson->makespan();
    return tr("<b>Result.</b> %1. The makespan is <b>%2 s</b>, %3 % below plain "
              "Johnson's %4 s (%5 simulations).")
        .arg(pools.join(QStringLiteral("; ")), t(makespan))
        .arg((plan.johnsonEnd - makespan) / plan.johnsonEnd * 100.0, 0, 'f', 1)
        .arg(t(plan.johnsonEnd))
        .arg(plan.simulations);
}

QString BalancedPoolsStepper::explanation() const {
    return m_explain->text();
}

void BalancedPoolsStepper::refresh() {
    if (!m_results) {
        m_explain->setText(tr("Open or edit a workload to see BalancedPools step by step."));
        return;
    }
    const int jobs = m_results->workload->jobCount();
    if (jobs > kMaxTeachJobs || jobs < 2) {
        m_controls->setCount(0);
        m_jobs->setRowCount(0);
        m_explain->setText(tr("BalancedPools is shown step by step for 2 to %1 jobs; this batch "
                              "has %2. Its pools are in the Timeline and Comparison tabs.")
                               .arg(kMaxTeachJobs)
                               .arg(jobs));
        return;
    }
    if (!m_lesson) {
        m_explain->setText(tr("Running BalancedPools' search on these jobs…"));
        return;
    }
    const int step = m_controls->step();
    const auto& steps = m_lesson->steps;
    if (step == 0) {
        m_explain->setText(tr("Press → (or ▶) to walk through Algorithm 2 of [Verma12] on these "
                              "%1 jobs: %2 steps.")
                               .arg(jobs)
                               .arg(steps.size()));
    } else {
        m_explain->setText(stepText(steps[static_cast<std::size_t>(step - 1)]));
    }
    const PoolsLessonStep* current =
        step > 0 ? &steps[static_cast<std::size_t>(step - 1)] : nullptr;
    showPools(current);
    const double top = plotProbes(step, current);
    plotPlan(current);
    updateLegend();
    markStep(current);
    m_chart->yAxis->setRange(0, top * 1.08);
    m_chart->replot(QCustomPlot::rpQueuedReplot);
}

void BalancedPoolsStepper::showPools(const PoolsLessonStep* current) {
    // The pools of the split in view, in the job table.
    const int split = current ? current->split : 0;
    const bool result = isResult(current);
    for (int r = 0; r < m_jobs->rowCount(); ++r) {
        QString pool;
        if (result) {
            pool = resultPool(m_lesson->byMaps[static_cast<std::size_t>(r)]);
        } else if (split > 0) {
            pool = r < split ? tr("small") : tr("big");
        }
        if (QTableWidgetItem* item = m_jobs->item(r, 2)) {
            item->setText(pool);
        }
    }
}

QString BalancedPoolsStepper::resultPool(int job) const {
    QString pool;
    const auto& pools = m_lesson->plan.pools;
    for (std::size_t p = 0; p < pools.size(); ++p) {
        const auto& members = pools[p].jobs;
        if (std::find(members.begin(), members.end(), job) != members.end()) {
            pool = pools.size() < 2 ? tr("whole cluster") : tr("pool %1").arg(p + 1);
        }
    }
    return pool;
}

double BalancedPoolsStepper::plotProbes(int step, const PoolsLessonStep* current) {
    // Every probe so far: this split's in colour, the earlier splits' faded (the last step shows
    // them all, with the chosen plan's pools).
    const int split = current ? current->split : 0;
    const bool result = isResult(current);
    QVector<double> x, small, big, earlierX, earlierSmall, earlierBig;
    double top = m_lesson->plan.johnsonEnd;
    for (int i = 1; i <= step; ++i) {
        const PoolsLessonStep& s = m_lesson->steps[static_cast<std::size_t>(i - 1)];
        if (s.kind != Kind::Probe) {
            continue;
        }
        const bool ofThisSplit = !result && s.split == split;
        (ofThisSplit ? x : earlierX) << s.nodes;
        (ofThisSplit ? small : earlierSmall) << s.smallEnd;
        (ofThisSplit ? big : earlierBig) << s.bigEnd;
        top = std::max({top, s.smallEnd, s.bigEnd});
    }
    m_smallGraph->setData(x, small);
    m_bigGraph->setData(x, big);
    m_earlierSmall->setData(earlierX, earlierSmall);
    m_earlierBig->setData(earlierX, earlierBig);
    return top;
}

void BalancedPoolsStepper::plotPlan(const PoolsLessonStep* current) {
    QVector<double> planX, planY;
    if (isResult(current) && m_lesson->plan.pools.size() == 2) {
        for (const PoolPlan& pool : m_lesson->plan.pools) {
            planX << m_lesson->plan.pools.front().nodes;
            planY << pool.end;
        }
    }
    m_planGraph->setData(planX, planY);
}

void BalancedPoolsStepper::updateLegend() {
    // The legend names what is drawn, nothing else.
    const auto legend = [](QCPGraph* graph) {
        if (!graph->data()->isEmpty()) {
            graph->addToLegend();
        } else {
            graph->removeFromLegend();
        }
    };
    legend(m_planGraph);
    legend(m_earlierSmall);
    legend(m_smallGraph);
    legend(m_bigGraph);
}

void BalancedPoolsStepper::markStep(const PoolsLessonStep* current) {
    // The best so far as a level line, and the node count the step probes.
    const int allNodes = m_results->workload->cluster.nodes;
    const double best = current ? current->bestSoFar : m_lesson->plan.johnsonEnd;
    m_bestGraph->setData(QVector<double>{0.0, static_cast<double>(allNodes)},
                         QVector<double>{best, best});
    m_bestGraph->setVisible(current != nullptr);
    const bool probe = current && current->kind == Kind::Probe;
    m_probeLine->point1->setCoords(probe ? current->nodes : 0, 0);
    m_probeLine->point2->setCoords(probe ? current->nodes : 0, 1);
    m_probeLine->setVisible(probe);
    m_chart->xAxis->setRange(0, allNodes);
}

}  // namespace mr::ui
