#include "teach/OrderExercise.h"

#include <qcustomplot.h>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QShortcut>
#include <QVBoxLayout>

#include "charts/AxisFormat.h"
#include "charts/TimeText.h"
#include "model/Numbers.h"
#include "run/BackgroundJob.h"
#include "run/RunController.h"
#include "schedulers/Optimal.h"

namespace mr::ui {

namespace {

constexpr int kMaxExerciseJobs = 60;

QString t(double seconds) {
    return timeText(seconds);
}

std::vector<std::string> toStd(const QStringList& names) {
    std::vector<std::string> out;
    for (const QString& n : names) {
        out.push_back(n.toStdString());
    }
    return out;
}

QString joined(const std::vector<std::string>& names) {
    QStringList out;
    for (const std::string& n : names) {
        out << QString::fromStdString(n);
    }
    return out.join(QLatin1Char(' '));
}

}  // namespace

OrderExercise::OrderExercise(QWidget* parent)
    : TeachLesson(parent),
      m_benchJob(new BackgroundJob(this)),
      m_scoreJob(new BackgroundJob(this)) {
    setObjectName(QStringLiteral("orderExercise"));
    auto* layout = new QVBoxLayout(this);
    m_explain = createExplanation();
    layout->addWidget(m_explain);

    auto* row = new QHBoxLayout;
    auto* left = new QVBoxLayout;
    left->addWidget(new QLabel(tr("<b>Your order</b> (drag, or Ctrl+↑ / Ctrl+↓):"), this));
    m_list = new QListWidget(this);
    m_list->setObjectName(QStringLiteral("exerciseOrder"));
    m_list->setDragDropMode(QAbstractItemView::InternalMove);
    m_list->setDefaultDropAction(Qt::MoveAction);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->setToolTip(tr("The order the jobs get the slots in: drag a job up or down"));
    left->addWidget(m_list, 1);
    auto* reset = new QPushButton(tr("Back to the file order"), this);
    left->addWidget(reset);
    row->addLayout(left, 1);
    m_chart = new QCustomPlot(this);
    m_chart->setMinimumHeight(180);
    m_chart->setFocusPolicy(Qt::NoFocus);
    m_chart->xAxis->setLabel(tr("makespan (s)"));
    usePlainNumbers(m_chart->xAxis);
    m_chart->yAxis->setRangeReversed(true);
    row->addWidget(m_chart, 3);
    layout->addLayout(row, 1);

    connect(m_list->model(), &QAbstractItemModel::rowsMoved, this, [this] { score(); });
    connect(reset, &QPushButton::clicked, this, [this] {
        fillList();
        score();
    });
    const auto key = [this](QKeyCombination combination, int by) {
        auto* shortcut = new QShortcut(QKeySequence(combination), this);
        shortcut->setContext(Qt::WidgetWithChildrenShortcut);
        connect(shortcut, &QShortcut::activated, this, [this, by] { moveSelected(by); });
    };
    key(Qt::CTRL | Qt::Key_Up, -1);
    key(Qt::CTRL | Qt::Key_Down, 1);
    refresh();
}

void OrderExercise::setResults(const std::shared_ptr<const RunSet>& results) {
    const bool sameInput = m_results && results && *m_results->workload == *results->workload &&
                           m_results->options.estimator == results->options.estimator;
    m_results = results;
    if (sameInput) {
        return;
    }
    m_benchmarks.reset();
    m_makespan.reset();
    fillList();
    const Workload& w = *results->workload;
    if (w.jobCount() > kMaxExerciseJobs) {
        m_benchJob->discard();
        m_scoreJob->discard();
        refresh();
        return;
    }
    RunOptions options;
    options.estimator = results->options.estimator;
    std::shared_ptr<const Workload> workload = results->workload;
    m_benchJob->start<OrderBenchmarks>(
        [workload, options](const CancelFlag& cancel) {
            RunOptions o = options;
            o.cancel = &cancel;
            return orderBenchmarks(*workload, o);
        },
        [this](OrderBenchmarks b) {
            m_benchmarks = std::move(b);
            refresh();
        });
    score();
}

void OrderExercise::fillList() {
    m_list->clear();
    if (!m_results) {
        return;
    }
    const Workload& w = *m_results->workload;
    if (w.jobCount() > kMaxExerciseJobs) {
        return;
    }
    for (int j = 0; j < w.jobCount(); ++j) {
        auto* item = new QListWidgetItem(
            QString::fromStdString(w.jobs[static_cast<std::size_t>(j)].name), m_list);
        item->setData(Qt::DecorationRole, m_results->colours.base(j));
    }
}

QStringList OrderExercise::order() const {
    QStringList names;
    for (int i = 0; i < m_list->count(); ++i) {
        names << m_list->item(i)->text();
    }
    return names;
}

bool OrderExercise::setOrder(const QStringList& names) {
    QStringList current = order();
    QStringList sorted = names;
    current.sort();
    sorted.sort();
    if (current != sorted) {
        return false;  // every job once
    }
    for (int i = 0; i < names.size(); ++i) {
        const QList<QListWidgetItem*> found = m_list->findItems(names[i], Qt::MatchExactly);
        const int from = m_list->row(found.front());
        if (from != i) {
            m_list->insertItem(i, m_list->takeItem(from));
        }
    }
    score();
    return true;
}

void OrderExercise::moveSelected(int by) {
    const int from = m_list->currentRow();
    const int to = from + by;
    if (from < 0 || to < 0 || to >= m_list->count()) {
        return;
    }
    m_list->insertItem(to, m_list->takeItem(from));
    m_list->setCurrentRow(to);
    score();
}

void OrderExercise::score() {
    if (!m_results || m_results->workload->jobCount() > kMaxExerciseJobs) {
        return;
    }
    const QStringList names = order();
    m_makespan.reset();
    RunOptions options;
    options.estimator = m_results->options.estimator;
    options.recordTasks = false;
    std::shared_ptr<const Workload> workload = m_results->workload;
    const std::vector<std::string> wanted = toStd(names);
    m_scoreJob->start<double>(
        [workload, options, wanted](const CancelFlag& cancel) {
            RunOptions o = options;
            o.cancel = &cancel;
            return runOrderExercise(*workload, wanted, o).makespan();
        },
        [this, names](double makespan) {
            m_makespan = makespan;
            m_scored = names;
            refresh();
        });
    refresh();
}

void OrderExercise::waitForScores() {
    m_benchJob->waitForIdle();
    m_scoreJob->waitForIdle();
}

QString OrderExercise::title() const {
    return tr("Exercise: your order against Johnson's and the best");
}

QString OrderExercise::explanation() const {
    return m_explain->text();
}

void OrderExercise::refresh() {
    if (!m_results) {
        m_explain->setText(tr("Open or edit a workload to try your own order."));
        return;
    }
    const int jobs = m_results->workload->jobCount();
    if (jobs > kMaxExerciseJobs) {
        m_explain->setText(tr("The exercise takes up to %1 jobs; this batch has %2.")
                               .arg(kMaxExerciseJobs)
                               .arg(jobs));
        m_chart->clearPlottables();
        m_chart->replot(QCustomPlot::rpQueuedReplot);
        return;
    }
    QString text = tr("<b>Your order.</b> Put the jobs in the order they get the slots (the "
                      "<i>manual</i> algorithm, as <tt>mrsim run --algorithm manual --order "
                      "%1</tt>): ")
                       .arg(order().join(QLatin1Char(',')).toHtmlEscaped());
    text += m_makespan ? tr("it ends at <b>%1 s</b>.").arg(t(*m_makespan)) : tr("simulating…");
    if (m_benchmarks) {
        const OrderBenchmarks& b = *m_benchmarks;
        text += tr(" Johnson's order (%1) ends at %2 s").arg(joined(b.johnsonOrder), t(b.johnson));
        text +=
            b.optimal
                ? tr("; the best order (%1) at %2 s").arg(joined(b.optimalOrder), t(*b.optimal))
                : tr("; the best order is searched for up to %1 jobs only").arg(kOptimalMaxJobs);
        text += tr("; no order can end before the lower bound, %1 s.").arg(t(b.lowerBound));
        if (m_makespan && b.optimal) {
            const double above = *m_makespan - *b.optimal;
            text += above <= 1e-9 * std::max(1.0, *b.optimal)
                        ? tr(" <b>Yours is one of the best.</b>")
                        : tr(" Yours is %1 s (%2 %) above the best.")
                              .arg(t(above))
                              .arg(above / *b.optimal * 100.0, 0, 'f', 1);
        }
    } else {
        text += tr(" Computing Johnson's order, the best order and the lower bound…");
    }
    m_explain->setText(text);

    // One bar each: yours, Johnson's, the best, the lower bound.
    m_chart->clearPlottables();
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    auto* bars = new QCPBars(m_chart->yAxis, m_chart->xAxis);
    bars->setBrush(QColor(68, 119, 170));
    bars->setPen(QPen(QColor(40, 80, 120)));
    bars->setWidth(0.6);
    double top = 0.0;
    const auto add = [&](int at, const QString& label, std::optional<double> value) {
        ticker->addTick(at, label);
        if (value) {
            bars->addData(at, *value);
            top = std::max(top, *value);
        }
    };
    add(1, tr("your order"), m_makespan);
    add(2, tr("Johnson"),
        m_benchmarks ? std::optional<double>(m_benchmarks->johnson) : std::nullopt);
    add(3, tr("best (optimal)"), m_benchmarks ? m_benchmarks->optimal : std::nullopt);
    add(4, tr("lower bound"),
        m_benchmarks ? std::optional<double>(m_benchmarks->lowerBound) : std::nullopt);
    m_chart->yAxis->setTicker(ticker);
    m_chart->yAxis->setRange(0.4, 4.6);
    m_chart->xAxis->setRange(0, std::max(top, 1e-9) * 1.1);
    m_chart->replot(QCustomPlot::rpQueuedReplot);
}

}  // namespace mr::ui
