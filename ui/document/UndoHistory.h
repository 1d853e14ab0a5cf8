// UndoHistory — one Edit > Undo / Redo over several undo stacks (the document's edits and the
// variant strip's), in the order the steps were made: Undo takes back the newest step of any
// stack, Redo redoes the oldest undone one. Each stack keeps its own clean state (the workload's
// file, the session's), so saving one never marks the other saved.
#pragma once

#include <QList>
#include <QObject>
#include <vector>

class QAction;
class QUndoCommand;
class QUndoStack;

namespace mr::ui {

class UndoHistory : public QObject {
    Q_OBJECT
public:
    explicit UndoHistory(QObject* parent = nullptr);

    void addStack(QUndoStack* stack);
    bool canUndo() const;
    bool canRedo() const;
    QString undoText() const;
    QString redoText() const;
    void undo();
    void redo();
    // Edit menu actions that follow the history ("Undo Keep as variant B").
    QAction* createUndoAction(QObject* parent, const QString& prefix);
    QAction* createRedoAction(QObject* parent, const QString& prefix);

signals:
    void changed();

private:
    struct Step {
        const QUndoCommand* command = nullptr;
        quint64 order = 0;
    };
    struct Tracked {
        QUndoStack* stack;
        std::vector<Step> steps;  // per command index of the stack, when it was made
    };
    void track(Tracked& tracked);
    QUndoStack* newestUndo() const;
    QUndoStack* oldestRedo() const;

    std::vector<Tracked> m_stacks;
    quint64 m_clock = 0;
};

}  // namespace mr::ui
