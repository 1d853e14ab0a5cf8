#include "io/CapacitySchedulerXml.h"

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

}  // namespace

std::string capacitySchedulerXml(const Workload& w, const PoolPlan& plan) {
    std::string queues;
    for (const auto& q : plan.queues) {
        queues += (queues.empty() ? "" : ",") + q.name;
    }
    std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    out += "<!--\n  capacity-scheduler.xml written by mrsim plan: workload \"" +
           commentText(w.name) + "\", algorithm " + commentText(plan.algorithm) + ".\n" +
           "  One leaf queue per pool of the plan; capacity = maximum-capacity = the pool's share\n"
           "  of the cluster's " +
           std::to_string(w.cluster.nodes) +
           " nodes (hard pools, as simulated). Merge into $HADOOP_CONF_DIR/\n"
           "  capacity-scheduler.xml and run `yarn rmadmin -refreshQueues`.\n-->\n";
    out += "<configuration>\n";
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
