// CostModelTables — a cost model ([Ehsan13] Table II) in read-only tables: machines (store, CPU
// units, price per CPU-second, uptime), stores (capacity, data at the start), data objects (size,
// origin, blocks), jobs (CPU-seconds, data, tasks) and the transfer prices, plus the model's
// description. Numeric cells hold the model's numbers (Qt::DisplayRole doubles), so they sort
// as numbers and show exactly what the file says.
#pragma once

#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QTabWidget;
class QTableWidget;

namespace mr::cost {
struct CostModel;
}

namespace mr::ui {

class CostModelTables : public QWidget {
    Q_OBJECT
public:
    enum MachineColumn { MachineName, MachineStore, CpuUnits, CpuCost, Uptime, Capacity };
    enum StoreColumn { StoreName, StoreCapacity, StoreData, StoreMachines };
    enum DataColumn { DataName, DataSize, DataOrigin, DataBlocks };
    enum JobColumn { JobName, JobCpu, JobCpuPerMb, JobInput, JobTasks, JobData };
    enum TransferColumn { PairA, PairB, PairCost, PairSpeed };

    explicit CostModelTables(QWidget* parent = nullptr);
    void setModel(const cost::CostModel& model);

    QTableWidget* machines() const { return m_machines; }
    QTableWidget* stores() const { return m_stores; }
    QTableWidget* data() const { return m_data; }
    QTableWidget* jobs() const { return m_jobs; }
    QTableWidget* transfer() const { return m_transfer; }

private:
    void fillMachinesAndStores(const cost::CostModel& model);
    void fillDataAndJobs(const cost::CostModel& model);
    void fillTransfer(const cost::CostModel& model);

    QLabel* m_summary;
    QPlainTextEdit* m_description;
    QTabWidget* m_tabs;
    QTableWidget* m_machines;
    QTableWidget* m_stores;
    QTableWidget* m_data;
    QTableWidget* m_jobs;
    QTableWidget* m_transfer;
    QLabel* m_transferDefaults;
};

}  // namespace mr::ui
