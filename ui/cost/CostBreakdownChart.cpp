#include "cost/CostBreakdownChart.h"

#include <algorithm>

#include "cost/CostChartStyle.h"
#include "cost/CostResult.h"
#include "io/ResultFormat.h"

namespace mr::ui {

namespace {

const cost::CostResult* feasibleResult(const std::vector<cost::CostResult>& results,
                                       const char* id) {
    for (const auto& r : results) {
        if (r.algorithm == id && r.feasible) {
            return &r;
        }
    }
    return nullptr;
}

// A short horizontal bar as the LP bound's marker.
QCPScatterStyle boundMarker() {
    QPainterPath dash;
    dash.moveTo(-14, 0);
    dash.lineTo(14, 0);
    return QCPScatterStyle(dash, QPen(QColor(20, 20, 20), 3), Qt::NoBrush, 28);
}

}  // namespace

CostBreakdownChart::CostBreakdownChart(QWidget* parent) : QCustomPlot(parent) {
    costchart::decorate(
        this, tr("Cost per algorithm (stacked: the parts of seed 002 (6)–(8); — LP lower bound)"));
    yAxis->setLabel(tr("cost"));
    xAxis->grid()->setVisible(false);
    const QString names[Parts] = {tr("data transfer (6)"), tr("execution (7)"),
                                  tr("runtime transfer (8)")};
    const QColor colours[Parts] = {costchart::dataTransferColour(), costchart::executionColour(),
                                   costchart::runtimeTransferColour()};
    for (int p = 0; p < Parts; ++p) {
        m_bars[p] = new QCPBars(xAxis, yAxis);
        m_bars[p]->setName(names[p]);
        m_bars[p]->setWidth(0.55);
        m_bars[p]->setBrush(colours[p]);
        m_bars[p]->setPen(QPen(colours[p].darker(130)));
        if (p > 0) {
            m_bars[p]->moveAbove(m_bars[p - 1]);
        }
    }
    m_lp = new QCPGraph(xAxis, yAxis);
    m_lp->setName(tr("LP lower bound"));
    m_lp->setLineStyle(QCPGraph::lsNone);
    m_lp->setScatterStyle(boundMarker());
}

void CostBreakdownChart::setResults(const std::vector<cost::CostResult>& results,
                                    const QString& placeholder) {
    clearItems();
    m_labels.clear();
    QVector<double> keys, parts[Parts], lpKeys, lpValues;
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    const cost::CostResult* hadoop = feasibleResult(results, "hadoop-default");
    const cost::CostResult* delay = feasibleResult(results, "delay");
    double top = 0.0;
    for (std::size_t i = 0; i < results.size(); ++i) {
        const cost::CostResult& r = results[i];
        const double key = static_cast<double>(i);
        ticker->addTick(key, QString::fromStdString(r.algorithm));
        auto* label = new QCPItemText(this);
        label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
        label->setTextAlignment(Qt::AlignCenter);
        label->setFont(QFont(font().family(), 9));
        label->setPadding(QMargins(2, 2, 2, 4));
        m_labels << label;
        if (!r.feasible) {
            label->position->setCoords(key, 0.0);
            label->setColor(QColor(150, 40, 30));
            label->setText(
                tr("no schedule:\n%1")
                    .arg(QFontMetrics(label->font())
                             .elidedText(QString::fromStdString(r.message), Qt::ElideRight, 220)));
            continue;
        }
        keys << key;
        parts[DataTransfer] << r.cost.dataTransfer;
        parts[Execution] << r.cost.execution;
        parts[RuntimeTransfer] << r.cost.runtimeTransfer;
        top = std::max(top, r.cost.total());
        if (r.lpCost) {
            lpKeys << key;
            lpValues << r.lpCost->total();
            top = std::max(top, r.lpCost->total());
        }
        QStringList lines = {costchart::money(r.cost.total())};
        for (const cost::CostResult* base : {hadoop, delay}) {
            if (base && base != &r) {
                lines << costchart::savingText(
                    improvementPercent(base->cost.total(), r.cost.total()),
                    QString::fromStdString(base->algorithm));
            }
        }
        label->setText(lines.join(QLatin1Char('\n')));
        label->position->setCoords(key, r.cost.total());
    }
    for (int p = 0; p < Parts; ++p) {
        m_bars[p]->setData(keys, parts[p], true);
    }
    m_lp->setData(lpKeys, lpValues, true);
    xAxis->setTicker(ticker);
    const int count = static_cast<int>(results.size());
    xAxis->setRange(-0.6, std::max(0, count - 1) + 0.6);
    // Room above the tallest bar for its three lines of text.
    yAxis->setRange(0.0, top > 0.0 ? top * 1.32 : 1.0);
    for (int i = 0; i < count; ++i) {
        if (!results[static_cast<std::size_t>(i)].feasible) {
            m_labels[i]->position->setCoords(i, yAxis->range().upper * 0.5);
            m_labels[i]->setPositionAlignment(Qt::AlignCenter);
        }
    }
    if (results.empty() && !placeholder.isEmpty()) {
        costchart::showMessage(this, axisRect(), placeholder);
    } else if (keys.isEmpty() && !results.empty()) {
        for (QCPItemText* label : m_labels) {
            label->setVisible(false);  // one message says it for all
        }
        costchart::showMessage(this, axisRect(),
                               tr("No algorithm found a schedule for this model:\n%1")
                                   .arg(QString::fromStdString(results.front().message)));
    }
    replot(QCustomPlot::rpQueuedReplot);
}

QString CostBreakdownChart::labelOf(int index) const {
    return index >= 0 && index < m_labels.size() ? m_labels[index]->text() : QString();
}

}  // namespace mr::ui
