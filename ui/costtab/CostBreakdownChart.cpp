#include "costtab/CostBreakdownChart.h"

#include <algorithm>

#include "charts/TextFit.h"
#include "cost/CostResult.h"
#include "costtab/CostChartStyle.h"
#include "experiments/ComparisonTable.h"

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

constexpr double kBarWidth = 0.55;

QPen boundPen() {
    return QPen(QColor(150, 25, 25), 2.5);
}

// The LP bound is drawn as a line across its bar (an item); the graph's short dash under it
// gives the legend its symbol.
QCPScatterStyle boundMarker() {
    QPainterPath dash;
    dash.moveTo(-9, 0);
    dash.lineTo(9, 0);
    return QCPScatterStyle(dash, boundPen(), Qt::NoBrush, 6);  // a custom path scales by size/6
}

}  // namespace

CostBreakdownChart::CostBreakdownChart(QWidget* parent) : QCustomPlot(parent) {
    costchart::decorate(
        this,
        tr("Cost per algorithm: the parts of [Ehsan13] (6)–(8) stacked, the LP optimum as a line"));
    yAxis->setLabel(tr("cost"));
    xAxis->grid()->setVisible(false);
    const QString names[Parts] = {tr("data transfer (6)"), tr("execution (7)"),
                                  tr("runtime transfer (8)")};
    const QColor colours[Parts] = {costchart::dataTransferColour(), costchart::executionColour(),
                                   costchart::runtimeTransferColour()};
    for (int p = 0; p < Parts; ++p) {
        m_bars[p] = new QCPBars(xAxis, yAxis);
        m_bars[p]->setName(names[p]);
        m_bars[p]->setWidth(kBarWidth);
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
    connect(this, &QCustomPlot::afterLayout, this, &CostBreakdownChart::fitSavings);
}

void CostBreakdownChart::setResults(const std::vector<cost::CostResult>& results,
                                    const QString& placeholder) {
    clearItems();
    m_labels.clear();
    QVector<double> keys, parts[Parts], lpKeys, lpValues;
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    const cost::CostResult* hadoop = feasibleResult(results, "hadoop-default");
    const cost::CostResult* delay = feasibleResult(results, "delay");
    const int count = static_cast<int>(results.size());
    double top = 0.0;
    for (const auto& r : results) {
        if (r.feasible) {
            top = std::max({top, r.cost.total(), r.lpCost ? r.lpCost->total() : 0.0});
        }
    }
    // Room above the tallest bar for its three lines of text.
    yAxis->setRange(0.0, top > 0.0 ? top * 1.32 : 1.0);
    for (int i = 0; i < count; ++i) {
        const cost::CostResult& r = results[static_cast<std::size_t>(i)];
        const double key = i;
        ticker->addTick(key, QString::fromStdString(r.algorithm));
        if (!r.feasible) {
            auto* label = text(key, yAxis->range().upper * 0.5, Qt::AlignCenter, 9);
            label->setColor(QColor(150, 40, 30));
            label->setText(tr("no schedule:\n%1")
                               .arg(costchart::wrapText(QString::fromStdString(r.message),
                                                        label->font(), 140, 4)));
            m_labels.append({label, nullptr, {}, {}});
            continue;
        }
        keys << key;
        parts[DataTransfer] << r.cost.dataTransfer;
        parts[Execution] << r.cost.execution;
        parts[RuntimeTransfer] << r.cost.runtimeTransfer;
        double labelAt = r.cost.total();
        if (r.lpCost) {
            lpKeys << key;
            lpValues << r.lpCost->total();
            labelAt = std::max(labelAt, r.lpCost->total());
            auto* bound = new QCPItemLine(this);  // across the bar; a handful per chart
            bound->start->setCoords(key - kBarWidth * 0.62, r.lpCost->total());
            bound->end->setCoords(key + kBarWidth * 0.62, r.lpCost->total());
            bound->setPen(boundPen());
        }
        labelBar(key, labelAt, r, hadoop, delay);
    }
    for (int p = 0; p < Parts; ++p) {
        m_bars[p]->setData(keys, parts[p], true);
    }
    m_lp->setData(lpKeys, lpValues, true);
    xAxis->setTicker(ticker);
    xAxis->setRange(-0.6, std::max(0, count - 1) + 0.6);
    if (results.empty() && !placeholder.isEmpty()) {
        costchart::showMessage(this, axisRect(), placeholder);
    } else if (keys.isEmpty() && !results.empty()) {
        for (const Label& label : m_labels) {
            label.total->setVisible(false);  // one message says it for all
        }
        costchart::showMessage(this, axisRect(),
                               tr("No algorithm found a schedule for this model:\n%1")
                                   .arg(QString::fromStdString(results.front().message)));
    }
    fitSavings();
    replot(QCustomPlot::rpQueuedReplot);
}

// A bar's labels: its total, and under it what it saves against Hadoop's default and delay
// scheduling (the compact form for a narrow bar, fitSavings()).
void CostBreakdownChart::labelBar(double key, double labelAt, const cost::CostResult& r,
                                  const cost::CostResult* hadoop, const cost::CostResult* delay) {
    QStringList savings;
    QStringList compact;
    for (const cost::CostResult* base : {hadoop, delay}) {
        if (base && base != &r) {
            const double saving = improvementPercent(base->cost.total(), r.cost.total());
            const QString name = QString::fromStdString(base->algorithm);
            savings << costchart::savingText(saving, name);
            compact << costchart::compactSavingText(saving, name);
        }
    }
    auto* below = text(key, labelAt, Qt::AlignHCenter | Qt::AlignBottom, 8);
    below->setText(savings.join(QLatin1Char('\n')));
    below->setPadding(QMargins(2, 0, 2, savings.isEmpty() ? 2 : 5));
    auto* total = text(0.0, 0.0, Qt::AlignHCenter | Qt::AlignBottom, 10);
    total->position->setType(QCPItemPosition::ptAbsolute);
    total->position->setParentAnchor(below->top);
    total->setFont(QFont(font().family(), 10, QFont::Bold));
    total->setText(costchart::money(r.cost.total()));
    m_labels.append({total, below, savings, compact});
}

void CostBreakdownChart::fitSavings() {
    // A bar's room: the distance between two bars' centres, less a gap.
    const double room = xAxis->range().size() > 0 && axisRect()->width() > 0
                            ? axisRect()->width() / xAxis->range().size() - 6.0
                            : 1e9;
    for (const Label& label : m_labels) {
        if (label.savings == nullptr) {
            continue;
        }
        const QFont font = label.savings->font();
        QStringList lines;
        for (int i = 0; i < label.full.size(); ++i) {
            lines << (textFits(font, label.full[i], room) ? label.full[i]
                                                          : fitText(font, label.compact[i], room));
        }
        label.savings->setText(lines.join(QLatin1Char('\n')));
    }
}

QCPItemText* CostBreakdownChart::text(double key, double value, Qt::Alignment align, int points) {
    auto* label = new QCPItemText(this);
    label->position->setCoords(key, value);
    label->setPositionAlignment(align);
    label->setTextAlignment(Qt::AlignCenter);
    label->setFont(QFont(font().family(), points));
    label->setPadding(QMargins(2, 0, 2, 2));
    return label;
}

QString CostBreakdownChart::labelOf(int index) const {
    if (index < 0 || index >= m_labels.size()) {
        return {};
    }
    const Label& label = m_labels[index];
    return label.full.isEmpty() ? label.total->text()
                                : label.total->text() + '\n' + label.full.join(QLatin1Char('\n'));
}

QString CostBreakdownChart::drawnLabelOf(int index) const {
    if (index < 0 || index >= m_labels.size()) {
        return {};
    }
    const Label& label = m_labels[index];
    return label.savings && !label.savings->text().isEmpty()
               ? label.total->text() + '\n' + label.savings->text()
               : label.total->text();
}

}  // namespace mr::ui
