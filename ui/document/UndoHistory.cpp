#include "document/UndoHistory.h"

#include <QAction>
#include <QUndoStack>

namespace mr::ui {

UndoHistory::UndoHistory(QObject* parent) : QObject(parent) {}

void UndoHistory::addStack(QUndoStack* stack) {
    m_stacks.push_back({stack, {}});
    track(m_stacks.back());
    const std::size_t at = m_stacks.size() - 1;
    // A command pushed, merged, undone, redone, or the stack cleared.
    connect(stack, &QUndoStack::indexChanged, this, [this, at] {
        track(m_stacks[at]);
        emit changed();
    });
    connect(stack, &QUndoStack::cleanChanged, this, &UndoHistory::changed);
    connect(stack, &QObject::destroyed, this, [this, at] { m_stacks[at].stack = nullptr; });
}

void UndoHistory::track(Tracked& tracked) {
    if (tracked.stack == nullptr) {
        return;
    }
    // A command not seen at its index is new (pushed now, perhaps replacing undone ones): it
    // gets the next time; a merged command keeps the time it was first made.
    const int count = tracked.stack->count();
    tracked.steps.resize(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i) {
        Step& step = tracked.steps[static_cast<std::size_t>(i)];
        const QUndoCommand* command = tracked.stack->command(i);
        if (step.command != command) {
            step = {command, ++m_clock};
        }
    }
}

QUndoStack* UndoHistory::newestUndo() const {
    QUndoStack* best = nullptr;
    quint64 newest = 0;
    for (const Tracked& t : m_stacks) {
        if (t.stack && t.stack->canUndo()) {
            const auto index = static_cast<std::size_t>(t.stack->index() - 1);
            const quint64 order = index < t.steps.size() ? t.steps[index].order : 0;
            if (!best || order > newest) {
                best = t.stack;
                newest = order;
            }
        }
    }
    return best;
}

QUndoStack* UndoHistory::oldestRedo() const {
    QUndoStack* best = nullptr;
    quint64 oldest = 0;
    for (const Tracked& t : m_stacks) {
        if (t.stack && t.stack->canRedo()) {
            const auto index = static_cast<std::size_t>(t.stack->index());
            const quint64 order = index < t.steps.size() ? t.steps[index].order : 0;
            if (!best || order < oldest) {
                best = t.stack;
                oldest = order;
            }
        }
    }
    return best;
}

bool UndoHistory::canUndo() const {
    return newestUndo() != nullptr;
}

bool UndoHistory::canRedo() const {
    return oldestRedo() != nullptr;
}

QString UndoHistory::undoText() const {
    QUndoStack* stack = newestUndo();
    return stack ? stack->undoText() : QString();
}

QString UndoHistory::redoText() const {
    QUndoStack* stack = oldestRedo();
    return stack ? stack->redoText() : QString();
}

void UndoHistory::undo() {
    if (QUndoStack* stack = newestUndo()) {
        stack->undo();
    }
}

void UndoHistory::redo() {
    if (QUndoStack* stack = oldestRedo()) {
        stack->redo();
    }
}

QAction* UndoHistory::createUndoAction(QObject* parent, const QString& prefix) {
    auto* action = new QAction(prefix, parent);
    connect(action, &QAction::triggered, this, &UndoHistory::undo);
    const auto update = [this, action, prefix] {
        action->setEnabled(canUndo());
        const QString text = undoText();
        action->setText(text.isEmpty() ? prefix : prefix + QLatin1Char(' ') + text);
    };
    connect(this, &UndoHistory::changed, action, update);
    update();
    return action;
}

QAction* UndoHistory::createRedoAction(QObject* parent, const QString& prefix) {
    auto* action = new QAction(prefix, parent);
    connect(action, &QAction::triggered, this, &UndoHistory::redo);
    const auto update = [this, action, prefix] {
        action->setEnabled(canRedo());
        const QString text = redoText();
        action->setText(text.isEmpty() ? prefix : prefix + QLatin1Char(' ') + text);
    };
    connect(this, &UndoHistory::changed, action, update);
    update();
    return action;
}

}  // namespace mr::ui
