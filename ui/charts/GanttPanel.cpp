#include "charts/GanttPanel.h"

#include <QLabel>
#include <QSplitter>
#include <QVBoxLayout>

#include "charts/GanttPlot.h"
#include "run/RunController.h"

namespace mr::ui {

GanttPanel::GanttPanel(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_empty = new QLabel(tr("Check an algorithm on the left to see its slot timeline."), this);
    m_empty->setAlignment(Qt::AlignCenter);
    m_splitter = new QSplitter(Qt::Vertical, this);
    m_splitter->setChildrenCollapsible(false);
    layout->addWidget(m_empty);
    layout->addWidget(m_splitter, 1);
}

void GanttPanel::setResults(const std::shared_ptr<const RunSet>& results, bool workloadReplaced) {
    if (workloadReplaced) {
        m_userZoomed = false;
    }
    QStringList wanted;
    for (const auto& outcome : results->outcomes) {
        wanted << QString::fromStdString(outcome.id);
    }
    // Drop the charts of algorithms no longer checked (or now failing).
    for (const QString& id : m_plots.keys()) {
        if (!wanted.contains(id) || !results->find(id.toStdString())) {
            delete m_plots.take(id);
        }
    }
    for (const QString& id : m_errors.keys()) {
        delete m_errors.take(id);
    }
    int position = 0;
    for (const auto& outcome : results->outcomes) {
        const QString id = QString::fromStdString(outcome.id);
        if (!outcome.result) {
            auto* label = new QLabel(
                tr("<b>%1</b>: %2").arg(id, QString::fromStdString(outcome.error).toHtmlEscaped()));
            label->setWordWrap(true);
            label->setAlignment(Qt::AlignCenter);
            m_splitter->insertWidget(position++, label);
            m_errors.insert(id, label);
            continue;
        }
        GanttPlot* plot = m_plots.value(id);
        const bool created = plot == nullptr;
        if (created) {
            plot = new GanttPlot(m_splitter);
            m_plots.insert(id, plot);
            connect(plot->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this,
                    [this, plot] { syncRanges(plot); });
            connect(plot, &GanttPlot::userChangedRange, this, [this] { m_userZoomed = true; });
            connect(plot, &GanttPlot::jobClicked, this, [this, id](int job) {
                m_current = id;
                emit jobClicked(job);
            });
        }
        m_splitter->insertWidget(position++, plot);
        const Workload& shown = outcome.result->simulatedWorkload
                                    ? *outcome.result->simulatedWorkload
                                    : *results->workload;
        plot->setLabelsVisible(m_labels);
        plot->setRun(shown, *outcome.result, created || !m_userZoomed, results->colours);
        plot->setSelectedJob(m_selectedJob);
    }
    if (!m_userZoomed) {
        fitAll();
    } else if (!m_plots.isEmpty()) {
        syncRanges(m_plots.first());
    }
    m_empty->setVisible(results->outcomes.empty());
}

QList<GanttPlot*> GanttPanel::plots() const {
    QList<GanttPlot*> list;
    for (int i = 0; i < m_splitter->count(); ++i) {
        if (auto* plot = qobject_cast<GanttPlot*>(m_splitter->widget(i))) {
            list << plot;
        }
    }
    return list;
}

GanttPlot* GanttPanel::currentPlot() const {
    if (GanttPlot* p = m_plots.value(m_current)) {
        return p;
    }
    const auto list = plots();
    return list.isEmpty() ? nullptr : list.first();
}

QString GanttPanel::currentAlgorithm() const {
    GanttPlot* p = currentPlot();
    return p ? m_plots.key(p) : QString();
}

void GanttPanel::syncRanges(GanttPlot* source) {
    if (m_syncing) {
        return;
    }
    m_syncing = true;
    for (GanttPlot* plot : m_plots) {
        if (plot != source && plot->xAxis->range() != source->xAxis->range()) {
            plot->xAxis->setRange(source->xAxis->range());
            plot->replot(QCustomPlot::rpQueuedReplot);
        }
    }
    m_syncing = false;
}

void GanttPanel::fitAll() {
    double longest = 0.0;
    for (GanttPlot* plot : m_plots) {
        longest = std::max(longest, plot->makespan());
    }
    m_syncing = true;
    for (GanttPlot* plot : m_plots) {
        plot->fitAll();
        plot->xAxis->setRange(0.0, std::max(longest, 1e-9) * 1.03);  // one time axis for all
        plot->replot(QCustomPlot::rpQueuedReplot);
    }
    m_syncing = false;
    m_userZoomed = false;
}

void GanttPanel::setSelectedJob(int job) {
    m_selectedJob = job;
    for (GanttPlot* plot : m_plots) {
        plot->setSelectedJob(job);
    }
}

void GanttPanel::setStacked(bool stacked) {
    m_splitter->setOrientation(stacked ? Qt::Vertical : Qt::Horizontal);
}

bool GanttPanel::isStacked() const {
    return m_splitter->orientation() == Qt::Vertical;
}

void GanttPanel::setLabelsVisible(bool visible) {
    m_labels = visible;
    for (GanttPlot* plot : m_plots) {
        plot->setLabelsVisible(visible);
    }
}

}  // namespace mr::ui
