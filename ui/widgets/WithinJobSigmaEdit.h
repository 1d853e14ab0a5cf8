// WithinJobSigmaEdit — the within-job sigma of the Facebook generators
// (GenerateOptions::withinJobSigma, `--within-job-sigma S` of mrsim generate, sweep and
// sweep-load) as a field of the tabs that generate batches: empty, every task is drawn on its
// own (the paper's reading); a number >= 0, a job's tasks spread around the job's own level.
// Enabled only for the kinds that take it.
#pragma once

#include <QLineEdit>
#include <optional>

namespace mr::ui {

// The tooltip of every within-job sigma control (this field and the generator dialog's).
QString withinJobSigmaTip();

class WithinJobSigmaEdit : public QLineEdit {
    Q_OBJECT
public:
    explicit WithinJobSigmaEdit(QWidget* parent = nullptr);

    // Enables the field for a generator kind that takes a within-job sigma.
    void setKind(const QString& kind);
    // None while empty or disabled; throws InputError (field "within-job-sigma") for text that
    // is not a number >= 0.
    std::optional<double> value() const;
    void setValue(std::optional<double> sigma);
};

}  // namespace mr::ui
