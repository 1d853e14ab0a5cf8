#include "widgets/ExportPlanDialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>
#include <stdexcept>

#include "io/PlanFiles.h"
#include "io/PoolPlan.h"
#include "model/InputError.h"
#include "run/RunController.h"
#include "widgets/SaveTarget.h"

namespace mr::ui {

namespace {

constexpr int kNamesShown = 10;

}  // namespace

ExportPlanDialog::ExportPlanDialog(std::shared_ptr<const RunSet> results, const QString& algorithm,
                                   const QString& startFolder, QWidget* parent)
    : QDialog(parent), m_results(std::move(results)) {
    setWindowTitle(tr("Export plan"));
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(
        tr("The schedule of one algorithm as a real Hadoop/YARN cluster runs it: the queues "
           "(one per pool), the jobs' submission order and the simulated schedule as an SLS "
           "trace — what <tt>mrsim plan</tt> writes."),
        this);
    intro->setWordWrap(true);
    layout->addWidget(intro);

    auto* form = new QFormLayout;
    m_algorithm = new QComboBox(this);
    if (m_results) {
        for (const auto& outcome : m_results->outcomes) {
            if (outcome.result) {
                m_algorithm->addItem(QString::fromStdString(outcome.id));
            }
        }
    }
    form->addRow(tr("Algorithm"), m_algorithm);
    // Every queue, one a line: room for five, a scroll bar for more.
    m_queues = new QPlainTextEdit(this);
    m_queues->setReadOnly(true);
    m_queues->setObjectName(QStringLiteral("planQueues"));
    m_queues->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_queues->setMinimumHeight(5 * m_queues->fontMetrics().lineSpacing() +
                               2 * m_queues->frameWidth() + 8);
    m_queues->setMinimumWidth(60 * m_queues->fontMetrics().averageCharWidth());
    form->addRow(tr("Queues"), m_queues);

    auto* folderRow = new QHBoxLayout;
    m_folder = new QLineEdit(this);
    auto* browse = new QPushButton(tr("Browse…"), this);
    folderRow->addWidget(m_folder, 1);
    folderRow->addWidget(browse);
    form->addRow(tr("Folder"), folderRow);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Export plan to"), folder());
        if (!dir.isEmpty()) {
            setFolder(dir);
        }
    });
    const auto output = [&](const QString& label, const QString& file, const QString& tip) {
        Output o{new QCheckBox(label, this), new QLineEdit(file, this)};
        o.enabled->setChecked(true);
        o.enabled->setToolTip(tip);
        connect(o.enabled, &QCheckBox::toggled, o.name, &QWidget::setEnabled);
        form->addRow(o.enabled, o.name);
        return o;
    };
    m_xml = output(tr("Capacity-scheduler queues"), QStringLiteral("capacity-scheduler.xml"),
                   tr("One leaf queue per pool, its capacity the pool's share of the nodes"));
    m_script = output(tr("Submit script"), QStringLiteral("submit.sh"),
                      tr("A POSIX sh script submitting the jobs in the plan's order"));
    m_sls = output(tr("SLS trace"), QStringLiteral("sls-trace.json"),
                   tr("The simulated schedule as a Hadoop Scheduler Load Simulator trace"));
    m_nodes = output(tr("SLS topology"), QStringLiteral("sls-nodes.json"),
                     tr("The cluster for slsrun.sh --nodes"));
    layout->addLayout(form);

    m_message = new QLabel(this);
    m_message->setWordWrap(true);
    m_message->setStyleSheet(QStringLiteral("color: #b01010;"));
    layout->addWidget(m_message);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Write"));
    buttons->button(QDialogButtonBox::Ok)->setEnabled(m_algorithm->count() > 0);
    connect(buttons, &QDialogButtonBox::accepted, this, &ExportPlanDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &ExportPlanDialog::reject);
    layout->addWidget(buttons);

    connect(m_algorithm, &QComboBox::currentIndexChanged, this, [this] { updatePlan(); });
    setAlgorithm(algorithm);
    setFolder(startFolder);
    updatePlan();
}

QString ExportPlanDialog::startFolder(const QString& workloadPath) {
    if (!workloadPath.isEmpty()) {
        const QString own = QFileInfo(workloadPath).absolutePath();
        if (QDir(own).exists()) {
            return own;
        }
    }
    const QString last = QSettings().value("plan/dir").toString();
    return !last.isEmpty() && QDir(last).exists() ? last : QDir::homePath();
}

QString ExportPlanDialog::algorithm() const {
    return m_algorithm->currentText();
}

void ExportPlanDialog::setAlgorithm(const QString& id) {
    const int index = m_algorithm->findText(id);
    if (index >= 0) {
        m_algorithm->setCurrentIndex(index);
    }
}

QString ExportPlanDialog::folder() const {
    return m_folder->text().trimmed();
}

void ExportPlanDialog::setFolder(const QString& folder) {
    m_folder->setText(QDir::toNativeSeparators(folder));
}

QString ExportPlanDialog::message() const {
    return m_message->text();
}

QString ExportPlanDialog::queues() const {
    return m_queues->toPlainText();
}

void ExportPlanDialog::updatePlan() {
    const RunResult* r = m_results ? m_results->find(algorithm().toStdString()) : nullptr;
    if (r == nullptr) {
        m_queues->setPlainText(tr("No result yet: check an algorithm and let it run."));
        return;
    }
    const Workload& w = *m_results->workload;
    QStringList lines;
    try {
        for (const PlanQueue& q : makePlan(w, *r).queues) {
            QStringList names;
            for (std::size_t i = 0; i < q.jobs.size() && i < kNamesShown; ++i) {
                names << QString::fromStdString(w.jobs[static_cast<std::size_t>(q.jobs[i])].name);
            }
            if (q.jobs.size() > kNamesShown) {
                names << tr("… (+%1 more)").arg(q.jobs.size() - kNamesShown);
            }
            lines << tr("%1  %2%  %3 nodes  %4 jobs: %5")
                         .arg(QString::fromStdString(q.name),
                              QString::fromStdString(formatPercent(q.capacityHundredths)))
                         .arg(q.nodes)
                         .arg(q.jobs.size())
                         .arg(names.join(QLatin1Char(' ')));
        }
    } catch (const std::logic_error& e) {
        lines << tr("This result cannot be a plan: %1").arg(QString::fromUtf8(e.what()));
    }
    m_queues->setPlainText(lines.join(QLatin1Char('\n')));
}

void ExportPlanDialog::accept() {
    const RunResult* r = m_results ? m_results->find(algorithm().toStdString()) : nullptr;
    if (r == nullptr) {
        m_message->setText(tr("There is no result of %1 to export yet.").arg(algorithm()));
        return;
    }
    const QDir dir(folder());
    if (folder().isEmpty() || !dir.exists()) {
        m_message->setText(tr("%1: no such folder").arg(folder()));
        return;
    }
    const auto path = [&](const Output& o) {
        return o.enabled->isChecked() && !o.name->text().trimmed().isEmpty()
                   ? dir.filePath(o.name->text().trimmed()).toStdString()
                   : std::string();
    };
    const PlanFiles files{path(m_xml), path(m_script), path(m_sls), path(m_nodes)};
    QStringList targets;
    for (const std::string& p :
         {files.capacityScheduler, files.submitScript, files.sls, files.slsNodes}) {
        targets << QString::fromStdString(p);
    }
    if (!confirmReplace(this, windowTitle(), targets)) {
        m_message->setText(tr("Nothing written: choose other names or another folder."));
        return;
    }
    try {
        const Workload& w = *m_results->workload;
        m_written.clear();
        for (const WrittenFile& f : writePlanFiles(w, makePlan(w, *r), *r, files)) {
            m_written << tr("%1 (%2)").arg(QString::fromStdString(f.path),
                                           QString::fromStdString(f.what));
        }
    } catch (const InputError& e) {
        m_message->setText(QString::fromStdString(e.what()));
        return;
    } catch (const std::exception& e) {
        m_message->setText(tr("Cannot write the plan: %1").arg(QString::fromUtf8(e.what())));
        return;
    }
    if (m_written.isEmpty()) {
        m_message->setText(tr("Check at least one file to write."));
        return;
    }
    QSettings().setValue("plan/dir", dir.absolutePath());
    QDialog::accept();
}

}  // namespace mr::ui
