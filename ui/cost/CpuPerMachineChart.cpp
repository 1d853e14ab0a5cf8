#include "cost/CpuPerMachineChart.h"

#include <algorithm>
#include <map>

#include "cost/CostChartStyle.h"
#include "cost/CostModel.h"
#include "cost/CostResult.h"

namespace mr::ui {

namespace {

constexpr int kMaxMachineGroups = 6;  // more machine types than this: one colour for all

// Machines grouped by type (CPU units, price per CPU-second), in order of first appearance; the
// group of each machine, or all in group 0 when there are too many types.
std::vector<int> machineGroups(const cost::CostModel& model, QStringList& names) {
    std::map<std::pair<double, double>, int> index;
    std::vector<int> group;
    std::vector<int> sizes;
    for (const cost::Machine& m : model.machines) {
        const auto key = std::make_pair(m.cpuUnits, m.cpuCostPerS);
        auto it = index.find(key);
        if (it == index.end()) {
            it = index.emplace(key, static_cast<int>(index.size())).first;
            sizes.push_back(0);
            names << QObject::tr("%1 CPU units at %2 per CPU-s")
                         .arg(m.cpuUnits)
                         .arg(m.cpuCostPerS, 0, 'g', 3);
        }
        ++sizes[static_cast<std::size_t>(it->second)];
        group.push_back(it->second);
    }
    if (index.size() > kMaxMachineGroups) {
        std::fill(group.begin(), group.end(), 0);
        names = QStringList{QObject::tr("machines (%1 types)").arg(index.size())};
        return group;
    }
    for (int g = 0; g < names.size(); ++g) {
        names[g] += QObject::tr(" (%1)").arg(sizes[static_cast<std::size_t>(g)]);
    }
    return group;
}

}  // namespace

CpuPerMachineChart::CpuPerMachineChart(QWidget* parent) : QCustomPlot(parent) {
    costchart::decorate(this, tr("CPU-seconds per machine (seed 002 Fig. 11), one row per "
                                 "algorithm, all rows on one scale"));
}

void CpuPerMachineChart::setResults(const cost::CostModel& model,
                                    const std::vector<cost::CostResult>& results,
                                    const QString& placeholder) {
    clearItems();
    clearPlottables();
    m_rows.clear();
    m_rowBars.clear();
    // Layout: title (row 0), one axis rect per algorithm, legend (last row).
    QCPLayoutGrid* grid = plotLayout();
    QCPLayoutElement* title = grid->takeAt(0);
    grid->take(legend);
    delete m_margins;  // before the rects that use it
    grid->clear();
    grid->addElement(0, 0, title);
    grid->setRowSpacing(2);

    QStringList groupNames;
    const std::vector<int> group = machineGroups(model, groupNames);
    const int machines = static_cast<int>(model.machines.size());
    double top = 0.0;
    for (const cost::Machine& m : model.machines) {
        top = std::max(top, m.cpuUnits * m.uptimeS);
    }
    std::vector<const cost::CostResult*> shown;
    for (const auto& r : results) {
        if (r.feasible) {
            shown.push_back(&r);
            for (double cpu : r.cpuSecondsPerMachine) {
                top = std::max(top, cpu);
            }
        }
    }

    // Machine names on the bottom axis, thinned so that labels never collide.
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    const int every = std::max(1, (machines + 39) / 40);
    for (int l = 0; l < machines; l += every) {
        ticker->addTick(l,
                        QString::fromStdString(model.machines[static_cast<std::size_t>(l)].name));
    }
    m_margins = new QCPMarginGroup(this);
    QCPAxisRect* last = nullptr;
    for (std::size_t row = 0; row < shown.size(); ++row) {
        const cost::CostResult& r = *shown[row];
        auto* rect = new QCPAxisRect(this);
        grid->addElement(static_cast<int>(row) + 1, 0, rect);
        rect->setMarginGroup(QCP::msLeft | QCP::msRight, m_margins);
        rect->setupFullAxesBox(false);
        QCPAxis* x = rect->axis(QCPAxis::atBottom);
        QCPAxis* y = rect->axis(QCPAxis::atLeft);
        x->setTicker(ticker);
        x->setTickLabels(false);
        x->setRange(-0.6, machines - 0.4);
        x->grid()->setVisible(false);
        y->setRange(0.0, top * 1.08);
        y->ticker()->setTickCount(3);
        y->setLabel(tr("CPU-s"));
        y->setLabelFont(QFont(font().family(), 8));
        y->setTickLabelFont(QFont(font().family(), 8));
        rect->axis(QCPAxis::atTop)->setTicks(false);
        rect->axis(QCPAxis::atRight)->setTicks(false);

        QList<QCPBars*> bars;
        for (int g = 0; g < groupNames.size(); ++g) {
            QVector<double> keys, values;
            for (int l = 0; l < machines && l < static_cast<int>(r.cpuSecondsPerMachine.size());
                 ++l) {
                if (group[static_cast<std::size_t>(l)] == g) {
                    keys << l;
                    values << r.cpuSecondsPerMachine[static_cast<std::size_t>(l)];
                }
            }
            auto* b = new QCPBars(x, y);
            b->setData(keys, values, true);
            b->setWidth(0.75);
            const QColor colour = costchart::machineGroupColour(g);
            b->setBrush(colour);
            b->setPen(machines > 60 ? Qt::NoPen : QPen(colour.darker(130)));
            b->setName(groupNames[g]);
            if (row > 0) {
                b->removeFromLegend();
            }
            bars << b;
        }
        // Each machine's CPU units × uptime: what the offline models may use.
        QVector<double> capKeys, capValues;
        for (int l = 0; l < machines; ++l) {
            const cost::Machine& m = model.machines[static_cast<std::size_t>(l)];
            capKeys << l - 0.5 << l + 0.5;
            capValues << m.cpuUnits * m.uptimeS << m.cpuUnits * m.uptimeS;
        }
        auto* capacity = new QCPGraph(x, y);
        capacity->setData(capKeys, capValues, true);
        capacity->setPen(QPen(QColor(120, 120, 120), 1.2, Qt::DashLine));
        capacity->setName(tr("CPU units × uptime"));
        if (row > 0) {
            capacity->removeFromLegend();
        }

        auto* label = new QCPItemText(this);
        label->setClipToAxisRect(false);
        label->position->setType(QCPItemPosition::ptAxisRectRatio);
        label->position->setAxisRect(rect);
        label->position->setCoords(0.005, 0.02);
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
        label->setFont(QFont(font().family(), 9, QFont::Bold));
        label->setBrush(QColor(255, 255, 255, 220));
        label->setPadding(QMargins(3, 1, 3, 1));
        label->setText(tr("%1 — busiest machine done after %2 s")
                           .arg(QString::fromStdString(r.algorithm))
                           .arg(r.makespanS, 0, 'f', 0));
        m_rows << QString::fromStdString(r.algorithm);
        m_rowBars << bars;
        last = rect;
    }
    if (last) {
        QCPAxis* x = last->axis(QCPAxis::atBottom);
        x->setTickLabels(true);
        x->setTickLabelRotation(machines > 8 ? 90 : 0);
        x->setTickLabelFont(QFont(font().family(), machines > 40 ? 7 : 8));
        grid->addElement(grid->rowCount(), 0, legend);
        grid->setRowStretchFactor(grid->rowCount() - 1, 0.001);
        legend->setVisible(true);
    } else {
        auto* rect = new QCPAxisRect(this);
        grid->addElement(1, 0, rect);
        rect->axis(QCPAxis::atBottom)->setTicks(false);
        rect->axis(QCPAxis::atLeft)->setTicks(false);
        rect->axis(QCPAxis::atBottom)->setTickLabels(false);
        rect->axis(QCPAxis::atLeft)->setTickLabels(false);
        grid->addElement(2, 0, legend);
        legend->setVisible(false);
        costchart::showMessage(
            this, rect, placeholder.isEmpty() ? tr("No algorithm found a schedule.") : placeholder);
    }
    replot(QCustomPlot::rpQueuedReplot);
}

std::vector<double> CpuPerMachineChart::drawnCpuSeconds(int row, int machines) const {
    std::vector<double> cpu(static_cast<std::size_t>(machines), 0.0);
    if (row < 0 || row >= m_rowBars.size()) {
        return cpu;
    }
    for (const QCPBars* bars : m_rowBars[row]) {
        for (auto it = bars->data()->constBegin(); it != bars->data()->constEnd(); ++it) {
            const int l = static_cast<int>(it->key);
            if (l >= 0 && l < machines) {
                cpu[static_cast<std::size_t>(l)] += it->value;
            }
        }
    }
    return cpu;
}

}  // namespace mr::ui
