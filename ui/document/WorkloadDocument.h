// WorkloadDocument — the workload being edited: its file, its undo stack, its jobs' colour slots,
// and the only place that changes it. Every change goes through a QUndoCommand (EditCommands.h)
// so it can be undone, and an edit that changes nothing pushes no command (no empty undo step);
// views follow the fine-grained signals (the job table keeps its selection and editor).
#pragma once

#include <QObject>
#include <QString>
#include <QUndoStack>

#include <memory>

#include "document/JobPalette.h"
#include "model/Workload.h"

namespace mr::ui {

class WorkloadDocument : public QObject {
    Q_OBJECT
public:
    explicit WorkloadDocument(QObject* parent = nullptr);
    // Says nothing more: the undo stack, destroyed after this body, would otherwise report
    // cleanChanged (and so modifiedChanged) from a half-destroyed document into its listeners,
    // a window already half destroyed among them (UBSan reports a bad downcast otherwise).
    ~WorkloadDocument() override;

    const Workload& workload() const { return *m_workload; }
    // The workload shared, not copied (a run keeps it while the user edits on): the document
    // copies it before its next edit only while someone else still holds it (copy on write), so
    // a 9M-task workload is in memory once, not once more per run request.
    std::shared_ptr<const Workload> sharedWorkload() const { return m_workload; }
    QUndoStack* undoStack() { return &m_undo; }
    QString filePath() const { return m_filePath; }
    bool isModified() const { return !m_undo.isClean(); }

    // The colour slot of every job (JobPalette): given when the job comes into being (loaded,
    // added, duplicated) and kept for its life, whatever happens to the other rows.
    JobColours jobColours() const { return JobColours(m_slots); }

    // Replace the whole workload (new file, open, sample, import): clears the undo history; jobs
    // get colour slots 0, 1, 2, ... in file order, or `colourSlots` (one per job, a session's) when
    // given.
    void reset(Workload workload, const QString& filePath,
               const std::vector<int>& colourSlots = {});
    // Throws InputError (naming the file, job and field) and leaves the document unchanged.
    // Returns the loader's warnings (unknown fields kept for the round trip, ...).
    QStringList open(const QString& path);
    // Atomic (temporary file + rename); throws InputError. Marks the document clean.
    void saveAs(const QString& path);
    // Marks the edits so far as kept elsewhere (a session file holds the workload too): the
    // title loses its '*' and closing has nothing to ask.
    void markSaved() { m_undo.setClean(); }
    static Workload untitled();  // a small starting workload for File > New

    // Edits, each one undoable. `text` names the step in Edit > Undo.
    void setJob(int row, const Job& job, const QString& text);
    void insertJob(int row, const Job& job, const QString& text);
    void removeJob(int row);
    // The job table's Add / Duplicate / Remove. Add: a new job after `row` (-1: at the end);
    // Duplicate: a copy of `row` after it, named "<name>-copy"; both return the new row.
    int addJob(int row);
    int duplicateJob(int row);
    // Removes `rows` in one undo step. A workload keeps at least one job: the first selected one
    // then stays, and the returned text says so (empty when every row was removed).
    QString removeJobs(QList<int> rows);
    // Moves a job and makes the new table order the manual order (drag and drop).
    void moveJob(int from, int to);
    // `stepping`: a spin-box step; consecutive steps of one field are one undo step.
    void setCluster(const Cluster& cluster, bool stepping = false);
    // The scenario section (failures, stragglers, speculation); `text` names the undo step.
    void setScenario(const Scenario& scenario, const QString& text);

    // Raw mutations, for the undo commands only.
    void applySetJob(int row, const Job& job);
    void applyInsertJob(int row, const Job& job, int colourSlot);
    void applyRemoveJob(int row);
    int colourSlot(int row) const { return m_slots[static_cast<std::size_t>(row)]; }
    int takeColourSlot() { return m_nextSlot++; }  // a slot no job of this document has had
    void applyMoveJob(int from, int to, const std::vector<std::string>& manualOrder);
    void applyCluster(const Cluster& cluster);
    void applyScenario(const Scenario& scenario);

signals:
    void aboutToReset();
    void resetDone();
    void jobChanged(int row);
    void aboutToInsertJob(int row);
    void jobInserted(int row);
    void aboutToRemoveJob(int row);
    void jobRemoved(int row);
    void aboutToMoveJob(int from, int to);
    void jobMoved(int from, int to);
    void clusterChanged();
    void scenarioChanged();
    void changed();  // after any change: results are stale
    void filePathChanged(const QString& path);
    void modifiedChanged(bool modified);

private:
    Workload& edit();  // the workload to change in place (copied first while shared)

    std::shared_ptr<Workload> m_workload;
    QString m_filePath;
    QUndoStack m_undo;
    std::vector<int> m_slots;  // colour slot per row
    int m_nextSlot = 0;
};

}  // namespace mr::ui
