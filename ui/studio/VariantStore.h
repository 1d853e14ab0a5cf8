// VariantStore — the variants kept beside the workload being edited (issue 15 item 1): each a
// snapshot (jobs, cluster, checked algorithms, run options) under a name, re-run in the
// background by a RunController of its own — the explorer's one mechanism for runs, so a
// variant's run is cancelled and rerun exactly like the current one's. The comparison's
// reference variant is kept here too. The core's Variant is the value; this adds the runs.
#pragma once

#include <QObject>
#include <QString>
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
    // job colours of the table it was taken from. Returns its index.
    int add(Variant variant, const JobColours& colours = {});
    void remove(int index);
    // Refuses (returns the reason) an empty name or one another variant has.
    QString rename(int index, const QString& name);
    // Replaces every variant (opening a session); runs them all.
    void setVariants(std::vector<Variant> variants);
    // Runs one variant again from scratch (its algorithms or options changed).
    void rerun(int index);

    // The variant the comparison's deltas are against; empty: none (the current workload).
    QString reference() const { return m_reference; }
    void setReference(const QString& name);

    // A name no variant has yet: A, B, ..., Z, AA, ...
    QString nextName() const;

signals:
    void variantsChanged();          // added, removed, renamed, replaced
    void resultsChanged(int index);  // a variant's run published a snapshot
    void referenceChanged(const QString& name);

private:
    struct Entry;
    void start(Entry& entry);

    std::vector<std::unique_ptr<Entry>> m_entries;
    QString m_reference;
};

}  // namespace mr::ui
