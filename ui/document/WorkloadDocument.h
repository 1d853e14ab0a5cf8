// WorkloadDocument — the workload being edited: its file, its undo stack, and the only place
// that changes it. Every change goes through a QUndoCommand (EditCommands.h) so it can be undone;
// views follow the fine-grained signals (the job table keeps its selection and editor).
#pragma once

#include <QObject>
#include <QString>
#include <QUndoStack>

#include "model/Workload.h"

namespace mr::ui {

class WorkloadDocument : public QObject {
    Q_OBJECT
public:
    explicit WorkloadDocument(QObject* parent = nullptr);

    const Workload& workload() const { return m_workload; }
    QUndoStack* undoStack() { return &m_undo; }
    QString filePath() const { return m_filePath; }
    bool isModified() const { return !m_undo.isClean(); }

    // Replace the whole workload (new file, open, sample): clears the undo history.
    void reset(Workload workload, const QString& filePath);
    // Throws InputError (naming the file, job and field) and leaves the document unchanged.
    void open(const QString& path);
    // Atomic (temporary file + rename); throws InputError. Marks the document clean.
    void saveAs(const QString& path);
    static Workload untitled();  // a small starting workload for File > New

    // Edits, each one undoable. `text` names the step in Edit > Undo.
    void setJob(int row, const Job& job, const QString& text);
    void insertJob(int row, const Job& job, const QString& text);
    void removeJob(int row);
    // Moves a job and makes the new table order the manual order (drag and drop).
    void moveJob(int from, int to);
    void setCluster(const Cluster& cluster);

    // Raw mutations, for the undo commands only.
    void applySetJob(int row, const Job& job);
    void applyInsertJob(int row, const Job& job);
    void applyRemoveJob(int row);
    void applyMoveJob(int from, int to, const std::vector<std::string>& manualOrder);
    void applyCluster(const Cluster& cluster);

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
    void changed();  // after any change: results are stale
    void filePathChanged(const QString& path);
    void modifiedChanged(bool modified);

private:
    Workload m_workload;
    QString m_filePath;
    QUndoStack m_undo;
};

}  // namespace mr::ui
