#include "teach/ResplitStepper.h"

#include <qcustomplot.h>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include "charts/AxisFormat.h"
#include "charts/BlocksPlottable.h"
#include "charts/TimeText.h"
#include "document/JobPalette.h"
#include "model/Numbers.h"
#include "run/BackgroundJob.h"
#include "run/RunController.h"
#include "teach/StepControls.h"

namespace mr::ui {

namespace {

constexpr int kMaxTeachJobs = 60;  // as the other lessons: beyond this a class cannot read it

QString t(double seconds) {
    return timeText(seconds);
}

QString pair(const StageDurations& d) {
    return QStringLiteral("(%1, %2)").arg(t(d.map), t(d.reduce));
}

using Kind = ResplitLessonStep::Kind;

}  // namespace

ResplitStepper::ResplitStepper(bool online, QWidget* parent)
    : TeachLesson(parent), m_online(online), m_job(new BackgroundJob(this)) {
    setObjectName(online ? QStringLiteral("onlineHSchedulerLesson")
                         : QStringLiteral("hschedulerLesson"));
    auto* layout = new QVBoxLayout(this);
    m_controls = new StepControls(this);
    layout->addWidget(m_controls);
    connect(m_controls, &StepControls::stepChanged, this, &ResplitStepper::refresh);

    m_explain = createExplanation();
    layout->addWidget(m_explain);

    auto* splitter = new QSplitter(Qt::Vertical, this);
    m_jobs = new QTableWidget(splitter);
    QStringList headers = {tr("Job"), tr("map + reduce tasks"), tr("fixed (m, r)"),
                           tr("work Σmap, Σreduce"), tr("re-split (m, r)")};
    if (m_online) {
        headers << tr("arrives");
    }
    headers << tr("map wave") << tr("reduce wave");
    m_jobs->setColumnCount(static_cast<int>(headers.size()));
    m_jobs->setHorizontalHeaderLabels(headers);
    m_jobs->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_jobs->setSelectionMode(QAbstractItemView::NoSelection);
    m_jobs->setFocusPolicy(Qt::NoFocus);
    m_jobs->verticalHeader()->setVisible(false);
    m_jobs->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);

    m_chart = new QCustomPlot(splitter);
    m_chart->setFocusPolicy(Qt::NoFocus);
    m_chart->setMinimumHeight(160);
    m_chart->plotLayout()->insertRow(0);
    QFont title = font();
    title.setBold(true);
    m_chart->plotLayout()->addElement(
        0, 0,
        new QCPTextElement(m_chart,
                           m_online ? tr("The re-split jobs served as they arrive: one wave "
                                         "each per stage")
                                    : tr("The re-split jobs in Johnson's order: one wave each "
                                         "per stage"),
                           title));
    m_chart->xAxis->setLabel(tr("time (s)"));
    usePlainNumbers(m_chart->xAxis);
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    ticker->addTick(0.5, tr("reduce"));
    ticker->addTick(1.7, tr("map"));
    m_chart->yAxis->setTicker(ticker);
    m_chart->yAxis->setRange(-0.1, 2.3);
    m_blocks = new BlocksPlottable(m_chart->xAxis, m_chart->yAxis);
    m_fixedLine = new QCPItemStraightLine(m_chart);
    m_fixedLine->setPen(QPen(QColor(190, 40, 30), 1.5, Qt::DashLine));
    m_fixedLabel = new QCPItemText(m_chart);
    m_fixedLabel->setPositionAlignment(Qt::AlignRight | Qt::AlignTop);
    m_fixedLabel->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_fixedLabel->setColor(QColor(190, 40, 30));
    m_fixedLabel->setPadding(QMargins(2, 2, 4, 2));
    splitter->addWidget(m_jobs);
    splitter->addWidget(m_chart);
    splitter->setStretchFactor(1, 2);
    layout->addWidget(splitter, 1);
    setFocusPolicy(Qt::StrongFocus);
    refresh();
}

void ResplitStepper::setResults(const std::shared_ptr<const RunSet>& results) {
    const bool sameInput = m_results && results && *m_results->workload == *results->workload &&
                           m_results->options.estimator == results->options.estimator;
    m_results = results;
    if (sameInput) {
        return;
    }
    m_lesson.reset();
    const Workload& w = *results->workload;
    if (w.jobCount() > kMaxTeachJobs) {
        m_job->discard();
        refresh();
        return;
    }
    RunOptions options;
    options.estimator = results->options.estimator;
    const bool online = m_online;
    std::shared_ptr<const Workload> workload = results->workload;
    m_job->start<std::shared_ptr<const ResplitLesson>>(
        [workload, options, online](const CancelFlag& cancel) {
            RunOptions o = options;
            o.cancel = &cancel;
            return std::make_shared<const ResplitLesson>(hschedulerLesson(*workload, online, o));
        },
        [this](std::shared_ptr<const ResplitLesson> lesson) { showLesson(std::move(lesson)); });
    refresh();
}

void ResplitStepper::waitForLesson() {
    m_job->waitForIdle();
}

void ResplitStepper::showLesson(std::shared_ptr<const ResplitLesson> lesson) {
    m_lesson = std::move(lesson);
    m_controls->setCount(static_cast<int>(m_lesson->steps.size()));
    if (m_pendingStep >= 0) {
        m_controls->setStep(m_pendingStep);
        m_pendingStep = -1;
    }
    refresh();
}

int ResplitStepper::step() const {
    return m_pendingStep >= 0 ? m_pendingStep : m_controls->step();
}

void ResplitStepper::showStep(int step) {
    if (m_lesson) {
        setStep(step);
    } else {
        restoreStep(step);
    }
}

void ResplitStepper::setStep(int step) {
    m_pendingStep = -1;
    m_controls->setStep(step);
}

QString ResplitStepper::id() const {
    return m_online ? QStringLiteral("online-hscheduler") : QStringLiteral("hscheduler");
}

QString ResplitStepper::title() const {
    return m_online ? tr("OnHScheduler on arrivals — [Tian16] Alg. 3.3, Example 3")
                    : tr("HScheduler — [Tian16] Alg. 3.2, Example 2");
}

QString ResplitStepper::explanation() const {
    return m_explain->text();
}

QString ResplitStepper::jobName(int job) const {
    return QString::fromStdString(m_results->workload->jobs[static_cast<std::size_t>(job)].name);
}

QString ResplitStepper::stepText(const ResplitLessonStep& s) const {
    switch (s.kind) {
        case Kind::Fixed:
            return fixedText();
        case Kind::Resplit:
            return resplitText(s.job);
        case Kind::Order:
            return orderText();
        case Kind::Serve:
            return serveText(s.job);
        case Kind::Result:
            return resultText();
    }
    return {};
}

// The jobs as they are: fixed tasks, idle slots, plain Johnson's end.
QString ResplitStepper::fixedText() const {
    const ResplitLesson& l = *m_lesson;
    QStringList idle;
    for (std::size_t j = 0; j < l.jobs.size(); ++j) {
        const ResplitLessonJob& job = l.jobs[j];
        if (job.maps < l.mapSlots || (job.reduces > 0 && job.reduces < l.reduceSlots)) {
            idle << tr("%1 (%2 + %3 tasks)")
                        .arg(jobName(static_cast<int>(j)))
                        .arg(job.maps)
                        .arg(job.reduces);
        }
    }
    QString text = tr("<b>The jobs as they are.</b> The cluster has %1 map and %2 reduce "
                      "slots. A job runs its own tasks: its stage takes (m, r) as in the "
                      "table, and a job with fewer tasks than slots leaves slots idle "
                      "for the whole stage. ")
                       .arg(l.mapSlots)
                       .arg(l.reduceSlots);
    text += idle.isEmpty() ? tr("Here every job has at least as many tasks as slots.")
                           : tr("Here %1 leave slots idle.").arg(idle.join(QStringLiteral(", ")));
    return text +
           tr(" Plain Johnson on these fixed jobs ends at <b>%1 s</b>.").arg(t(l.fixedJohnson));
}

// One job's work spread over every slot ([Tian16] Claim 1).
QString ResplitStepper::resplitText(int jobIndex) const {
    const ResplitLesson& l = *m_lesson;
    const ResplitLessonJob& job = l.jobs[static_cast<std::size_t>(jobIndex)];
    QString text = tr("<b>Re-split %1.</b> Its map work is %2 slot-seconds (%3 tasks); "
                      "spread over all %4 map slots: m = %2 / %4 = <b>%5 s</b> (was %6).")
                       .arg(jobName(jobIndex), t(job.mapWork))
                       .arg(job.maps)
                       .arg(l.mapSlots)
                       .arg(t(job.resplit.map), t(job.fixed.map));
    if (job.reduces > 0) {
        text += tr(" Its reduce work %1 over %2 reduce slots: r = <b>%3 s</b> (was %4).")
                    .arg(t(job.reduceWork))
                    .arg(l.reduceSlots)
                    .arg(t(job.resplit.reduce), t(job.fixed.reduce));
    }
    return text + tr(" A job is elastic ([Tian16] Claim 1): its input can be split to "
                     "match the slots, so it fills the cluster for exactly one wave per "
                     "stage.");
}

// The order: Johnson's on the re-split (m, r), or arrival order online.
QString ResplitStepper::orderText() const {
    const ResplitLesson& l = *m_lesson;
    QStringList order;
    for (int j : l.result.order) {
        order << (m_online ? tr("%1 (at %2 s)").arg(jobName(j), t(l.jobs[j].arrival)) : jobName(j));
    }
    if (m_online) {
        return tr("<b>Serve them as they arrive</b> (Alg. 3.3): OnHScheduler does not "
                  "know the jobs to come, so it runs each re-split job in arrival order: "
                  "%1. A map wave starts when the job has arrived and the previous map "
                  "wave is done.")
            .arg(order.join(QStringLiteral(", ")));
    }
    return tr("<b>Johnson's rule on the re-split (m, r)</b> (Alg. 3.2): jobs with m ≤ r "
              "first by growing m, then the others by shrinking r: %1. Each job now "
              "occupies the whole cluster, which is exactly the two-stage model, so this "
              "order is optimal and the simulation equals the formula.")
        .arg(order.join(QStringLiteral(" ")));
}

// One job's map and reduce waves.
QString ResplitStepper::serveText(int jobIndex) const {
    const ResplitLesson& l = *m_lesson;
    const ResplitLessonJob& job = l.jobs[static_cast<std::size_t>(jobIndex)];
    QString text = tr("<b>%1</b>").arg(jobName(jobIndex));
    if (m_online) {
        text += tr(" (arrived at %1 s)").arg(t(job.arrival));
    }
    text += tr(": its map wave runs %1–%2 s on all %3 map slots")
                .arg(t(job.times.start), t(job.times.mapEnd))
                .arg(l.mapSlots);
    if (job.reduces > 0) {
        text += tr(", its reduce wave %1–%2 s: it starts after the job's own maps (the "
                   "barrier) and after the previous reduce wave.")
                    .arg(t(job.reduceStart), t(job.times.end));
    } else {
        text += tr("; it has no reduce tasks.");
    }
    return text;
}

// The makespan against plain Johnson on the fixed jobs (and offline HScheduler online).
QString ResplitStepper::resultText() const {
    const ResplitLesson& l = *m_lesson;
    const double gain = l.fixedJohnson - l.makespan();
    QString text = tr("<b>Result.</b> %1's makespan is <b>%2 s</b>; plain Johnson on the fixed "
                      "jobs takes %3 s.")
                       .arg(m_online ? tr("OnHScheduler") : tr("HScheduler"), t(l.makespan()),
                            t(l.fixedJohnson));
    if (gain > 0) {
        text += tr(" Elastic jobs beat fixed ones by %1 s: a fixed job with fewer tasks "
                   "than slots leaves slots idle for its whole stage; re-split, every "
                   "stage fills the cluster and no slot waits.")
                    .arg(t(gain));
    }
    if (m_online) {
        text += tr(" Knowing every job upfront, offline HScheduler reaches %1 s: the rest "
                   "is the price of serving jobs as they come.")
                    .arg(t(l.offline));
    }
    return text;
}

// The job table and the waves of the steps up to `step`: re-split jobs, served jobs. Returns
// whether the result step was reached.
bool ResplitStepper::showJobs(int step) {
    const Workload& w = *m_results->workload;
    const auto& steps = m_lesson->steps;
    std::vector<bool> resplit(m_lesson->jobs.size(), false);
    std::vector<bool> served(m_lesson->jobs.size(), false);
    bool result = false;
    for (int i = 0; i < step; ++i) {
        const ResplitLessonStep& s = steps[static_cast<std::size_t>(i)];
        if (s.kind == Kind::Resplit) {
            resplit[static_cast<std::size_t>(s.job)] = true;
        } else if (s.kind == Kind::Serve) {
            served[static_cast<std::size_t>(s.job)] = true;
        } else if (s.kind == Kind::Result) {
            result = true;
        }
    }
    m_jobs->setRowCount(w.jobCount());
    std::vector<Block> blocks;
    for (int j = 0; j < w.jobCount(); ++j) {
        const ResplitLessonJob& job = m_lesson->jobs[static_cast<std::size_t>(j)];
        const auto uj = static_cast<std::size_t>(j);
        QStringList cells = {jobName(j), QStringLiteral("%1 + %2").arg(job.maps).arg(job.reduces),
                             pair(job.fixed),
                             QStringLiteral("%1, %2").arg(t(job.mapWork), t(job.reduceWork)),
                             resplit[uj] ? pair(job.resplit) : QString()};
        if (m_online) {
            cells << t(job.arrival);
        }
        cells << (served[uj] ? QStringLiteral("%1–%2").arg(t(job.times.start), t(job.times.mapEnd))
                             : QString())
              << (served[uj] && job.reduces > 0
                      ? QStringLiteral("%1–%2").arg(t(job.reduceStart), t(job.times.end))
                      : QString());
        for (int c = 0; c < cells.size(); ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            if (c == 0) {
                item->setData(Qt::DecorationRole, m_results->colours.base(j));
            }
            m_jobs->setItem(j, c, item);
        }
        // Every job's waves: those served so far in their colours, the ones to come faded, so
        // that the chart shows where the steps lead from the first one on.
        const auto shade = [&](const QColor& c) { return served[uj] ? c : JobPalette::faded(c); };
        const QString label = jobName(j);
        blocks.push_back({job.times.start, job.times.mapEnd, 1.2, 2.2,
                          shade(m_results->colours.mapShade(j)), label, j});
        if (job.reduces > 0) {
            blocks.push_back({job.reduceStart, job.times.end, 0.0, 1.0,
                              shade(m_results->colours.reduceShade(j)), label, j});
        }
    }
    keepRowsSeen(m_jobs);
    m_blocks->setBlocks(std::move(blocks));
    return result;
}

void ResplitStepper::refresh() {
    const QString name = m_online ? tr("OnHScheduler") : tr("HScheduler");
    if (!m_results) {
        m_explain->setText(tr("Open or edit a workload to see %1 step by step.").arg(name));
        return;
    }
    const Workload& w = *m_results->workload;
    if (w.jobCount() > kMaxTeachJobs) {
        m_controls->setCount(0);
        m_jobs->setRowCount(0);
        m_explain->setText(tr("%1 is shown step by step for up to %2 jobs; this batch has %3.")
                               .arg(name)
                               .arg(kMaxTeachJobs)
                               .arg(w.jobCount()));
        return;
    }
    if (!m_lesson) {
        m_explain->setText(tr("Running %1 on these jobs…").arg(name));
        return;
    }
    const int step = m_controls->step();
    const auto& steps = m_lesson->steps;
    m_explain->setText(
        step == 0 ? tr("Press → (or the ▶▶ next-step button; ▶ plays every step) to walk through "
                       "%1 ([Tian16] %2) on these "
                       "%3 jobs: %4 steps.")
                        .arg(name, m_online ? tr("Alg. 3.3, Example 3") : tr("Alg. 3.2, Example 2"))
                        .arg(w.jobCount())
                        .arg(steps.size())
                  : stepText(steps[static_cast<std::size_t>(step - 1)]));

    const bool result = showJobs(step);
    const double fixed = m_lesson->fixedJohnson;
    m_fixedLine->point1->setCoords(fixed, 0);
    m_fixedLine->point2->setCoords(fixed, 1);
    m_fixedLine->setVisible(result);
    m_fixedLabel->position->setCoords(fixed, 0.0);
    m_fixedLabel->setText(tr("plain Johnson, fixed jobs: %1 s").arg(t(fixed)));
    m_fixedLabel->setVisible(result);
    m_chart->xAxis->setRange(0, std::max(fixed, m_lesson->makespan()) * 1.05);
    m_chart->replot(QCustomPlot::rpQueuedReplot);
}

}  // namespace mr::ui
