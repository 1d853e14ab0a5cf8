#include "sweep/SweepTab.h"

#include <qcustomplot.h>
#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <mutex>

#include "charts/AxisSpan.h"
#include "document/JobPalette.h"
#include "io/SweepFormat.h"
#include "model/InputError.h"
#include "perf/TwoStage.h"
#include "widgets/CheckedSpinBox.h"
#include "widgets/FocusOrder.h"
#include "widgets/WithinJobSigmaEdit.h"
#include "workloads/Generators.h"

namespace mr::ui {

SweepTab::SweepTab(QWidget* parent) : QWidget(parent), m_runner(new SweepRunner(this)) {
    auto* layout = new QVBoxLayout(this);
    createControls();
    layout->addLayout(layoutControls());
    m_chart = new QCustomPlot(this);
    m_chart->plotLayout()->insertRow(0);
    m_chart->plotLayout()->addElement(
        0, 0,
        new QCPTextElement(m_chart, tr("Makespan against cluster size"),
                           QFont(font().family(), 10, QFont::Bold)));
    m_chart->xAxis->setLabel(tr("cluster size (nodes)"));
    m_chart->yAxis->setLabel(tr("makespan (s)"));
    m_chart->legend->setVisible(false);  // until there are lines to name (draw)
    m_chart->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    layout->addWidget(m_chart, 1);
    layout->addWidget(m_runner->statusLabel());
    connectControls();
    suggestRange();  // for a cluster of 64 nodes until a workload comes
    focusInLayoutOrder(this);
    m_runner->setStatus(
        tr("Choose the cluster sizes and press Run sweep. Each point simulates every "
           "checked algorithm; the formula lines show what the two-stage model "
           "predicts for Johnson's order (Min) and its reverse (Max)."));
}

void SweepTab::createControls() {
    m_current = new QRadioButton(tr("Current workload"), this);
    m_generated = new QRadioButton(tr("Generated:"), this);
    m_current->setChecked(true);
    m_kind = new QComboBox(this);
    for (const auto& g : generators()) {
        m_kind->addItem(QString::fromStdString(g.kind));
        m_kind->setItemData(m_kind->count() - 1, QString::fromStdString(g.summary),
                            Qt::ToolTipRole);
    }
    m_kind->setCurrentText(QStringLiteral("synthetic-bimodal"));
    m_jobs = m_runner->spinBox(tr("Jobs"), 1, 100000, 100);
    m_runs = m_runner->spinBox(tr("Runs"), 1, 1000, 3);
    m_seed = m_runner->spinBox(tr("Seed"), 0, 1000000000, 1);
    m_withinJobSigma = new WithinJobSigmaEdit(this);
    m_withinJobSigma->setMaximumWidth(fontMetrics().horizontalAdvance(QStringLiteral("unset")) * 3);
    m_nodes = new QLineEdit(this);
    m_nodes->setObjectName(QStringLiteral("nodes"));
    m_nodes->setPlaceholderText(QStringLiteral("FROM:TO:STEP"));
    m_nodes->setToolTip(
        tr("Cluster sizes in nodes: FROM:TO:STEP, FROM:TO or N. Slots per node are "
           "kept from the workload."));
    m_formula = new QCheckBox(tr("formula Min / Max and lower-bound lines"), this);
    m_formula->setChecked(true);
    m_algorithmsLabel = new QLabel(this);
    m_algorithmsLabel->setWordWrap(true);
}

QGridLayout* SweepTab::layoutControls() {
    auto* controls = new QGridLayout;
    controls->addWidget(m_current, 0, 0);
    controls->addWidget(m_generated, 1, 0);
    auto* generated = new QHBoxLayout;
    generated->addWidget(m_kind);
    generated->addWidget(new QLabel(tr("jobs"), this));
    generated->addWidget(m_jobs);
    generated->addWidget(new QLabel(tr("runs"), this));
    generated->addWidget(m_runs);
    generated->addWidget(new QLabel(tr("first seed"), this));
    generated->addWidget(m_seed);
    generated->addWidget(new QLabel(tr("within-job σ"), this));
    generated->addWidget(m_withinJobSigma);
    generated->addStretch(1);
    controls->addLayout(generated, 1, 1);
    auto* range = new QHBoxLayout;
    range->addWidget(new QLabel(tr("Nodes"), this));
    range->addWidget(m_nodes);
    range->addWidget(m_formula);
    range->addWidget(m_runner->runButton());
    range->addWidget(m_runner->cancelButton());
    range->addWidget(m_runner->progressBar(), 1);
    controls->addLayout(range, 2, 0, 1, 2);
    controls->addWidget(m_algorithmsLabel, 3, 0, 1, 2);
    return controls;
}

void SweepTab::connectControls() {
    connect(m_runner->runButton(), &QPushButton::clicked, this, &SweepTab::start);
    connect(m_nodes, &QLineEdit::textEdited, this, [this] { m_rangeTouched = true; });
    connect(m_nodes, &QLineEdit::textChanged, this, [this] {
        if (!m_result) {
            draw();  // the empty chart's x axis spans the sizes typed
        }
    });
    const auto enable = [this] {
        const bool on = m_generated->isChecked();
        for (QWidget* w : std::initializer_list<QWidget*>{m_kind, m_jobs, m_runs, m_seed}) {
            w->setEnabled(on);
        }
        m_withinJobSigma->setKind(on ? m_kind->currentText() : QString());
    };
    enable();
    connect(m_generated, &QRadioButton::toggled, this, enable);
    connect(m_kind, &QComboBox::currentTextChanged, this, enable);
}

SweepTab::~SweepTab() = default;  // m_runner cancels the sweep; nothing waits for it

void SweepTab::setWorkload(std::shared_ptr<const Workload> workload) {
    m_workload = std::move(workload);
    if (!m_rangeTouched) {
        suggestRange();
    }
}

void SweepTab::setAlgorithms(const QStringList& ids) {
    m_algorithms = ids;
    m_algorithmsLabel->setText(
        ids.isEmpty()
            ? tr("Check algorithms on the left to sweep them.")
            : tr("Sweeps the checked algorithms: %1").arg(ids.join(QStringLiteral(", "))));
}

void SweepTab::setNodeRange(const QString& text) {
    m_nodes->setText(text);
    m_rangeTouched = true;
}

void SweepTab::useGenerated(const QString& kind, int jobs, int runs, int seed) {
    m_generated->setChecked(true);
    m_kind->setCurrentText(kind);
    m_jobs->setValue(jobs);
    m_runs->setValue(runs);
    m_seed->setValue(seed);
}

void SweepTab::suggestRange() {
    // About ten points from a quarter to twice the current cluster.
    const int n = m_workload ? m_workload->cluster.nodes : 64;
    const int from = std::max(1, n / 4);
    const int to = std::max(from + 1, 2 * n);
    const int step = std::max(1, (to - from) / 9);
    m_nodes->setText(QStringLiteral("%1:%2:%3").arg(from).arg(to).arg(step));
}

QString SweepTab::status() const {
    return m_runner->status();
}

WorkloadSource SweepTab::source() const {
    if (m_generated->isChecked()) {
        const std::string kind = m_kind->currentText().toStdString();
        GenerateOptions g;
        g.jobs = m_jobs->value();
        g.withinJobSigma = m_withinJobSigma->value();
        const auto seed = static_cast<std::uint64_t>(m_seed->value());
        return [kind, g, seed](int run) {  // called by several threads at once
            GenerateOptions options = g;
            options.seed = seed + static_cast<std::uint64_t>(run);
            return generateWorkload(kind, options);
        };
    }
    if (m_workload) {
        auto workload = m_workload;
        return [workload](int) { return *workload; };
    }
    return {};
}

void SweepTab::start() {
    if (isRunning()) {
        return;
    }
    SweepSpec spec;
    try {
        spec.nodes = parseNodeRange(m_nodes->text().toStdString());
    } catch (const InputError& e) {
        m_runner->setStatus(tr("Nodes: %1").arg(QString::fromStdString(e.message())));
        return;
    }
    if (m_algorithms.isEmpty()) {
        m_runner->setStatus(tr("Check at least one algorithm on the left."));
        return;
    }
    for (const QString& id : m_algorithms) {
        spec.algorithms.push_back(id.toStdString());
    }
    spec.runs = m_generated->isChecked() ? m_runs->value() : 1;
    WorkloadSource source;
    try {
        source = this->source();
    } catch (const InputError& e) {
        m_runner->setStatus(QString::fromStdString(e.what()));
        return;
    }
    if (!source) {
        m_runner->setStatus(tr("There is no workload to sweep yet."));
        return;
    }
    // The formula's Min / Max lines only where the two-stage model applies (not for jobs that
    // arrive over time); the lower bound holds for any workload.
    m_formulaLines = m_formula->isChecked();
    m_modelApplies = m_generated->isChecked() || twoStageModelApplies(*m_workload);
    try {
        checkSweep(spec);
    } catch (const InputError& e) {
        m_runner->setStatus(
            tr("The sweep could not run: %1").arg(QString::fromStdString(e.what())));
        return;
    }
    run(source, spec);
}

void SweepTab::run(const WorkloadSource& source, const SweepSpec& spec) {
    m_spec = spec;
    auto collected = std::make_shared<Collected>();
    collected->values.resize(sweepPointCount(spec));
    m_collected = collected;
    SweepRunner::Work work;
    work.total = collected->values.size();
    work.done = [collected] { return collected->done(); };
    work.run = [source, spec = SweepSpec(spec), collected](const CancelFlag& cancel) mutable {
        spec.run.cancel = &cancel;
        const WorkloadSource naming = [&](int run) {
            Workload w = source(run);
            if (run == 0) {
                const std::lock_guard lock(collected->mutex);
                collected->workload = w.name;
            }
            return w;
        };
        return SweepRunner::outcomeOf([&] {
            runSweepPoints(naming, spec, collected->indices(),
                           [&](std::size_t index, const SweepPointValue& value) {
                               collected->put(index, value);
                           });
        });
    };
    work.redraw = [this](std::size_t done) {
        m_result = collectedResult();
        m_note = tr("computing: %1 of %2 points").arg(done).arg(pointsTotal());
        draw();
    };
    work.finish = [this](const SweepOutcome& outcome, std::size_t done) { finish(outcome, done); };
    work.shownAfterCancel = tr("the chart shows them (the others are gaps)");
    m_runner->start(std::move(work));
}

std::size_t SweepTab::pointsDone() const {
    return m_collected ? m_collected->done() : 0;
}

SweepResult SweepTab::collectedResult() const {
    SweepResult result;
    {
        const std::lock_guard lock(m_collected->mutex);
        result = summariseSweep(m_spec, m_collected->workload, m_collected->values);
    }
    auto& series = result.series;
    series.erase(
        std::remove_if(series.begin(), series.end(),
                       [&](const SweepSeries& s) {
                           return s.formula &&
                                  (!m_formulaLines || (!m_modelApplies && s.name != kLowerBound));
                       }),
        series.end());
    return result;
}

void SweepTab::finish(const SweepOutcome& outcome, std::size_t done) {
    if (outcome.cancelled && done > 0) {  // the points computed stay drawn, marked partial
        m_result = collectedResult();
        m_note = tr("partial: %1").arg(m_runner->cancelledText(done));
        draw();
    } else if (!outcome.cancelled && outcome.error.isEmpty()) {
        m_result = collectedResult();
        m_note.clear();
        m_runner->setStatus(tr("%1 cluster sizes × %2 run(s) × %3 algorithm(s).")
                                .arg(m_result->nodes.size())
                                .arg(m_result->runs)
                                .arg(m_algorithms.size()));
        draw();
    }
    emit finished();
}

void SweepTab::showResult(const SweepResult& result, const QString& status) {
    m_runner->discard();
    m_result = result;
    m_note.clear();
    if (result.nodes.size() > 1) {  // the file's sizes in the range box, when they are a range
        const int step = result.nodes[1] - result.nodes[0];
        bool range = step > 0;
        for (std::size_t i = 1; i < result.nodes.size(); ++i) {
            range = range && result.nodes[i] - result.nodes[i - 1] == step;
        }
        if (range) {
            m_nodes->setText(QStringLiteral("%1:%2:%3")
                                 .arg(result.nodes.front())
                                 .arg(result.nodes.back())
                                 .arg(step));
            m_rangeTouched = true;
        }
    }
    // The note names what the chart shows: the file's algorithms, not the checked ones.
    QStringList shown;
    for (const SweepSeries& s : result.series) {
        if (!s.formula) {
            shown << QString::fromStdString(s.name);
        }
    }
    m_algorithmsLabel->setText(
        tr("Shows the algorithms of the file opened: %1 (Run sweep "
           "sweeps the checked ones: %2)")
            .arg(shown.join(QStringLiteral(", ")),
                 m_algorithms.isEmpty() ? tr("none") : m_algorithms.join(QStringLiteral(", "))));
    m_runner->setStatus(status);
    draw();
    emit resultShown();
}

QString SweepTab::algorithmsNote() const {
    return m_algorithmsLabel->text();
}

void SweepTab::cancel() {
    m_runner->cancel();
}

namespace {

constexpr double kMinNodePad = 0.5;  // half a node: one size alone shows its marker whole

void spanNodes(QCPAxis* axis, const std::vector<int>& nodes) {
    spanPadded(axis, std::vector<double>(nodes.begin(), nodes.end()), kMinNodePad);
}

double seriesTop(const SweepSeries& s) {
    double top = 0.0;
    for (const SweepPoint& p : s.points) {
        top = std::max(top, std::isnan(p.max) ? 0.0 : p.max);
    }
    return top;
}

// The y axis' top: what the algorithms and the lower bound reach. The formula's Min / Max lines
// are predictions; where they rise far above the data (the formula's waves on large batches)
// they are clipped at the top instead of squeezing the data into the bottom of the chart.
double sweepAxisTop(const SweepResult& r) {
    double data = 0.0;
    double all = 0.0;
    for (const SweepSeries& s : r.series) {
        const double top = seriesTop(s);
        all = std::max(all, top);
        if (!s.formula || s.name == kLowerBound) {
            data = std::max(data, top);
        }
    }
    constexpr double kFormulaRoom = 1.5;  // formula lines this far above the data still fit
    return std::max(all <= data * kFormulaRoom ? all : data, 1e-9) * 1.08;
}

QString formulaLineName(const std::string& id) {
    if (id == kLowerBound) {
        // The bound holds for the tasks as given; HScheduler re-splits them ([Tian16]) and may
        // end below it.
        return QObject::tr("Lower bound for fixed tasks (HScheduler re-splits them)");
    }
    return id == kFormulaMin ? QObject::tr("Min: Johnson in the two-stage formula")
                             : QObject::tr("Max: reverse Johnson in the formula");
}

}  // namespace

void SweepTab::draw() {
    m_chart->clearPlottables();
    m_chart->legend->setVisible(m_result.has_value());  // no empty legend box
    if (!m_result) {
        try {
            spanNodes(m_chart->xAxis, parseNodeRange(m_nodes->text().toStdString()));
        } catch (const InputError&) {
            // Not a range (yet, while typed): the axis stays; Run sweep says what is wrong.
        }
        m_chart->replot();
        return;
    }
    const SweepResult& r = *m_result;
    QVector<double> x;
    for (int n : r.nodes) {
        x << n;
    }
    const double top = sweepAxisTop(r);
    int colour = 0;
    for (const SweepSeries& s : r.series) {
        auto* graph = m_chart->addGraph();
        graph->setName(QString::fromStdString(s.name));
        QVector<double> y;
        QVector<double> spread;
        for (const SweepPoint& p : s.points) {
            y << p.mean;
            spread << p.stddev;
        }
        graph->setData(x, y);
        QColor c = s.formula ? QColor(110, 110, 110) : JobPalette::base(colour++);
        QPen pen(c, s.formula ? 1.5 : 2.2);
        if (s.formula) {
            pen = s.name == kLowerBound ? QPen(QColor(40, 40, 40), 1.8, Qt::DashDotLine) : pen;
            pen.setStyle(s.name == kFormulaMin   ? Qt::DashLine
                         : s.name == kFormulaMax ? Qt::DotLine
                                                 : pen.style());
            const double peak = seriesTop(s);
            graph->setName(
                formulaLineName(s.name) +
                (peak > top
                     ? tr(" — above the chart, up to %1 s").arg(QString::number(peak, 'f', 0))
                     : QString()));
        }
        graph->setPen(pen);
        graph->setScatterStyle(
            QCPScatterStyle(s.formula ? QCPScatterStyle::ssNone : QCPScatterStyle::ssCircle, 6));
        if (r.runs > 1 && !s.formula) {
            auto* bars = new QCPErrorBars(m_chart->xAxis, m_chart->yAxis);
            bars->removeFromLegend();
            bars->setDataPlottable(graph);
            bars->setData(spread);
            bars->setPen(QPen(c, 1));
        }
    }
    spanNodes(m_chart->xAxis, r.nodes);
    m_chart->yAxis->setRange(0, top);
    auto* title = static_cast<QCPTextElement*>(m_chart->plotLayout()->element(0, 0));
    // A partial result (an opened results file) has points with fewer runs than asked.
    bool partial = false;
    for (const SweepSeries& s : r.series) {
        for (const SweepPoint& p : s.points) {
            partial = partial || p.values.size() < static_cast<std::size_t>(r.runs);
        }
    }
    const QString runs = !m_note.isEmpty() ? tr(" (%1)").arg(m_note)
                         : !partial        ? tr(" (mean ± s.d. of %1 runs)").arg(r.runs)
                         : r.runs > 1
                             ? tr(" (mean ± s.d. of the runs present; %1 asked)").arg(r.runs)
                             : tr(" (gaps: points missing)");
    title->setText(tr("Makespan against cluster size — %1%2")
                       .arg(QString::fromStdString(r.workload))
                       .arg(r.runs > 1 || partial || !m_note.isEmpty() ? runs : QString()));
    m_chart->replot();
}

QString SweepTab::csv() const {
    return m_result ? QString::fromStdString(sweepCsv(*m_result)) : QString();
}

}  // namespace mr::ui
