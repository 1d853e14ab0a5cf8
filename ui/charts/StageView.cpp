#include "charts/StageView.h"

#include <qcustomplot.h>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include "charts/ChartLayout.h"
#include "charts/StageCharts.h"
#include "run/RunController.h"

namespace mr::ui {

StageView::StageView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    auto* bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Order of"), this));
    m_algorithm = new QComboBox(this);
    bar->addWidget(m_algorithm);
    m_note = new QLabel(this);
    m_note->setWordWrap(true);
    bar->addWidget(m_note, 1);
    layout->addLayout(bar);
    m_shown = new StageCharts(this);
    for (QCustomPlot* plot : m_shown->plots()) {
        keepReadable(plot);  // the tab scrolls rather than squeeze them
        layout->addWidget(plot, 1);
    }
    connect(m_algorithm, &QComboBox::currentIndexChanged, this, [this] { redraw(); });
}

QList<QCustomPlot*> StageView::plots() const {
    return m_shown->plots();
}

QString StageView::algorithm() const {
    return m_algorithm->currentText();
}

QStringList StageView::algorithms() const {
    QStringList ids;
    for (int i = 0; i < m_algorithm->count(); ++i) {
        ids << m_algorithm->itemText(i);
    }
    return ids;
}

QString StageView::note() const {
    return m_note->text();
}

int StageView::bandCount() const {
    return m_shown->bandCount();
}

BlocksPlottable* StageView::modelBlocks() const {
    return m_shown->modelBlocks();
}

BlocksPlottable* StageView::simulatedBlocks() const {
    return m_shown->simulatedBlocks();
}

void StageView::setAlgorithm(const QString& id) {
    const int index = m_algorithm->findText(id);
    if (index >= 0) {
        m_algorithm->setCurrentIndex(index);
    }
}

void StageView::setResults(const std::shared_ptr<const RunSet>& results) {
    m_results = results;
    const QString previous = m_algorithm->currentText();
    const QSignalBlocker block(m_algorithm);
    m_algorithm->clear();
    for (const auto& o : results->outcomes) {
        if (o.result) {
            m_algorithm->addItem(QString::fromStdString(o.id));
        }
    }
    const int keep = m_algorithm->findText(previous);
    m_algorithm->setCurrentIndex(keep >= 0 ? keep : 0);
    // Export charts of algorithms no longer checked go; the others redraw when next exported.
    for (auto it = m_others.begin(); it != m_others.end();) {
        if (m_algorithm->findText(it.key()) < 0) {
            delete it->first;
            it = m_others.erase(it);
        } else {
            ++it;
        }
    }
    redraw();
}

void StageView::setSelectedJob(int job) {
    m_selectedJob = job;
    m_shown->setSelectedJob(job);
    for (const auto& [charts, drawn] : m_others) {
        charts->setSelectedJob(job);
    }
}

void StageView::redraw() {
    const RunResult* r =
        m_results ? m_results->find(m_algorithm->currentText().toStdString()) : nullptr;
    if (m_results) {
        m_shown->draw(*m_results, r);
    }
    m_note->setText(m_shown->note());
}

QList<QCustomPlot*> StageView::chartsFor(const QString& algorithm) {
    const RunResult* r = m_results ? m_results->find(algorithm.toStdString()) : nullptr;
    if (r == nullptr) {
        return {};
    }
    if (algorithm == m_algorithm->currentText()) {
        return m_shown->plots();
    }
    auto it = m_others.find(algorithm);
    if (it == m_others.end()) {
        auto* charts = new StageCharts(this);
        for (QCustomPlot* plot : charts->plots()) {
            plot->hide();  // drawn into files only, never in the tab's layout
        }
        charts->setSelectedJob(m_selectedJob);
        it = m_others.insert(algorithm, {charts, nullptr});
    }
    auto& [charts, drawn] = *it;
    if (drawn != m_results) {
        charts->draw(*m_results, r);
        drawn = m_results;
    }
    return charts->plots();
}

}  // namespace mr::ui
