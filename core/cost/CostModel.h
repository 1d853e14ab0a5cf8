// CostModel — the dollar-cost setting of LiPS ([Ehsan13] §III, Table II): data stores, computation
// nodes, the transfer prices between stores, data objects and the jobs that read them.
// Units: megabytes, seconds, CPU-seconds of one EC2 compute unit, dollars (any currency works).
// The file format is docs/lips-cost.md's "Cost model file" (CostModelJson.h).
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace mr::cost {

constexpr double kDefaultBlockMb = 64.0;  // Hadoop's block, the minimum task size of §IV

struct Store {
    std::string name;
    double capacityMb = 0.0;  // Cap(S)
};

struct Machine {
    std::string name;
    int store = 0;             // index of its own (local) store
    double cpuUnits = 1.0;     // TP(M): compute units, i.e. CPU-seconds of work per second
    double cpuCostPerS = 0.0;  // CPU_Cost(M): price of one CPU-second (one compute unit for 1 s)
    double uptimeS = 0.0;      // uptime(M): the offline models may use cpuUnits × uptimeS
};

// One entry of the symmetric transfer table; a missing value uses the table's default.
struct TransferPair {
    int a = 0;
    int b = 0;
    std::optional<double> costPerMb;
    std::optional<double> mbPerS;
};

struct Transfer {
    double defaultCostPerMb = 0.0;
    double defaultMbPerS = 100.0;
    std::vector<TransferPair> pairs;
};

struct DataObject {
    std::string name;
    double sizeMb = 0.0;  // Size(D)
    int origin = 0;       // O_i: the store holding it before any placement
};

// CPU(J) is either `cpuS` or `cpuSPerMb` × the size of the job's data (exactly one is set).
struct CostJob {
    std::string name;
    std::optional<double> cpuS;
    std::optional<double> cpuSPerMb;  // TCP(J)
    std::vector<int> data;            // the row JD_k: indices of the data objects it reads
    std::optional<int> tasks;         // only for jobs without data (default 1 task)
};

struct CostModel {
    std::string name;
    std::string description;
    double blockMb = kDefaultBlockMb;
    std::vector<Store> stores;
    std::vector<Machine> machines;
    Transfer transfer;
    std::vector<DataObject> data;
    std::vector<CostJob> jobs;

    int storeIndex(const std::string& storeName) const;  // −1 when there is none
    double jobSizeMb(int job) const;                     // Σ Size(D_i) over its data
    double jobCpuS(int job) const;                       // CPU(J)
    // Tasks of a job: its data's 64 MB blocks (each data object rounded up), or `tasks`.
    int jobTasks(int job) const;
    int dataBlocks(int data) const;  // ceil(size / blockMb), at least 1
};

// The S × S price and bandwidth tables (SS and B of Table II), resolved once: a store to itself
// costs 0 and has unlimited bandwidth; listed pairs apply both ways; others use the defaults.
// MS(l, m) = SS(store of l, m).
class TransferTable {
public:
    explicit TransferTable(const CostModel& model);
    double costPerMb(int storeA, int storeB) const { return m_cost[index(storeA, storeB)]; }
    // +infinity for a store to itself.
    double mbPerS(int storeA, int storeB) const { return m_speed[index(storeA, storeB)]; }
    double maxCostPerMb() const { return m_maxCost; }

private:
    std::size_t index(int a, int b) const {
        return static_cast<std::size_t>(a) * m_stores + static_cast<std::size_t>(b);
    }
    std::size_t m_stores = 0;
    std::vector<double> m_cost;
    std::vector<double> m_speed;
    double m_maxCost = 0.0;
};

// Checks what the types cannot: indices in range, names unique and non-empty, numbers finite and
// in range, each job with exactly one CPU form, stores big enough for the data they hold at the
// start. Throws InputError naming `file`, the item and the field.
void validate(const CostModel& model, const std::string& file = {});

}  // namespace mr::cost
