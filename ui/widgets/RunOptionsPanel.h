// RunOptionsPanel — the options every run uses (RunOptions, like mrsim's --estimator, --seed,
// --pools, --locality, --vms-per-host, --remote-penalty, --reconfig-delay): the stage-duration
// estimator, the seed of randomised algorithms and of the block placement, balanced-pools' pool
// count, and seed 003 §4.1's locality model. Spin boxes hold every value in the range mrsim
// accepts, so no invalid option can be entered; the choice is remembered in QSettings under
// the panel's group (values found there out of range fall back to the defaults).
#pragma once

#include <QGroupBox>

#include "schedulers/Algorithm.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSpinBox;

namespace mr::ui {

class RunOptionsPanel : public QGroupBox {
    Q_OBJECT
public:
    // All: the main window's runs. Sweep: a load sweep's (the seed and the pools are the
    // sweep's own; the estimator only picks the ARIA bound behind the deadline quotas).
    enum class Fields { All, Sweep };

    RunOptionsPanel(const QString& settingsGroup, Fields fields, QWidget* parent = nullptr);

    RunOptions options() const;
    // Show `options` (the fields this panel has); emits changed() once.
    void setOptions(const RunOptions& options);
    // One line for the status bar, e.g. "estimator exact · seed 1 · 2 pools · no locality".
    static QString describe(const RunOptions& options, Fields fields = Fields::All);

    QComboBox* estimatorBox() const { return m_estimator; }
    QCheckBox* localityBox() const { return m_locality; }

signals:
    void changed();

private:
    void load();
    void commit();
    void updateEnabled();

    QString m_group;
    Fields m_fields;
    QComboBox* m_estimator;
    QSpinBox* m_seed = nullptr;
    QSpinBox* m_pools = nullptr;
    QCheckBox* m_locality;
    QSpinBox* m_vmsPerHost;
    QDoubleSpinBox* m_remotePenalty;
    QDoubleSpinBox* m_reconfigDelay;
    bool m_updating = false;
};

}  // namespace mr::ui
