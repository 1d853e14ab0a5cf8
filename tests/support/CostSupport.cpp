#include "support/CostSupport.h"

#include <algorithm>
#include <cmath>

#include "model/SeededRandom.h"

namespace mr::test {

using namespace mr::cost;

CostModel twoMachines(double uptimeB) {
    CostModel m;
    m.name = "two machines";
    m.stores = {{"s1", 160000}, {"s2", 160000}};
    m.machines = {{"A", 0, 1.0, 5.0, 3600.0}, {"B", 1, 1.0, 1.0, uptimeB}};
    m.transfer.defaultCostPerMb = 0.0;
    m.transfer.defaultMbPerS = 100.0;
    m.transfer.pairs = {{0, 1, 1.0, 30.0}};
    m.data = {{"d1", 100.0, 0}};
    CostJob grep;
    grep.name = "grep";
    grep.cpuSPerMb = 1.0;
    grep.data = {0};
    m.jobs = {grep};
    return m;
}

CostModel randomCostModel(std::uint64_t seed, const RandomCostOptions& o) {
    SeededRandom rng(seed);
    auto uniform = [&](double lo, double hi) { return rng.uniform(lo, hi); };
    auto uniformInt = [&](int lo, int hi) { return rng.uniformInt(lo, hi); };
    CostModel m;
    m.name = "random cost model " + std::to_string(seed);
    const int S = uniformInt(o.minStores, o.maxStores);
    const int M = uniformInt(o.minMachines, o.maxMachines);
    std::vector<double> position;
    for (int s = 0; s < S; ++s) {
        m.stores.push_back({"s" + std::to_string(s + 1), 0.0});
        position.push_back(uniform(0.0, 2.0));
    }
    for (int l = 0; l < M; ++l) {
        // The first machines take the first stores, so most stores have a machine.
        const int store = l < S ? l : uniformInt(0, S - 1);
        m.machines.push_back({"m" + std::to_string(l + 1), store,
                              static_cast<double>(uniformInt(1, 4)), uniform(0.5, 5.0), 0.0});
    }
    m.transfer.defaultCostPerMb = uniform(0.0, 2.0);
    m.transfer.defaultMbPerS = uniform(10.0, 100.0);
    for (int a = 0; a < S; ++a) {
        for (int b = a + 1; b < S; ++b) {
            const double cost = o.metric ? std::fabs(position[static_cast<std::size_t>(a)] -
                                                     position[static_cast<std::size_t>(b)])
                                         : uniform(0.0, 2.0);
            m.transfer.pairs.push_back({a, b, cost, uniform(1.0, 100.0)});
        }
    }
    const int jobs = uniformInt(1, o.maxJobs);
    for (int k = 0; k < jobs; ++k) {
        CostJob j;
        j.name = "J" + std::to_string(k + 1);
        const int reads = uniformInt(o.noDataJobs ? 0 : 1, o.maxDataPerJob);
        for (int r = 0; r < reads; ++r) {
            if (o.sharedData && !m.data.empty() && uniformInt(0, 3) == 0) {
                const int d = uniformInt(0, static_cast<int>(m.data.size()) - 1);
                if (std::find(j.data.begin(), j.data.end(), d) == j.data.end()) {
                    j.data.push_back(d);
                }
                continue;
            }
            j.data.push_back(static_cast<int>(m.data.size()));
            m.data.push_back({"d" + std::to_string(m.data.size() + 1),
                              std::round(uniform(1.0, 300.0)), uniformInt(0, S - 1)});
        }
        if (j.data.empty()) {
            j.cpuS = std::round(uniform(10.0, 500.0));
            j.tasks = uniformInt(1, 5);
        } else {
            j.cpuSPerMb = uniform(0.1, 3.0);
        }
        m.jobs.push_back(j);
    }
    // Machine capacity: `capacitySlack` × the demand in total, shared unevenly.
    double demand = 0.0;
    for (int k = 0; k < jobs; ++k) {
        demand += m.jobCpuS(k);
    }
    std::vector<double> weight;
    double weights = 0.0;
    for (int l = 0; l < M; ++l) {
        weight.push_back(uniform(0.2, 1.8));
        weights += weight.back() * m.machines[static_cast<std::size_t>(l)].cpuUnits;
    }
    for (int l = 0; l < M; ++l) {
        m.machines[static_cast<std::size_t>(l)].uptimeS =
            o.capacitySlack * demand * weight[static_cast<std::size_t>(l)] / weights;
    }
    // Store capacity: what lies there plus up to the whole data again.
    double total = 0.0;
    for (const auto& d : m.data) {
        total += d.sizeMb;
    }
    for (int s = 0; s < S; ++s) {
        double held = 0.0;
        for (const auto& d : m.data) {
            held += d.origin == s ? d.sizeMb : 0.0;
        }
        m.stores[static_cast<std::size_t>(s)].capacityMb = held + std::round(uniform(0.0, total));
    }
    validate(m, "<random>");
    return m;
}

}  // namespace mr::test
