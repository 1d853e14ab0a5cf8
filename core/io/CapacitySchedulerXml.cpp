#include "io/CapacitySchedulerXml.h"

#include "io/NumberFormat.h"

namespace mr {

std::string xmlEscape(const std::string& text) {
    std::string out;
    for (const char c : text) {
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            case '\'':
                out += "&apos;";
                break;
            default:
                out += static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n' && c != '\r'
                           ? '?'
                           : c;
        }
    }
    return out;
}

namespace {

// A comment may not hold "--" nor end in '-'; entities are not read there, so none is written.
std::string commentText(const std::string& text) {
    std::string out;
    for (const char c : text) {
        if (c == '-' && !out.empty() && out.back() == '-') {
            out += ' ';
        }
        out += static_cast<unsigned char>(c) < 0x20 ? ' ' : c;
    }
    if (!out.empty() && out.back() == '-') {
        out += ' ';
    }
    return out;
}

std::string property(const std::string& name, const std::string& value,
                     const std::string& description = {}) {
    std::string out = "  <property>\n    <name>" + xmlEscape(name) + "</name>\n    <value>" +
                      xmlEscape(value) + "</value>\n";
    if (!description.empty()) {
        out += "    <description>" + xmlEscape(description) + "</description>\n";
    }
    return out + "  </property>\n";
}

// The capacity algorithm's tree as it ran: every queue's properties, parents' .queues first.
std::string treeProperties(const std::vector<CapacityQueueSpec>& queues, const std::string& path) {
    std::string names;
    for (const CapacityQueueSpec& q : queues) {
        names += (names.empty() ? "" : ",") + q.name;
    }
    std::string out = property("yarn.scheduler.capacity." + path + ".queues", names);
    for (const CapacityQueueSpec& q : queues) {
        const std::string prefix = "yarn.scheduler.capacity." + path + "." + q.name + ".";
        out += "\n" + property(prefix + "capacity", formatNumber(q.capacity));
        out += property(prefix + "maximum-capacity", formatNumber(q.maximumCapacity));
        if (q.isLeaf()) {
            out += property(prefix + "user-limit-factor", formatNumber(q.userLimitFactor));
            out += property(prefix + "ordering-policy", q.fair ? "fair" : "fifo");
        }
        out += property(prefix + "state", "RUNNING");
        if (!q.isLeaf()) {
            out += treeProperties(q.children, path + "." + q.name);
        }
    }
    return out;
}

std::string header(const Workload& w, const PoolPlan& plan) {
    std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    out += "<!--\n  capacity-scheduler.xml written by mrsim plan: workload \"" +
           commentText(w.name) + "\", algorithm " + commentText(plan.algorithm) + ".\n";
    if (!plan.capacityTree.empty()) {
        out += "  The queues the capacity algorithm ran with. Merge into $HADOOP_CONF_DIR/\n";
    } else {
        out +=
            "  One leaf queue per pool of the plan; capacity = maximum-capacity = the pool's "
            "share\n  of the cluster's " +
            std::to_string(w.cluster.nodes) +
            " nodes (hard pools, as simulated). Merge into $HADOOP_CONF_DIR/\n";
    }
    return out + "  capacity-scheduler.xml and run `yarn rmadmin -refreshQueues`.\n-->\n";
}

}  // namespace

std::string capacitySchedulerXml(const Workload& w, const PoolPlan& plan) {
    if (!plan.capacityTree.empty()) {
        return header(w, plan) + "<configuration>\n" + treeProperties(plan.capacityTree, "root") +
               "</configuration>\n";
    }
    std::string queues;
    for (const auto& q : plan.queues) {
        queues += (queues.empty() ? "" : ",") + q.name;
    }
    std::string out = header(w, plan) + "<configuration>\n";
    out +=
        property("yarn.scheduler.capacity.root.queues", queues, "The plan's queues, one per pool.");
    for (const auto& q : plan.queues) {
        const std::string prefix = "yarn.scheduler.capacity.root." + q.name + ".";
        const std::string share = formatPercent(q.capacityHundredths);
        out += "\n  <!-- queue " + commentText(q.name) + ": " + std::to_string(q.nodes) + " of " +
               std::to_string(w.cluster.nodes) + " nodes (from node " +
               std::to_string(q.firstNode) + "), " + std::to_string(q.jobs.size()) + " jobs -->\n";
        out += property(prefix + "capacity", share);
        out += property(prefix + "maximum-capacity", share);
        out += property(prefix + "user-limit-factor", "1");
        out += property(prefix + "ordering-policy", "fifo");
        out += property(prefix + "state", "RUNNING");
    }
    return out + "</configuration>\n";
}

}  // namespace mr
