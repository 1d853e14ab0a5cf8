// VariantDiffPanel — the Comparison tab's diff of two variants: choose a
// variant to compare from and one to compare to (the workload being edited is "current"), and
// it lists what changed — jobs added, removed, edited field by field, the cluster, the checked
// algorithms and run options — and, for one algorithm both ran, each job's completion before
// and after (earlier or later, and by how much) and its place in the order chosen. Every fact
// comes from the core (experiments/VariantDiff.h); this panel only shows it.
#pragma once

#include <QWidget>
#include <functional>
#include <memory>

#include "experiments/VariantDiff.h"

class QComboBox;
class QLabel;
class QTableWidget;

namespace mr::ui {

struct RunSet;
class RunController;
class VariantStore;

class VariantDiffPanel : public QWidget {
    Q_OBJECT
public:
    // `current`: the workload being edited as a variant; `runs`: its run.
    VariantDiffPanel(VariantStore* store, RunController* runs, std::function<Variant()> current,
                     QWidget* parent = nullptr);

    // Compare `from` with `to` (variant names, or "current"), under `algorithm` (empty: the
    // first both ran). False when one of them is unknown.
    bool compare(const QString& from, const QString& to, const QString& algorithm = {});
    // What is shown, for tests: the changes as lines ("J3: removed", "nodes: 30 → 60"), the
    // effect (null before both runs are done).
    QStringList changeLines() const { return m_lines; }
    const VariantEffect* effect() const { return m_effect ? &*m_effect : nullptr; }
    QTableWidget* effectTable() const { return m_table; }
    QString summary() const;

    // Redraws now (it otherwise follows the runs, coalesced).
    void refresh();

private:
    void rebuildChoices();
    void showChanges(const Variant& a, const Variant& b);
    QStringList commonAlgorithms(const Variant& a, const Variant& b);
    void showEffectTable(const VariantEffect& e);
    void refreshLater();
    // A side of the diff: its variant value and its newest results.
    bool side(const QString& name, Variant* variant, std::shared_ptr<const RunSet>* results) const;

    VariantStore* m_store;
    RunController* m_runs;
    std::function<Variant()> m_current;
    QComboBox* m_from;
    QComboBox* m_to;
    QComboBox* m_algorithm;
    QLabel* m_changes;
    QLabel* m_summary;
    QTableWidget* m_table;
    QStringList m_lines;
    std::optional<VariantEffect> m_effect;
    bool m_refreshQueued = false;
    bool m_userChose = false;  // the sides were chosen (else they follow the defaults)
};

}  // namespace mr::ui
