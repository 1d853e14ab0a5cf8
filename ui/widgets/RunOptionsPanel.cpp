#include "widgets/RunOptionsPanel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QLabel>
#include <QSettings>
#include <QSpinBox>
#include <limits>

#include "model/InputError.h"

namespace mr::ui {

namespace {

// The ranges mrsim accepts (app/cli/Command.cpp).
constexpr int kMaxPools = 1000;
constexpr int kMaxVmsPerHost = 1'000'000;
constexpr double kMaxRemotePenalty = 1000.0;
constexpr double kMaxReconfigDelay = 1e9;

QString number(double v) {
    return QString::number(v, 'g', 6);
}

}  // namespace

RunOptionsPanel::RunOptionsPanel(const QString& settingsGroup, Fields fields, QWidget* parent)
    : QGroupBox(tr("Run options"), parent), m_group(settingsGroup), m_fields(fields) {
    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(6, 4, 6, 4);
    grid->setVerticalSpacing(3);

    m_estimator = new QComboBox(this);
    if (fields == Fields::All) {
        m_estimator->addItem(tr("exact"), QStringLiteral("exact"));
    }
    m_estimator->addItem(tr("aria-avg"), QStringLiteral("aria-avg"));
    m_estimator->addItem(tr("aria-low"), QStringLiteral("aria-low"));
    m_estimator->addItem(tr("aria-up"), QStringLiteral("aria-up"));
    m_estimator->setToolTip(
        fields == Fields::All
            ? tr("How the stage durations (m, r) are estimated: exact = greedy schedule of the "
                 "tasks; aria-low / aria-up = ARIA bounds; aria-avg = their mean. The deadline "
                 "quotas of min-edf and min-edf-wc use the ARIA bound chosen here (aria-avg for "
                 "exact).")
            : tr("The ARIA bound behind min-edf's and min-edf-wc's minimal quotas (seed 004 uses "
                 "aria-avg, the mean of the bounds)."));
    connect(m_estimator, &QComboBox::currentIndexChanged, this, [this] { commit(); });

    auto spin = [this](int min, int max, const QString& tip) {
        auto* box = new QSpinBox(this);
        box->setRange(min, max);
        box->setToolTip(tip);
        box->setKeyboardTracking(false);
        connect(box, &QSpinBox::valueChanged, this, [this] { commit(); });
        return box;
    };
    auto real = [this](double min, double max, int decimals, const QString& suffix,
                       const QString& tip) {
        auto* box = new QDoubleSpinBox(this);
        box->setRange(min, max);
        box->setDecimals(decimals);
        box->setSuffix(suffix);
        box->setToolTip(tip);
        box->setKeyboardTracking(false);
        connect(box, &QDoubleSpinBox::valueChanged, this, [this] { commit(); });
        return box;
    };

    if (fields == Fields::All) {
        m_seed = spin(0, std::numeric_limits<int>::max(),
                      tr("Seed of the random order (random) and of the block placement "
                         "(locality); mrsim --seed"));
        m_pools = spin(2, kMaxPools,
                       tr("balanced-pools: split the cluster into up to this many pools (seed "
                          "000 uses 2; more is our extension); mrsim --pools"));
    }
    m_locality = new QCheckBox(tr("Data locality"), this);
    m_locality->setToolTip(
        tr("Seed 003 §4.1: each map task's block on 3 nodes (seeded); a map task away from its "
           "block runs longer; completion-time may move a free core between the VMs of a host. "
           "Reports the data-local fraction of map tasks. mrsim --locality"));
    connect(m_locality, &QCheckBox::toggled, this, [this] {
        updateEnabled();
        commit();
    });
    m_vmsPerHost = spin(1, kMaxVmsPerHost,
                        tr("Nodes (VMs) per physical host: completion-time moves free cores "
                           "between the VMs of one host; mrsim --vms-per-host"));
    m_remotePenalty = real(1.0, kMaxRemotePenalty, 2, tr(" ×"),
                           tr("A map task away from its block runs this many times longer "
                              "(default 1.5, ours); mrsim --remote-penalty"));
    m_remotePenalty->setSingleStep(0.1);
    m_reconfigDelay = real(0.0, kMaxReconfigDelay, 2, tr(" s"),
                           tr("Seconds to move a core between two VMs of a host (seed 003 "
                              "Alg. 1); mrsim --reconfig-delay"));

    // Label and field pairs, two pairs per row in the main window, one in the narrow sweep
    // column.
    const QList<std::pair<QString, QWidget*>> pairs = {{tr("Estimator"), m_estimator},
                                                       {tr("Seed"), m_seed},
                                                       {tr("Pools"), m_pools},
                                                       {QString(), m_locality},
                                                       {tr("VMs / host"), m_vmsPerHost},
                                                       {tr("Remote read"), m_remotePenalty},
                                                       {tr("Core move"), m_reconfigDelay}};
    const int perRow = fields == Fields::All ? 2 : 1;
    int placed = 0;
    for (const auto& [label, widget] : pairs) {
        if (widget == nullptr) {
            continue;
        }
        const int row = placed / perRow;
        const int column = 2 * (placed % perRow);
        if (!label.isEmpty()) {
            grid->addWidget(new QLabel(label, this), row, column);
        }
        grid->addWidget(widget, row, column + 1);
        ++placed;
    }
    grid->setColumnStretch(1, 1);
    grid->setColumnStretch(3, 1);

    load();
}

void RunOptionsPanel::load() {
    // Values from the settings only when mrsim would accept them; the defaults otherwise.
    const RunOptions defaults;
    QSettings settings;
    settings.beginGroup(m_group);
    RunOptions o;
    const QString estimator = settings.value("estimator").toString();
    o.estimator = m_fields == Fields::All ? Estimator::Exact : Estimator::AriaAvg;
    if (m_estimator->findData(estimator) >= 0) {
        o.estimator = *parseEstimator(estimator.toStdString());
    }
    bool ok = false;
    const qulonglong seed = settings.value("seed", 1).toULongLong(&ok);
    o.seed = ok && seed <= static_cast<qulonglong>(std::numeric_limits<int>::max()) ? seed
                                                                                    : defaults.seed;
    const int pools = settings.value("pools", defaults.pools).toInt(&ok);
    o.pools = ok && pools >= 2 && pools <= kMaxPools ? pools : defaults.pools;
    LocalityOptions locality;
    locality.enabled = settings.value("locality", false).toBool();
    locality.vmsPerHost = settings.value("vmsPerHost", locality.vmsPerHost).toInt();
    locality.remotePenalty = settings.value("remotePenalty", locality.remotePenalty).toDouble();
    locality.reconfigDelay = settings.value("reconfigDelay", locality.reconfigDelay).toDouble();
    try {
        validateLocality(locality);
        if (locality.vmsPerHost > kMaxVmsPerHost || locality.remotePenalty > kMaxRemotePenalty ||
            locality.reconfigDelay > kMaxReconfigDelay) {
            locality = LocalityOptions{};
        }
    } catch (const InputError&) {
        locality = LocalityOptions{};
    }
    o.locality = locality;
    settings.endGroup();

    m_updating = true;
    setOptions(o);
    m_updating = false;
}

RunOptions RunOptionsPanel::options() const {
    RunOptions o;
    o.estimator = *parseEstimator(m_estimator->currentData().toString().toStdString());
    if (m_seed != nullptr) {
        o.seed = static_cast<std::uint64_t>(m_seed->value());
    }
    if (m_pools != nullptr) {
        o.pools = m_pools->value();
    }
    o.locality.enabled = m_locality->isChecked();
    o.locality.vmsPerHost = m_vmsPerHost->value();
    o.locality.remotePenalty = m_remotePenalty->value();
    o.locality.reconfigDelay = m_reconfigDelay->value();
    return o;
}

void RunOptionsPanel::setOptions(const RunOptions& o) {
    const bool wasUpdating = m_updating;
    m_updating = true;
    const int index = m_estimator->findData(QString::fromLatin1(toString(o.estimator)));
    m_estimator->setCurrentIndex(std::max(0, index));
    if (m_seed != nullptr) {
        m_seed->setValue(static_cast<int>(
            std::min<std::uint64_t>(o.seed, static_cast<std::uint64_t>(m_seed->maximum()))));
    }
    if (m_pools != nullptr) {
        m_pools->setValue(o.pools);
    }
    m_locality->setChecked(o.locality.enabled);
    m_vmsPerHost->setValue(o.locality.vmsPerHost);
    m_remotePenalty->setValue(o.locality.remotePenalty);
    m_reconfigDelay->setValue(o.locality.reconfigDelay);
    updateEnabled();
    m_updating = wasUpdating;
    if (!m_updating) {
        commit();
    }
}

void RunOptionsPanel::updateEnabled() {
    // As mrsim: the locality parameters need --locality.
    const bool on = m_locality->isChecked();
    m_vmsPerHost->setEnabled(on);
    m_remotePenalty->setEnabled(on);
    m_reconfigDelay->setEnabled(on);
}

void RunOptionsPanel::commit() {
    if (m_updating) {
        return;
    }
    const RunOptions o = options();
    QSettings settings;
    settings.beginGroup(m_group);
    settings.setValue("estimator", QString::fromLatin1(toString(o.estimator)));
    if (m_seed != nullptr) {
        settings.setValue("seed", static_cast<qulonglong>(o.seed));
    }
    if (m_pools != nullptr) {
        settings.setValue("pools", o.pools);
    }
    settings.setValue("locality", o.locality.enabled);
    settings.setValue("vmsPerHost", o.locality.vmsPerHost);
    settings.setValue("remotePenalty", o.locality.remotePenalty);
    settings.setValue("reconfigDelay", o.locality.reconfigDelay);
    settings.endGroup();
    emit changed();
}

QString RunOptionsPanel::describe(const RunOptions& o, Fields fields) {
    QStringList parts;
    parts << tr("estimator %1").arg(QString::fromLatin1(toString(o.estimator)));
    if (fields == Fields::All) {
        parts << tr("seed %1").arg(o.seed) << tr("%1 pools").arg(o.pools);
    }
    if (o.locality.enabled) {
        parts << tr("locality: %1 VMs/host, remote ×%2, core move %3 s")
                     .arg(o.locality.vmsPerHost)
                     .arg(number(o.locality.remotePenalty), number(o.locality.reconfigDelay));
    } else {
        parts << tr("no locality");
    }
    return parts.join(QStringLiteral(" · "));
}

}  // namespace mr::ui
