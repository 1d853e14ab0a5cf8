// ScenarioPanel — the workload's scenario (model/Scenario.h, docs/simulator.md "Scenarios") in a
// window of its own: the node failures as a list, one added from the form (node, time, recovery)
// or by clicking a slot row at a time on a timeline, removed from the list; the per-attempt
// failure probability and retries, stragglers, speculative execution and the seed. Every change
// is a document edit (undoable, marks the file modified, saved in its "scenario" section); a
// value the core refuses (validateScenario) is named under the form and nothing changes. Node
// additions, slow nodes and per-job settings come from the file and stay as they are.
#pragma once

#include <QDialog>

#include "model/Scenario.h"
#include "model/TaskKind.h"

class QCheckBox;
class QLabel;
class QPushButton;
class QTableWidget;

namespace mr::ui {

class CheckedDoubleSpinBox;
class CheckedSpinBox;
class WorkloadDocument;

class ScenarioPanel : public QDialog {
    Q_OBJECT
public:
    explicit ScenarioPanel(WorkloadDocument* document, QWidget* parent = nullptr);

    // Adds `failure` to the scenario (one undo step). Returns why it was refused, or empty.
    QString addFailure(const NodeFailure& failure);
    // Removes the failures listed in these rows of the list (one undo step).
    void removeFailures(QList<int> rows);
    // While "Pick on the timeline" is checked, a click on a slot row (its lane's slot number) at
    // `time` adds the failure of that slot's node there and unchecks it; true if it did.
    bool pickAt(TaskKind kind, int slot, double time);
    void setPicking(bool on);
    bool isPicking() const;

    QTableWidget* failureList() const { return m_list; }
    QString message() const;  // the reason the last change was refused; empty after a good one
    // The form's boxes, for tests.
    CheckedSpinBox* nodeBox() const { return m_node; }
    CheckedDoubleSpinBox* atBox() const { return m_at; }
    CheckedDoubleSpinBox* recoverBox() const { return m_recover; }
    CheckedDoubleSpinBox* failureProbabilityBox() const { return m_failure; }
    CheckedDoubleSpinBox* stragglerProbabilityBox() const { return m_straggler; }
    QCheckBox* speculationBox() const { return m_speculation; }

signals:
    void editRejected(const QString& reason);

private:
    QWidget* buildFailures();
    QWidget* buildAttempts();
    CheckedDoubleSpinBox* doubleBox(const QString& field, double min, double max, int decimals);
    void refresh();
    void refreshList(const Scenario& s);
    void commitFields();
    QString commit(const Scenario& scenario, const QString& text);
    Scenario fromFields() const;

    WorkloadDocument* m_doc;
    QTableWidget* m_list;
    CheckedSpinBox* m_node;
    CheckedDoubleSpinBox* m_at;
    CheckedDoubleSpinBox* m_recover;
    QPushButton* m_pick;
    CheckedDoubleSpinBox* m_failure;
    CheckedSpinBox* m_maxAttempts;
    CheckedDoubleSpinBox* m_straggler;
    CheckedDoubleSpinBox* m_stragglerMin;
    CheckedDoubleSpinBox* m_stragglerMax;
    QCheckBox* m_speculation;
    CheckedSpinBox* m_seed;
    QLabel* m_others;
    QLabel* m_message;
    bool m_updating = false;
};

}  // namespace mr::ui
