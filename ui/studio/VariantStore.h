// VariantStore — the variants kept beside the workload being edited: each a
// snapshot (jobs, cluster, checked algorithms, run options) under a name, re-run in the
// background by a RunController of its own — the explorer's one mechanism for runs, so a
// variant's run is cancelled and rerun exactly like the current one's. The comparison's
// reference variant is kept here too. The core's Variant is the value; this adds the runs.
// Keeping, removing, renaming a variant and choosing the reference are undoable (an undo stack
// of their own, which Edit > Undo reaches with the document's: UndoHistory); the stack's clean
// state is "as the session was last saved or opened" (isModified()).
#pragma once

#include <QObject>
#include <QString>
#include <QUndoStack>
#include <memory>
#include <vector>

#include "document/JobPalette.h"
#include "experiments/Session.h"

namespace mr::ui {

class RunController;
struct RunSet;

class VariantStore : public QObject {
    Q_OBJECT
public:
    explicit VariantStore(QObject* parent = nullptr);
    ~VariantStore() override;  // cancels every variant's run; never waits

    int count() const { return static_cast<int>(m_entries.size()); }
    const Variant& variant(int index) const;
    std::vector<Variant> variants() const;
    int indexOf(const QString& name) const;  // -1 when none
    // The newest results of a variant's run (null before its first snapshot).
    std::shared_ptr<const RunSet> results(int index) const;
    RunController* runController(int index) const;

    // Appends a variant (its name must be free and not empty) and starts its run; `colours`: the
    // job colours of the table it was taken from. Returns its index. Undoable, as are remove,
    // rename and setReference.
    int add(Variant variant, const JobColours& colours = {});
    void remove(int index);
    // Refuses (returns the reason) an empty name or one another variant has.
    QString rename(int index, const QString& name);
    // Replaces every variant (opening a session; none: closing it) and the reference; runs them
    // all. Not undoable: the undo history starts afresh, as the session is saved.
    void setVariants(std::vector<Variant> variants, const QString& reference = {});
    // Runs one variant again from scratch (its algorithms or options changed).
    void rerun(int index);

    // The variant the comparison's deltas are against; empty: none (the current workload).
    QString reference() const { return m_reference; }
    void setReference(const QString& name);

    QUndoStack* undoStack() { return &m_undo; }
    // The variants (or the reference) changed since the session was last saved or opened.
    bool isModified() const { return !m_undo.isClean(); }
    void setSaved() { m_undo.setClean(); }

    // The raw changes, for the undo commands only.
    void insertAt(int index, Variant variant, const JobColours& colours);
    void removeAt(int index);
    void renameAt(int index, const std::string& name);
    void applyReference(const QString& name);
    JobColours colours(int index) const;

    // A name no variant has yet: A, B, ..., Z, AA, ...
    QString nextName() const;

signals:
    void variantsChanged();  // added, removed, renamed, replaced
    void modifiedChanged(bool modified);
    void resultsChanged(int index);  // a variant's run published a snapshot
    void referenceChanged(const QString& name);

private:
    struct Entry;
    void start(Entry& entry);

    std::vector<std::unique_ptr<Entry>> m_entries;
    QString m_reference;
    QUndoStack m_undo;
};

}  // namespace mr::ui
