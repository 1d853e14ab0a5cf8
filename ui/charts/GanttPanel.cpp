#include "charts/GanttPanel.h"

#include <QApplication>
#include <QBoxLayout>
#include <QFrame>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QTimer>

#include "charts/ChartLayout.h"
#include "charts/ElidedLabel.h"
#include "charts/GanttPlot.h"
#include "charts/UsageStrip.h"
#include "run/RunController.h"

namespace mr::ui {

namespace {

using State = AlgorithmRun::State;

double secondsSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

// One algorithm's place in the panel: a status strip (what it is doing, a busy bar, Cancel or
// Run again) over the top of its chart, or of a placeholder saying why there is none. The strip
// lies over the chart's title row, which is as high as the strip whether the strip shows or not:
// the title row and the strip take turns in the same pixels, so a finished chart carries no
// blank row, and a run ending (the strip hidden) moves and resizes nothing. The strip never
// covers the plot area, its axes, the makespan label or the legend; it names the algorithm
// itself, and its text is shortened to the room beside the bar and the buttons.
class GanttPanel::ChartArea : public QFrame {
public:
    ChartArea(const QString& id, GanttPanel* panel) : QFrame(panel->m_container), m_id(id) {
        setFrameShape(QFrame::NoFrame);
        auto* layout = new QVBoxLayout(this);
        layout->setContentsMargins(0, 0, 0, 2);
        layout->setSpacing(0);
        m_placeholder = new QLabel(this);
        m_placeholder->setAlignment(Qt::AlignCenter);
        m_placeholder->setWordWrap(true);
        m_placeholder->setTextFormat(Qt::PlainText);
        m_placeholder->setMinimumHeight(60);
        m_placeholder->setStyleSheet(
            QStringLiteral("QLabel { background: #f4f4f4; color: #505050; }"));
        layout->addWidget(m_placeholder, 1);
        buildStrip(panel);  // over the layout, not in it
    }

    void buildStrip(GanttPanel* panel) {
        m_strip = new QFrame(this);
        m_strip->setAutoFillBackground(true);  // hides the title row it lies over
        auto* strip = new QHBoxLayout(m_strip);
        strip->setContentsMargins(6, 1, 2, 1);
        m_state = new ElidedLabel(m_strip);
        m_bar = new QProgressBar(m_strip);
        m_bar->setRange(0, 0);  // busy, until the algorithm says how far it is (refresh)
        m_bar->setMaximumWidth(120);
        m_bar->setMaximumHeight(12);
        m_bar->setTextVisible(false);
        m_cancel = new QPushButton(tr("Cancel"), m_strip);
        m_cancel->setToolTip(tr("Stop this algorithm; the others go on"));
        m_rerun = new QPushButton(tr("Run again"), m_strip);
        strip->addWidget(m_state, 1);
        strip->addWidget(m_bar, 0);
        strip->addWidget(m_cancel);
        strip->addWidget(m_rerun);
        connect(m_cancel, &QPushButton::clicked, panel,
                [panel, id = m_id] { emit panel->cancelRequested(id); });
        connect(m_rerun, &QPushButton::clicked, panel,
                [panel, id = m_id] { emit panel->rerunRequested(id); });
        fitStripHeight();
    }

    // The strip is as tall as its buttons whichever show, and so are the chart's title row and
    // the room above the placeholder's text: a button shown or hidden never moves anything.
    void fitStripHeight() {
        const int buttons = std::max(m_cancel->sizeHint().height(), m_rerun->sizeHint().height());
        m_stripHeight = buttons + m_strip->layout()->contentsMargins().top() +
                        m_strip->layout()->contentsMargins().bottom();
        m_placeholder->setContentsMargins(0, m_stripHeight, 0, 0);
        if (m_plot) {
            m_plot->setTitleRowHeight(m_stripHeight);
        }
        placeStrip();
    }

    // Over the chart's title row exactly (the title's font may make it higher than the strip).
    void placeStrip() {
        const int title = m_plot && !m_plot->isHidden() ? m_plot->titleRect().height() : 0;
        m_strip->setGeometry(0, 0, width(), std::max(m_stripHeight, title));
        m_strip->raise();
    }

    void resizeEvent(QResizeEvent* event) override {
        QFrame::resizeEvent(event);
        placeStrip();
    }

    void changeEvent(QEvent* event) override {
        QFrame::changeEvent(event);
        if (event->type() == QEvent::FontChange) {
            fitStripHeight();  // the presentation zoom
        }
    }

    const QString& id() const { return m_id; }

    // How far the running algorithm says it is (0 to 1), or negative when it does not say.
    double fraction() const {
        return m_run.state == State::Running && m_run.progress ? m_run.progress->fraction() : -1.0;
    }

    QRect stripGeometry() const { return m_strip->isVisible() ? m_strip->geometry() : QRect(); }
    // The plot whatever its visibility (visibility needs a shown window).
    GanttPlot* currentPlot() const { return m_current ? m_plot : nullptr; }
    bool running() const { return m_run.state == State::Running; }
    // The chart is a running search's best plan so far, not its answer.
    bool showsBest() const {
        return m_run.state == State::Running && m_run.best && m_shown == m_run.best;
    }
    bool upToDate() const { return m_run.state == State::Done || showsBest(); }

    void invalidate() { m_shown.reset(); }

    void dropChart(QSet<GanttPlot*>& unseen) {
        unseen.remove(m_plot);
        delete m_plot;
        m_plot = nullptr;
        m_shown.reset();
        m_workload.reset();
        m_current = false;
    }

    // Returns whether the chart changed (a new result drawn).
    bool update(const AlgorithmRun& run, const std::shared_ptr<const Workload>& workload,
                const JobColours& colours, GanttPanel* panel, bool fit) {
        m_run = run;
        bool changed = false;
        // A search's best plan so far is drawn while it runs; its answer replaces it.
        const std::shared_ptr<const RunResult>& drawn =
            run.state == State::Done ? run.result : run.best;
        if ((run.state == State::Done || run.state == State::Running) && drawn &&
            drawn != m_shown) {
            const bool created = m_plot == nullptr;
            if (created) {
                m_plot = panel->createPlot(m_id);
                m_plot->setTitleRowHeight(m_stripHeight);
                connect(m_plot, &QCustomPlot::afterLayout, this, [this] { placeStrip(); });
                static_cast<QVBoxLayout*>(layout())->insertWidget(1, m_plot, 1);
                m_strip->raise();
            }
            m_shown = drawn;
            m_workload = drawn->simulatedWorkload ? drawn->simulatedWorkload : workload;
            m_plot->setLabelsVisible(panel->m_labels);
            m_plot->setUsageVisible(panel->m_usage);
            m_plot->setRun(*m_workload, m_shown, created || fit, colours,  // shared, never copied
                           run.state == State::Done ? run.timeline : run.bestTimeline);
            m_plot->setSelectedJob(panel->m_selectedJob);
            panel->m_unseen.remove(m_plot);  // setRun redraws it
            changed = true;
        }
        // A chart is current when done; while (re)computing the previous one stays, marked.
        m_current = run.state == State::Done ||
                    ((run.state == State::Pending || run.state == State::Running) && m_plot);
        if (run.state == State::Failed || run.state == State::Cancelled) {
            m_current = false;
        }
        refresh();
        return changed;
    }

    QString status() const {
        switch (m_run.state) {
            case State::Pending:
                return m_plot ? tr("%1: waiting to update (the chart shows the previous result)")
                                    .arg(m_id)
                              : tr("%1: waiting for a free core…").arg(m_id);
            case State::Running: {
                const double seconds = secondsSince(m_run.started);
                const double done = fraction();
                const QString left = remainingText(done, seconds);
                if (showsBest()) {
                    return tr("%1: best so far, %2 searched… %3 (the exact answer replaces it)")
                        .arg(m_id, percentText(std::max(0.0, done)),
                             left.isEmpty() ? elapsedText(seconds)
                                            : elapsedText(seconds) + QStringLiteral(", ") + left);
                }
                QString took = elapsedText(seconds);
                if (done >= 0.0) {
                    took = tr("%1, %2 done").arg(took, percentText(done));
                }
                if (!left.isEmpty()) {
                    took += QStringLiteral(", ") + left;
                }
                return m_plot ? tr("%1: updating… %2 (the chart shows the previous result)")
                                    .arg(m_id, took)
                              : tr("%1: computing… %2").arg(m_id, took);
            }
            case State::Failed:  // why: in the placeholder below, wrapped, never cut off
                return tr("%1 could not run").arg(m_id);
            case State::Cancelled:
                return tr("%1: cancelled.").arg(m_id);
            case State::Done:
                break;
        }
        return {};
    }

    void refresh() {
        const bool busy = m_run.state == State::Pending || m_run.state == State::Running;
        const bool showPlot = m_plot && m_current;
        m_strip->setVisible(m_run.state != State::Done);
        m_state->setFullText(status());
        m_state->setStyleSheet(m_run.state == State::Failed ? QStringLiteral("color: #a01010;")
                                                            : QString());
        m_state->setPlainToolTip(m_run.state == State::Failed ? QString::fromStdString(m_run.error)
                                                              : QString());
        m_bar->setVisible(busy);
        // A search that counts its steps fills the bar; the others keep it busy.
        if (const double done = fraction(); busy && done >= 0.0) {
            m_bar->setRange(0, 1000);
            m_bar->setValue(static_cast<int>(done * 1000.0));
        } else {
            m_bar->setRange(0, 0);
        }
        m_cancel->setVisible(busy);
        // A run that could not run on this input fails the same way again: only an edit (or
        // another algorithm) helps, so only a cancelled run offers to run again.
        m_rerun->setVisible(m_run.state == State::Cancelled);
        if (m_plot) {
            m_plot->setVisible(showPlot);
        }
        m_placeholder->setVisible(!showPlot);
        placeStrip();
        m_placeholder->setText(m_run.state == State::Failed ? QString::fromStdString(m_run.error)
                               : m_run.state == State::Cancelled ? tr("Cancelled: no chart.")
                                                                 : tr("Computing %1…").arg(m_id));
    }

private:
    QString m_id;
    QFrame* m_strip;
    ElidedLabel* m_state;
    QProgressBar* m_bar;
    QPushButton* m_cancel;
    QPushButton* m_rerun;
    QLabel* m_placeholder;
    int m_stripHeight = 0;
    GanttPlot* m_plot = nullptr;
    bool m_current = false;
    std::shared_ptr<const RunResult> m_shown;
    std::shared_ptr<const Workload> m_workload;
    AlgorithmRun m_run;
};

GanttPanel::GanttPanel(QWidget* parent) : QWidget(parent), m_clock(new QTimer(this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_empty = new QLabel(tr("Check an algorithm on the left to see its slot timeline."), this);
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setVisible(false);
    m_scroll = new QScrollArea(this);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setWidgetResizable(true);
    m_container = new QWidget(m_scroll);
    m_areas = new QBoxLayout(QBoxLayout::TopToBottom, m_container);
    m_areas->setContentsMargins(0, 0, 0, 0);
    m_areas->setSpacing(4);
    m_scroll->setWidget(m_container);
    layout->addWidget(m_empty);
    layout->addWidget(m_scroll, 1);
    for (QScrollBar* bar : {m_scroll->verticalScrollBar(), m_scroll->horizontalScrollBar()}) {
        connect(bar, &QScrollBar::valueChanged, this, &GanttPanel::replotNewlySeen);
    }
    m_clock->setInterval(200);
    connect(m_clock, &QTimer::timeout, this, &GanttPanel::updateRunningLabels);
}

GanttPanel::~GanttPanel() = default;

GanttPlot* GanttPanel::createPlot(const QString& id) {
    auto* plot = new GanttPlot(m_container);
    // Never squeezed below a readable height (ChartLayout.h, the rule exports follow too): its
    // area keeps room for it and the panel scrolls.
    keepReadable(plot);
    plot->usage()->setStepsAside(false);  // counted in that height: under every chart, always
    connect(plot, &QCustomPlot::afterLayout, this, &GanttPanel::applySizing);
    connect(plot->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this,
            [this, plot] { syncRanges(plot); });
    connect(plot, &GanttPlot::userChangedRange, this, [this] {
        m_userZoomed = true;
        m_wantedRange.reset();
        m_wantedSlots.reset();
    });
    connect(plot, &GanttPlot::jobClicked, this, [this, id](int job) {
        m_current = id;
        emit jobClicked(job);
    });
    connect(plot, &GanttPlot::slotTimeClicked, this, &GanttPanel::slotTimeClicked);
    return plot;
}

GanttPanel::ChartArea* GanttPanel::area(const QString& algorithm) const {
    for (ChartArea* a : m_order) {
        if (a->id() == algorithm) {
            return a;
        }
    }
    return nullptr;
}

void GanttPanel::setResults(const std::shared_ptr<const RunSet>& results, bool workloadReplaced) {
    if (workloadReplaced) {
        // A range asked for before this workload's charts (a session) outlives the replacement
        // that brought them; once applied, the next workload fits again.
        if (m_wantedApplied) {
            m_wantedRange.reset();
            m_wantedSlots.reset();
        }
        m_userZoomed = m_wantedRange.has_value() || m_wantedSlots.has_value();
        for (ChartArea* a : m_order) {
            a->dropChart(m_unseen);  // another workload's chart must not stay a moment longer
        }
    }
    QList<ChartArea*> order;
    for (const auto& outcome : results->outcomes) {
        ChartArea* a = area(QString::fromStdString(outcome.id));
        if (a == nullptr) {
            a = new ChartArea(QString::fromStdString(outcome.id), this);
        }
        order << a;
    }
    for (ChartArea* a : m_order) {
        if (!order.contains(a)) {
            a->dropChart(m_unseen);
            delete a;  // no longer checked
        }
    }
    m_order = order;
    bool changed = false;
    // A chart's own fit while it takes its result must not move (and redraw) the others: the
    // common axis is set once, below.
    m_syncing = true;
    for (int i = 0; i < m_order.size(); ++i) {
        ChartArea* a = m_order[i];
        m_areas->insertWidget(i, a, 1);
        changed |= a->update(results->outcomes[static_cast<std::size_t>(i)], results->workload,
                             results->colours, this, !m_userZoomed);
    }
    m_syncing = false;
    if (changed) {
        if (m_wantedRange || m_wantedSlots) {
            applyWantedRange();
        } else if (!m_userZoomed) {
            fitCharts(true);  // a result came in: the charts still updating wait for theirs
        } else if (GanttPlot* first = currentPlot()) {
            syncRanges(first);
        }
    }
    m_empty->setVisible(results->outcomes.empty());
    m_scroll->setVisible(!results->outcomes.empty());
    const bool running = std::any_of(m_order.begin(), m_order.end(),
                                     [](const ChartArea* a) { return a->running(); });
    if (running && !m_clock->isActive()) {
        m_clock->start();
    } else if (!running) {
        m_clock->stop();
    }
    applySizing();
}

void GanttPanel::updateRunningLabels() {
    for (ChartArea* a : m_order) {
        if (a->running()) {
            a->refresh();
        }
    }
}

QRect GanttPanel::areaStripGeometry(const QString& algorithm) const {
    ChartArea* a = area(algorithm);
    return a ? a->stripGeometry() : QRect();
}

QString GanttPanel::areaStatus(const QString& algorithm) const {
    ChartArea* a = area(algorithm);
    return a ? a->status() : QString();
}

QList<GanttPlot*> GanttPanel::plots() const {
    QList<GanttPlot*> list;
    for (ChartArea* a : m_order) {
        if (GanttPlot* p = a->currentPlot()) {
            list << p;
        }
    }
    return list;
}

GanttPlot* GanttPanel::plot(const QString& algorithm) const {
    ChartArea* a = area(algorithm);
    return a ? a->currentPlot() : nullptr;
}

GanttPlot* GanttPanel::currentPlot() const {
    if (GanttPlot* p = plot(m_current)) {
        return p;
    }
    const auto list = plots();
    return list.isEmpty() ? nullptr : list.first();
}

void GanttPanel::setCurrentAlgorithm(const QString& algorithm) {
    m_current = algorithm;
}

QString GanttPanel::currentAlgorithm() const {
    GanttPlot* p = currentPlot();
    for (ChartArea* a : m_order) {
        if (a->currentPlot() == p && p != nullptr) {
            return a->id();
        }
    }
    return {};
}

void GanttPanel::syncRanges(GanttPlot* source) {
    if (m_syncing) {
        return;
    }
    m_syncing = true;
    for (GanttPlot* plot : plots()) {
        if (plot != source && plot->xAxis->range() != source->xAxis->range()) {
            plot->xAxis->setRange(source->xAxis->range());
            replotIfSeen(plot);
        }
    }
    m_syncing = false;
}

std::optional<std::pair<double, double>> GanttPanel::timeRange() const {
    if (m_wantedRange) {
        return m_wantedRange;
    }
    GanttPlot* plot = currentPlot();
    if (!m_userZoomed || plot == nullptr) {
        return std::nullopt;
    }
    return std::pair{plot->xAxis->range().lower, plot->xAxis->range().upper};
}

void GanttPanel::setTimeRange(double from, double to) {
    m_wantedRange = std::pair{from, to};
    m_wantedApplied = false;
    m_userZoomed = true;
    applyWantedRange();
}

std::optional<std::pair<double, double>> GanttPanel::slotRange() const {
    if (m_wantedSlots) {
        return m_wantedSlots;
    }
    GanttPlot* plot = currentPlot();
    if (!m_userZoomed || plot == nullptr) {
        return std::nullopt;
    }
    const QCPRange now = plot->yAxis->range();
    const QCPRange all = plot->fullSlotRange();
    if (qFuzzyCompare(now.lower + 1.0, all.lower + 1.0) && qFuzzyCompare(now.upper, all.upper)) {
        return std::nullopt;  // every slot shown: nothing to keep
    }
    return std::pair{now.lower, now.upper};
}

void GanttPanel::setSlotRange(double from, double to) {
    m_wantedSlots = std::pair{from, to};
    m_wantedApplied = false;
    m_userZoomed = true;
    applyWantedRange();
}

void GanttPanel::applyWantedRange() {
    const QList<GanttPlot*> list = plots();
    m_syncing = true;
    for (GanttPlot* plot : list) {
        if (m_wantedRange) {
            plot->xAxis->setRange(m_wantedRange->first, m_wantedRange->second);
        }
        if (m_wantedSlots) {
            plot->yAxis->setRange(m_wantedSlots->first, m_wantedSlots->second);
        }
        plot->replot(QCustomPlot::rpQueuedReplot);
    }
    m_syncing = false;
    m_wantedApplied = m_wantedApplied || !list.isEmpty();
}

void GanttPanel::fitAll() {
    m_wantedRange.reset();
    m_wantedSlots.reset();
    fitCharts(false);
}

void GanttPanel::fitCharts(bool onlyCurrent) {
    const QList<GanttPlot*> list = plots();
    double longest = 0.0;
    for (GanttPlot* plot : list) {
        longest = std::max(longest, plot->makespan());
    }
    m_syncing = true;
    for (ChartArea* a : m_order) {
        GanttPlot* plot = a->currentPlot();
        if (plot == nullptr) {
            continue;
        }
        plot->fitAll();
        plot->xAxis->setRange(0.0, std::max(longest, 1e-9) * 1.03);  // one time axis for all
        if (onlyCurrent && !a->upToDate()) {
            m_unseen.insert(plot);  // redrawn with its own new result, not before
        } else {
            replotIfSeen(plot);
        }
    }
    m_syncing = false;
    m_userZoomed = false;
}

void GanttPanel::replotIfSeen(GanttPlot* plot) {
    // A chart scrolled out of sight (or on a hidden tab) is drawn when it comes into view:
    // with fourteen charts of a day's batch, redrawing all of them on every result would cost
    // more than the run. Exports draw afresh and do not need it.
    if (plot->visibleRegion().isEmpty()) {
        m_unseen.insert(plot);
    } else {
        m_unseen.remove(plot);
        plot->replot(QCustomPlot::rpQueuedReplot);
    }
}

void GanttPanel::replotNewlySeen() {
    for (GanttPlot* plot : plots()) {
        if (m_unseen.contains(plot) && !plot->visibleRegion().isEmpty()) {
            m_unseen.remove(plot);
            plot->replot(QCustomPlot::rpQueuedReplot);
        }
    }
}

void GanttPanel::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) {
        applySizing();  // the presentation zoom changed the font
    }
}

void GanttPanel::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    QTimer::singleShot(0, this, &GanttPanel::replotNewlySeen);  // once laid out
}

void GanttPanel::invalidate() {
    for (ChartArea* a : m_order) {
        a->invalidate();
    }
}

void GanttPanel::setSelectedJob(int job) {
    m_selectedJob = job;
    for (GanttPlot* plot : plots()) {
        plot->setSelectedJob(job);
    }
}

void GanttPanel::setStacked(bool stacked) {
    m_areas->setDirection(stacked ? QBoxLayout::TopToBottom : QBoxLayout::LeftToRight);
    applySizing();
}

bool GanttPanel::isStacked() const {
    return m_areas->direction() == QBoxLayout::TopToBottom;
}

void GanttPanel::setLabelsVisible(bool visible) {
    m_labels = visible;
    for (GanttPlot* plot : plots()) {
        plot->setLabelsVisible(visible);
    }
}

void GanttPanel::setUsageVisible(bool visible) {
    m_usage = visible;
    for (GanttPlot* plot : plots()) {
        plot->setUsageVisible(visible);
    }
    applySizing();
}

void GanttPanel::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    applySizing();
    QTimer::singleShot(0, this, &GanttPanel::replotNewlySeen);  // charts now in view
}

void GanttPanel::applySizing() {
    // The areas share the viewport; below their minimum the container grows and scrolls. Only
    // minimums are set, never a size hint that would make the window grow.
    const bool stacked = isStacked();
    // Presenting at a zoom (qApp's "mrxZoom", studio/PresentationMode.h): larger areas, so the
    // charts scroll rather than squeeze.
    const QVariant property = qApp->property("mrxZoom");
    const double zoom = property.isValid() ? std::max(1.0, property.toDouble()) : 1.0;
    const int width = static_cast<int>(kMinAreaWidth * zoom);
    for (ChartArea* a : m_order) {
        const int height = static_cast<int>(areaHeightFor(a->currentPlot()) * zoom);
        a->setMinimumSize(stacked ? 0 : width, height);
    }
    m_scroll->setHorizontalScrollBarPolicy(stacked ? Qt::ScrollBarAlwaysOff
                                                   : Qt::ScrollBarAsNeeded);
    m_scroll->setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
}

int GanttPanel::areaHeightFor(const GanttPlot* plot) const {
    // The area's own margin under its chart (ChartArea's layout) comes on top of the chart's.
    return std::max(kMinAreaHeight, plot ? plot->minimumHeight() + 2 : 0);
}

}  // namespace mr::ui
