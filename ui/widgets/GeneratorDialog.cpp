#include "widgets/GeneratorDialog.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>
#include <limits>

#include "model/InputError.h"
#include "widgets/CheckedSpinBox.h"
#include "widgets/WithinJobSigmaEdit.h"

namespace mr::ui {

namespace {

// Larger batches are for mrsim: a window showing millions of tasks per algorithm is no help.
constexpr int kMaxJobs = 100'000;
constexpr int kMaxNodes = 100'000;

}  // namespace

Workload generateChosen(const GeneratorChoice& choice) {
    Workload w = generateWorkload(choice.kind, choice.generate);
    if (choice.arrivals.meanInterarrival || choice.arrivals.deadlineFactor) {
        addArrivalsAndDeadlines(w, choice.arrivals, choice.generate.seed);
    }
    return w;
}

GeneratorDialog::GeneratorDialog(QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("New workload from a generator"));
    setMinimumWidth(460);
    auto* layout = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    layout->addLayout(form);

    m_kind = new QComboBox(this);
    for (const GeneratorInfo& g : generators()) {
        m_kind->addItem(QString::fromStdString(g.kind), QString::fromStdString(g.summary));
    }
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    m_summary->setStyleSheet(QStringLiteral("color: #555;"));
    connect(m_kind, &QComboBox::currentIndexChanged, this,
            [this] { m_summary->setText(m_kind->currentData().toString()); });
    form->addRow(tr("Kind"), m_kind);
    form->addRow(m_summary);  // the whole width: the summaries are a line or two

    auto spin = [this](const QString& field, int min, int max, const QString& tip) {
        auto* box = new CheckedSpinBox(field, this);
        box->setRange(min, max);
        box->setToolTip(tip);
        connect(box, &CheckedSpinBox::rejected, this,
                [this](const QString& reason) { m_message->setText(reason); });
        return box;
    };
    m_jobs = spin(tr("Jobs"), 1, kMaxJobs,
                  tr("Jobs in the batch (up to %L1 here; mrsim generate makes "
                     "larger ones)")
                      .arg(kMaxJobs));
    m_seed = spin(tr("Seed"), 0, std::numeric_limits<int>::max(),
                  tr("The same seed gives the same workload (and the same arrivals and "
                     "deadlines)"));
    m_nodes = spin(tr("Nodes"), 1, kMaxNodes, tr("Cluster nodes"));
    m_slots = spin(tr("Slots per node"), 1, 64, tr("Map slots and reduce slots on each node"));
    form->addRow(tr("Jobs"), m_jobs);
    form->addRow(tr("Seed"), m_seed);
    form->addRow(tr("Nodes"), m_nodes);
    form->addRow(tr("Slots per node"), m_slots);
    addWithinJobSigmaRow(form);
    addArrivalRows(form);

    m_message = new QLabel(this);
    m_message->setWordWrap(true);
    m_message->setStyleSheet(QStringLiteral("color: #b01010;"));
    layout->addWidget(m_message);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Generate"));
    connect(buttons, &QDialogButtonBox::accepted, this, &GeneratorDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &GeneratorDialog::reject);
    layout->addWidget(buttons);
    restoreChoice();
    updateEnabled();
}

// Arrivals and deadlines ([Verma12b] §IV-B), each with its check box.
void GeneratorDialog::addArrivalRows(QFormLayout* form) {
    m_arrivals = new QCheckBox(tr("Arrivals: mean inter-arrival"), this);
    m_arrivals->setToolTip(
        tr("Exponential inter-arrival times with this mean; the first job arrives at 0 ([Verma12b] "
           "§IV-B). Unchecked: the generator's arrivals (all at 0)."));
    m_interarrival = new CheckedDoubleSpinBox(tr("Mean inter-arrival"), this);
    connect(m_interarrival, &CheckedDoubleSpinBox::rejected, this,
            [this](const QString& reason) { m_message->setText(reason); });
    m_interarrival->setRange(0.0, 1e9);
    m_interarrival->setDecimals(1);
    m_interarrival->setSuffix(tr(" s"));
    form->addRow(m_arrivals, m_interarrival);

    m_deadlines = new QCheckBox(tr("Deadlines: factor A:B"), this);
    m_deadlines->setToolTip(
        tr("Each job's deadline (relative to its arrival) uniform in [A·T_J, B·T_J], T_J = the "
           "job's completion time alone on the whole cluster ([Verma12b] §IV-B uses 1:2, §IV-C "
           "2:4)."));
    m_factor = new QLineEdit(this);
    m_factor->setObjectName(QStringLiteral("deadlineFactor"));
    m_factor->setPlaceholderText(QStringLiteral("1:2"));
    form->addRow(m_deadlines, m_factor);
    connect(m_arrivals, &QCheckBox::toggled, this, &GeneratorDialog::updateEnabled);
    connect(m_deadlines, &QCheckBox::toggled, this, &GeneratorDialog::updateEnabled);
}

// The Facebook kinds' task-time reading (GenerateOptions::withinJobSigma).
void GeneratorDialog::addWithinJobSigmaRow(QFormLayout* form) {
    m_withinJob = new QCheckBox(tr("Within-job sigma"), this);
    m_withinJob->setToolTip(withinJobSigmaTip());
    m_withinJobSigma = new QLineEdit(this);
    m_withinJobSigma->setObjectName(QStringLiteral("withinJobSigma"));
    m_withinJobSigma->setPlaceholderText(QStringLiteral("0.5"));
    form->addRow(m_withinJob, m_withinJobSigma);
    connect(m_withinJob, &QCheckBox::toggled, this, &GeneratorDialog::updateEnabled);
    connect(m_kind, &QComboBox::currentIndexChanged, this, &GeneratorDialog::updateEnabled);
}

// The last choice (the spin boxes keep values in range); else mrsim's defaults.
void GeneratorDialog::restoreChoice() {
    QSettings settings;
    settings.beginGroup(QStringLiteral("generator"));
    GeneratorChoice c;
    const QString kind = settings.value("kind").toString();
    if (m_kind->findText(kind) >= 0) {
        c.kind = kind.toStdString();
    }
    c.generate.jobs = settings.value("jobs", c.generate.jobs).toInt();
    c.generate.seed = settings.value("seed", 1).toUInt();
    c.generate.nodes = settings.value("nodes", c.generate.nodes).toInt();
    c.generate.slotsPerNode = settings.value("slotsPerNode", c.generate.slotsPerNode).toInt();
    setChoice(c);
    m_arrivals->setChecked(settings.value("arrivals", false).toBool());
    m_interarrival->setValue(settings.value("interarrival", 500.0).toDouble());
    m_deadlines->setChecked(settings.value("deadlines", false).toBool());
    m_factor->setText(settings.value("factor", QStringLiteral("1:2")).toString());
    m_withinJob->setChecked(settings.value("withinJob", false).toBool());
    m_withinJobSigma->setText(settings.value("withinJobSigma", QStringLiteral("0.5")).toString());
    settings.endGroup();
}

void GeneratorDialog::updateEnabled() {
    m_interarrival->setEnabled(m_arrivals->isChecked());
    m_factor->setEnabled(m_deadlines->isChecked());
    const bool takesSigma = takesWithinJobSigma(m_kind->currentText().toStdString());
    m_withinJob->setEnabled(takesSigma);
    m_withinJobSigma->setEnabled(takesSigma && m_withinJob->isChecked());
}

GeneratorChoice GeneratorDialog::choice() const {
    GeneratorChoice c;
    c.kind = m_kind->currentText().toStdString();
    c.generate.jobs = m_jobs->value();
    c.generate.seed = static_cast<std::uint64_t>(m_seed->value());
    c.generate.nodes = m_nodes->value();
    c.generate.slotsPerNode = m_slots->value();
    if (m_arrivals->isChecked()) {
        c.arrivals.meanInterarrival = m_interarrival->value();
    }
    if (m_deadlines->isChecked()) {
        c.arrivals.deadlineFactor = parseDeadlineFactor(m_factor->text().trimmed().toStdString());
    }
    if (m_withinJobSigma->isEnabled()) {
        c.generate.withinJobSigma =
            parseWithinJobSigma(m_withinJobSigma->text().trimmed().toStdString());
    }
    return c;
}

void GeneratorDialog::setChoice(const GeneratorChoice& c) {
    m_kind->setCurrentIndex(std::max(0, m_kind->findText(QString::fromStdString(c.kind))));
    m_summary->setText(m_kind->currentData().toString());
    m_jobs->setValue(c.generate.jobs);
    m_seed->setValue(static_cast<int>(std::min<std::uint64_t>(
        c.generate.seed, static_cast<std::uint64_t>(std::numeric_limits<int>::max()))));
    m_nodes->setValue(c.generate.nodes);
    m_slots->setValue(c.generate.slotsPerNode);
    m_arrivals->setChecked(c.arrivals.meanInterarrival.has_value());
    if (c.arrivals.meanInterarrival) {
        m_interarrival->setValue(*c.arrivals.meanInterarrival);
    }
    m_deadlines->setChecked(c.arrivals.deadlineFactor.has_value());
    if (c.arrivals.deadlineFactor) {
        m_factor->setText(QStringLiteral("%1:%2")
                              .arg(c.arrivals.deadlineFactor->low, 0, 'g', 10)
                              .arg(c.arrivals.deadlineFactor->high, 0, 'g', 10));
    }
    m_withinJob->setChecked(c.generate.withinJobSigma.has_value());
    if (c.generate.withinJobSigma) {
        m_withinJobSigma->setText(QString::number(*c.generate.withinJobSigma, 'g', 10));
    }
    updateEnabled();
    m_message->clear();
}

QString GeneratorDialog::message() const {
    return m_message->text();
}

void GeneratorDialog::accept() {
    for (CheckedSpinBox* box : {m_jobs, m_seed, m_nodes, m_slots}) {
        if (!box->commitTyped()) {
            return;  // the reason is shown
        }
    }
    if (!m_interarrival->commitTyped()) {
        return;
    }
    try {
        const GeneratorChoice c = choice();
        QApplication::setOverrideCursor(Qt::WaitCursor);
        Workload w;
        try {
            w = generateChosen(c);
        } catch (...) {
            QApplication::restoreOverrideCursor();
            throw;
        }
        QApplication::restoreOverrideCursor();
        m_workload = std::move(w);
    } catch (const InputError& e) {
        m_message->setText(QString::fromStdString(e.what()));
        return;
    }
    QSettings settings;
    settings.beginGroup(QStringLiteral("generator"));
    settings.setValue("kind", m_kind->currentText());
    settings.setValue("jobs", m_jobs->value());
    settings.setValue("seed", m_seed->value());
    settings.setValue("nodes", m_nodes->value());
    settings.setValue("slotsPerNode", m_slots->value());
    settings.setValue("arrivals", m_arrivals->isChecked());
    settings.setValue("interarrival", m_interarrival->value());
    settings.setValue("deadlines", m_deadlines->isChecked());
    settings.setValue("factor", m_factor->text().trimmed());
    settings.setValue("withinJob", m_withinJob->isChecked());
    settings.setValue("withinJobSigma", m_withinJobSigma->text().trimmed());
    settings.endGroup();
    QDialog::accept();
}

}  // namespace mr::ui
