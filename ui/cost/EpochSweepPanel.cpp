#include "cost/EpochSweepPanel.h"

#include <qcustomplot.h>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <atomic>
#include <limits>

#include "cost/CostChartStyle.h"
#include "cost/CostFormat.h"
#include "model/InputError.h"
#include "run/BackgroundJob.h"

namespace mr::ui {

// Written by the worker's progress callback, read by a timer on the GUI thread.
struct EpochSweepPanel::Progress {
    std::atomic<int> done{0};
    std::atomic<int> total{0};
};

struct EpochSweepPanel::Outcome {
    std::vector<cost::EpochPoint> points;
    int requested = 0;
    bool cancelled = false;
    QString error;
    double milliseconds = 0.0;
};

namespace {

QDoubleSpinBox* epochBox(QWidget* parent, double value) {
    auto* box = new QDoubleSpinBox(parent);
    box->setRange(1.0, 1e6);
    box->setDecimals(0);
    box->setSingleStep(100.0);
    box->setSuffix(QStringLiteral(" s"));
    box->setValue(value);
    return box;
}

}  // namespace

EpochSweepPanel::EpochSweepPanel(QWidget* parent)
    : QWidget(parent), m_job(new BackgroundJob(this)), m_poll(new QTimer(this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    auto* controls = new QHBoxLayout;
    m_from = epochBox(this, 200.0);
    m_to = epochBox(this, 2000.0);
    m_step = epochBox(this, 200.0);
    m_run = new QPushButton(tr("Run sweep"), this);
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_cancel->setEnabled(false);
    m_bar = new QProgressBar(this);
    m_bar->setMaximumWidth(180);
    m_bar->setVisible(false);
    m_status = new QLabel(tr("lips-online for each epoch length; press Run sweep."), this);
    controls->addWidget(new QLabel(tr("Epoch length from"), this));
    controls->addWidget(m_from);
    controls->addWidget(new QLabel(tr("to"), this));
    controls->addWidget(m_to);
    controls->addWidget(new QLabel(tr("step"), this));
    controls->addWidget(m_step);
    controls->addWidget(m_run);
    controls->addWidget(m_cancel);
    controls->addWidget(m_bar);
    controls->addStretch(1);
    layout->addLayout(controls);
    m_status->setWordWrap(true);  // below the controls: a long message never widens the window
    layout->addWidget(m_status);

    m_chart = new QCustomPlot(this);
    costchart::decorate(m_chart, tr("lips-online: cost and execution time against the epoch "
                                    "length ([Ehsan13] Fig. 8)"));
    m_chart->xAxis->setLabel(tr("epoch length (s)"));
    m_chart->yAxis->setLabel(tr("total cost"));
    m_chart->yAxis2->setLabel(tr("makespan (s)"));
    m_chart->yAxis2->setVisible(true);
    m_cost = new QCPGraph(m_chart->xAxis, m_chart->yAxis);
    m_cost->setName(tr("total cost (left axis)"));
    m_cost->setPen(QPen(costchart::costLineColour(), 2));
    m_cost->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, costchart::costLineColour(), Qt::white, 7));
    m_makespan = new QCPGraph(m_chart->xAxis, m_chart->yAxis2);
    m_makespan->setName(tr("makespan (right axis)"));
    m_makespan->setPen(QPen(costchart::timeLineColour(), 2, Qt::DashLine));
    m_makespan->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssSquare, costchart::timeLineColour(), Qt::white, 7));
    m_chart->yAxis->setLabelColor(costchart::costLineColour());
    m_chart->yAxis2->setLabelColor(costchart::timeLineColour());
    layout->addWidget(m_chart, 1);
    m_current = nullptr;
    draw();

    connect(m_run, &QPushButton::clicked, this, [this] { start(); });
    connect(m_cancel, &QPushButton::clicked, this, &EpochSweepPanel::cancel);
    connect(m_poll, &QTimer::timeout, this, &EpochSweepPanel::pollProgress);
    connect(m_job, &BackgroundJob::busyChanged, this, [this](bool busy) {
        m_run->setEnabled(!busy);
        m_cancel->setEnabled(busy);
        m_bar->setVisible(busy);
        if (busy) {
            m_poll->start(100);
        } else {
            m_poll->stop();
        }
    });
}

void EpochSweepPanel::setModel(std::shared_ptr<const cost::CostModel> model) {
    m_job->discard();
    m_model = std::move(model);
    m_points.clear();
    m_asked.clear();
    m_status->setText(tr("lips-online for each epoch length; press Run sweep."));
    draw();
}

void EpochSweepPanel::setCurrentEpoch(double epochS) {
    m_currentEpoch = epochS;
    draw();
}

void EpochSweepPanel::setEpochRange(double from, double to, double step) {
    m_from->setValue(from);
    m_to->setValue(to);
    m_step->setValue(step);
}

bool EpochSweepPanel::start() {
    if (!m_model) {
        m_status->setText(tr("Open a cost model first."));
        return false;
    }
    std::vector<double> epochs;
    try {
        epochs = cost::sweepValues(m_from->value(), m_to->value(), m_step->value(), "epochs");
    } catch (const InputError& e) {
        m_status->setText(QString::fromStdString(e.what()));
        return false;
    }
    m_progress = std::make_shared<Progress>();
    m_progress->total = static_cast<int>(epochs.size());
    m_bar->setRange(0, static_cast<int>(epochs.size()));
    m_bar->setValue(0);
    m_status->setText(tr("Sweeping %1 epoch lengths…").arg(epochs.size()));
    auto model = m_model;
    auto progress = m_progress;
    m_job->start<std::shared_ptr<const Outcome>>(
        [model, epochs, progress](const CancelFlag& cancel) {
            auto out = std::make_shared<Outcome>();
            out->requested = static_cast<int>(epochs.size());
            QElapsedTimer timer;
            timer.start();
            cost::CostOptions options;
            options.cancel = &cancel;
            try {
                out->points = cost::sweepEpochs(
                    *model, epochs, options, [progress](int done, int) { progress->done = done; });
            } catch (const std::exception& e) {
                out->error = QString::fromStdString(e.what());
            }
            out->cancelled = cancel.load();
            out->milliseconds = static_cast<double>(timer.nsecsElapsed()) / 1e6;
            return std::shared_ptr<const Outcome>(std::move(out));
        },
        [this](std::shared_ptr<const Outcome> outcome) { showOutcome(outcome); });
    m_points.clear();  // the chart now waits for this sweep
    draw();
    return true;
}

void EpochSweepPanel::showPoints(const std::vector<double>& asked,
                                 std::vector<cost::EpochPoint> points, const QString& status) {
    m_job->discard();
    m_asked = asked;
    m_points = std::move(points);
    m_status->setText(status);
    draw();
}

void EpochSweepPanel::cancel() {
    m_job->cancel();
    m_status->setText(tr("Cancelling…"));
}

bool EpochSweepPanel::isRunning() const {
    return m_job->isRunning();
}

void EpochSweepPanel::waitForIdle() {
    m_job->waitForIdle();
}

void EpochSweepPanel::pollProgress() {
    if (m_progress && m_progress->done.load() != m_bar->value()) {
        m_bar->setValue(m_progress->done.load());
        emit progressed(m_bar->value(), m_progress->total.load());
    }
}

void EpochSweepPanel::showOutcome(const std::shared_ptr<const Outcome>& outcome) {
    pollProgress();  // the last points may have come after the last poll
    m_points = outcome->points;
    const int done = static_cast<int>(m_points.size());
    if (!outcome->error.isEmpty()) {
        m_status->setText(tr("The sweep failed: %1").arg(outcome->error));
    } else if (outcome->cancelled) {
        m_status->setText(
            tr("Cancelled after %1 of %2 epoch lengths.").arg(done).arg(outcome->requested));
    } else {
        m_status->setText(
            tr("%1 epoch lengths in %2 ms.").arg(done).arg(outcome->milliseconds, 0, 'f', 0));
    }
    draw();
    emit sweepFinished();
}

QString EpochSweepPanel::status() const {
    return m_status->text();
}

QString EpochSweepPanel::csv() const {
    return QString::fromStdString(cost::epochSweepCsv(m_points));
}

void EpochSweepPanel::draw() {
    m_chart->clearItems();
    QVector<double> epochs, costs, makespans;
    for (const cost::EpochPoint& p : m_points) {
        if (p.result.feasible) {
            epochs << p.epochS;
            costs << p.result.cost.total();
            makespans << p.result.makespanS;
        }
    }
    // A results file's epoch lengths without a point: gaps in the curves.
    QVector<double> gapEpochs = epochs, gapCosts = costs, gapMakespans = makespans;
    const double nan = std::numeric_limits<double>::quiet_NaN();
    for (double e : m_asked) {
        const bool present = std::any_of(m_points.begin(), m_points.end(),
                                         [e](const cost::EpochPoint& p) { return p.epochS == e; });
        if (!present) {
            gapEpochs << e;
            gapCosts << nan;
            gapMakespans << nan;
        }
    }
    m_cost->setData(gapEpochs, gapCosts, false);
    m_makespan->setData(gapEpochs, gapMakespans, false);
    m_current = new QCPItemStraightLine(m_chart);
    m_current->point1->setCoords(m_currentEpoch, 0.0);
    m_current->point2->setCoords(m_currentEpoch, 1.0);
    m_current->setPen(QPen(QColor(110, 110, 110), 1.2, Qt::DashLine));
    auto* currentLabel = new QCPItemText(m_chart);
    currentLabel->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    currentLabel->position->setAxisRect(m_chart->axisRect());
    currentLabel->position->setCoords(m_currentEpoch, 0.02);
    currentLabel->setPadding(QMargins(4, 0, 0, 0));
    currentLabel->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    currentLabel->setColor(QColor(110, 110, 110));
    currentLabel->setText(tr("epoch of the other charts: %1 s").arg(m_currentEpoch));

    if (epochs.isEmpty()) {
        const double pad = (m_to->value() - m_from->value()) * 0.04 + 1.0;
        m_chart->xAxis->setRange(std::min(m_from->value(), m_currentEpoch) - pad,
                                 std::max(m_to->value(), m_currentEpoch) + pad);
        m_chart->yAxis->setRange(0.0, 1.0);
        m_chart->yAxis2->setRange(0.0, 1.0);
        QString message;
        if (!m_model) {
            message = tr("Open a cost model to sweep its epoch length.");
        } else if (m_job->isRunning()) {
            message =
                tr("Sweeping: the curves appear when every epoch length is done\n(Cancel "
                   "shows the ones done so far).");
        } else if (m_points.empty()) {
            message = tr("Press Run sweep: lips-online runs once per epoch length.");
        } else {
            message = tr("No epoch length gave a schedule:\n%1")
                          .arg(QString::fromStdString(m_points.front().result.message));
        }
        costchart::showMessage(m_chart, m_chart->axisRect(), message);
    } else {
        double lo = std::min(epochs.front(), m_currentEpoch);
        double hi = std::max(epochs.back(), m_currentEpoch);
        if (!m_asked.empty()) {  // gaps at either end stay in view
            lo = std::min(lo, *std::min_element(m_asked.begin(), m_asked.end()));
            hi = std::max(hi, *std::max_element(m_asked.begin(), m_asked.end()));
        }
        const double pad = std::max(1.0, (hi - lo) * 0.04);
        m_chart->xAxis->setRange(lo - pad, hi + pad);
        m_chart->yAxis->setRange(0.0, *std::max_element(costs.begin(), costs.end()) * 1.12);
        m_chart->yAxis2->setRange(0.0,
                                  *std::max_element(makespans.begin(), makespans.end()) * 1.12);
    }
    m_chart->replot(QCustomPlot::rpQueuedReplot);
}

}  // namespace mr::ui
