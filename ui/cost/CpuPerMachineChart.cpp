#include "cost/CpuPerMachineChart.h"

#include <algorithm>
#include <map>
#include <numeric>

#include "charts/AxisFormat.h"
#include "charts/CategoryAxis.h"
#include "charts/ChartLayout.h"
#include "cost/CostChartStyle.h"
#include "cost/CostModel.h"
#include "cost/CostResult.h"

namespace mr::ui {

namespace {

constexpr int kMaxMachineTypes = 6;  // more types than this: price classes instead
constexpr int kMinRowHeight = 70;    // pixels of bars per algorithm, at least
constexpr int kPriceClasses = 5;

struct MachineGroups {
    std::vector<int> group;  // of each machine
    QStringList names;
    QList<QColor> colours;
};

// Machines grouped by type (CPU units, price per CPU-second) in order of first appearance; with
// more types than fit a legend, by price instead: five classes from the cheapest fifth of the
// machines (green) to the dearest (red).
MachineGroups machineGroups(const cost::CostModel& model) {
    MachineGroups out;
    std::map<std::pair<double, double>, int> types;
    std::vector<int> sizes;
    for (const cost::Machine& m : model.machines) {
        auto it = types.find({m.cpuUnits, m.cpuCostPerS});
        if (it == types.end()) {
            it = types.emplace(std::make_pair(m.cpuUnits, m.cpuCostPerS), types.size()).first;
            sizes.push_back(0);
            out.names << QObject::tr("%1 CPU units at %2 per CPU-s")
                             .arg(m.cpuUnits)
                             .arg(m.cpuCostPerS, 0, 'g', 3);
            out.colours << costchart::machineGroupColour(it->second);
        }
        ++sizes[static_cast<std::size_t>(it->second)];
        out.group.push_back(it->second);
    }
    if (types.size() > kMaxMachineTypes) {
        const int n = static_cast<int>(model.machines.size());
        std::vector<int> byPrice(static_cast<std::size_t>(n));
        std::iota(byPrice.begin(), byPrice.end(), 0);
        std::stable_sort(byPrice.begin(), byPrice.end(), [&](int a, int b) {
            return model.machines[static_cast<std::size_t>(a)].cpuCostPerS <
                   model.machines[static_cast<std::size_t>(b)].cpuCostPerS;
        });
        static const QColor cheapToDear[kPriceClasses] = {
            {50, 150, 80}, {140, 180, 60}, {225, 185, 50}, {232, 130, 48}, {200, 60, 50}};
        out.names.clear();
        out.colours.clear();
        sizes.assign(kPriceClasses, 0);
        std::vector<double> low(kPriceClasses, 0.0), high(kPriceClasses, 0.0);
        for (int rank = 0; rank < n; ++rank) {
            const int l = byPrice[static_cast<std::size_t>(rank)];
            const auto c = static_cast<std::size_t>(rank * kPriceClasses / n);
            const double price = model.machines[static_cast<std::size_t>(l)].cpuCostPerS;
            low[c] = sizes[c] == 0 ? price : low[c];
            high[c] = price;
            ++sizes[c];
            out.group[static_cast<std::size_t>(l)] = static_cast<int>(c);
        }
        for (std::size_t c = 0; c < kPriceClasses; ++c) {
            out.names
                << QObject::tr("%1–%2 per CPU-s").arg(low[c], 0, 'g', 2).arg(high[c], 0, 'g', 2);
            out.colours << cheapToDear[c];
        }
        return out;  // fifths: the same number of machines in each
    }
    for (int g = 0; g < out.names.size(); ++g) {
        out.names[g] += QObject::tr(" (%1 machines)").arg(sizes[static_cast<std::size_t>(g)]);
    }
    return out;
}

// One algorithm's row: an axis rect under the rows before it, its x axis the machines (their
// names in a row of their own under the last one), its y axis CPU-seconds up to `top`.
QCPAxisRect* addRowRect(QCustomPlot* plot, QCPLayoutGrid* grid, int row, QCPMarginGroup* margins,
                        int machines, double top) {
    auto* rect = new QCPAxisRect(plot);
    grid->addElement(row + 1, 0, rect);
    rect->setMarginGroup(QCP::msLeft | QCP::msRight, margins);
    rect->setAutoMargins(QCP::msLeft | QCP::msRight | QCP::msBottom);
    rect->setMargins(QMargins(0, 17, 0, 0));  // the row's title goes above its bars
    rect->setupFullAxesBox(false);
    QCPAxis* x = rect->axis(QCPAxis::atBottom);
    QCPAxis* y = rect->axis(QCPAxis::atLeft);
    x->setTickLabels(false);
    x->setTicks(false);  // the names (and their ticks) are under the last row
    x->setRange(-0.6, machines - 0.4);
    x->grid()->setVisible(false);
    y->setRange(0.0, top * 1.08);
    y->setLabel(CpuPerMachineChart::tr("CPU-s"));
    y->setLabelFont(QFont(plot->font().family(), 8));
    y->setTickLabelFont(QFont(plot->font().family(), 8));
    usePlainNumbers(y);  // as many ticks as the row's height holds
    rect->axis(QCPAxis::atTop)->setTicks(false);
    rect->axis(QCPAxis::atRight)->setTicks(false);
    return rect;
}

// A row's bars, one plottable per group of machines (in the legend for the first row only).
QList<QCPBars*> addRowBars(QCPAxisRect* rect, const cost::CostResult& r,
                           const MachineGroups& groups, int machines, bool inLegend) {
    QCPAxis* x = rect->axis(QCPAxis::atBottom);
    QCPAxis* y = rect->axis(QCPAxis::atLeft);
    QList<QCPBars*> bars;
    for (int g = 0; g < groups.names.size(); ++g) {
        QVector<double> keys, values;
        for (int l = 0; l < machines && l < static_cast<int>(r.cpuSecondsPerMachine.size()); ++l) {
            if (groups.group[static_cast<std::size_t>(l)] == g) {
                keys << l;
                values << r.cpuSecondsPerMachine[static_cast<std::size_t>(l)];
            }
        }
        auto* b = new QCPBars(x, y);
        b->setData(keys, values, true);
        b->setWidth(0.75);
        const QColor colour = groups.colours[g];
        b->setBrush(colour);
        b->setPen(machines > 60 ? Qt::NoPen : QPen(colour.darker(130)));
        b->setName(groups.names[g]);
        if (!inLegend) {
            b->removeFromLegend();
        }
        bars << b;
    }
    return bars;
}

// Each machine's CPU units × uptime: what the offline models may use.
void addCapacityLine(QCPAxisRect* rect, const cost::CostModel& model, bool inLegend) {
    QVector<double> capKeys, capValues;
    for (int l = 0; l < static_cast<int>(model.machines.size()); ++l) {
        const cost::Machine& m = model.machines[static_cast<std::size_t>(l)];
        capKeys << l - 0.5 << l + 0.5;
        capValues << m.cpuUnits * m.uptimeS << m.cpuUnits * m.uptimeS;
    }
    auto* capacity = new QCPGraph(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
    capacity->setData(capKeys, capValues, true);
    capacity->setPen(QPen(QColor(150, 150, 150), 1.0, Qt::DashLine));
    capacity->setName(CpuPerMachineChart::tr("CPU units × uptime"));
    if (!inLegend) {
        capacity->removeFromLegend();
    }
}

void addRowTitle(QCustomPlot* plot, QCPAxisRect* rect, const cost::CostResult& r) {
    auto* label = new QCPItemText(plot);
    label->setClipToAxisRect(false);
    label->position->setType(QCPItemPosition::ptAxisRectRatio);
    label->position->setAxisRect(rect);
    label->position->setCoords(0.0, 0.0);
    label->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
    label->setFont(QFont(plot->font().family(), 9, QFont::Bold));
    label->setPadding(QMargins(0, 0, 0, 1));
    label->setText(CpuPerMachineChart::tr("%1 — busiest machine done after %2 s")
                       .arg(QString::fromStdString(r.algorithm))
                       .arg(r.makespanS, 0, 'f', 0));
}

}  // namespace

CpuPerMachineChart::CpuPerMachineChart(QWidget* parent) : QCustomPlot(parent) {
    costchart::decorate(this, tr("CPU-seconds per machine ([Ehsan13] Fig. 11), one row per "
                                 "algorithm, all rows on one scale"));
    // Rows read against each other: lower than a chart of their own, never squeezed (an export
    // of many rows grows instead, ChartLayout.h).
    setMinPlotHeight(this, kMinRowHeight);
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

    const MachineGroups groups = machineGroups(model);
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

    // Machine names under the last row, thinned so that labels never collide.
    QVector<double> machineKeys;
    QStringList machineNames;
    for (int l = 0; l < machines; ++l) {
        machineKeys << l;
        machineNames << QString::fromStdString(model.machines[static_cast<std::size_t>(l)].name);
    }
    m_margins = new QCPMarginGroup(this);
    QCPAxisRect* last = nullptr;
    for (std::size_t row = 0; row < shown.size(); ++row) {
        const cost::CostResult& r = *shown[row];
        QCPAxisRect* rect = addRowRect(this, grid, static_cast<int>(row), m_margins, machines, top);
        const QList<QCPBars*> bars = addRowBars(rect, r, groups, machines, row == 0);
        addCapacityLine(rect, model, row == 0);
        addRowTitle(this, rect, r);
        m_rows << QString::fromStdString(r.algorithm);
        m_rowBars << bars;
        last = rect;
    }
    finishLayout(last, machineKeys, machineNames, placeholder);
}

// The last row's machine names, and the legend; or, with no row, the placeholder's message.
void CpuPerMachineChart::finishLayout(QCPAxisRect* last, const QVector<double>& machineKeys,
                                      const QStringList& machineNames, const QString& placeholder) {
    QCPLayoutGrid* grid = plotLayout();
    const int machines = static_cast<int>(machineKeys.size());
    if (last) {
        // The names in a row of their own under the rows: inside the last row they took its
        // height, and its bars were a third as tall as the others'.
        auto* names = new QCPAxisRect(this);
        grid->addElement(grid->rowCount(), 0, names);
        names->setMarginGroup(QCP::msLeft | QCP::msRight, m_margins);
        names->setAutoMargins(QCP::msLeft | QCP::msRight | QCP::msBottom);
        names->setMargins(QMargins(0, 0, 0, 0));
        names->setMinimumSize(0, 0);
        names->setMaximumSize(QWIDGETSIZE_MAX, 0);
        names->axis(QCPAxis::atLeft)->setVisible(false);
        QCPAxis* x = names->axis(QCPAxis::atBottom);
        x->setRange(-0.6, machines - 0.4);
        x->grid()->setVisible(false);
        x->setBasePen(Qt::NoPen);
        x->setTickLabelFont(QFont(font().family(), machines > 40 ? 7 : 8));
        useCategoryLabels(x, machineKeys, machineNames);
        grid->setRowStretchFactor(grid->rowCount() - 1, 0.001);
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
