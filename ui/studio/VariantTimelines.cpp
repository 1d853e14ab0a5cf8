#include "studio/VariantTimelines.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>

#include "charts/GanttPanel.h"
#include "charts/GanttPlot.h"
#include "run/RunController.h"
#include "studio/VariantComparison.h"
#include "studio/VariantStore.h"

namespace mr::ui {

VariantTimelines::VariantTimelines(VariantStore* store, RunController* current, QWidget* parent)
    : QWidget(parent), m_store(store), m_runs(current) {
    setObjectName(QStringLiteral("variantTimelines"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* top = new QHBoxLayout;
    top->setContentsMargins(6, 0, 6, 0);
    top->addWidget(new QLabel(tr("Algorithm:"), this));
    m_algorithm = new QComboBox(this);
    m_algorithm->setObjectName(QStringLiteral("variantTimelineAlgorithm"));
    m_algorithm->setToolTip(tr("The algorithm whose schedule is shown for every variant"));
    top->addWidget(m_algorithm);
    top->addStretch(1);
    layout->addLayout(top);
    m_empty = new QLabel(tr("Keep the workload as a variant (Ctrl+K) and change it: each "
                            "variant's schedule appears here under the one before, on one time "
                            "axis."),
                         this);
    m_empty->setWordWrap(true);
    m_empty->setAlignment(Qt::AlignCenter);
    layout->addWidget(m_empty);
    // Charts share the height down to the timeline's minimum each, then scroll.
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* box = new QWidget(scroll);
    m_charts = new QVBoxLayout(box);
    m_charts->setContentsMargins(0, 0, 0, 0);
    scroll->setWidget(box);
    layout->addWidget(scroll, 1);

    connect(m_algorithm, &QComboBox::activated, this, [this] { refresh(); });
    connect(m_store, &VariantStore::variantsChanged, this, &VariantTimelines::refreshLater);
    connect(m_store, &VariantStore::resultsChanged, this, &VariantTimelines::refreshLater);
    connect(m_runs, &RunController::resultsReady, this, &VariantTimelines::refreshLater);
}

QString VariantTimelines::algorithm() const {
    return m_algorithm->currentText();
}

bool VariantTimelines::setAlgorithm(const QString& id) {
    rebuildChoices();
    if (m_algorithm->findText(id) < 0) {
        return false;
    }
    m_algorithm->setCurrentText(id);
    refresh();
    return true;
}

void VariantTimelines::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    refresh();
}

void VariantTimelines::refreshLater() {
    if (!isVisible() || m_refreshQueued) {
        return;  // drawn when shown
    }
    m_refreshQueued = true;
    QTimer::singleShot(0, this, [this] {
        m_refreshQueued = false;
        refresh();
    });
}

void VariantTimelines::rebuildChoices() {
    // Every algorithm some variant (or the workload being edited) runs, in first-seen order.
    QStringList ids = m_runs->algorithms();
    for (int i = 0; i < m_store->count(); ++i) {
        for (const std::string& id : m_store->variant(i).algorithms) {
            if (!ids.contains(QString::fromStdString(id))) {
                ids << QString::fromStdString(id);
            }
        }
    }
    const QString wanted = m_algorithm->currentText();
    m_algorithm->clear();
    m_algorithm->addItems(ids);
    if (ids.contains(wanted)) {
        m_algorithm->setCurrentText(wanted);
    }
}

void VariantTimelines::refresh() {
    rebuildChoices();
    for (GanttPlot* plot : m_plots) {
        plot->deleteLater();
    }
    m_plots.clear();
    m_names.clear();
    const std::string id = m_algorithm->currentText().toStdString();
    const auto add = [&](const QString& name, const std::shared_ptr<const RunSet>& set) {
        const AlgorithmRun* run = set ? set->outcome(id) : nullptr;
        if (!run || !run->result) {
            return;
        }
        auto* plot = new GanttPlot(this);
        plot->setMinimumHeight(GanttPanel::kMinAreaHeight);
        plot->setTitlePrefix(name + QStringLiteral(": "));
        const Workload& w =
            run->result->simulatedWorkload ? *run->result->simulatedWorkload : *set->workload;
        plot->setRun(w, run->result, true, set->colours);
        connect(plot->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this,
                [this, plot] { syncRanges(plot); });
        m_charts->addWidget(plot, 1);
        m_plots << plot;
        m_names << name;
    };
    if (m_store->count() > 0) {
        add(VariantComparison::currentName(), m_runs->latest());
        for (int i = 0; i < m_store->count(); ++i) {
            add(QString::fromStdString(m_store->variant(i).name), m_store->results(i));
        }
    }
    m_empty->setVisible(m_plots.isEmpty());
    // One time axis: from 0 to the latest end of them all.
    double end = 1e-9;
    for (GanttPlot* plot : m_plots) {
        end = std::max(end, plot->timeLimit());
    }
    m_syncing = true;
    for (GanttPlot* plot : m_plots) {
        plot->xAxis->setRange(0.0, end);
        plot->replot(QCustomPlot::rpQueuedReplot);
    }
    m_syncing = false;
}

void VariantTimelines::syncRanges(GanttPlot* source) {
    if (m_syncing) {
        return;
    }
    m_syncing = true;
    for (GanttPlot* plot : m_plots) {
        if (plot != source) {
            plot->xAxis->setRange(source->xAxis->range());
            plot->replot(QCustomPlot::rpQueuedReplot);
        }
    }
    m_syncing = false;
}

}  // namespace mr::ui
