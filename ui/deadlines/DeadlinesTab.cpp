#include "deadlines/DeadlinesTab.h"

#include <QCheckBox>
#include <QComboBox>
#include <QElapsedTimer>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPainter>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <atomic>
#include <limits>

#include "deadlines/LoadSweepCharts.h"
#include "io/LoadSweepFormat.h"
#include "model/InputError.h"
#include "run/BackgroundJob.h"
#include "widgets/CheckedSpinBox.h"
#include "widgets/RunOptionsPanel.h"
#include "widgets/WithinJobSigmaEdit.h"
#include "workloads/Generators.h"

namespace mr::ui {

// Shared by the tab and the worker thread: the progress the core reports (atomics, polled by a
// timer on the GUI thread).
struct DeadlinesTab::Run {
    std::atomic<int> done{0};
    std::atomic<int> total{0};
    int shownDone = -1;
};

struct DeadlinesTab::Outcome {
    std::optional<LoadSweepResult> result;
    QString error;
    double seconds = 0.0;
};

namespace {

QIcon swatch(const QColor& colour) {
    QPixmap pixmap(12, 12);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.fillRect(QRect(1, 4, 10, 4), colour);
    return QIcon(pixmap);
}

}  // namespace

DeadlinesTab::DeadlinesTab(QWidget* parent) : QWidget(parent), m_job(new BackgroundJob(this)) {
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(buildControls());
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setFixedWidth(
        296);  // with two charts abreast, the tab fits beside the left panel at 1280 px
    layout->addWidget(scroll);
    m_charts = new LoadSweepCharts(this);
    layout->addWidget(m_charts, 1);
    connect(m_interarrival, &QLineEdit::textChanged, this, &DeadlinesTab::spanEmptyCharts);
    spanEmptyCharts();

    m_poll = new QTimer(this);
    m_poll->setInterval(100);
    connect(m_poll, &QTimer::timeout, this, &DeadlinesTab::pollProgress);
    updatePlan();
    setStatus(tr("Press Run to compute the sweep."), false);
}

DeadlinesTab::~DeadlinesTab() = default;  // m_job cancels the sweep; nothing waits for it

QWidget* DeadlinesTab::buildControls() {
    auto* panel = new QWidget(this);
    auto* column = new QVBoxLayout(panel);
    column->setContentsMargins(0, 0, 4, 0);
    column->addWidget(buildBatchBox(panel));
    column->addWidget(buildPolicyBox(panel));
    m_runOptions =
        new RunOptionsPanel(QStringLiteral("deadlines/run"), RunOptionsPanel::Fields::Sweep, panel);
    column->addWidget(m_runOptions);
    connect(m_runOptions, &RunOptionsPanel::editRejected, this,
            [this](const QString& reason) { m_status->setText(reason); });
    addRunControls(panel, column);
    return panel;
}

QGroupBox* DeadlinesTab::buildBatchBox(QWidget* panel) {
    auto* batch = new QGroupBox(tr("Batches"), panel);
    auto* form = new QFormLayout(batch);
    m_kind = new QComboBox(batch);
    for (const GeneratorInfo& g : generators()) {
        m_kind->addItem(QString::fromStdString(g.kind));
        m_kind->setItemData(m_kind->count() - 1, QString::fromStdString(g.summary),
                            Qt::ToolTipRole);
    }
    m_kind->setCurrentText(QStringLiteral("facebook-1000"));
    auto spin = [this, batch](const QString& field, int min, int max, int value,
                              const QString& tip) {
        auto* box = new CheckedSpinBox(field, batch);
        box->setRange(min, max);
        box->setValue(value);
        box->setToolTip(tip);
        connect(box, &QSpinBox::valueChanged, this, &DeadlinesTab::updatePlan);
        connect(box, &CheckedSpinBox::rejected, this,
                [this](const QString& reason) { m_status->setText(reason); });
        return box;
    };
    m_jobs = spin(tr("Jobs"), 1, 100'000, 200, tr("Jobs per batch ([Verma12b]: 1000)"));
    m_nodes =
        spin(tr("Nodes"), 1, 100'000, 64, tr("Cluster nodes, one map and one reduce slot each"));
    m_seed = spin(tr("Seed"), 0, std::numeric_limits<int>::max(), 1,
                  tr("Run r uses the batch of seed + r at every load (common random numbers)"));
    m_runs =
        spin(tr("Runs"), 1, 100'000, 5, tr("Seeded runs averaged per point ([Verma12b]: 100)"));
    m_interarrival = new QLineEdit(QStringLiteral("100:1000:100"), batch);
    m_interarrival->setToolTip(
        tr("Mean inter-arrival times FROM:TO:STEP in seconds: the x axis (small = high load)"));
    m_factor = new QLineEdit(QStringLiteral("1:2"), batch);
    m_interarrival->setObjectName(QStringLiteral("interarrival"));
    m_factor->setObjectName(QStringLiteral("deadlineFactor"));
    m_factor->setToolTip(
        tr("Deadlines uniform in [A·T_J, B·T_J], T_J = the job alone on the cluster ([Verma12b]: "
           "1:2 for Facebook, 2:4 for the testbed)"));
    connect(m_interarrival, &QLineEdit::textChanged, this, &DeadlinesTab::updatePlan);
    connect(m_factor, &QLineEdit::textChanged, this, &DeadlinesTab::updatePlan);
    m_withinJobSigma = new WithinJobSigmaEdit(batch);
    connect(m_withinJobSigma, &QLineEdit::textChanged, this, &DeadlinesTab::updatePlan);
    connect(m_kind, &QComboBox::currentTextChanged, m_withinJobSigma, &WithinJobSigmaEdit::setKind);
    m_withinJobSigma->setKind(m_kind->currentText());
    connect(m_kind, &QComboBox::currentIndexChanged, this, &DeadlinesTab::updatePlan);
    form->addRow(tr("Workload"), m_kind);
    form->addRow(tr("Jobs"), m_jobs);
    form->addRow(tr("Nodes"), m_nodes);
    form->addRow(tr("Seed"), m_seed);
    form->addRow(tr("Runs"), m_runs);
    form->addRow(tr("Inter-arrival (s)"), m_interarrival);
    form->addRow(tr("Deadline factor"), m_factor);
    form->addRow(tr("Within-job σ"), m_withinJobSigma);
    return batch;
}

// The registry's deadline policies and baselines, checked as it says (AlgorithmInfo::loadSweep):
// a new deadline scheduler appears here without a change to this file.
QGroupBox* DeadlinesTab::buildPolicyBox(QWidget* panel) {
    auto* policies = new QGroupBox(tr("Policies"), panel);
    auto* list = new QVBoxLayout(policies);
    list->setSpacing(2);
    const std::vector<std::string> defaults = defaultLoadSweepAlgorithms();
    for (const Algorithm* algorithm : loadSweepAlgorithms()) {
        const AlgorithmInfo& info = algorithm->info();
        const QString id = QString::fromStdString(info.id);
        auto* box = new QCheckBox(id, policies);
        // The id in the object name: a platform theme may add accelerators to the text.
        box->setObjectName(id);
        box->setToolTip(
            QString::fromStdString(info.name + ": " + info.description + " (" + info.source + ")"));
        box->setIcon(swatch(LoadSweepCharts::colourOf(id)));
        box->setChecked(std::find(defaults.begin(), defaults.end(), info.id) != defaults.end());
        connect(box, &QCheckBox::toggled, this, &DeadlinesTab::updatePlan);
        list->addWidget(box);
        m_policies << box;
    }
    return policies;
}

// Run and Cancel, the progress, the plan and status lines, and a note on the paper's sizes.
void DeadlinesTab::addRunControls(QWidget* panel, QVBoxLayout* column) {
    auto* buttons = new QHBoxLayout;
    m_start = new QPushButton(tr("Run sweep"), panel);
    m_start->setToolTip(tr("Compute the sweep (a running one is replaced)"));
    m_cancel = new QPushButton(tr("Cancel"), panel);
    m_cancel->setEnabled(false);
    connect(m_start, &QPushButton::clicked, this, &DeadlinesTab::start);
    connect(m_cancel, &QPushButton::clicked, this, &DeadlinesTab::cancel);
    buttons->addWidget(m_start);
    buttons->addWidget(m_cancel);
    column->addLayout(buttons);
    m_progress = new QProgressBar(panel);
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    column->addWidget(m_progress);
    m_plan = new QLabel(panel);
    m_plan->setWordWrap(true);
    column->addWidget(m_plan);
    m_status = new QLabel(panel);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    column->addWidget(m_status);
    auto* note = new QLabel(
        tr("<small>[Verma12b] averaged 100 runs of 1000 jobs per point; these defaults (200 jobs, "
           "5 runs) take seconds. The same sweep on the command line: <tt>mrsim sweep-load "
           "KIND --jobs N --interarrival FROM:TO:STEP --runs R --deadline-factor A:B "
           "[--within-job-sigma S]</tt>."
           "</small>"),
        panel);
    note->setWordWrap(true);
    column->addWidget(note);
    column->addStretch(1);
}

LoadSweepOptions DeadlinesTab::options() const {
    LoadSweepOptions o;
    o.kind = m_kind->currentText().toStdString();
    o.jobs = m_jobs->value();
    o.nodes = m_nodes->value();
    o.seed = static_cast<std::uint64_t>(m_seed->value());
    o.runs = m_runs->value();
    o.interarrivals = parseRange(m_interarrival->text().trimmed().toStdString(), "interarrival");
    o.deadlineFactor = parseDeadlineFactor(m_factor->text().trimmed().toStdString());
    o.withinJobSigma = m_withinJobSigma->value();
    o.algorithms.clear();
    for (const QCheckBox* box : m_policies) {
        if (box->isChecked()) {
            o.algorithms.push_back(box->objectName().toStdString());
        }
    }
    if (o.algorithms.empty()) {
        throw InputError("", "", "algorithms", "check at least one policy");
    }
    const RunOptions run = m_runOptions->options();
    o.run.estimator = run.estimator;
    o.run.locality = run.locality;
    return o;
}

void DeadlinesTab::setOptions(const LoadSweepOptions& o) {
    m_kind->setCurrentText(QString::fromStdString(o.kind));
    m_jobs->setValue(o.jobs);
    m_nodes->setValue(o.nodes);
    m_seed->setValue(static_cast<int>(
        std::min<std::uint64_t>(o.seed, static_cast<std::uint64_t>(m_seed->maximum()))));
    m_runs->setValue(o.runs);
    QStringList loads;
    for (double x : o.interarrivals) {
        loads << QString::number(x, 'g', 12);
    }
    // One value, or an evenly spaced list as FROM:TO:STEP.
    if (o.interarrivals.size() == 1) {
        m_interarrival->setText(loads.front());
    } else if (o.interarrivals.size() > 1) {
        const double step = o.interarrivals[1] - o.interarrivals[0];
        m_interarrival->setText(
            QStringLiteral("%1:%2:%3")
                .arg(loads.front(), loads.back(), QString::number(step, 'g', 12)));
    }
    m_factor->setText(QStringLiteral("%1:%2")
                          .arg(o.deadlineFactor.low, 0, 'g', 12)
                          .arg(o.deadlineFactor.high, 0, 'g', 12));
    m_withinJobSigma->setValue(o.withinJobSigma);
    for (QCheckBox* box : m_policies) {
        box->setChecked(std::find(o.algorithms.begin(), o.algorithms.end(),
                                  box->objectName().toStdString()) != o.algorithms.end());
    }
    RunOptions run = m_runOptions->options();
    run.estimator = o.run.estimator;
    run.locality = o.run.locality;
    m_runOptions->setOptions(run);
    updatePlan();
}

void DeadlinesTab::updatePlan() {
    try {
        const LoadSweepOptions o = options();
        const long long sims = static_cast<long long>(o.interarrivals.size()) * o.runs *
                               static_cast<long long>(o.algorithms.size());
        m_plan->setStyleSheet(QString());
        m_plan->setText(tr("%1 loads × %2 runs × %3 policies = %L4 simulations of %5 jobs")
                            .arg(o.interarrivals.size())
                            .arg(o.runs)
                            .arg(o.algorithms.size())
                            .arg(sims)
                            .arg(o.jobs));
        m_start->setEnabled(true);
    } catch (const InputError& e) {
        m_plan->setStyleSheet(QStringLiteral("color: #b01010;"));
        m_plan->setText(QString::fromStdString(e.what()));
        m_start->setEnabled(false);
    }
}

void DeadlinesTab::spanEmptyCharts() {
    if (m_result) {
        return;  // the charts span the result's loads
    }
    try {
        m_charts->spanLoads(
            parseRange(m_interarrival->text().trimmed().toStdString(), "interarrival"));
    } catch (const InputError&) {
        // Not a range (yet, while typed): the axes stay; the plan line says what is wrong.
    }
}

void DeadlinesTab::setStatus(const QString& text, bool error) {
    m_status->setStyleSheet(error ? QStringLiteral("color: #b01010;") : QString());
    m_status->setText(text);
}

QString DeadlinesTab::statusText() const {
    return m_status->text();
}

void DeadlinesTab::start() {
    LoadSweepOptions o;
    try {
        o = options();
    } catch (const InputError& e) {
        setStatus(QString::fromStdString(e.what()), true);
        return;
    }
    auto run = std::make_shared<Run>();
    m_running = run;  // start() drops the result of a sweep still running
    m_job->start<std::shared_ptr<const Outcome>>(
        [run, o](const CancelFlag& cancel) {
            auto out = std::make_shared<Outcome>();
            QElapsedTimer clock;
            clock.start();
            try {
                out->result = sweepLoad(
                    o,
                    [run](int done, int total) {
                        run->total = total;
                        run->done = done;
                    },
                    &cancel);
            } catch (const std::exception& e) {
                out->error = QString::fromStdString(e.what());
            }
            out->seconds = static_cast<double>(clock.nsecsElapsed()) / 1e9;
            return std::shared_ptr<const Outcome>(std::move(out));
        },
        [this](std::shared_ptr<const Outcome> outcome) { finish(*outcome); });
    m_progress->setRange(0, static_cast<int>(loadSweepPointCount(o)));
    m_progress->setValue(0);
    m_cancel->setEnabled(true);
    m_start->setText(tr("Restart"));
    setStatus(tr("Running…"), false);
    m_poll->start();
}

void DeadlinesTab::cancel() {
    if (m_running) {
        m_job->cancel();
        setStatus(tr("Cancelling…"), false);
    }
}

void DeadlinesTab::pollProgress() {
    if (!m_running) {
        return;
    }
    const int done = m_running->done;
    const int total = m_running->total;
    if (done != m_running->shownDone && total > 0) {
        m_running->shownDone = done;
        m_progress->setRange(0, total);
        m_progress->setValue(done);
        emit progressed(done, total);
    }
}

void DeadlinesTab::finish(const Outcome& outcome) {
    pollProgress();
    m_running.reset();
    m_poll->stop();
    m_cancel->setEnabled(false);
    m_start->setText(tr("Run sweep"));
    if (!outcome.result) {
        setStatus(tr("The sweep failed: %1").arg(outcome.error), true);
        emit finished();
        return;
    }
    m_result = outcome.result;
    m_charts->setResult(*m_result);
    const LoadSweepOptions& o = m_result->options;
    const int loads = static_cast<int>(o.interarrivals.size());
    if (!m_result->cancelled) {
        m_progress->setValue(m_progress->maximum());
        setStatus(tr("Done: %1 loads × %2 runs × %3 policies (%L4 simulations of %5 jobs) in "
                     "%6 s.")
                      .arg(loads)
                      .arg(o.runs)
                      .arg(o.algorithms.size())
                      .arg(static_cast<long long>(loads) * o.runs *
                           static_cast<long long>(o.algorithms.size()))
                      .arg(o.jobs)
                      .arg(outcome.seconds, 0, 'f', 1),
                  false);
    } else {
        int fewest = o.runs;
        int most = 0;
        int points = 0;  // finished: one policy at one load on one run each
        for (const LoadPoint& p : m_result->points) {
            if (p.runs > 0) {
                fewest = std::min(fewest, p.runs);
                most = std::max(most, p.runs);
            }
            points += p.runs;
        }
        const QString runs =
            fewest == most ? QString::number(most) : tr("%1 to %2").arg(fewest).arg(most);
        setStatus(tr("Cancelled after %1 of %2 points (one policy at one load on one run): the "
                     "points drawn average %3 of the %4 runs asked for; loads without a finished "
                     "run are not drawn.")
                      .arg(points)
                      .arg(static_cast<int>(loadSweepPointCount(o)))
                      .arg(runs)
                      .arg(o.runs),
                  true);
    }
    emit finished();
}

void DeadlinesTab::showResult(const LoadSweepResult& result, const QString& status) {
    m_job->discard();
    m_running.reset();
    m_poll->stop();
    m_cancel->setEnabled(false);
    m_start->setText(tr("Run sweep"));
    setOptions(result.options);
    m_result = result;
    m_charts->setResult(*m_result);
    setStatus(status, false);
}

QList<QCustomPlot*> DeadlinesTab::exportablePlots(int chart) const {
    if (!m_result) {
        return {};
    }
    if (chart < 0 || chart >= LoadSweepCharts::ChartCount) {
        return m_charts->plots();
    }
    return {m_charts->chart(static_cast<LoadSweepCharts::Chart>(chart))};
}

QString DeadlinesTab::csv() const {
    return m_result ? QString::fromStdString(loadSweepCsv(*m_result)) : QString();
}

}  // namespace mr::ui
