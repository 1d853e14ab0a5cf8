#include "cost/CostGenerators.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "model/InputError.h"
#include "model/SeededRandom.h"

namespace mr::cost {

namespace {

constexpr double kMillicent = 1e-5;  // dollars

std::string numbered(const std::string& prefix, int n, int count) {
    const std::size_t width = std::to_string(count).size();
    std::string digits = std::to_string(n);
    return prefix + std::string(width > digits.size() ? width - digits.size() : 0, '0') + digits;
}

// Rounded to 1e-9 dollars so that generated files stay readable.
double price(double dollars) {
    return std::round(dollars * 1e9) / 1e9;
}

}  // namespace

CostModel randomCostModel(const RandomCostOptions& o) {
    if (o.machines < 1 || o.machines > 2000) {
        throw InputError("", "", "machines", "must be between 1 and 2000");
    }
    if (o.jobs < 1 || o.jobs > 100000) {
        throw InputError("", "", "jobs", "must be between 1 and 100000");
    }
    if (o.stores < 0 || o.stores > 2000) {
        throw InputError("", "", "stores", "must be between 1 and 2000 (0: one per machine)");
    }
    SeededRandom rng(o.seed);
    auto uniform = [&](double lo, double hi) { return rng.uniform(lo, hi); };
    auto uniformInt = [&](int lo, int hi) { return rng.uniformInt(lo, hi); };
    const int S = o.stores == 0 ? o.machines : o.stores;
    CostModel m;
    m.name = "random " + std::to_string(o.machines) + " machines, " + std::to_string(o.jobs) +
             " jobs, " + std::to_string(S) + " stores, seed " + std::to_string(o.seed);
    m.description =
        "Generated like [Ehsan13]'s scaling study (Fig. 5): CPU price 0-5 millicent per "
        "CPU-second, input 0-6 GB per job on a random store, 0-60 millicent per 64 MB between "
        "two stores, 0-1000 CPU-seconds per job; cpu_units 1, 2 or 5 (Table III). Assumed: "
        "uptime gives twice the CPU-seconds the jobs need, stores hold twice the data, 62.5 MB/s "
        "between stores.";
    for (int s = 0; s < S; ++s) {
        m.stores.push_back({numbered("s", s + 1, S), 0.0});
    }
    const int units[] = {1, 2, 5};
    for (int l = 0; l < o.machines; ++l) {
        Machine mc;
        mc.name = numbered("m", l + 1, o.machines);
        mc.store = l % S;
        mc.cpuUnits = units[uniformInt(0, 2)];
        mc.cpuCostPerS = price(uniform(0.0, 5.0) * kMillicent);
        m.machines.push_back(mc);
    }
    m.transfer.defaultCostPerMb = 0.0;
    m.transfer.defaultMbPerS = 62.5;
    for (int a = 0; a < S; ++a) {
        for (int b = a + 1; b < S; ++b) {
            m.transfer.pairs.push_back({a, b, price(uniform(0.0, 60.0) * kMillicent / 64.0), {}});
        }
    }
    double demand = 0.0;
    double total = 0.0;
    std::vector<double> held(static_cast<std::size_t>(S), 0.0);
    for (int k = 0; k < o.jobs; ++k) {
        DataObject d;
        d.name = numbered("d", k + 1, o.jobs);
        d.sizeMb = uniformInt(1, 6144);
        d.origin = uniformInt(0, S - 1);
        held[static_cast<std::size_t>(d.origin)] += d.sizeMb;
        total += d.sizeMb;
        m.data.push_back(d);
        CostJob j;
        j.name = numbered("J", k + 1, o.jobs);
        j.cpuS = uniformInt(1, 1000);
        j.data = {k};
        demand += *j.cpuS;
        m.jobs.push_back(j);
    }
    double cpuUnits = 0.0;
    for (const auto& mc : m.machines) {
        cpuUnits += mc.cpuUnits;
    }
    const double uptime = std::ceil(2.0 * demand / cpuUnits);
    for (auto& mc : m.machines) {
        mc.uptimeS = uptime;
    }
    for (std::size_t s = 0; s < m.stores.size(); ++s) {
        m.stores[s].capacityMb = std::max(held[s], std::ceil(2.0 * total / S));
    }
    return m;
}

CostModel ec2CostModel(int c1MediumNodes) {
    constexpr int kNodes = 20;
    if (c1MediumNodes < 0 || c1MediumNodes > kNodes) {
        throw InputError("", "", "c1-medium", "must be between 0 and 20");
    }
    CostModel m;
    m.name = "LiPS EC2 testbed: 20 nodes, " + std::to_string(c1MediumNodes) + " c1.medium";
    m.description =
        "[Ehsan13] section VI: 20 EC2 nodes in three availability zones, jobs J1-J9 of Table IV. "
        "Node type (Table III): m1.medium = 2 compute units, 410 GB; c1.medium = 5 compute "
        "units, 350 GB (m1.small, 1 unit at $0.08/h, is not part of this testbed). Price per "
        "compute-unit CPU-second from Table III's caption, low end: m1.medium 4.44 millicent, "
        "c1.medium 0.92 millicent (the caption's m1.medium figure is "
        "its hourly price per instance-second, not per compute unit; we follow the caption, which "
        "is what makes c1.medium 4-5 times cheaper). Inter-zone transfer $0.01 per GB (62.5 "
        "millicent per 64 MB block), free within a zone; 500 Mbps within a zone, 250 Mbps "
        "across (the netem setting). CPU per 64 MB from Table I: WordCount 90, Grep 20, Stress2 "
        "75 compute-unit seconds. Assumed: nodes 1, 2, 3, 4, ... are in zones a, b, c, a, ...; "
        "c1.medium nodes are spread "
        "evenly over the node numbers; each input file is spread evenly over the 20 DataNodes "
        "(one replica); a Pi task (1e9 samples) takes 200 CPU-seconds; uptime one billed hour.";
    std::vector<bool> c1(kNodes, false);
    for (int i = 1; i <= c1MediumNodes; ++i) {
        c1[static_cast<std::size_t>((i * kNodes + c1MediumNodes - 1) / c1MediumNodes - 1)] = true;
    }
    const char* zones[] = {"a", "b", "c"};
    auto zone = [](int n) { return n % 3; };  // 0-based node: a, b, c, a, b, ...
    for (int n = 0; n < kNodes; ++n) {
        const bool fast = c1[static_cast<std::size_t>(n)];
        const std::string name =
            numbered("n", n + 1, 99) + "-" + (fast ? "c1" : "m1") + "-us-east-" + zones[zone(n)];
        m.stores.push_back({"hdfs-" + name, (fast ? 350.0 : 410.0) * 1024.0});
        Machine mc;
        mc.name = name;
        mc.store = n;
        mc.cpuUnits = fast ? 5.0 : 2.0;
        mc.cpuCostPerS = fast ? 0.92e-5 : 4.44e-5;  // dollars: 0.92 and 4.44 millicent
        mc.uptimeS = 3600.0;
        m.machines.push_back(mc);
    }
    m.transfer.defaultCostPerMb = 0.0;
    m.transfer.defaultMbPerS = 62.5;  // 500 Mbps
    for (int a = 0; a < kNodes; ++a) {
        for (int b = a + 1; b < kNodes; ++b) {
            if (zone(a) != zone(b)) {
                m.transfer.pairs.push_back({a, b, 0.01 / 1024.0, 31.25});
            }
        }
    }
    struct Spec {
        const char* name;
        const char* kind;
        double inputGb;
        double cpuPerBlock;  // Table I, compute-unit seconds per 64 MB
    };
    const Spec jobs[] = {
        {"J1", "pi", 0, 0},          {"J2", "pi", 0, 0},        {"J3", "wordcount", 10, 90},
        {"J4", "wordcount", 10, 90}, {"J5", "grep", 20, 20},    {"J6", "grep", 20, 20},
        {"J7", "grep", 20, 20},      {"J8", "stress2", 10, 75}, {"J9", "stress2", 10, 75}};
    for (const Spec& s : jobs) {
        CostJob j;
        j.name = std::string(s.name) + "-" + s.kind;
        if (s.inputGb == 0) {
            j.tasks = 4;         // Table IV: job size 4
            j.cpuS = 4 * 200.0;  // assumed 200 CPU-seconds per Pi task
        } else {
            j.cpuSPerMb = s.cpuPerBlock / 64.0;
            const double perNode = s.inputGb * 1024.0 / kNodes;
            for (int n = 0; n < kNodes; ++n) {
                j.data.push_back(static_cast<int>(m.data.size()));
                m.data.push_back(
                    {std::string(s.name) + "-input-" + numbered("", n + 1, 99), perNode, n});
            }
        }
        m.jobs.push_back(j);
    }
    return m;
}

}  // namespace mr::cost
