// GeneratorDialog — File > New from generator…: a seeded synthetic workload of any registered
// kind (core/workloads/Generators.h), optionally put on a timeline with exponential
// inter-arrival times and given deadlines in [A·T_J, B·T_J] ([Verma12b] §IV-B,
// core/workloads/Arrivals.h) — what `mrsim generate KIND --jobs N --seed S --nodes M
// --slots-per-node K [--interarrival MEAN] [--deadline-factor A:B] [--within-job-sigma S]` writes.
// The dialog stays open with the reason while an entry is invalid; a number out of range is refused
// with the range, never clamped.
#pragma once

#include <QDialog>
#include <string>

#include "workloads/Arrivals.h"
#include "workloads/Generators.h"

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;

namespace mr::ui {

class CheckedSpinBox;
class CheckedDoubleSpinBox;

struct GeneratorChoice {
    std::string kind = "facebook-1000";
    GenerateOptions generate;
    ArrivalOptions arrivals;  // both unset: the generator's own arrivals, no deadlines
};

// generateWorkload, then addArrivalsAndDeadlines with the generator's seed when an arrival
// option is set (as mrsim generate). Throws InputError naming the field.
Workload generateChosen(const GeneratorChoice& choice);

class GeneratorDialog : public QDialog {
    Q_OBJECT
public:
    explicit GeneratorDialog(QWidget* parent = nullptr);

    // What the controls say; throws InputError (field "deadline-factor") for a malformed A:B,
    // (field "within-job-sigma") for a within-job sigma that is not a number >= 0.
    GeneratorChoice choice() const;
    void setChoice(const GeneratorChoice& choice);
    // The generated workload, after the dialog was accepted.
    const Workload& workload() const { return m_workload; }
    QString message() const;

    // Generates; on bad input shows the reason and stays open.
    void accept() override;

private:
    void addArrivalRows(QFormLayout* form);
    void addWithinJobSigmaRow(QFormLayout* form);
    void restoreChoice();
    void updateEnabled();

    QComboBox* m_kind;
    QLabel* m_summary;
    CheckedSpinBox* m_jobs;
    CheckedSpinBox* m_seed;
    CheckedSpinBox* m_nodes;
    CheckedSpinBox* m_slots;
    QCheckBox* m_arrivals;
    CheckedDoubleSpinBox* m_interarrival;
    QCheckBox* m_deadlines;
    QLineEdit* m_factor;
    QCheckBox* m_withinJob;
    QLineEdit* m_withinJobSigma;
    QLabel* m_message;
    Workload m_workload;
};

}  // namespace mr::ui
