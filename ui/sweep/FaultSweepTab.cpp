#include "sweep/FaultSweepTab.h"

#include <qcustomplot.h>
#include <QCheckBox>
#include <QComboBox>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "charts/AxisSpan.h"
#include "charts/ChartLayout.h"
#include "document/JobPalette.h"
#include "experiments/Ranges.h"
#include "io/FaultSweepFormat.h"
#include "model/InputError.h"
#include "widgets/CheckedSpinBox.h"
#include "widgets/FocusOrder.h"

namespace mr::ui {

namespace {

constexpr double kMinProbabilityPad = 0.01;  // an end point's marker shows whole

}  // namespace

FaultSweepTab::FaultSweepTab(QWidget* parent) : QWidget(parent), m_runner(new SweepRunner(this)) {
    createControls();
    layoutControls();
    focusInLayoutOrder(this);
    connect(m_runner->runButton(), &QPushButton::clicked, this, &FaultSweepTab::start);
    connect(m_axis, &QComboBox::currentIndexChanged, this, [this] {
        // A range that suits the axis: failures are rarer than stragglers in practice.
        m_values->setText(m_axis->currentIndex() == 0 ? QStringLiteral("0:0.1:0.02")
                                                      : QStringLiteral("0:0.5:0.1"));
        if (!m_result) {
            draw();  // the empty chart's x axis names the new choice
        }
    });
    connect(m_values, &QLineEdit::textChanged, this, [this] {
        if (!m_result) {
            draw();  // the empty chart's x axis spans the probabilities typed
        }
    });
    m_runner->setStatus(
        tr("Choose what fails and the probabilities, then press Run sweep. Each probability runs "
           "every checked algorithm on the same seeded draws (run r: first seed + r); the "
           "chart shows the mean makespan (solid) and its 95th percentile (dashed)."));
    draw();
}

FaultSweepTab::~FaultSweepTab() = default;  // m_runner cancels the sweep; nothing waits for it

void FaultSweepTab::createControls() {
    m_axis = new QComboBox(this);
    m_axis->addItem(tr("attempt failure probability"));
    m_axis->addItem(tr("straggler probability"));
    m_axis->setToolTip(
        tr("Failure: each attempt fails with this probability and is retried up to the "
           "scenario's max attempts (4 by default). Straggler: each attempt takes its duration "
           "times a factor drawn from the straggler range."));
    m_values = new QLineEdit(QStringLiteral("0:0.1:0.02"), this);
    m_values->setToolTip(tr("Probabilities FROM:TO:STEP (or one value)"));
    m_runs = m_runner->spinBox(tr("Runs"), 1, 10000, 10);
    m_seed = m_runner->spinBox(tr("First seed"), 0, 1000000000, 1);
    m_stragglerFactor = new QLineEdit(QStringLiteral("1.5:3"), this);
    m_stragglerFactor->setToolTip(
        tr("A straggler takes its duration times U[A, B]; the workload's own scenario "
           "factors when it has them"));
    m_speculation = new QCheckBox(tr("speculative execution"), this);
    m_speculation->setToolTip(
        tr("Hadoop's speculator with its defaults: a copy of an attempt "
           "far behind its siblings, the first to finish wins"));
    m_algorithmsLabel = new QLabel(this);
    m_algorithmsLabel->setWordWrap(true);
    m_chart = new QCustomPlot(this);
    m_chart->plotLayout()->insertRow(0);
    m_chart->plotLayout()->addElement(0, 0,
                                      new QCPTextElement(m_chart, tr("Makespan as attempts fail"),
                                                         QFont(font().family(), 10, QFont::Bold)));
    m_chart->yAxis->setLabel(tr("makespan (s)"));
    m_chart->legend->setVisible(false);
    // Outside the plot (showLegendUnderTitle), not in it: with many algorithms, or p95 lines
    // far above the means, any corner of the axis rect can hold a curve.
    m_chart->axisRect()->insetLayout()->take(m_chart->legend);
    m_chart->legend->setBorderPen(Qt::NoPen);
    m_chart->legend->setBrush(Qt::NoBrush);
    m_chart->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    m_chart->legend->setWrap(4);  // two algorithms (mean, p95) a row: long ids stay whole
    m_chart->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
}

void FaultSweepTab::layoutControls() {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* first = new QHBoxLayout;
    for (QWidget* w : std::initializer_list<QWidget*>{
             new QLabel(tr("x axis"), this), m_axis, new QLabel(tr("values"), this), m_values,
             new QLabel(tr("runs"), this), m_runs, new QLabel(tr("first seed"), this), m_seed}) {
        first->addWidget(w);
    }
    first->addStretch(1);
    auto* second = new QHBoxLayout;
    for (QWidget* w : std::initializer_list<QWidget*>{
             new QLabel(tr("straggler factor"), this), m_stragglerFactor, m_speculation,
             m_runner->runButton(), m_runner->cancelButton()}) {
        second->addWidget(w);
    }
    second->addWidget(m_runner->progressBar(), 1);
    layout->addLayout(first);
    layout->addLayout(second);
    layout->addWidget(m_algorithmsLabel);
    layout->addWidget(m_chart, 1);
    layout->addWidget(m_runner->statusLabel());
}

void FaultSweepTab::setWorkload(std::shared_ptr<const Workload> workload) {
    m_workload = std::move(workload);
    const Scenario& s = m_workload ? m_workload->scenario : Scenario{};
    if (s.stragglerMinFactor != 1.0 || s.stragglerMaxFactor != 1.0) {
        m_stragglerFactor->setText(
            QStringLiteral("%1:%2").arg(s.stragglerMinFactor).arg(s.stragglerMaxFactor));
    }
    m_speculation->setChecked(s.speculation.enabled);
}

void FaultSweepTab::setAlgorithms(const QStringList& ids) {
    m_algorithms = ids;
    m_algorithmsLabel->setText(
        ids.isEmpty()
            ? tr("Check algorithms on the left to sweep them.")
            : tr("Sweeps the checked algorithms: %1").arg(ids.join(QStringLiteral(", "))));
}

void FaultSweepTab::setAxis(FaultAxis axis) {
    m_axis->setCurrentIndex(axis == FaultAxis::FailureProbability ? 0 : 1);
}

void FaultSweepTab::setValues(const QString& text) {
    m_values->setText(text);
}

void FaultSweepTab::setRuns(int runs) {
    m_runs->setValue(runs);
}

void FaultSweepTab::setStragglerFactor(const QString& text) {
    m_stragglerFactor->setText(text);
}

QString FaultSweepTab::status() const {
    return m_runner->status();
}

FaultSweepOptions FaultSweepTab::options() const {
    FaultSweepOptions o;
    o.axis = m_axis->currentIndex() == 0 ? FaultAxis::FailureProbability
                                         : FaultAxis::StragglerProbability;
    o.values = parseRange(m_values->text().toStdString(), "values");
    o.runs = m_runs->value();
    o.seed = static_cast<std::uint64_t>(m_seed->value());
    for (const QString& id : m_algorithms) {
        o.algorithms.push_back(id.toStdString());
    }
    o.scenario = m_workload->scenario;
    const std::optional<RangeText> factor = readRange(m_stragglerFactor->text().toStdString());
    if (!factor || !(factor->from >= 1.0) || !(factor->to >= factor->from)) {
        throw InputError("", "", "straggler factor", "expected A:B with 1 <= A <= B");
    }
    o.scenario.stragglerMinFactor = factor->from;
    o.scenario.stragglerMaxFactor = factor->to;
    o.scenario.speculation.enabled = m_speculation->isChecked();
    return o;
}

void FaultSweepTab::start() {
    if (isRunning()) {
        return;
    }
    if (!m_workload) {
        m_runner->setStatus(tr("There is no workload to sweep yet."));
        return;
    }
    if (m_algorithms.isEmpty()) {
        m_runner->setStatus(tr("Check at least one algorithm on the left."));
        return;
    }
    try {
        const FaultSweepOptions o = options();
        checkFaultSweep(o, *m_workload);
        run(o);
    } catch (const InputError& e) {
        m_runner->setStatus(
            tr("The sweep could not run: %1").arg(QString::fromStdString(e.what())));
    }
}

void FaultSweepTab::run(const FaultSweepOptions& options) {
    m_options = options;
    auto collected = std::make_shared<Collected>();
    collected->values.resize(faultSweepPointCount(options));
    m_collected = collected;
    SweepRunner::Work work;
    work.total = collected->values.size();
    work.done = [collected] { return collected->done(); };
    work.run = [workload = m_workload, options, collected](const CancelFlag& cancel) {
        return SweepRunner::outcomeOf([&] {
            runFaultSweepPoints(
                *workload, options, collected->indices(),
                [&](std::size_t index, const FaultPointValue& v) { collected->put(index, v); }, {},
                &cancel);
        });
    };
    work.redraw = [this](std::size_t done) {
        m_result = collectedResult();
        m_note = tr("computing: %1 of %2 points").arg(done).arg(pointsTotal());
        draw();
    };
    work.finish = [this](const SweepOutcome& outcome, std::size_t done) { finish(outcome, done); };
    work.shownAfterCancel = tr("the chart shows the runs computed");
    m_runner->start(std::move(work));
}

FaultSweepResult FaultSweepTab::collectedResult() const {
    const std::lock_guard lock(m_collected->mutex);
    return summariseFaultSweep(m_options, m_workload->name, m_collected->values);
}

void FaultSweepTab::finish(const SweepOutcome& outcome, std::size_t done) {
    if (outcome.cancelled && done > 0) {  // the points computed stay drawn, marked partial
        m_result = collectedResult();
        m_result->cancelled = true;
        m_note = tr("partial: %1").arg(m_runner->cancelledText(done));
        draw();
    } else if (!outcome.cancelled && outcome.error.isEmpty()) {
        m_result = collectedResult();
        m_note.clear();
        m_runner->setStatus(tr("%1 probabilities × %2 runs × %3 algorithm(s).")
                                .arg(m_options.values.size())
                                .arg(m_options.runs)
                                .arg(m_options.algorithms.size()));
        draw();
    }
    emit finished();
}

void FaultSweepTab::showResult(const FaultSweepResult& result, const QString& status) {
    m_runner->discard();
    m_result = result;
    m_note.clear();
    setAxis(result.options.axis);
    m_runner->setStatus(status);
    draw();
    emit resultShown();
}

void FaultSweepTab::cancel() {
    m_runner->cancel();
}

void FaultSweepTab::draw() {
    m_chart->clearPlottables();
    // The axis as chosen until a result says which it swept.
    const bool failures = m_result ? m_result->options.axis == FaultAxis::FailureProbability
                                   : m_axis->currentIndex() == 0;
    m_chart->xAxis->setLabel(failures ? tr("attempt failure probability")
                                      : tr("straggler probability"));
    if (!m_result) {
        showLegendUnderTitle(m_chart);
        try {
            spanPadded(m_chart->xAxis, parseRange(m_values->text().toStdString(), "values"),
                       kMinProbabilityPad);
        } catch (const InputError&) {
            // Not a range (yet, while typed): the axis stays; Run sweep says what is wrong.
        }
        m_chart->replot();
        return;
    }
    const FaultSweepResult& r = *m_result;
    const std::size_t algorithms = r.options.algorithms.size();
    double top = 0.0;
    for (std::size_t a = 0; a < algorithms; ++a) {
        QVector<double> x, mean, p95;
        for (std::size_t v = 0; v < r.options.values.size(); ++v) {
            const FaultPoint& p = r.points[v * algorithms + a];
            x << p.probability;
            mean << p.makespanMean;  // NaN: a gap
            p95 << p.makespanP95;
            top = std::max(top, std::isnan(p.makespanP95) ? 0.0 : p.makespanP95);
        }
        const QColor colour = JobPalette::base(static_cast<int>(a));
        const QString name = QString::fromStdString(r.options.algorithms[a]);
        auto* line = m_chart->addGraph();
        line->setName(tr("%1 mean").arg(name));
        line->setData(x, mean);
        line->setPen(QPen(colour, 2.2));
        line->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 6));
        auto* tail = m_chart->addGraph();
        tail->setName(tr("%1 p95").arg(name));
        tail->setData(x, p95);
        tail->setPen(QPen(colour, 1.5, Qt::DashLine));
    }
    showLegendUnderTitle(m_chart);
    spanPadded(m_chart->xAxis, r.options.values, kMinProbabilityPad);
    m_chart->yAxis->setRange(0, std::max(top, 1e-9) * 1.08);
    auto* title = static_cast<QCPTextElement*>(m_chart->plotLayout()->element(0, 0));
    title->setText((failures ? tr("Makespan as attempts fail — %1")
                             : tr("Makespan as attempts "
                                  "straggle — %1"))
                       .arg(QString::fromStdString(r.workload)) +
                   (m_note.isEmpty() ? tr(" (mean and p95 of %1 runs)").arg(r.options.runs)
                                     : tr(" (%1)").arg(m_note)));
    m_chart->replot();
}

QString FaultSweepTab::csv() const {
    return m_result ? QString::fromStdString(faultSweepCsv(*m_result)) : QString();
}

}  // namespace mr::ui
