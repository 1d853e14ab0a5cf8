#include "app/MainWindow.h"

#include <qcustomplot.h>
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QComboBox>
#include <QDir>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPainter>
#include <QProgressBar>
#include <QScrollArea>
#include <QSettings>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QToolBar>
#include <QToolButton>
#include <QUndoStack>
#include <QVBoxLayout>
#include <algorithm>

#include "app/ExportController.h"
#include "app/FileController.h"
#include "app/HelpController.h"
#include "app/Samples.h"
#include "charts/ComparisonView.h"
#include "charts/GanttPanel.h"
#include "charts/GanttPlot.h"
#include "charts/StageView.h"
#include "cost/CostTab.h"
#include "cost/EpochSweepPanel.h"
#include "deadlines/DeadlinesTab.h"
#include "document/JobPalette.h"
#include "document/JobTableModel.h"
#include "document/UndoHistory.h"
#include "document/WorkloadDocument.h"
#include "run/RunController.h"
#include "schedulers/Suggestions.h"
#include "studio/PresentationMode.h"
#include "studio/SessionController.h"
#include "studio/VariantComparison.h"
#include "studio/VariantDiffPanel.h"
#include "studio/VariantStore.h"
#include "studio/VariantStrip.h"
#include "studio/VariantTimelines.h"
#include "sweep/SweepResultsOpener.h"
#include "sweep/SweepTab.h"
#include "teach/JohnsonStepper.h"
#include "teach/TeachTab.h"
#include "widgets/AlgorithmList.h"
#include "widgets/ClusterPanel.h"
#include "widgets/ExportPlanDialog.h"
#include "widgets/JobTableView.h"
#include "widgets/RunOptionsPanel.h"

// Resources of a static library must be registered by name, from the global namespace.
static void initResources() {
    Q_INIT_RESOURCE(mrx);
}

namespace mr::ui {

namespace {

// Ctrl+Y and Ctrl+Shift+Z on every platform (QKeySequence::Redo is only one of them here).
QList<QKeySequence> redoShortcuts() {
    QList<QKeySequence> keys = {QKeySequence(Qt::CTRL | Qt::Key_Y),
                                QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z)};
    for (const QKeySequence& key : QKeySequence::keyBindings(QKeySequence::Redo)) {
        if (!keys.contains(key)) {
            keys << key;
        }
    }
    return keys;
}

}  // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent),
      m_doc(new WorkloadDocument(this)),
      m_model(new JobTableModel(m_doc, this)),
      m_runs(new RunController(this)),
      m_files(new FileController(m_doc, this)),
      m_variants(new VariantStore(this)) {
    initResources();
    setAcceptDrops(true);
    setWindowIcon(QIcon(QStringLiteral(":/icons/mrx.svg")));

    auto* splitter = new QSplitter(Qt::Horizontal, this);
    m_splitter = splitter;
    // The left panel scrolls when the screen is shorter than its parts (1366×768 at 150 %):
    // the window's minimum height is then the tabs', and it fits.
    auto* left = new QScrollArea(splitter);
    left->setWidget(buildLeftPanel());
    left->setWidgetResizable(true);
    left->setFrameShape(QFrame::NoFrame);
    m_leftPanel = left;
    splitter->addWidget(m_leftPanel);
    splitter->addWidget(buildTabs(splitter));
    splitter->setStretchFactor(1, 3);
    splitter->setSizes({430, 850});
    setCentralWidget(splitter);
    buildStatusBar();
    applyRunOptions();

    // The variants strip: kept snapshots of the workload, each run like this one.
    m_variantStrip = new VariantStrip(
        m_variants, [this] { return m_sessions->capture().current; },
        [this] { return m_doc->jobColours(); }, this);
    addToolBar(Qt::TopToolBarArea, m_variantStrip);
    connect(m_variantStrip, &VariantStrip::statusMessage, m_status, &QLabel::setText);
    buildMenus();
    connectParts();
    // The first tab's hint (tabChanged says the next ones).
    m_tabHint->setText(HelpController::tabHint(currentTabName()));

    updateTitle();
    requestRun();
}

QWidget* MainWindow::buildTabs(QWidget* parent) {
    // The tabs, under a line saying what the tab shown is (Help > Guide explains more).
    auto* right = new QWidget(parent);
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->setSpacing(2);
    m_tabHint = new QLabel(right);
    m_tabHint->setObjectName(QStringLiteral("tabHint"));
    m_tabHint->setWordWrap(true);
    m_tabHint->setContentsMargins(6, 2, 6, 0);
    m_tabHint->setForegroundRole(QPalette::PlaceholderText);
    m_tabs = new QTabWidget(right);
    rightLayout->addWidget(m_tabHint);
    rightLayout->addWidget(m_tabs, 1);
    createPages();
    addPages();
    return right;
}

void MainWindow::createPages() {
    m_gantt = new GanttPanel(m_tabs);
    m_stages = new StageView(m_tabs);
    m_comparison = new ComparisonView(m_tabs);
    m_teach = new TeachTab(m_tabs);
    m_variantComparison = new VariantComparison(m_variants, m_runs, m_comparison);
    m_comparison->addSection(m_variantComparison);
    m_variantDiff = new VariantDiffPanel(
        m_variants, m_runs, [this] { return m_sessions->capture().current; }, m_comparison);
    m_comparison->addSection(m_variantDiff);
    m_sweep = new SweepTab(m_tabs);
    m_cost = new CostTab(m_tabs);
    m_deadlines = new DeadlinesTab(m_tabs);
    m_timelinePage = buildTimelinePage();
}

void MainWindow::addPages() {
    // A page larger than the room it gets scrolls instead of making the window grow (the
    // timeline scrolls its charts itself).
    const auto addPage = [this](QWidget* page, const QString& title) {
        if (page == m_gantt) {
            m_tabs->addTab(m_timelinePage, title);
            return;
        }
        auto* scroll = new QScrollArea(m_tabs);
        scroll->setWidget(page);
        scroll->setWidgetResizable(true);
        scroll->setFrameShape(QFrame::NoFrame);
        m_tabs->addTab(scroll, title);
    };
    addPage(m_gantt, tr("Timeline"));
    addPage(m_stages, tr("Stages"));
    addPage(m_comparison, tr("Comparison"));
    addPage(m_teach, tr("Teach"));
    addPage(m_sweep, tr("Sweep"));
    addPage(m_deadlines, tr("Deadlines"));
    addPage(m_cost, tr("Cost (LiPS)"));
}

void MainWindow::buildStatusBar() {
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
}

void MainWindow::connectParts() {
    connect(m_doc, &WorkloadDocument::changed, this, &MainWindow::requestRun);
    connect(m_doc, &WorkloadDocument::resetDone, this, &MainWindow::resetDocumentView);
    connect(m_doc, &WorkloadDocument::modifiedChanged, this, &MainWindow::updateTitle);
    connect(m_doc, &WorkloadDocument::filePathChanged, this, &MainWindow::updateTitle);
    connect(m_variants, &VariantStore::modifiedChanged, this, &MainWindow::updateTitle);
    connect(m_algorithms, &AlgorithmList::checkedChanged, this, &MainWindow::requestRun);
    connect(m_algorithms, &AlgorithmList::checkedChanged, m_sweep, &SweepTab::setAlgorithms);
    connect(m_runOptions, &RunOptionsPanel::changed, this, [this] {
        applyRunOptions();
        requestRun();
    });
    connect(m_runs, &RunController::runStarted, this, &MainWindow::showResults);
    connect(m_runs, &RunController::resultsReady, this, &MainWindow::showResults);
    connect(m_gantt, &GanttPanel::cancelRequested, m_runs, &RunController::cancelAlgorithm);
    connect(m_gantt, &GanttPanel::rerunRequested, m_runs, &RunController::rerunAlgorithm);
    const auto rejected = [this](const QString& reason) {
        m_status->setText(tr("Not accepted — %1").arg(reason));
        m_statusIsRejection = true;
    };
    connect(m_model, &JobTableModel::editRejected, this, rejected);
    connect(m_cluster, &ClusterPanel::editRejected, this, rejected);
    // Once the value is corrected the rejection is over: the line says what the window shows
    // (another cell still refused, or the run), never a reason that no longer holds.
    const auto accepted = [this] {
        if (!m_statusIsRejection) {
            return;
        }
        m_statusIsRejection = false;
        const QString pending = m_model->firstCellError();
        if (!pending.isEmpty()) {
            m_status->setText(tr("Not accepted — %1").arg(pending));
            m_statusIsRejection = true;
        } else if (m_results) {
            m_status->setText(runSummary(*m_results));
        } else {
            m_status->clear();
        }
    };
    connect(m_model, &JobTableModel::editAccepted, this, accepted);
    connect(m_cluster, &ClusterPanel::editAccepted, this, accepted);
    connect(m_files, &FileController::statusMessage, m_status, &QLabel::setText);
    m_files->setPendingEditCheck([this] {
        m_table->commitPendingEdit();
        const QString cluster = m_cluster->commitPendingEdit();
        return cluster.isEmpty() ? m_model->firstCellError() : cluster;
    });
    connect(m_gantt, &GanttPanel::jobClicked, this, &MainWindow::selectJob);
    connect(m_tabs, &QTabWidget::currentChanged, this, &MainWindow::tabChanged);
    m_files->setCostModelOpener([this](const QString& path) {
        m_cost->loadModel(path);  // throws InputError: FileController says why
        m_tabs->setCurrentIndex(tabIndex(m_cost));
        return true;
    });
    connect(m_cost, &CostTab::openRequested, m_files, &FileController::openCostModelDialog);
    // The highlighted job follows the selected row (a click, the arrow keys): the current cell
    // alone, which Tab sets when it moves the focus into the table, highlights nothing.
    const auto followSelection = [this] {
        const int row = m_table->currentIndex().row();
        if (row >= 0 && m_table->selectionModel()->isRowSelected(row, {})) {
            selectJob(row);
        } else if (!m_table->selectionModel()->hasSelection()) {
            selectJob(-1);
        }
    };
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            followSelection);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            followSelection);
}

MainWindow::~MainWindow() {
    // The document's undo stack emits cleanChanged while it is destroyed, after this window's
    // own destructor has run: nothing of the document may reach this window any more.
    disconnect(m_doc, nullptr, this, nullptr);
    disconnect(m_variants, nullptr, this, nullptr);
    m_runs->cancelAll();
}

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

    m_table = new JobTableView(panel);
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
    buildFileMenu(menuBar()->addMenu(tr("&File")));
    buildEditMenu(menuBar()->addMenu(tr("&Edit")));
    buildViewMenu(menuBar()->addMenu(tr("&View")));
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    buildHelpMenu(help);
    help->addSeparator();
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

void MainWindow::buildFileMenu(QMenu* file) {
    m_files->fillMenu(file);
    file->addSeparator();
    m_sessions = new SessionController(this, m_variants);
    m_sessions->fillMenu(file);
    m_files->setSessionOpener([this](const QString& path) { return m_sessions->open(path); });
    // Variants are edits too: the one gate asks about them, and leaving the workload leaves them.
    m_files->setSessionGate([this] { return m_sessions->hasUnsavedVariants(); },
                            [this] { return m_sessions->save(); });
    connect(m_files, &FileController::opened, m_sessions, &SessionController::close);
    connect(m_sessions, &SessionController::statusMessage, m_status, &QLabel::setText);
    connect(m_files, &FileController::opened, this, [this] {
        m_table->clearSelection();
        checkDeadlineAlgorithm();
    });
    addSweepResultsOpener(file);

    m_exports = new ExportController(this);
    m_exports->setDefaultDirectory([this] {
        const QString path = m_doc->filePath();
        return path.isEmpty() ? QString() : QFileInfo(path).absolutePath();
    });
    QMenu* exportMenu = file->addMenu(tr("&Export"));
    addExports(exportMenu);
    file->addAction(tr("Export &plan…"), this, [this] { exportPlan(); })
        ->setObjectName(QStringLiteral("fileExportPlan"));
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close)
        ->setObjectName(QStringLiteral("fileQuit"));
}

void MainWindow::addSweepResultsOpener(QMenu* file) {
    auto* sweepResults = new SweepResultsOpener(
        m_sweep, m_deadlines, m_cost,
        [this](QWidget* page) { m_tabs->setCurrentIndex(tabIndex(page)); }, this);
    auto* openResults = new QAction(tr("Open s&weep results…"), file);
    openResults->setObjectName(QStringLiteral("fileOpenSweepResults"));
    connect(openResults, &QAction::triggered, sweepResults, &SweepResultsOpener::chooseAndOpen);
    const QList<QAction*> items = file->actions();  // after Import trace…, with the other opens
    const auto import = std::find_if(items.begin(), items.end(), [](const QAction* a) {
        return a->objectName() == QLatin1String("fileImport");
    });
    file->insertAction(import != items.end() && import + 1 != items.end() ? *(import + 1) : nullptr,
                       openResults);
}

void MainWindow::buildEditMenu(QMenu* edit) {
    // One history: the workload's edits and the variant strip's steps, newest first.
    m_history = new UndoHistory(this);
    m_history->addStack(m_doc->undoStack());
    m_history->addStack(m_variants->undoStack());
    QAction* undo = m_history->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = m_history->createRedoAction(this, tr("&Redo"));
    undo->setObjectName(QStringLiteral("editUndo"));
    redo->setObjectName(QStringLiteral("editRedo"));
    redo->setShortcuts(redoShortcuts());
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    edit->addAction(tr("&Copy chart"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C), this,
                    [this] { copyChart(); })
        ->setObjectName(QStringLiteral("editCopyChart"));
    edit->addSeparator();
    edit->addAction(tr("&Add job"), QKeySequence(Qt::CTRL | Qt::Key_J), this,
                    [this] { addJob(false); });
    edit->addAction(tr("&Duplicate job"), QKeySequence(Qt::CTRL | Qt::Key_D), this,
                    [this] { addJob(true); });
    edit->addAction(tr("&Remove selected jobs"), QKeySequence::Delete, this,
                    [this] { removeSelectedJobs(); });
}

void MainWindow::buildViewMenu(QMenu* view) {
    QAction* nextTab = view->addAction(tr("&Next tab"), this, [this] {
        m_tabs->setCurrentIndex((m_tabs->currentIndex() + 1) % m_tabs->count());
    });
    nextTab->setShortcuts(
        {QKeySequence(Qt::CTRL | Qt::Key_Tab), QKeySequence(Qt::CTRL | Qt::Key_PageDown)});
    nextTab->setObjectName(QStringLiteral("viewNextTab"));
    QAction* previousTab = view->addAction(tr("&Previous tab"), this, [this] {
        m_tabs->setCurrentIndex((m_tabs->currentIndex() + m_tabs->count() - 1) % m_tabs->count());
    });
    previousTab->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Tab),
                               QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Backtab),
                               QKeySequence(Qt::CTRL | Qt::Key_PageUp)});
    previousTab->setObjectName(QStringLiteral("viewPreviousTab"));
    view->addSeparator();
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
    view->addSeparator();
    m_presentation = new PresentationMode(this, {m_leftPanel, m_variantStrip, statusBar()});
    m_presentation->fillMenu(view);
    view->addSeparator();
    addColourSchemeToggle(view);
}

void MainWindow::addColourSchemeToggle(QMenu* view) {
    QAction* safeColours = view->addAction(tr("Colour-&blind-safe job colours"));
    safeColours->setObjectName(QStringLiteral("colourBlindSafe"));
    safeColours->setCheckable(true);
    safeColours->setChecked(JobPalette::scheme() == JobPalette::Scheme::ColourBlindSafe);
    safeColours->setToolTip(
        tr("Paul Tol's muted palette, distinguishable with the common "
           "colour-vision deficiencies (remembered)"));
    connect(safeColours, &QAction::toggled, this, [](bool on) {
        JobPalette::setScheme(on ? JobPalette::Scheme::ColourBlindSafe
                                 : JobPalette::Scheme::Standard);
    });
    connect(JobPaletteNotifier::instance(), &JobPaletteNotifier::schemeChanged, this, [this] {
        m_tabResults.assign(m_tabResults.size(), nullptr);  // every tab redraws in the new colours
        m_gantt->invalidate();
        refreshCurrentTab();
    });
}

bool MainWindow::openFile(const QString& path, bool asSample) {
    return m_files->open(path, asSample);
}

QList<std::pair<QString, QWidget*>> MainWindow::namedPages() const {
    return {{QStringLiteral("timeline"), m_gantt},
            {QStringLiteral("stages"), m_stages},
            {QStringLiteral("comparison"), m_comparison},
            {QStringLiteral("johnson"), m_teach},
            {QStringLiteral("sweep"), m_sweep},
            {QStringLiteral("deadlines"), m_deadlines},
            {QStringLiteral("cost"), m_cost},
            {QStringLiteral("cost-cpu"), m_cost},
            {QStringLiteral("cost-sweep"), m_cost}};
}

QString MainWindow::currentTabName() const {
    for (const auto& [name, page] : namedPages()) {
        if (page == currentPage()) {
            return name;
        }
    }
    return {};
}

bool MainWindow::showTab(const QString& name) {
    const QList<std::pair<QString, QWidget*>> pages = namedPages();
    for (const auto& [pageName, page] : pages) {
        if (pageName == name.toLower()) {
            m_tabs->setCurrentIndex(tabIndex(page));
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
    m_tabHint->setText(HelpController::tabHint(currentTabName()));
    const bool cost = currentPage() == m_cost;
    // The workload's panel and run status say nothing about a cost model; the panel stays in
    // place (greyed), so switching tabs never rearranges the window.
    m_leftPanel->setEnabled(!cost);
    m_leftPanel->setToolTip(cost ? tr("The Cost tab works on its cost model, not on this "
                                      "workload")
                                 : QString());
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
    m_runs->request(m_doc->sharedWorkload(), m_doc->jobColours());
}

void MainWindow::showResults(const std::shared_ptr<const RunSet>& results) {
    m_results = m_shownOverride ? m_shownOverride : results;
    m_busy->setVisible(!results->complete());
    m_status->setText(runSummary(*results));
    m_statusIsRejection = false;
    refreshCurrentTab();
}

QString MainWindow::runSummary(const RunSet& results) const {
    const int ran = static_cast<int>(results.outcomes.size());
    const QString on = tr("on %1 jobs, %2 tasks")
                           .arg(results.workload->jobCount())
                           .arg(results.workload->taskCount());
    if (!results.complete()) {
        QStringList running;
        for (const AlgorithmRun& o : results.outcomes) {
            if (o.state == AlgorithmRun::State::Running) {
                running << QString::fromStdString(o.id);
            }
        }
        QString text = tr("Computing: %1 of %2 algorithms done %3")
                           .arg(results.finishedCount())
                           .arg(ran)
                           .arg(on);
        return running.isEmpty()
                   ? text + tr("…")
                   : text + tr(" — running: %1").arg(running.join(QStringLiteral(", ")));
    }
    const auto count = [&](AlgorithmRun::State state) {
        return std::count_if(results.outcomes.begin(), results.outcomes.end(),
                             [state](const AlgorithmRun& o) { return o.state == state; });
    };
    QString text = (ran == 1 ? tr("1 algorithm") : tr("%1 algorithms").arg(ran)) +
                   tr(" (and the fifo / reverse-johnson baselines) %1: %2")
                       .arg(on, elapsedText(results.milliseconds / 1000.0));
    if (const auto failed = count(AlgorithmRun::State::Failed); failed > 0) {
        text += tr(" — %1 could not run (see the comparison tab)").arg(failed);
    }
    if (const auto cancelled = count(AlgorithmRun::State::Cancelled); cancelled > 0) {
        text += tr(" — %1 cancelled").arg(cancelled);
    }
    return text;
}

QWidget* MainWindow::currentPage() const {
    const int index = m_tabs->currentIndex();
    QWidget* tab = m_tabs->widget(index);
    if (tab == m_timelinePage) {
        return m_gantt;  // the Timeline tab's page, whichever of its views is shown
    }
    auto* scroll = qobject_cast<QScrollArea*>(tab);
    return scroll ? scroll->widget() : tab;
}

int MainWindow::tabIndex(QWidget* page) const {
    for (int i = 0; i < m_tabs->count(); ++i) {
        QWidget* tab = m_tabs->widget(i);
        auto* scroll = qobject_cast<QScrollArea*>(tab);
        if (tab == page || (scroll && scroll->widget() == page) || tab->isAncestorOf(page)) {
            return i;  // a page inside a tab's page (the Johnson lesson of the Teach tab) too
        }
    }
    return -1;
}

JohnsonStepper* MainWindow::johnsonStepper() const {
    return m_teach->johnson();
}

void MainWindow::refreshCurrentTab() {
    refreshTab(currentPage());
}

void MainWindow::refreshTab(QWidget* page) {
    const int tab = tabIndex(page);
    if (!m_results || tab < 0) {
        return;
    }
    m_tabResults.resize(static_cast<std::size_t>(m_tabs->count()));
    auto& shown = m_tabResults[static_cast<std::size_t>(tab)];
    if (shown == m_results) {
        return;
    }
    shown = m_results;
    if (page == m_gantt) {
        m_gantt->setResults(m_results, m_workloadReplaced);
        m_workloadReplaced = false;
    } else if (page == m_stages) {
        m_stages->setResults(m_results);
    } else if (page == m_comparison) {
        m_comparison->setResults(m_results);
    } else if (page == m_teach || page == m_teach->johnson()) {
        m_teach->setResults(m_results);
    } else if (page == m_sweep) {
        m_sweep->setWorkload(m_results->workload);
        m_sweep->setAlgorithms(m_algorithms->checkedIds());
    }
    if (page == m_stages) {
        m_stages->setSelectedJob(m_selectedJob);  // the timeline's new charts take it themselves
    }
}

void MainWindow::resetDocumentView() {
    // Every way of changing the document (New, Open, Recent, Samples, a generator, an import, a
    // dropped file, a session, the command line) replaces it through WorkloadDocument::reset:
    // the view of the last one — highlighted job, selected rows, zoom, the lessons' steps — goes
    // with it. A session puts its own view back after this.
    m_workloadReplaced = true;
    m_table->clearSelection();
    selectJob(-1);
    m_gantt->fitAll();
    m_teach->resetSteps();
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
    setWindowModified(m_doc->isModified() || (m_sessions && m_sessions->hasUnsavedVariants()));
}

int MainWindow::currentRow() const {
    const QModelIndex current = m_table->currentIndex();
    return current.isValid() ? current.row() : m_doc->workload().jobCount() - 1;
}

void MainWindow::addJob(bool duplicate) {
    const int row = currentRow();
    const int added = duplicate ? m_doc->duplicateJob(row) : m_doc->addJob(row);
    if (added >= 0) {
        m_table->selectRow(added);
    }
}

void MainWindow::removeSelectedJobs() {
    QList<int> rows;
    for (const QModelIndex& index : m_table->selectionModel()->selectedRows()) {
        rows << index.row();
    }
    const QString message = m_doc->removeJobs(rows);
    if (!message.isEmpty()) {
        m_status->setText(message);
    }
}

QList<QCustomPlot*> MainWindow::visibleCharts() const {
    QList<QCustomPlot*> charts;
    if (QWidget* page = m_tabs->currentWidget()) {
        for (QCustomPlot* plot : page->findChildren<QCustomPlot*>()) {
            if (plot->isVisible() && plot->width() > 0 && plot->height() > 0) {
                charts << plot;
            }
        }
    }
    return charts;
}

void MainWindow::copyChart() {
    const QList<QCustomPlot*> charts = visibleCharts();
    if (charts.isEmpty()) {
        m_status->setText(tr("There is no chart on this tab to copy."));
        return;
    }
    // The charts of the tab as they are on screen, one above the other.
    int width = 0;
    int height = 0;
    for (QCustomPlot* plot : charts) {
        width = std::max(width, plot->width());
        height += plot->height();
    }
    QImage image(width, height, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    {
        QPainter painter(&image);
        int y = 0;
        for (QCustomPlot* plot : charts) {
            painter.drawPixmap(0, y, plot->toPixmap(plot->width(), plot->height()));
            y += plot->height();
        }
    }
    QApplication::clipboard()->setImage(image);
    m_status->setText(tr("Copied %n chart(s) to the clipboard (%1 × %2 pixels).", nullptr,
                         static_cast<int>(charts.size()))
                          .arg(width)
                          .arg(height));
}

void MainWindow::checkDeadlineAlgorithm() {
    // What the workload calls for comes from the registry (AlgorithmInfo::needs): with
    // deadlines and no deadline algorithm checked, [Verma12b]'s MinEDF-WC.
    QStringList checked = m_algorithms->checkedIds();
    std::vector<std::string> ids;
    for (const QString& id : checked) {
        ids.push_back(id.toStdString());
    }
    const std::vector<std::string> suggested = suggestedAlgorithms(m_doc->workload(), ids);
    if (suggested.empty()) {
        return;
    }
    QStringList added;
    for (const std::string& id : suggested) {
        added << QString::fromStdString(id);
    }
    m_algorithms->setChecked(checked + added);  // checkedChanged: the run starts again
    m_status->setText(
        tr("The workload has deadlines: %1 is checked.").arg(added.join(QStringLiteral(", "))));
}

void MainWindow::exportPlan() {
    const QString path = m_doc->filePath();
    const QString folder =
        QSettings()
            .value("plan/dir", path.isEmpty() ? QDir::homePath() : QFileInfo(path).absolutePath())
            .toString();
    ExportPlanDialog dialog(m_runs->latest(), m_gantt->currentAlgorithm(), folder, this);
    if (dialog.exec() == QDialog::Accepted) {
        m_status->setText(tr("Wrote %1").arg(dialog.written().join(QStringLiteral(", "))));
    }
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (m_files->maybeSave()) {
        if (m_presentation && m_presentation->isActive()) {
            m_presentation->setActive(false);  // remember the window, not the full screen
        }
        saveWindowLayout();
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
