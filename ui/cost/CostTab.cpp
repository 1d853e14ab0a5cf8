#include "cost/CostTab.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSplitter>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>

#include "cost/ClusterSizeSweepPanel.h"
#include "cost/CostAlgorithms.h"
#include "cost/CostBreakdownChart.h"
#include "cost/CostModelJson.h"
#include "cost/CostModelTables.h"
#include "cost/CostResultsTable.h"
#include "cost/CpuPerMachineChart.h"
#include "cost/EpochSweepPanel.h"
#include "model/InputError.h"
#include "run/BackgroundJob.h"

namespace mr::ui {

namespace {

const char* kCheckedKey = "cost/checked";

QDoubleSpinBox* secondsBox(QWidget* parent, double minimum, double value, double step,
                           const QString& tip) {
    auto* box = new QDoubleSpinBox(parent);
    box->setRange(minimum, 1e6);
    box->setDecimals(minimum < 1.0 ? 1 : 0);
    box->setSingleStep(step);
    box->setSuffix(QStringLiteral(" s"));
    box->setValue(value);
    box->setToolTip(tip);
    box->setKeyboardTracking(false);  // one run per finished edit, not per keystroke
    return box;
}

}  // namespace

const cost::CostResult* CostRunSet::find(const std::string& id) const {
    for (const auto& r : results) {
        if (r.algorithm == id) {
            return &r;
        }
    }
    return nullptr;
}

CostTab::CostTab(QWidget* parent)
    : QWidget(parent), m_job(new BackgroundJob(this)), m_rerun(new QTimer(this)) {
    m_rerun->setSingleShot(true);
    m_rerun->setInterval(150);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(buildHeader());

    auto* split = new QSplitter(Qt::Horizontal, this);
    m_tables = new CostModelTables(split);
    auto* right = new QSplitter(Qt::Vertical, split);
    m_views = new QTabWidget(right);
    m_breakdown = new CostBreakdownChart(m_views);
    m_cpu = new CpuPerMachineChart(m_views);
    m_sweep = new EpochSweepPanel(m_views);
    m_sizes = new ClusterSizeSweepPanel(m_views);
    m_views->addTab(m_breakdown, tr("Cost breakdown"));
    m_views->addTab(m_cpu, tr("CPU per machine"));
    m_views->addTab(m_sweep, tr("Cost vs epoch length"));
    m_views->addTab(m_sizes, tr("Cost vs cluster size"));
    m_table = new CostResultsTable(right);
    right->addWidget(m_views);
    right->addWidget(m_table);
    right->setStretchFactor(0, 4);
    right->setStretchFactor(1, 1);
    right->setSizes({640, 190});
    split->addWidget(m_tables);
    split->addWidget(right);
    split->setStretchFactor(1, 3);
    split->setSizes({540, 1040});
    layout->addWidget(split, 1);

    connect(m_rerun, &QTimer::timeout, this, &CostTab::runNow);
    connect(m_job, &BackgroundJob::busyChanged, m_busy, &QWidget::setVisible);
    clearResults(tr("Open a cost model: File > Cost samples, or the Open button above."));
}

CostTab::~CostTab() = default;

QWidget* CostTab::buildHeader() {
    auto* header = new QWidget(this);
    auto* rows = new QVBoxLayout(header);
    rows->setContentsMargins(0, 0, 0, 0);
    auto* top = new QHBoxLayout;
    auto* open = new QPushButton(tr("Open cost model…"), header);
    open->setToolTip(
        tr("A cost model file (\"format\": \"mrx-costmodel\"): machines, stores, "
           "transfer prices, data and jobs"));
    connect(open, &QPushButton::clicked, this, &CostTab::openRequested);
    m_modelLabel = new QLabel(tr("No cost model open"), header);
    m_modelLabel->setTextFormat(Qt::RichText);
    m_modelLabel->setWordWrap(true);  // a long name wraps instead of widening the window
    m_busy = new QProgressBar(header);
    m_busy->setRange(0, 0);
    m_busy->setMaximumWidth(100);
    m_busy->setVisible(false);
    m_status = new QLabel(header);
    top->addWidget(open);
    top->addWidget(m_modelLabel, 1);
    rows->addLayout(top);

    // The algorithms on a row of their own, the options and the status after the model's name:
    // two rows that fit a laptop's width.
    auto* options = new QHBoxLayout;
    options->addWidget(new QLabel(tr("<b>Algorithms</b>"), header));
    QStringList defaults;  // the registry's (AlgorithmInfo::byDefault)
    for (const AlgorithmInfo& a : cost::costAlgorithms()) {
        if (a.byDefault) {
            defaults << QString::fromStdString(a.id);
        }
    }
    const QStringList checked = QSettings().value(kCheckedKey, defaults).toStringList();
    for (const AlgorithmInfo& a : cost::costAlgorithms()) {
        auto* box = new QCheckBox(QString::fromStdString(a.id), header);
        box->setToolTip(QString::fromStdString(a.description + " (" + a.source + ")"));
        box->setChecked(checked.contains(box->text()));
        connect(box, &QCheckBox::toggled, this, [this] {
            QSettings().setValue(kCheckedKey, checkedAlgorithms());
            scheduleRun();
        });
        m_algorithms << box;
        options->addWidget(box);
    }
    options->addStretch(1);
    options->addWidget(m_busy);
    options->addWidget(m_status);
    m_epoch = secondsBox(header, 1.0, 600.0, 100.0,
                         tr("lips-online: the epoch e; each epoch's LP may use CPU units × e per "
                            "machine ([Ehsan13] Fig. 4)"));
    m_delay = secondsBox(header, 0.0, 5.0, 1.0,
                         tr("delay: how long a job waits for a machine holding its data before "
                            "it runs remotely"));
    top->addWidget(new QLabel(tr("Epoch"), header));
    top->addWidget(m_epoch);
    top->addWidget(new QLabel(tr("Delay"), header));
    top->addWidget(m_delay);
    rows->addLayout(options);
    connect(m_epoch, &QDoubleSpinBox::valueChanged, this, &CostTab::scheduleRun);
    connect(m_delay, &QDoubleSpinBox::valueChanged, this, &CostTab::scheduleRun);
    return header;
}

bool CostTab::openModel(const QString& path) {
    try {
        loadModel(path);
    } catch (const std::exception& e) {  // InputError names the file, item and field
        QMessageBox::critical(this, tr("Cannot open the cost model"),
                              QString::fromStdString(e.what()));
        return false;
    }
    return true;
}

void CostTab::loadModel(const QString& path) {
    cost::CostModel model = cost::loadCostModel(path.toStdString());
    m_model = std::make_shared<const cost::CostModel>(std::move(model));
    m_path = path;
    m_modelLabel->setText(tr("<b>%1</b> &nbsp; %2")
                              .arg(QString::fromStdString(m_model->name).toHtmlEscaped(),
                                   QFileInfo(path).fileName().toHtmlEscaped()));
    m_modelLabel->setToolTip(path);
    m_tables->setModel(*m_model);
    m_sweep->setModel(m_model);
    runNow();
}

const cost::CostModel& CostTab::model() const {
    static const cost::CostModel empty;
    return m_model ? *m_model : empty;
}

QStringList CostTab::checkedAlgorithms() const {
    QStringList ids;
    for (const QCheckBox* box : m_algorithms) {
        if (box->isChecked()) {
            ids << box->text();
        }
    }
    return ids;
}

void CostTab::setCheckedAlgorithms(const QStringList& ids) {
    for (QCheckBox* box : m_algorithms) {
        box->setChecked(ids.contains(box->text()));
    }
}

void CostTab::setEpoch(double seconds) {
    m_epoch->setValue(seconds);
}

void CostTab::setDelay(double seconds) {
    m_delay->setValue(seconds);
}

void CostTab::showView(View view) {
    m_views->setCurrentIndex(view);
}

QString CostTab::statusText() const {
    return m_status->text();
}

void CostTab::scheduleRun() {
    m_sweep->setCurrentEpoch(m_epoch->value());
    m_rerun->start();  // several changes in a row give one run
}

void CostTab::waitForResults() {
    if (m_rerun->isActive()) {
        runNow();
    }
    m_job->waitForIdle();
}

void CostTab::runNow() {
    m_rerun->stop();
    if (!m_model) {
        return;
    }
    std::vector<std::string> ids;
    for (const QString& id : checkedAlgorithms()) {
        ids.push_back(id.toStdString());
    }
    if (ids.empty()) {
        m_job->discard();
        clearResults(tr("Check an algorithm above to see what it costs."));
        return;
    }
    m_status->setText(tr("Running…"));
    m_job->start<std::shared_ptr<const CostRunSet>>(
        [model = m_model, ids, epoch = m_epoch->value(),
         delay = m_delay->value()](const CancelFlag& cancel) {
            auto set = std::make_shared<CostRunSet>();
            set->model = model;
            set->epochS = epoch;
            set->delayS = delay;
            cost::CostOptions options;
            options.epochS = epoch;
            options.delayS = delay;
            options.cancel = &cancel;
            QElapsedTimer timer;
            timer.start();
            // One at a time, so that an algorithm refusing the options (too many epochs) still
            // leaves the others' results.
            for (const std::string& id : ids) {
                try {
                    set->results.push_back(cost::runCostAlgorithm(*model, id, options));
                } catch (const std::exception& e) {
                    cost::CostResult failed;
                    failed.algorithm = id;
                    failed.feasible = false;
                    failed.message = e.what();
                    failed.solver.status = "error";
                    set->results.push_back(std::move(failed));
                }
            }
            set->milliseconds = static_cast<double>(timer.nsecsElapsed()) / 1e6;
            return std::shared_ptr<const CostRunSet>(std::move(set));
        },
        [this](std::shared_ptr<const CostRunSet> set) { showResults(set); });
}

void CostTab::showResults(const std::shared_ptr<const CostRunSet>& set) {
    m_results = set;
    m_breakdown->setResults(set->results);
    m_cpu->setResults(*set->model, set->results);
    m_table->setResults(set->results);
    QStringList failed;
    for (const cost::CostResult& r : set->results) {
        if (!r.feasible) {
            failed << QString::fromStdString(r.algorithm);
        }
    }
    const int ran = static_cast<int>(set->results.size());
    QString text = (ran == 1 ? tr("1 algorithm") : tr("%1 algorithms").arg(ran)) +
                   tr(" in %1 ms").arg(set->milliseconds, 0, 'f', 1);
    if (!failed.isEmpty()) {
        text += tr(" — <span style='color:#a02818'>no schedule: %1 (see the table)</span>")
                    .arg(failed.join(QStringLiteral(", ")));
    }
    m_status->setText(text);
    emit resultsShown();
}

void CostTab::clearResults(const QString& message) {
    m_results.reset();
    m_breakdown->setResults({}, message);
    m_cpu->setResults(model(), {}, message);
    m_table->setResults({});
    m_status->clear();
}

}  // namespace mr::ui
