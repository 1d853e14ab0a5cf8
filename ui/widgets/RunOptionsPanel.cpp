#include "widgets/RunOptionsPanel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QLabel>
#include <QSettings>
#include <QSpinBox>
#include <algorithm>
#include <limits>

#include "model/InputError.h"
#include "model/Numbers.h"
#include "schedulers/Registry.h"

namespace mr::ui {

namespace {

QString number(double v) {
    return QString::number(v, 'g', 6);
}

bool shownIn(const OptionSpec& spec, RunOptionsPanel::Fields fields) {
    if (!spec.explorer) {
        return false;
    }
    if (fields == RunOptionsPanel::Fields::All) {
        return true;
    }
    // A load sweep has its own seed and no pools.
    return spec.id == "estimator" || spec.id == "locality" || spec.needsFlag == "locality";
}

// "Used by every algorithm" or the names of the registry's algorithms that read `id`.
QString usedBy(const std::string& id) {
    const auto& common = commonOptionIds();
    if (std::find(common.begin(), common.end(), id) != common.end()) {
        return RunOptionsPanel::tr("Every algorithm reads it.");
    }
    QStringList ids;
    for (const Algorithm* a : allAlgorithms()) {
        const auto& options = a->info().options;
        if (std::find(options.begin(), options.end(), id) != options.end()) {
            ids << QString::fromStdString(a->id());
        }
    }
    return RunOptionsPanel::tr("Read by %1.").arg(ids.join(QStringLiteral(", ")));
}

}  // namespace

RunOptionsPanel::RunOptionsPanel(const QString& settingsGroup, Fields fields, QWidget* parent)
    : QGroupBox(tr("Run options"), parent), m_group(settingsGroup), m_which(fields) {
    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(6, 4, 6, 4);
    grid->setVerticalSpacing(3);
    // Label and field pairs, two pairs per row in the main window, one in the narrow sweep
    // column.
    const int perRow = fields == Fields::All ? 2 : 1;
    int placed = 0;
    for (const OptionSpec& spec : runOptionSpecs()) {
        if (!shownIn(spec, fields)) {
            continue;
        }
        m_specs.push_back(&spec);
        QWidget* widget = makeField(spec);
        m_fields.insert(QString::fromStdString(spec.id), widget);
        const int row = placed / perRow;
        const int column = 2 * (placed % perRow);
        if (spec.type != OptionType::Flag) {
            grid->addWidget(new QLabel(QString::fromStdString(spec.label), this), row, column);
        }
        grid->addWidget(widget, row, column + 1);
        ++placed;
    }
    grid->setColumnStretch(1, 1);
    grid->setColumnStretch(3, 1);
    load();
}

QWidget* RunOptionsPanel::makeField(const OptionSpec& spec) {
    QString tip = QString::fromStdString(spec.help) + QStringLiteral(". ") + usedBy(spec.id) +
                  QStringLiteral(" mrsim --") + QString::fromStdString(spec.id);
    if (spec.id == "estimator" && m_which == Fields::Sweep) {
        tip =
            tr("The ARIA bound behind min-edf's and min-edf-wc's minimal quotas ([Verma12b] uses "
               "aria-avg, the mean of the bounds).");
    }
    QWidget* widget = nullptr;
    switch (spec.type) {
        case OptionType::Choice: {
            auto* box = new QComboBox(this);
            for (const auto& choice : spec.choices) {
                // A sweep's deadline quotas need an ARIA bound: "exact" means aria-avg there.
                if (!(m_which == Fields::Sweep && choice == "exact")) {
                    box->addItem(QString::fromStdString(choice), QString::fromStdString(choice));
                }
            }
            connect(box, &QComboBox::currentIndexChanged, this, [this] { commit(); });
            widget = box;
            break;
        }
        case OptionType::Integer: {
            auto* box = new QSpinBox(this);
            box->setRange(
                static_cast<int>(std::max(spec.min, 0.0)),
                static_cast<int>(std::min<double>(spec.max, std::numeric_limits<int>::max())));
            box->setKeyboardTracking(false);
            connect(box, &QSpinBox::valueChanged, this, [this] { commit(); });
            widget = box;
            break;
        }
        case OptionType::Real: {
            auto* box = new QDoubleSpinBox(this);
            box->setRange(spec.min, spec.max);
            box->setDecimals(2);
            box->setSingleStep(spec.max - spec.min > 10.0 ? 0.1 : 0.01);
            if (!spec.unit.empty()) {
                box->setSuffix(QStringLiteral(" ") + QString::fromStdString(spec.unit));
            }
            box->setKeyboardTracking(false);
            connect(box, &QDoubleSpinBox::valueChanged, this, [this] { commit(); });
            widget = box;
            break;
        }
        case OptionType::Flag: {
            auto* box = new QCheckBox(QString::fromStdString(spec.label), this);
            connect(box, &QCheckBox::toggled, this, [this] {
                updateEnabled();
                commit();
            });
            widget = box;
            break;
        }
        case OptionType::Names:
            break;  // not shown (explorer == false)
    }
    widget->setToolTip(tip);
    widget->setObjectName(QString::fromStdString(spec.id));
    return widget;
}

std::string RunOptionsPanel::text(const OptionSpec& spec) const {
    const QWidget* widget = m_fields.value(QString::fromStdString(spec.id));
    if (const auto* box = qobject_cast<const QComboBox*>(widget)) {
        return box->currentData().toString().toStdString();
    }
    if (const auto* box = qobject_cast<const QSpinBox*>(widget)) {
        return std::to_string(box->value());
    }
    if (const auto* box = qobject_cast<const QDoubleSpinBox*>(widget)) {
        return QString::number(box->value(), 'g', 17).toStdString();
    }
    if (const auto* box = qobject_cast<const QCheckBox*>(widget)) {
        return box->isChecked() ? "true" : "false";
    }
    return spec.defaultValue;
}

void RunOptionsPanel::show(const OptionSpec& spec, const std::string& value) {
    QWidget* widget = m_fields.value(QString::fromStdString(spec.id));
    if (auto* box = qobject_cast<QComboBox*>(widget)) {
        box->setCurrentIndex(std::max(0, box->findData(QString::fromStdString(value))));
    } else if (auto* box = qobject_cast<QSpinBox*>(widget)) {
        const auto n = parseUnsigned(value);
        box->setValue(n ? static_cast<int>(std::min<std::uint64_t>(
                              *n, static_cast<std::uint64_t>(box->maximum())))
                        : box->minimum());
    } else if (auto* box = qobject_cast<QDoubleSpinBox*>(widget)) {
        box->setValue(parseDouble(value).value_or(box->minimum()));
    } else if (auto* box = qobject_cast<QCheckBox*>(widget)) {
        box->setChecked(value == "true");
    }
}

RunOptions RunOptionsPanel::defaults() const {
    RunOptions o;
    if (m_which == Fields::Sweep) {
        o.estimator = Estimator::AriaAvg;
    }
    return o;
}

void RunOptionsPanel::load() {
    // Each stored value only when its spec accepts it (and this panel can show it).
    RunOptions o = defaults();
    QSettings settings;
    settings.beginGroup(m_group);
    for (const OptionSpec* spec : m_specs) {
        const QVariant stored = settings.value(QString::fromStdString(spec->id));
        if (!stored.isValid()) {
            continue;
        }
        RunOptions trial = o;
        try {
            spec->set(trial, stored.toString().toStdString());
        } catch (const InputError&) {
            continue;
        }
        if (m_which == Fields::Sweep && trial.estimator == Estimator::Exact) {
            continue;
        }
        if (spec->id == "seed" &&
            trial.seed > static_cast<std::uint64_t>(std::numeric_limits<int>::max())) {
            continue;  // beyond the spin box
        }
        o = trial;
    }
    settings.endGroup();
    m_updating = true;
    setOptions(o);
    m_updating = false;
}

RunOptions RunOptionsPanel::options() const {
    RunOptions o = defaults();
    for (const OptionSpec* spec : m_specs) {
        spec->set(o, text(*spec));  // the fields hold only accepted values
    }
    return o;
}

void RunOptionsPanel::setOptions(const RunOptions& o) {
    const bool wasUpdating = m_updating;
    m_updating = true;
    for (const OptionSpec* spec : m_specs) {
        show(*spec, spec->get(o));
    }
    updateEnabled();
    m_updating = wasUpdating;
    if (!m_updating) {
        emit changed();  // for this run only: not remembered (only the user's own edits are)
    }
}

void RunOptionsPanel::updateEnabled() {
    // As mrsim: an option that needs a flag (--vms-per-host needs --locality) is off without it.
    for (const OptionSpec* spec : m_specs) {
        if (spec->needsFlag.empty()) {
            continue;
        }
        const auto* flag =
            qobject_cast<const QCheckBox*>(m_fields.value(QString::fromStdString(spec->needsFlag)));
        m_fields.value(QString::fromStdString(spec->id))->setEnabled(flag && flag->isChecked());
    }
}

void RunOptionsPanel::commit() {
    if (m_updating) {
        return;
    }
    QSettings settings;
    settings.beginGroup(m_group);
    for (const OptionSpec* spec : m_specs) {
        settings.setValue(QString::fromStdString(spec->id), QString::fromStdString(text(*spec)));
    }
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
