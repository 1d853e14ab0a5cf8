#include "document/EditCommands.h"

namespace mr::ui {

SetJobCommand::SetJobCommand(WorkloadDocument* doc, int row, Job before, Job after,
                             const QString& text)
    : QUndoCommand(text),
      m_doc(doc),
      m_row(row),
      m_before(std::move(before)),
      m_after(std::move(after)) {}

InsertJobCommand::InsertJobCommand(WorkloadDocument* doc, int row, Job job, const QString& text)
    : QUndoCommand(text),
      m_doc(doc),
      m_row(row),
      m_job(std::move(job)),
      m_colourSlot(doc->takeColourSlot()) {}

RemoveJobCommand::RemoveJobCommand(WorkloadDocument* doc, int row)
    : QUndoCommand(QObject::tr("Remove job %1")
                       .arg(QString::fromStdString(
                           doc->workload().jobs[static_cast<std::size_t>(row)].name))),
      m_doc(doc),
      m_row(row),
      m_job(doc->workload().jobs[static_cast<std::size_t>(row)]),
      m_colourSlot(doc->colourSlot(row)),
      m_manualOrder(doc->workload().manualOrder) {}

void RemoveJobCommand::redo() {
    m_doc->applyRemoveJob(m_row);
}

void RemoveJobCommand::undo() {
    m_doc->applyInsertJob(m_row, m_job, m_colourSlot);
    // Removing a job drops it from the manual order; undo puts the order back as it was.
    m_doc->applyMoveJob(m_row, m_row, m_manualOrder);
}

MoveJobCommand::MoveJobCommand(WorkloadDocument* doc, int from, int to)
    : QUndoCommand(QObject::tr("Move job %1")
                       .arg(QString::fromStdString(
                           doc->workload().jobs[static_cast<std::size_t>(from)].name))),
      m_doc(doc),
      m_from(from),
      m_to(to),
      m_manualBefore(doc->workload().manualOrder) {
    // After the move, the table order is the manual order.
    std::vector<std::string> names;
    for (const auto& job : doc->workload().jobs) {
        names.push_back(job.name);
    }
    const std::string moved = names[static_cast<std::size_t>(from)];
    names.erase(names.begin() + from);
    names.insert(names.begin() + to, moved);
    m_manualAfter = names;
}

SetClusterCommand::SetClusterCommand(WorkloadDocument* doc, Cluster before, Cluster after,
                                     bool stepping)
    : QUndoCommand(QObject::tr("Change cluster")),
      m_doc(doc),
      m_before(before),
      m_after(after),
      m_stepping(stepping) {}

namespace {

// Which fields of the cluster differ (bit 0 nodes, 1 map slots, 2 reduce slots).
int changedFields(const Cluster& a, const Cluster& b) {
    return (a.nodes != b.nodes ? 1 : 0) | (a.mapSlotsPerNode != b.mapSlotsPerNode ? 2 : 0) |
           (a.reduceSlotsPerNode != b.reduceSlotsPerNode ? 4 : 0);
}

}  // namespace

bool SetClusterCommand::mergeWith(const QUndoCommand* other) {
    const auto* o = static_cast<const SetClusterCommand*>(other);
    if (changedFields(m_before, m_after) != changedFields(o->m_before, o->m_after)) {
        return false;
    }
    m_after = o->m_after;
    if (m_after == m_before) {
        setObsolete(true);  // stepped back to where it started: no undo step
    }
    return true;
}

}  // namespace mr::ui
