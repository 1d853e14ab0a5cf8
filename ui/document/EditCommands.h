// EditCommands — one QUndoCommand per kind of edit of a WorkloadDocument. Each stores what it
// needs to go both ways (the old and the new job, the moved row, the old and new cluster or
// scenario).
#pragma once

#include <QUndoCommand>

#include "document/WorkloadDocument.h"

namespace mr::ui {

class SetJobCommand : public QUndoCommand {
public:
    SetJobCommand(WorkloadDocument* doc, int row, Job before, Job after, const QString& text);
    void undo() override { m_doc->applySetJob(m_row, m_before); }
    void redo() override { m_doc->applySetJob(m_row, m_after); }

private:
    WorkloadDocument* m_doc;
    int m_row;
    Job m_before;
    Job m_after;
};

class InsertJobCommand : public QUndoCommand {
public:
    InsertJobCommand(WorkloadDocument* doc, int row, Job job, const QString& text);
    void undo() override { m_doc->applyRemoveJob(m_row); }
    void redo() override { m_doc->applyInsertJob(m_row, m_job, m_colourSlot); }

private:
    WorkloadDocument* m_doc;
    int m_row;
    Job m_job;
    int m_colourSlot;  // a new job's own, the same after undo and redo
};

class RemoveJobCommand : public QUndoCommand {
public:
    RemoveJobCommand(WorkloadDocument* doc, int row);
    void undo() override;
    void redo() override;

private:
    WorkloadDocument* m_doc;
    int m_row;
    Job m_job;
    int m_colourSlot;
    std::vector<std::string> m_manualOrder;
};

class MoveJobCommand : public QUndoCommand {
public:
    MoveJobCommand(WorkloadDocument* doc, int from, int to);
    void undo() override { m_doc->applyMoveJob(m_to, m_from, m_manualBefore); }
    void redo() override { m_doc->applyMoveJob(m_from, m_to, m_manualAfter); }

private:
    WorkloadDocument* m_doc;
    int m_from;
    int m_to;
    std::vector<std::string> m_manualBefore;
    std::vector<std::string> m_manualAfter;
};

class SetClusterCommand : public QUndoCommand {
public:
    SetClusterCommand(WorkloadDocument* doc, Cluster before, Cluster after, bool stepping);
    void undo() override { m_doc->applyCluster(m_before); }
    void redo() override { m_doc->applyCluster(m_after); }
    // Consecutive spin-box steps of the same cluster field merge into one undo step; a typed
    // value, or a change of another field, is a step of its own.
    int id() const override { return m_stepping ? 1 : -1; }
    bool mergeWith(const QUndoCommand* other) override;

private:
    WorkloadDocument* m_doc;
    Cluster m_before;
    Cluster m_after;
    bool m_stepping;
};

class SetScenarioCommand : public QUndoCommand {
public:
    SetScenarioCommand(WorkloadDocument* doc, Scenario before, Scenario after, const QString& text)
        : QUndoCommand(text), m_doc(doc), m_before(std::move(before)), m_after(std::move(after)) {}
    void undo() override { m_doc->applyScenario(m_before); }
    void redo() override { m_doc->applyScenario(m_after); }

private:
    WorkloadDocument* m_doc;
    Scenario m_before;
    Scenario m_after;
};

}  // namespace mr::ui
