#include "costtab/CostModelTables.h"

#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

#include "cost/CostModel.h"

namespace mr::ui {

namespace {

QTableWidget* makeTable(QWidget* parent, const QStringList& headers) {
    auto* table = new QTableWidget(parent);
    table->setColumnCount(static_cast<int>(headers.size()));
    table->setHorizontalHeaderLabels(headers);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->verticalHeader()->setVisible(false);
    table->verticalHeader()->setDefaultSectionSize(22);
    table->horizontalHeader()->setStretchLastSection(true);
    table->setAlternatingRowColors(true);
    return table;
}

QString text(const std::string& s) {
    return QString::fromStdString(s);
}

// Fills `table` with `rows` rows; `fill(row, set)` sets its cells through set(column, value),
// where a double stays a number (sorting, exact values) and a QString is text.
template <class Fill>
void fillTable(QTableWidget* table, int rows, Fill fill) {
    table->setSortingEnabled(false);
    table->clearContents();
    table->setRowCount(rows);
    for (int row = 0; row < rows; ++row) {
        fill(row, [&](int column, const QVariant& value, const QString& tip = {}) {
            auto* item = new QTableWidgetItem;
            item->setData(Qt::DisplayRole, value);
            const bool number = value.typeId() != QMetaType::QString;
            item->setTextAlignment((number ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter);
            item->setToolTip(tip);
            table->setItem(row, column, item);
        });
    }
    table->resizeColumnsToContents();
    table->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);  // the file's order
    table->setSortingEnabled(true);  // until a header is clicked
}

}  // namespace

CostModelTables::CostModelTables(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setAlignment(Qt::AlignTop | Qt::AlignLeft);

    auto* splitter = new QSplitter(Qt::Vertical, this);
    m_description = new QPlainTextEdit(splitter);
    m_description->setReadOnly(true);
    m_tabs = new QTabWidget(splitter);
    m_machines =
        makeTable(m_tabs, {tr("Machine"), tr("Store"), tr("CPU\nunits"), tr("Cost per\nCPU-s"),
                           tr("Uptime\ns"), tr("CPU-s in\nuptime")});
    m_machines->horizontalHeaderItem(CpuCost)->setToolTip(
        tr("Price of one CPU-second: one compute unit for one second"));
    m_machines->horizontalHeaderItem(Capacity)->setToolTip(
        tr("CPU units × uptime: what the offline models may use"));
    m_stores = makeTable(
        m_tabs, {tr("Store"), tr("Capacity\nMB"), tr("Data at\nstart MB"), tr("Machines")});
    m_data = makeTable(m_tabs, {tr("Data"), tr("Size\nMB"), tr("Origin"), tr("Blocks")});
    auto* transferPage = new QWidget(m_tabs);
    auto* transferLayout = new QVBoxLayout(transferPage);
    transferLayout->setContentsMargins(2, 2, 2, 2);
    m_transferDefaults = new QLabel(transferPage);
    m_transferDefaults->setWordWrap(true);
    transferLayout->addWidget(m_transferDefaults);
    m_transfer =
        makeTable(transferPage, {tr("Store A"), tr("Store B"), tr("Cost / MB"), tr("MB/s")});
    transferLayout->addWidget(m_transfer);
    m_tabs->addTab(m_machines, tr("Machines"));
    m_tabs->addTab(m_stores, tr("Stores"));
    m_tabs->addTab(m_data, tr("Data"));
    m_tabs->addTab(transferPage, tr("Transfer"));

    auto* jobsPage = new QWidget(splitter);
    auto* jobsLayout = new QVBoxLayout(jobsPage);
    jobsLayout->setContentsMargins(0, 4, 0, 0);
    jobsLayout->addWidget(new QLabel(tr("<b>Jobs</b>"), jobsPage));
    m_jobs = makeTable(jobsPage, {tr("Job"), tr("CPU-s"), tr("CPU-s\nper MB"), tr("Input\nMB"),
                                  tr("Tasks"), tr("Data")});
    m_jobs->horizontalHeaderItem(JobTasks)->setToolTip(
        tr("The 64 MB blocks of its data (each object rounded up), or its tasks"));
    jobsLayout->addWidget(m_jobs);

    splitter->addWidget(m_description);
    splitter->addWidget(m_tabs);
    splitter->addWidget(jobsPage);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 4);
    splitter->setStretchFactor(2, 2);
    splitter->setSizes({90, 420, 250});
    layout->addWidget(m_summary);
    layout->addWidget(splitter, 1);
}

void CostModelTables::setModel(const cost::CostModel& model) {
    long long tasks = 0;
    for (int k = 0; k < static_cast<int>(model.jobs.size()); ++k) {
        tasks += model.jobTasks(k);
    }
    m_summary->setText(tr("<b>%1</b> — %2 machines, %3 stores, %4 data objects, %5 jobs, "
                          "%6 tasks of %7 MB")
                           .arg(text(model.name).toHtmlEscaped())
                           .arg(model.machines.size())
                           .arg(model.stores.size())
                           .arg(model.data.size())
                           .arg(model.jobs.size())
                           .arg(tasks)
                           .arg(model.blockMb));
    m_description->setPlainText(model.description.empty() ? tr("(The model has no description.)")
                                                          : text(model.description));
    fillMachinesAndStores(model);
    fillDataAndJobs(model);
    fillTransfer(model);
}

void CostModelTables::fillMachinesAndStores(const cost::CostModel& model) {
    const auto storeName = [&](int s) {
        return text(model.stores[static_cast<std::size_t>(s)].name);
    };
    fillTable(m_machines, static_cast<int>(model.machines.size()), [&](int row, auto set) {
        const cost::Machine& m = model.machines[static_cast<std::size_t>(row)];
        set(MachineName, text(m.name));
        set(MachineStore, storeName(m.store));
        set(CpuUnits, m.cpuUnits);
        set(CpuCost, m.cpuCostPerS);
        set(Uptime, m.uptimeS);
        set(Capacity, m.cpuUnits * m.uptimeS);
    });

    std::vector<double> stored(model.stores.size(), 0.0);
    for (const cost::DataObject& d : model.data) {
        stored[static_cast<std::size_t>(d.origin)] += d.sizeMb;
    }
    fillTable(m_stores, static_cast<int>(model.stores.size()), [&](int row, auto set) {
        const cost::Store& s = model.stores[static_cast<std::size_t>(row)];
        QStringList machines;
        for (const cost::Machine& m : model.machines) {
            if (m.store == row) {
                machines << text(m.name);
            }
        }
        set(StoreName, text(s.name));
        set(StoreCapacity, s.capacityMb);
        set(StoreData, stored[static_cast<std::size_t>(row)]);
        set(StoreMachines, machines.join(QStringLiteral(", ")));
    });
}

void CostModelTables::fillDataAndJobs(const cost::CostModel& model) {
    fillTable(m_data, static_cast<int>(model.data.size()), [&](int row, auto set) {
        const cost::DataObject& d = model.data[static_cast<std::size_t>(row)];
        set(DataName, text(d.name));
        set(DataSize, d.sizeMb);
        set(DataOrigin, text(model.stores[static_cast<std::size_t>(d.origin)].name));
        set(DataBlocks, model.dataBlocks(row));
    });

    fillTable(m_jobs, static_cast<int>(model.jobs.size()), [&](int row, auto set) {
        const cost::CostJob& j = model.jobs[static_cast<std::size_t>(row)];
        QStringList names;
        for (int d : j.data) {
            names << text(model.data[static_cast<std::size_t>(d)].name);
        }
        set(JobName, text(j.name));
        set(JobCpu, model.jobCpuS(row),
            j.cpuSPerMb ? tr("%1 CPU-s/MB × %2 MB").arg(*j.cpuSPerMb).arg(model.jobSizeMb(row))
                        : tr("given as cpu_s"));
        set(JobCpuPerMb, j.cpuSPerMb ? QVariant(*j.cpuSPerMb) : QVariant(QString()));
        set(JobInput, model.jobSizeMb(row));
        const QString shown = names.size() > 3 ? names.mid(0, 3).join(QStringLiteral(", ")) +
                                                     tr(", … (%1 objects)").arg(names.size())
                                               : names.join(QStringLiteral(", "));
        set(JobData, names.isEmpty() ? tr("(none)") : shown, names.join(QLatin1Char('\n')));
        set(JobTasks, model.jobTasks(row));
    });
}

void CostModelTables::fillTransfer(const cost::CostModel& model) {
    const cost::Transfer& t = model.transfer;
    m_transferDefaults->setText(
        tr("Between stores not listed: %1 per MB at %2 MB/s. A machine reads its own store for "
           "free. Pairs apply both ways.")
            .arg(t.defaultCostPerMb)
            .arg(t.defaultMbPerS));
    fillTable(m_transfer, static_cast<int>(t.pairs.size()), [&](int row, auto set) {
        const cost::TransferPair& p = t.pairs[static_cast<std::size_t>(row)];
        set(PairA, text(model.stores[static_cast<std::size_t>(p.a)].name));
        set(PairB, text(model.stores[static_cast<std::size_t>(p.b)].name));
        set(PairCost, p.costPerMb.value_or(t.defaultCostPerMb),
            p.costPerMb ? QString() : tr("the default"));
        set(PairSpeed, p.mbPerS.value_or(t.defaultMbPerS),
            p.mbPerS ? QString() : tr("the default"));
    });
}

}  // namespace mr::ui
