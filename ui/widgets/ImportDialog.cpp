#include "widgets/ImportDialog.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QStackedWidget>
#include <QVBoxLayout>
#include <limits>

#include "io/SubmitScript.h"
#include "io/WorkloadJson.h"
#include "model/InputError.h"
#include "widgets/CheckedSpinBox.h"

namespace mr::ui {

namespace {

constexpr double kMaxBytes = 1.0e15;  // a petabyte per task or reducer: beyond is a unit mistake
constexpr double kMaxRate = 1.0e6;    // MB/s

QString number(double value) {
    return QString::number(value, 'g', 15);
}

// A path as a shell word: as it is when it holds nothing the shell would read differently.
QString shellWord(const QString& path) {
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z0-9_./+:=@%,-]+$"));
    return plain.match(path).hasMatch() ? path : shellWord(path);
}

}  // namespace

ImportOutcome importTrace(const QString& path, const ImportChoice& choice) {
    ImportOutcome out;
    if (choice.kind == FileKind::SwimTrace) {
        SwimImportReport report;
        out.workload = importSwim(path.toStdString(), choice.swim, &report);
        out.summary = QString::fromStdString(report.summary());
        return out;
    }
    RumenImportReport report;
    out.workload = importRumen(path.toStdString(), choice.rumen, &report);
    out.summary = QString::fromStdString(report.summary());
    for (const auto& note : report.notes) {
        out.notes << QString::fromStdString(note);
    }
    return out;
}

QString importCommandLine(const QString& path, const ImportChoice& c) {
    QStringList words = {QStringLiteral("mrsim"), QStringLiteral("import")};
    if (c.kind == FileKind::SwimTrace) {
        const SwimImportOptions defaults;
        const SwimModel& m = c.swim.model;
        words << QStringLiteral("swim") << shellWord(path) << QStringLiteral("-o")
              << QStringLiteral("OUT.json");
        const auto option = [&](const char* name, double value, double standard) {
            if (value != standard) {
                words << QLatin1String(name) << number(value);
            }
        };
        option("--block-size", static_cast<double>(m.blockSize),
               static_cast<double>(defaults.model.blockSize));
        option("--map-mb-per-s", m.mapMBPerS, defaults.model.mapMBPerS);
        option("--reduce-mb-per-s", m.reduceMBPerS, defaults.model.reduceMBPerS);
        option("--bytes-per-reducer", static_cast<double>(m.bytesPerReducer),
               static_cast<double>(defaults.model.bytesPerReducer));
        option("--task-overhead", m.taskOverhead, defaults.model.taskOverhead);
        option("--jobs", static_cast<double>(c.swim.maxJobs), 0);
        option("--nodes", c.swim.cluster.nodes, defaults.cluster.nodes);
        option("--map-slots-per-node", c.swim.cluster.mapSlotsPerNode,
               defaults.cluster.mapSlotsPerNode);
        option("--reduce-slots-per-node", c.swim.cluster.reduceSlotsPerNode,
               defaults.cluster.reduceSlotsPerNode);
        return words.join(QLatin1Char(' '));
    }
    words << QStringLiteral("rumen") << shellWord(path) << QStringLiteral("-o")
          << QStringLiteral("OUT.json");
    const auto option = [&](const char* name, const std::optional<int>& value) {
        if (value) {
            words << QLatin1String(name) << QString::number(*value);
        }
    };
    option("--nodes", c.rumen.nodes);
    option("--map-slots-per-node", c.rumen.mapSlotsPerNode);
    option("--reduce-slots-per-node", c.rumen.reduceSlotsPerNode);
    return words.join(QLatin1Char(' '));
}

ImportDialog::ImportDialog(const QString& path, FileKind kind, QWidget* parent)
    : QDialog(parent), m_path(path) {
    setWindowTitle(tr("Import a trace"));
    auto* layout = new QVBoxLayout(this);
    m_what = new QLabel(this);
    m_what->setWordWrap(true);
    m_what->setTextFormat(Qt::RichText);
    layout->addWidget(m_what);

    auto* formatRow = new QFormLayout;
    m_format = new QComboBox(this);
    m_format->addItem(tr("Rumen job trace (Hadoop job history, JSON)"),
                      static_cast<int>(FileKind::RumenTrace));
    m_format->addItem(tr("SWIM workload (tab-separated job rows)"),
                      static_cast<int>(FileKind::SwimTrace));
    formatRow->addRow(tr("Read it as"), m_format);
    layout->addLayout(formatRow);

    m_pages = new QStackedWidget(this);
    layout->addWidget(m_pages);
    m_pages->addWidget(buildRumenPage());
    m_pages->addWidget(buildSwimPage());

    m_command = new QLabel(this);
    m_command->setWordWrap(true);
    m_command->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_command->setStyleSheet(QStringLiteral("color: #555;"));
    layout->addWidget(m_command);
    m_message = new QLabel(this);
    m_message->setWordWrap(true);
    m_message->setStyleSheet(QStringLiteral("color: #b01010;"));
    layout->addWidget(m_message);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Import"));
    connect(buttons, &QDialogButtonBox::accepted, this, &ImportDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &ImportDialog::reject);
    layout->addWidget(buttons);
    connect(m_format, &QComboBox::currentIndexChanged, this, [this] { updateControls(); });

    setChoice(rememberedChoice(kind));
    const QString name = QFileInfo(path).fileName().toHtmlEscaped();
    m_what->setText(
        kind == FileKind::RumenTrace || kind == FileKind::SwimTrace
            ? tr("<b>%1</b> is %2. Import it as a new untitled workload:")
                  .arg(name, QString::fromStdString(describeFileKind(kind)).toHtmlEscaped())
            : tr("Import <b>%1</b> as a new untitled workload:").arg(name));
}

CheckedSpinBox* ImportDialog::countBox(QWidget* parent, const QString& field, long long max,
                                       int value) {
    auto* box = new CheckedSpinBox(field, parent);
    box->setRange(1, static_cast<int>(max));
    box->setValue(value);
    box->setGroupSeparatorShown(false);
    connect(box, &CheckedSpinBox::rejected, this,
            [this](const QString& reason) { m_message->setText(reason); });
    connect(box, &QSpinBox::valueChanged, this, [this] { updateControls(); });
    return box;
}

// Rumen: the cluster comes from the trace unless given.
QWidget* ImportDialog::buildRumenPage() {
    auto* rumen = new QWidget(m_pages);
    auto* rumenForm = new QFormLayout(rumen);
    rumenForm->setContentsMargins(0, 0, 0, 0);
    auto rumenRow = [&](const QString& label, const QString& fromTrace, QCheckBox** set,
                        CheckedSpinBox** box, long long max) {
        auto* row = new QWidget(rumen);
        auto* h = new QHBoxLayout(row);
        h->setContentsMargins(0, 0, 0, 0);
        *set = new QCheckBox(tr("set:"), row);
        *box = countBox(row, label, max, 1);
        auto* note = new QLabel(fromTrace, row);
        note->setStyleSheet(QStringLiteral("color: #555;"));
        h->addWidget(*set);
        h->addWidget(*box);
        h->addWidget(note, 1);
        connect(*set, &QCheckBox::toggled, this, [this] { updateControls(); });
        rumenForm->addRow(label, row);
    };
    rumenRow(tr("Nodes"), tr("else the hosts that ran attempts in the trace"), &m_rumenNodesSet,
             &m_rumenNodes, kMaxNodes);
    rumenRow(tr("Map slots / node"), tr("else the most map attempts at once on one host"),
             &m_rumenMapSet, &m_rumenMap, kMaxSlotsPerNode);
    rumenRow(tr("Reduce slots / node"), tr("else the most reduce attempts at once on one host"),
             &m_rumenReduceSet, &m_rumenReduce, kMaxSlotsPerNode);
    return rumen;
}

// SWIM: bytes become tasks by a byte model whose every parameter is here.
QWidget* ImportDialog::buildSwimPage() {
    auto* swim = new QWidget(m_pages);
    auto* swimForm = new QFormLayout(swim);
    swimForm->setContentsMargins(0, 0, 0, 0);
    auto realBox = [this, swim](const QString& field, double min, double max, int decimals,
                                const QString& suffix, const QString& tip) {
        auto* box = new CheckedDoubleSpinBox(field, swim);
        box->setRange(min, max);
        box->setDecimals(decimals);
        box->setSuffix(suffix);
        box->setToolTip(tip);
        connect(box, &CheckedDoubleSpinBox::rejected, this,
                [this](const QString& reason) { m_message->setText(reason); });
        connect(box, &QDoubleSpinBox::valueChanged, this, [this] { updateControls(); });
        return box;
    };
    m_blockSize = realBox(tr("Block size"), 1, kMaxBytes, 0, tr(" bytes"),
                          tr("Bytes per map task: maps = ceil(input / block size)"));
    m_mapRate = realBox(tr("Map throughput"), 0.001, kMaxRate, 3, tr(" MB/s"),
                        tr("MB (10^6 bytes) a map task reads (or writes) per second"));
    m_reduceRate = realBox(tr("Reduce throughput"), 0.001, kMaxRate, 3, tr(" MB/s"),
                           tr("MB a reduce task shuffles and writes per second"));
    m_bytesPerReducer =
        realBox(tr("Bytes per reducer"), 1, kMaxBytes, 0, tr(" bytes"),
                tr("Shuffle bytes per reduce task: reduces = ceil(shuffle / this)"));
    m_overhead = realBox(tr("Task overhead"), 0, 1.0e6, 3, tr(" s"),
                         tr("Seconds added to every task (start-up)"));
    m_maxJobs = countBox(swim, tr("Jobs"), std::numeric_limits<int>::max(), 1);
    m_maxJobs->setMinimum(0);
    m_maxJobs->setSpecialValueText(tr("all"));
    m_maxJobs->setToolTip(tr("Import only the first N rows (all: every row)"));
    m_swimNodes = countBox(swim, tr("Nodes"), kMaxNodes, 64);
    m_swimMap = countBox(swim, tr("Map slots per node"), kMaxSlotsPerNode, 4);
    m_swimReduce = countBox(swim, tr("Reduce slots per node"), kMaxSlotsPerNode, 4);
    swimForm->addRow(tr("Block size"), m_blockSize);
    swimForm->addRow(tr("Map throughput"), m_mapRate);
    swimForm->addRow(tr("Reduce throughput"), m_reduceRate);
    swimForm->addRow(tr("Bytes per reducer"), m_bytesPerReducer);
    swimForm->addRow(tr("Task overhead"), m_overhead);
    swimForm->addRow(tr("Jobs"), m_maxJobs);
    swimForm->addRow(tr("Nodes"), m_swimNodes);
    swimForm->addRow(tr("Map slots / node"), m_swimMap);
    swimForm->addRow(tr("Reduce slots / node"), m_swimReduce);
    return swim;
}

// The last choice, else mrsim's defaults; the format is what the file is.
ImportChoice ImportDialog::rememberedChoice(FileKind kind) {
    ImportChoice c;
    QSettings settings;
    settings.beginGroup(QStringLiteral("import"));
    const auto optionalCount = [&](const char* key) -> std::optional<int> {
        const QVariant v = settings.value(QLatin1String(key));
        return v.isValid() ? std::optional<int>(v.toInt()) : std::nullopt;
    };
    c.rumen.nodes = optionalCount("rumenNodes");
    c.rumen.mapSlotsPerNode = optionalCount("rumenMapSlots");
    c.rumen.reduceSlotsPerNode = optionalCount("rumenReduceSlots");
    SwimModel& m = c.swim.model;
    m.blockSize = settings.value("blockSize", static_cast<qlonglong>(m.blockSize)).toLongLong();
    m.mapMBPerS = settings.value("mapMBPerS", m.mapMBPerS).toDouble();
    m.reduceMBPerS = settings.value("reduceMBPerS", m.reduceMBPerS).toDouble();
    m.bytesPerReducer =
        settings.value("bytesPerReducer", static_cast<qlonglong>(m.bytesPerReducer)).toLongLong();
    m.taskOverhead = settings.value("taskOverhead", m.taskOverhead).toDouble();
    c.swim.maxJobs = settings.value("maxJobs", 0).toLongLong();
    c.swim.cluster.nodes = settings.value("swimNodes", c.swim.cluster.nodes).toInt();
    c.swim.cluster.mapSlotsPerNode =
        settings.value("swimMapSlots", c.swim.cluster.mapSlotsPerNode).toInt();
    c.swim.cluster.reduceSlotsPerNode =
        settings.value("swimReduceSlots", c.swim.cluster.reduceSlotsPerNode).toInt();
    settings.endGroup();
    c.kind = kind == FileKind::SwimTrace ? FileKind::SwimTrace : FileKind::RumenTrace;
    return c;
}

ImportChoice ImportDialog::choice() const {
    ImportChoice c;
    c.kind = static_cast<FileKind>(m_format->currentData().toInt());
    const auto optional = [](const QCheckBox* set, const QSpinBox* box) {
        return set->isChecked() ? std::optional<int>(box->value()) : std::nullopt;
    };
    c.rumen.nodes = optional(m_rumenNodesSet, m_rumenNodes);
    c.rumen.mapSlotsPerNode = optional(m_rumenMapSet, m_rumenMap);
    c.rumen.reduceSlotsPerNode = optional(m_rumenReduceSet, m_rumenReduce);
    SwimModel& m = c.swim.model;
    m.blockSize = static_cast<long long>(m_blockSize->value());
    m.mapMBPerS = m_mapRate->value();
    m.reduceMBPerS = m_reduceRate->value();
    m.bytesPerReducer = static_cast<long long>(m_bytesPerReducer->value());
    m.taskOverhead = m_overhead->value();
    c.swim.maxJobs = m_maxJobs->value();
    c.swim.cluster = {m_swimNodes->value(), m_swimMap->value(), m_swimReduce->value()};
    return c;
}

void ImportDialog::setChoice(const ImportChoice& c) {
    m_format->setCurrentIndex(c.kind == FileKind::SwimTrace ? 1 : 0);
    const auto set = [](QCheckBox* check, QSpinBox* box, const std::optional<int>& value) {
        check->setChecked(value.has_value());
        if (value) {
            box->setValue(*value);
        }
    };
    set(m_rumenNodesSet, m_rumenNodes, c.rumen.nodes);
    set(m_rumenMapSet, m_rumenMap, c.rumen.mapSlotsPerNode);
    set(m_rumenReduceSet, m_rumenReduce, c.rumen.reduceSlotsPerNode);
    const SwimModel& m = c.swim.model;
    m_blockSize->setValue(static_cast<double>(m.blockSize));
    m_mapRate->setValue(m.mapMBPerS);
    m_reduceRate->setValue(m.reduceMBPerS);
    m_bytesPerReducer->setValue(static_cast<double>(m.bytesPerReducer));
    m_overhead->setValue(m.taskOverhead);
    m_maxJobs->setValue(
        static_cast<int>(std::min<long long>(c.swim.maxJobs, std::numeric_limits<int>::max())));
    m_swimNodes->setValue(c.swim.cluster.nodes);
    m_swimMap->setValue(c.swim.cluster.mapSlotsPerNode);
    m_swimReduce->setValue(c.swim.cluster.reduceSlotsPerNode);
    updateControls();
}

void ImportDialog::updateControls() {
    m_pages->setCurrentIndex(m_format->currentIndex());
    m_rumenNodes->setEnabled(m_rumenNodesSet->isChecked());
    m_rumenMap->setEnabled(m_rumenMapSet->isChecked());
    m_rumenReduce->setEnabled(m_rumenReduceSet->isChecked());
    m_command->setText(tr("The same as: %1").arg(commandLine()));
}

QString ImportDialog::commandLine() const {
    return importCommandLine(m_path, choice());
}

QString ImportDialog::message() const {
    return m_message->text();
}

void ImportDialog::remember() const {
    const ImportChoice c = choice();
    QSettings settings;
    settings.beginGroup(QStringLiteral("import"));
    const auto optional = [&](const char* key, const std::optional<int>& value) {
        if (value) {
            settings.setValue(QLatin1String(key), *value);
        } else {
            settings.remove(QLatin1String(key));
        }
    };
    optional("rumenNodes", c.rumen.nodes);
    optional("rumenMapSlots", c.rumen.mapSlotsPerNode);
    optional("rumenReduceSlots", c.rumen.reduceSlotsPerNode);
    settings.setValue("blockSize", static_cast<qlonglong>(c.swim.model.blockSize));
    settings.setValue("mapMBPerS", c.swim.model.mapMBPerS);
    settings.setValue("reduceMBPerS", c.swim.model.reduceMBPerS);
    settings.setValue("bytesPerReducer", static_cast<qlonglong>(c.swim.model.bytesPerReducer));
    settings.setValue("taskOverhead", c.swim.model.taskOverhead);
    settings.setValue("maxJobs", static_cast<qlonglong>(c.swim.maxJobs));
    settings.setValue("swimNodes", c.swim.cluster.nodes);
    settings.setValue("swimMapSlots", c.swim.cluster.mapSlotsPerNode);
    settings.setValue("swimReduceSlots", c.swim.cluster.reduceSlotsPerNode);
    settings.endGroup();
}

void ImportDialog::accept() {
    for (auto* box : findChildren<CheckedSpinBox*>()) {
        if (!box->commitTyped()) {
            return;  // the reason is shown
        }
    }
    for (auto* box : findChildren<CheckedDoubleSpinBox*>()) {
        if (!box->commitTyped()) {
            return;
        }
    }
    QApplication::setOverrideCursor(Qt::WaitCursor);
    try {
        m_outcome = importTrace(m_path, choice());
    } catch (const InputError& e) {
        QApplication::restoreOverrideCursor();
        m_message->setText(QString::fromStdString(e.what()));
        return;
    } catch (const std::exception& e) {  // e.g. out of memory on a huge trace
        QApplication::restoreOverrideCursor();
        m_message->setText(tr("%1: cannot import: %2").arg(m_path, QString::fromUtf8(e.what())));
        return;
    }
    QApplication::restoreOverrideCursor();
    remember();
    QDialog::accept();
}

}  // namespace mr::ui
