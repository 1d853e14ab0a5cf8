// RunOptionsPanel — the options every run uses (RunOptions), built from the registry's option
// specs (schedulers/RunOptions.h: runOptionSpecs()), the same ones mrsim's --estimator, --seed,
// --pools, --locality, --vms-per-host, --remote-penalty and --reconfig-delay come from: one field
// per spec shown in the explorer, with the spec's label, range, unit and help (plus which
// algorithms read it) as tooltip. Fields hold only values mrsim accepts; the choice is remembered
// in QSettings under the panel's group, one key per option id (a stored value the spec refuses
// falls back to that option's default).
#pragma once

#include <QGroupBox>
#include <QMap>

#include "schedulers/Algorithm.h"

namespace mr::ui {

class RunOptionsPanel : public QGroupBox {
    Q_OBJECT
public:
    // All: the main window's runs. Sweep: a load sweep's (the seed and the pools are the
    // sweep's own; the estimator only picks the ARIA bound behind the deadline quotas).
    enum class Fields { All, Sweep };

    RunOptionsPanel(const QString& settingsGroup, Fields fields, QWidget* parent = nullptr);

    RunOptions options() const;
    // Show `options` (the fields this panel has); emits changed() once. Not remembered as the
    // next window's options (a session's, say): only the user's own edits of a field are.
    void setOptions(const RunOptions& options);
    // One line for the status bar, e.g. "estimator exact · seed 1 · 2 pools · no locality".
    static QString describe(const RunOptions& options, Fields fields = Fields::All);

    // The field of option `id` (a QComboBox, QSpinBox, QDoubleSpinBox or QCheckBox), or null.
    QWidget* field(const QString& id) const { return m_fields.value(id, nullptr); }

signals:
    void changed();
    // A typed value was refused (out of range, not a number): why, naming the field.
    void editRejected(const QString& reason);

private:
    QWidget* makeField(const OptionSpec& spec);
    std::string text(const OptionSpec& spec) const;  // the field's value in the spec's syntax
    void show(const OptionSpec& spec, const std::string& value);
    RunOptions defaults() const;
    void load();
    void commit();
    void updateEnabled();

    QString m_group;
    Fields m_which;
    std::vector<const OptionSpec*> m_specs;  // shown, in order
    QMap<QString, QWidget*> m_fields;
    bool m_updating = false;
};

}  // namespace mr::ui
