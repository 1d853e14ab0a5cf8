#include "app/MainWindow.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QToolBar>
#include <QToolButton>
#include <QUndoStack>
#include <QVBoxLayout>

#include "app/ExportController.h"
#include "app/FileController.h"
#include "app/Samples.h"
#include "charts/ComparisonView.h"
#include "charts/GanttPanel.h"
#include "charts/GanttPlot.h"
#include "charts/StageView.h"
#include "cost/CostBreakdownChart.h"
#include "cost/CostResultsTable.h"
#include "cost/CostTab.h"
#include "cost/CpuPerMachineChart.h"
#include "cost/EpochSweepPanel.h"
#include "deadlines/DeadlinesTab.h"
#include "deadlines/LoadSweepCharts.h"
#include "document/JobTableModel.h"
#include "document/WorkloadDocument.h"
#include "run/RunController.h"
#include "sweep/SweepTab.h"
#include "teach/JohnsonStepper.h"
#include "widgets/AlgorithmList.h"
#include "widgets/ClusterPanel.h"
#include "widgets/RunOptionsPanel.h"

// Resources of a static library must be registered by name, from the global namespace.
static void initResources() {
    Q_INIT_RESOURCE(mrx);
}

namespace mr::ui {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent),
      m_doc(new WorkloadDocument(this)),
      m_model(new JobTableModel(m_doc, this)),
      m_runs(new RunController(this)),
      m_files(new FileController(m_doc, this)) {
    initResources();
    setAcceptDrops(true);
    setWindowIcon(QIcon(QStringLiteral(":/icons/mrx.svg")));

    auto* splitter = new QSplitter(Qt::Horizontal, this);
    m_leftPanel = buildLeftPanel();
    splitter->addWidget(m_leftPanel);
    m_tabs = new QTabWidget(splitter);
    m_gantt = new GanttPanel(m_tabs);
    m_stages = new StageView(m_tabs);
    m_comparison = new ComparisonView(m_tabs);
    m_johnson = new JohnsonStepper(m_tabs);
    m_sweep = new SweepTab(m_tabs);
    m_cost = new CostTab(m_tabs);
    m_deadlines = new DeadlinesTab(m_tabs);
    m_tabs->addTab(m_gantt, tr("Timeline"));
    m_tabs->addTab(m_stages, tr("Stages"));
    m_tabs->addTab(m_comparison, tr("Comparison"));
    m_tabs->addTab(m_johnson, tr("Teach Johnson"));
    m_tabs->addTab(m_sweep, tr("Sweep"));
    m_tabs->addTab(m_deadlines, tr("Deadlines"));
    m_tabs->addTab(m_cost, tr("Cost (LiPS)"));
    splitter->addWidget(m_tabs);
    splitter->setStretchFactor(1, 3);
    splitter->setSizes({520, 1080});
    setCentralWidget(splitter);

    m_status = new QLabel(this);
    m_busy = new QProgressBar(this);
    m_busy->setRange(0, 0);
    m_busy->setMaximumWidth(120);
    m_busy->setVisible(false);
    m_optionsLabel = new QLabel(this);
    m_optionsLabel->setToolTip(tr("The run options every run uses (left panel)"));
    statusBar()->addWidget(m_status, 1);
    statusBar()->addPermanentWidget(m_optionsLabel);
    statusBar()->addPermanentWidget(m_busy);
    applyRunOptions();

    buildMenus();

    connect(m_doc, &WorkloadDocument::changed, this, &MainWindow::requestRun);
    connect(m_doc, &WorkloadDocument::resetDone, this, [this] {
        m_workloadReplaced = true;
        m_selectedJob = -1;
    });
    connect(m_doc, &WorkloadDocument::modifiedChanged, this, &MainWindow::updateTitle);
    connect(m_doc, &WorkloadDocument::filePathChanged, this, &MainWindow::updateTitle);
    connect(m_algorithms, &AlgorithmList::checkedChanged, this, &MainWindow::requestRun);
    connect(m_algorithms, &AlgorithmList::checkedChanged, m_sweep, &SweepTab::setAlgorithms);
    connect(m_runOptions, &RunOptionsPanel::changed, this, [this] {
        applyRunOptions();
        requestRun();
    });
    connect(m_runs, &RunController::runStarted, this, [this] { m_busy->setVisible(true); });
    connect(m_runs, &RunController::runDropped, this,
            [this] { m_busy->setVisible(m_runs->isRunning()); });
    connect(m_runs, &RunController::resultsReady, this, &MainWindow::showResults);
    connect(m_runs, &RunController::runFailed, this, [this](const QString& message) {
        m_busy->setVisible(m_runs->isRunning());
        m_status->setText(tr("The run failed: %1").arg(message));
    });
    connect(m_model, &JobTableModel::editRejected, this, [this](const QString& reason) {
        m_status->setText(tr("Not accepted — %1").arg(reason));
    });
    connect(m_gantt, &GanttPanel::jobClicked, this, &MainWindow::selectJob);
    connect(m_tabs, &QTabWidget::currentChanged, this, &MainWindow::tabChanged);
    m_files->setCostModelOpener([this](const QString& path) {
        if (!m_cost->openModel(path)) {
            return false;
        }
        m_tabs->setCurrentWidget(m_cost);
        return true;
    });
    connect(m_cost, &CostTab::openRequested, m_files, &FileController::openCostModelDialog);
    connect(
        m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        [this](const QModelIndex& current) { selectJob(current.isValid() ? current.row() : -1); });

    updateTitle();
    requestRun();
}

MainWindow::~MainWindow() = default;

QWidget* MainWindow::buildLeftPanel() {
    auto* panel = new QWidget(this);
    auto* layout = new QVBoxLayout(panel);
    layout->setContentsMargins(4, 4, 4, 4);
    m_cluster = new ClusterPanel(m_doc, panel);
    layout->addWidget(m_cluster);

    auto* jobsBar = new QToolBar(panel);
    jobsBar->setIconSize(QSize(16, 16));
    jobsBar->addWidget(new QLabel(tr("<b>Jobs</b>  "), jobsBar));
    jobsBar->addAction(tr("Add"), this, [this] { addJob(false); })
        ->setToolTip(tr("Add a job after the current one"));
    jobsBar->addAction(tr("Duplicate"), this, [this] { addJob(true); })
        ->setToolTip(tr("Copy the current job"));
    jobsBar->addAction(tr("Remove"), this, [this] { removeSelectedJobs(); })
        ->setToolTip(tr("Remove the selected jobs"));
    layout->addWidget(jobsBar);

    m_table = new QTableView(panel);
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setDragEnabled(true);
    m_table->setAcceptDrops(true);
    m_table->setDropIndicatorShown(true);
    m_table->setDragDropMode(QAbstractItemView::InternalMove);
    m_table->setDefaultDropAction(Qt::MoveAction);
    m_table->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                             QAbstractItemView::AnyKeyPressed);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->verticalHeader()->setDefaultSectionSize(22);
    m_table->setToolTip(
        tr("Double-click a cell to edit it. Drag rows to change the order "
           "(the manual order)."));
    layout->addWidget(m_table, 3);

    layout->addWidget(new QLabel(tr("<b>Algorithms</b> (checked ones run on every edit)"), panel));
    m_algorithms = new AlgorithmList(panel);
    m_algorithms->setMaximumHeight(190);
    layout->addWidget(m_algorithms, 1);
    m_runs->setAlgorithms(m_algorithms->checkedIds());
    m_runOptions = new RunOptionsPanel(QStringLiteral("run"), RunOptionsPanel::Fields::All, panel);
    layout->addWidget(m_runOptions);
    return panel;
}

void MainWindow::buildMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    m_files->fillMenu(file);
    connect(m_files, &FileController::opened, this, [this] { m_table->clearSelection(); });

    auto* exports = new ExportController(this);
    QMenu* exportMenu = file->addMenu(tr("&Export"));
    exports->addChartExport(exportMenu, tr("Timeline of the selected algorithm…"),
                            QStringLiteral("timeline"), [this] {
                                GanttPlot* plot = m_gantt->currentPlot();
                                return plot ? QList<QCustomPlot*>{plot} : QList<QCustomPlot*>{};
                            });
    exports->addChartExport(exportMenu, tr("All timelines…"), QStringLiteral("timelines"), [this] {
        QList<QCustomPlot*> list;
        for (GanttPlot* p : m_gantt->plots()) {
            list << p;
        }
        return list;
    });
    exports->addChartExport(exportMenu, tr("Stage view…"), QStringLiteral("stages"),
                            [this] { return m_stages->plots(); });
    exports->addChartExport(exportMenu, tr("Comparison chart…"), QStringLiteral("comparison"),
                            [this] { return QList<QCustomPlot*>{m_comparison->chart()}; });
    exports->addChartExport(exportMenu, tr("Johnson timelines…"), QStringLiteral("johnson"),
                            [this] { return m_johnson->plots(); });
    exports->addChartExport(exportMenu, tr("Sweep chart…"), QStringLiteral("sweep"),
                            [this] { return QList<QCustomPlot*>{m_sweep->chart()}; });
    exports->addChartExport(exportMenu, tr("Cost breakdown chart…"),
                            QStringLiteral("cost-breakdown"),
                            [this] { return QList<QCustomPlot*>{m_cost->breakdownChart()}; });
    exports->addChartExport(exportMenu, tr("CPU-seconds per machine chart…"),
                            QStringLiteral("cost-cpu-per-machine"),
                            [this] { return QList<QCustomPlot*>{m_cost->cpuChart()}; });
    exports->addChartExport(exportMenu, tr("Cost vs epoch length chart…"),
                            QStringLiteral("cost-epoch-sweep"),
                            [this] { return QList<QCustomPlot*>{m_cost->sweepPanel()->chart()}; });
    for (int chart = 0; chart <= LoadSweepCharts::ChartCount; ++chart) {
        const bool all = chart == LoadSweepCharts::ChartCount;
        const auto which = static_cast<LoadSweepCharts::Chart>(chart);
        exports->addChartExport(
            exportMenu,
            tr("Deadlines: %1…").arg(all ? tr("all four charts") : LoadSweepCharts::title(which)),
            all ? QStringLiteral("deadlines") : LoadSweepCharts::fileStem(which),
            [this, chart] { return m_deadlines->exportablePlots(chart); });
    }
    exportMenu->addSeparator();
    exports->addCsvExport(exportMenu, tr("Comparison table as CSV…"),
                          [this] { return m_comparison->csv(); });
    exports->addCsvExport(exportMenu, tr("Sweep as CSV…"), [this] { return m_sweep->csv(); });
    exports->addCsvExport(exportMenu, tr("Cost results table as CSV…"),
                          [this] { return m_cost->resultsTable()->csv(); });
    exports->addCsvExport(exportMenu, tr("Epoch sweep as CSV…"),
                          [this] { return m_cost->sweepPanel()->csv(); });
    exports->addCsvExport(exportMenu, tr("Deadline sweep points as CSV…"),
                          [this] { return m_deadlines->csv(); });
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = m_doc->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = m_doc->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    edit->addAction(tr("&Add job"), QKeySequence(Qt::CTRL | Qt::Key_J), this,
                    [this] { addJob(false); });
    edit->addAction(tr("&Duplicate job"), QKeySequence(Qt::CTRL | Qt::Key_D), this,
                    [this] { addJob(true); });
    edit->addAction(tr("&Remove selected jobs"), QKeySequence::Delete, this,
                    [this] { removeSelectedJobs(); });

    QMenu* view = menuBar()->addMenu(tr("&View"));
    QAction* stacked = view->addAction(tr("Timelines &stacked (else side by side)"));
    stacked->setCheckable(true);
    stacked->setChecked(true);
    connect(stacked, &QAction::toggled, m_gantt, &GanttPanel::setStacked);
    view->addAction(tr("&Fit timelines"), QKeySequence(Qt::Key_F), m_gantt, &GanttPanel::fitAll);
    QAction* labels = view->addAction(tr("Job &names on bars"));
    labels->setCheckable(true);
    labels->setChecked(true);
    connect(labels, &QAction::toggled, m_gantt, &GanttPanel::setLabelsVisible);
    view->addAction(tr("&Clear job highlight"), QKeySequence(Qt::Key_Escape), this, [this] {
        m_table->clearSelection();
        selectJob(-1);
    });

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About MR Schedule Explorer"), this, [this] {
        QMessageBox::about(
            this, tr("About MR Schedule Explorer"),
            tr("<b>MR Schedule Explorer</b> %1<p>Simulates batches of MapReduce jobs slot by "
               "slot and compares schedulers from five papers: Johnson's rule and "
               "BalancedPools (Verma et al.), HScheduler (Tian et al.), deadline schedulers "
               "(Verma et al.), the completion-time scheduler (Rao, Reddy) and LiPS "
               "(Ehsan et al.).<p>Wheel: zoom time; Shift+wheel: zoom slots; drag: pan; click "
               "a bar: highlight its job.")
                .arg(QApplication::applicationVersion()));
    });
}

bool MainWindow::openFile(const QString& path, bool asSample) {
    return m_files->open(path, asSample);
}

bool MainWindow::showTab(const QString& name) {
    const QList<std::pair<QString, QWidget*>> pages = {{QStringLiteral("timeline"), m_gantt},
                                                       {QStringLiteral("stages"), m_stages},
                                                       {QStringLiteral("comparison"), m_comparison},
                                                       {QStringLiteral("johnson"), m_johnson},
                                                       {QStringLiteral("sweep"), m_sweep},
                                                       {QStringLiteral("deadlines"), m_deadlines},
                                                       {QStringLiteral("cost"), m_cost},
                                                       {QStringLiteral("cost-cpu"), m_cost},
                                                       {QStringLiteral("cost-sweep"), m_cost}};
    for (const auto& [pageName, page] : pages) {
        if (pageName == name.toLower()) {
            m_tabs->setCurrentWidget(page);
            if (page == m_cost) {
                m_cost->showView(pageName == QLatin1String("cost-cpu")     ? CostTab::CpuPerMachine
                                 : pageName == QLatin1String("cost-sweep") ? CostTab::EpochSweep
                                                                           : CostTab::Breakdown);
            }
            return true;
        }
    }
    return false;
}

void MainWindow::tabChanged() {
    const bool cost = m_tabs->currentWidget() == m_cost;
    // The workload's panel and run status say nothing about a cost model.
    m_leftPanel->setVisible(!cost);
    m_status->setVisible(!cost);
    if (cost && !m_cost->hasModel()) {
        const QStringList samples = sampleFiles(kCostModelFormat);
        if (!samples.isEmpty()) {
            m_cost->openModel(samples.front());  // something to look at on the first visit
        }
    }
    refreshCurrentTab();
}

void MainWindow::applyRunOptions() {
    const RunOptions options = m_runOptions->options();
    m_runs->setRunOptions(options);
    m_optionsLabel->setText(RunOptionsPanel::describe(options));
}

void MainWindow::requestRun() {
    m_runs->setAlgorithms(m_algorithms->checkedIds());
    m_runs->request(m_doc->workload());
}

void MainWindow::showResults(const std::shared_ptr<const RunSet>& results) {
    m_busy->setVisible(m_runs->isRunning());
    const int failures =
        static_cast<int>(std::count_if(results->outcomes.begin(), results->outcomes.end(),
                                       [](const AlgorithmOutcome& o) { return !o.result; }));
    const int ran = static_cast<int>(results->outcomes.size());
    QString text = (ran == 1 ? tr("1 algorithm") : tr("%1 algorithms").arg(ran)) +
                   tr(" (and the fifo / reverse-johnson baselines) on %1 jobs, %2 tasks: %3 ms")
                       .arg(results->workload->jobCount())
                       .arg(results->workload->taskCount())
                       .arg(results->milliseconds, 0, 'f', 1);
    if (failures > 0) {
        text += tr(" — %1 could not run (see the comparison tab)").arg(failures);
    }
    m_status->setText(text);
    m_results = results;
    refreshCurrentTab();
}

void MainWindow::refreshCurrentTab() {
    const int tab = m_tabs->currentIndex();
    if (!m_results || tab < 0) {
        return;
    }
    while (m_tabGeneration.size() < m_tabs->count()) {
        m_tabGeneration << 0;
    }
    if (m_tabGeneration[tab] == m_results->generation) {
        return;
    }
    m_tabGeneration[tab] = m_results->generation;
    QWidget* page = m_tabs->widget(tab);
    if (page == m_gantt) {
        m_gantt->setResults(m_results, m_workloadReplaced);
        m_workloadReplaced = false;
    } else if (page == m_stages) {
        m_stages->setResults(m_results);
    } else if (page == m_comparison) {
        m_comparison->setResults(m_results);
    } else if (page == m_johnson) {
        m_johnson->setResults(m_results);
    } else if (page == m_sweep) {
        m_sweep->setWorkload(m_results->workload);
        m_sweep->setAlgorithms(m_algorithms->checkedIds());
    }
    selectJob(m_selectedJob);
}

void MainWindow::selectJob(int job) {
    if (job >= m_doc->workload().jobCount()) {
        job = -1;
    }
    m_selectedJob = job;
    m_gantt->setSelectedJob(job);
    m_stages->setSelectedJob(job);
    if (job >= 0 && m_table->currentIndex().row() != job) {
        m_table->selectRow(job);
    }
}

void MainWindow::updateTitle() {
    const QString path = m_doc->filePath();
    const QString name = path.isEmpty() ? QString::fromStdString(m_doc->workload().name)
                                        : QFileInfo(path).fileName();
    setWindowTitle(tr("%1[*] — MR Schedule Explorer").arg(name.isEmpty() ? tr("Untitled") : name));
    setWindowModified(m_doc->isModified());
}

int MainWindow::currentRow() const {
    const QModelIndex current = m_table->currentIndex();
    return current.isValid() ? current.row() : m_doc->workload().jobCount() - 1;
}

void MainWindow::addJob(bool duplicate) {
    const Workload& w = m_doc->workload();
    const int row = currentRow();
    Job job = duplicate && row >= 0 ? w.jobs[static_cast<std::size_t>(row)]
                                    : Job::uniform("J", 10, 10, 5, 10);
    const std::string stem = duplicate && row >= 0 ? job.name + "-copy" : std::string("J");
    std::string name = duplicate ? stem : stem + std::to_string(w.jobCount() + 1);
    for (int i = 2; w.findJob(name); ++i) {
        name = stem + (duplicate ? "-" : "") + std::to_string(w.jobCount() + i);
    }
    job.name = name;
    m_doc->insertJob(row + 1, job, duplicate ? tr("Duplicate job") : tr("Add job"));
    m_table->selectRow(row + 1);
}

void MainWindow::removeSelectedJobs() {
    QList<int> rows;
    for (const QModelIndex& index : m_table->selectionModel()->selectedRows()) {
        rows << index.row();
    }
    std::sort(rows.begin(), rows.end(), std::greater<>());
    if (rows.isEmpty()) {
        return;
    }
    if (rows.size() >= m_doc->workload().jobCount()) {
        m_status->setText(tr("A workload keeps at least one job."));
        rows.removeLast();
    }
    m_doc->undoStack()->beginMacro(rows.size() == 1 ? tr("Remove job")
                                                    : tr("Remove %1 jobs").arg(rows.size()));
    for (int row : rows) {
        m_doc->removeJob(row);
    }
    m_doc->undoStack()->endMacro();
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (m_files->maybeSave()) {
        event->accept();
    } else {
        event->ignore();
    }
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    if (event->mimeData()->hasUrls()) {
        event->acceptProposedAction();
    }
}

void MainWindow::dropEvent(QDropEvent* event) {
    for (const QUrl& url : event->mimeData()->urls()) {
        if (url.isLocalFile()) {
            m_files->openFromUser(url.toLocalFile());
            event->acceptProposedAction();
            return;
        }
    }
}

}  // namespace mr::ui
