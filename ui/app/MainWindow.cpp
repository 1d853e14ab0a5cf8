#include "app/MainWindow.h"

#include <QFileInfo>
#include <QItemSelectionModel>
#include <QLabel>
#include <QProgressBar>
#include <QScrollArea>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QVBoxLayout>

#include "app/FileController.h"
#include "app/HelpController.h"
#include "app/Samples.h"
#include "charts/GanttPanel.h"
#include "costtab/CostTab.h"
#include "document/JobTableModel.h"
#include "document/UndoHistory.h"
#include "document/WorkloadDocument.h"
#include "exports/ExportController.h"
#include "pages/CostPage.h"
#include "pages/DeadlinesPage.h"
#include "pages/Pages.h"
#include "pages/SweepPage.h"
#include "pages/TeachPage.h"
#include "pages/TimelinePage.h"
#include "run/RunController.h"
#include "studio/PresentationMode.h"
#include "studio/SessionController.h"
#include "studio/VariantStore.h"
#include "studio/VariantStrip.h"
#include "sweep/SweepResultsOpener.h"
#include "teach/TeachTab.h"
#include "widgets/AlgorithmList.h"
#include "widgets/ClusterPanel.h"
#include "widgets/JobTableView.h"
#include "widgets/RunOptionsPanel.h"
#include "widgets/ScenarioPanel.h"
#include "widgets/StatusLine.h"
#include "widgets/WorkloadPanel.h"

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
      m_files(new FileController(m_doc, this)),
      m_variants(new VariantStore(this)) {
    initResources();
    setAcceptDrops(true);
    setWindowIcon(QIcon(QStringLiteral(":/icons/mrx.svg")));

    m_splitter = new QSplitter(Qt::Horizontal, this);
    m_splitter->addWidget(buildLeftPanel());
    m_splitter->addWidget(buildTabs(m_splitter));
    m_splitter->setStretchFactor(1, 3);
    m_splitter->setSizes({430, 850});
    setCentralWidget(m_splitter);
    buildStatusBar();
    applyRunOptions();

    // The variants strip: kept snapshots of the workload, each run like this one.
    m_variantStrip = new VariantStrip(
        m_variants, [this] { return m_sessions->capture().current; },
        [this] { return m_doc->jobColours(); }, this);
    addToolBar(Qt::TopToolBarArea, m_variantStrip);
    buildControllers();
    buildMenus();
    connectParts();
    m_tabHint->setText(currentPage()->hint());  // the first tab's (tabChanged says the next)
    updateTitle();
    requestRun();
}

MainWindow::~MainWindow() {
    // The document's undo stack emits cleanChanged while it is destroyed, after this window's
    // own destructor has run: nothing of the document may reach this window any more.
    disconnect(m_doc, nullptr, this, nullptr);
    disconnect(m_variants, nullptr, this, nullptr);
    m_runs->cancelAll();
}

QWidget* MainWindow::buildLeftPanel() {
    // The left panel scrolls when the screen is shorter than its parts (1366×768 at 150 %):
    // the window's minimum height is then the tabs', and it fits.
    auto* left = new QScrollArea(m_splitter);
    m_workload = new WorkloadPanel(m_doc, m_model, left);
    m_scenario = new ScenarioPanel(m_doc, this);
    left->setWidget(m_workload);
    left->setWidgetResizable(true);
    left->setFrameShape(QFrame::NoFrame);
    m_runs->setAlgorithms(algorithmList()->checkedIds());
    m_leftPanel = left;
    return left;
}

QWidget* MainWindow::buildTabs(QWidget* parent) {
    // The tabs, under a line saying what the tab shown is (Help > Guide explains more).
    auto* right = new QWidget(parent);
    auto* layout = new QVBoxLayout(right);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    m_tabHint = new QLabel(right);
    m_tabHint->setObjectName(QStringLiteral("tabHint"));
    m_tabHint->setWordWrap(true);
    m_tabHint->setContentsMargins(6, 2, 6, 0);
    m_tabHint->setForegroundRole(QPalette::PlaceholderText);
    m_tabs = new QTabWidget(right);
    layout->addWidget(m_tabHint);
    layout->addWidget(m_tabs, 1);
    const PageParts parts{.results = [this] { return m_results; },
                          .variants = m_variants,
                          .runs = m_runs,
                          .algorithms = algorithmList(),
                          .current = [this] { return m_sessions->capture().current; },
                          .firstCostModel = [] { return sampleFiles(kCostModelFormat).value(0); }};
    m_pages = std::make_unique<Pages>(parts, m_tabs);
    m_pages->addTabs(m_tabs);
    return right;
}

void MainWindow::buildStatusBar() {
    m_status = new StatusLine(this);
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

void MainWindow::buildControllers() {
    m_sessions = new SessionController(this, m_variants, this);
    m_exports = new ExportController(this);
    m_exports->setDefaultDirectory([this] {
        const QString path = m_doc->filePath();
        return path.isEmpty() ? QString() : QFileInfo(path).absolutePath();
    });
    // One history: the workload's edits and the variant strip's steps, newest first.
    m_history = new UndoHistory(this);
    m_history->addStack(m_doc->undoStack());
    m_history->addStack(m_variants->undoStack());
    m_help = new HelpController(
        this, *m_pages,
        [this](const QString& lesson, int step) {
            showPage(m_pages->teach());
            m_pages->teach()->openLesson(lesson, step);
        },
        [this](const QString& tab) { return showTab(tab); });
    m_presentation = new PresentationMode(this, {m_leftPanel, m_variantStrip, statusBar()});
    m_sweepResults = new SweepResultsOpener(
        m_pages->sweep()->sweep(), m_pages->sweep()->faults(), m_pages->deadlines()->deadlines(),
        m_pages->cost()->cost(), [this](QWidget* widget) { showPage(m_pages->holding(widget)); },
        this);
}

void MainWindow::connectParts() {
    connect(m_doc, &WorkloadDocument::changed, this, &MainWindow::requestRun);
    connect(m_doc, &WorkloadDocument::resetDone, this, &MainWindow::resetDocumentView);
    connect(m_doc, &WorkloadDocument::modifiedChanged, this, &MainWindow::updateTitle);
    connect(m_doc, &WorkloadDocument::filePathChanged, this, &MainWindow::updateTitle);
    connect(m_variants, &VariantStore::modifiedChanged, this, &MainWindow::updateTitle);
    connect(algorithmList(), &AlgorithmList::checkedChanged, this, &MainWindow::requestRun);
    connect(runOptionsPanel(), &RunOptionsPanel::changed, this, [this] {
        applyRunOptions();
        requestRun();
    });
    connect(m_runs, &RunController::runStarted, this, &MainWindow::showResults);
    connect(m_runs, &RunController::resultsReady, this, &MainWindow::showResults);
    connect(ganttPanel(), &GanttPanel::jobClicked, this, &MainWindow::selectJob);
    connect(ganttPanel(), &GanttPanel::slotTimeClicked, m_scenario, &ScenarioPanel::pickAt);
    connect(m_tabs, &QTabWidget::currentChanged, this, &MainWindow::tabChanged);
    connectStatus();
    connectFiles();
    // The highlighted job follows the selected row (a click, the arrow keys): the current cell
    // alone, which Tab sets when it moves the focus into the table, highlights nothing.
    JobTableView* table = jobTable();
    const auto followSelection = [this, table] {
        const int row = table->currentIndex().row();
        if (row >= 0 && table->selectionModel()->isRowSelected(row, {})) {
            selectJob(row);
        } else if (!table->selectionModel()->hasSelection()) {
            selectJob(-1);
        }
    };
    connect(table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            followSelection);
    connect(table->selectionModel(), &QItemSelectionModel::selectionChanged, this, followSelection);
}

void MainWindow::connectStatus() {
    const auto rejected = [this](const QString& reason) { m_status->showRejected(reason); };
    const auto accepted = [this] {
        m_status->showAccepted(m_model->firstCellError(), m_results.get());
    };
    connect(m_model, &JobTableModel::editRejected, this, rejected);
    connect(m_workload->cluster(), &ClusterPanel::editRejected, this, rejected);
    connect(m_scenario, &ScenarioPanel::editRejected, this, rejected);
    connect(m_workload->runOptions(), &RunOptionsPanel::editRejected, this, rejected);
    connect(m_model, &JobTableModel::editAccepted, this, accepted);
    connect(m_workload->cluster(), &ClusterPanel::editAccepted, this, accepted);
    connect(m_files, &FileController::statusMessage, m_status, &QLabel::setText);
    connect(m_exports, &ExportController::statusMessage, m_status, &QLabel::setText);
    connect(m_workload, &WorkloadPanel::statusMessage, m_status, &QLabel::setText);
    connect(m_sessions, &SessionController::statusMessage, m_status, &QLabel::setText);
    connect(m_variantStrip, &VariantStrip::statusMessage, m_status, &QLabel::setText);
}

void MainWindow::connectFiles() {
    m_files->setPendingEditCheck([this] { return m_workload->commitPendingEdits(); });
    CostTab* cost = m_pages->cost()->cost();
    m_files->setCostModelOpener([this, cost](const QString& path) {
        cost->loadModel(path);  // throws InputError: FileController says why
        showPage(m_pages->cost());
        return true;
    });
    connect(cost, &CostTab::openRequested, m_files, &FileController::openCostModelDialog);
    m_files->setSessionOpener([this](const QString& path) { return m_sessions->open(path); });
    // Variants are edits too: the one gate asks about them, and leaving the workload leaves them.
    m_files->setSessionGate([this] { return m_sessions->hasUnsavedVariants(); },
                            [this] { return m_sessions->save(); });
    connect(m_files, &FileController::opened, m_sessions, &SessionController::close);
    connect(m_files, &FileController::opened, this, [this] {
        jobTable()->clearSelection();
        // What the file calls for, not the user, starts once the user's own first chart is
        // shown: min-edf-wc beside fifo on a week with deadlines took a core from fifo's chart.
        m_runs->setDeferred(m_workload->suggestedAlgorithms(m_doc->workload()));
        const QStringList added = m_workload->checkSuggestedAlgorithms(m_doc->workload());
        if (!added.isEmpty()) {
            m_status->setText(tr("The workload has deadlines: %1 is checked.")
                                  .arg(added.join(QStringLiteral(", "))));
        }
    });
}

bool MainWindow::openFile(const QString& path, bool asSample) {
    return m_files->open(path, asSample);
}

bool MainWindow::confirmLeave() {
    return m_files->confirmLeave();
}

void MainWindow::showError(const QString& title, const QString& text) {
    m_files->showError(title, text);
}

Page* MainWindow::currentPage() const {
    return m_pages->list().value(m_tabs->currentIndex());
}

QString MainWindow::currentTabName() const {
    const Page* page = currentPage();
    return page ? page->name() : QString();
}

void MainWindow::showPage(Page* page) {
    m_tabs->setCurrentIndex(static_cast<int>(m_pages->list().indexOf(page)));
}

bool MainWindow::showTab(const QString& name) {
    Page* page = name.isEmpty() ? m_pages->list().front() : m_pages->find(name);
    if (page == nullptr) {
        return false;
    }
    showPage(page);
    page->showView(name.toLower());
    return true;
}

void MainWindow::tabChanged() {
    Page* page = currentPage();
    m_tabHint->setText(page->hint());
    const QString own = page->ownDocument();
    // The workload's panel and run status say nothing about a page with a document of its own;
    // the panel stays in place (greyed), so switching tabs never rearranges the window.
    m_leftPanel->setEnabled(own.isEmpty());
    m_leftPanel->setToolTip(own);
    m_status->setVisible(own.isEmpty());
    page->shown();
    page->refresh();
}

void MainWindow::applyRunOptions() {
    const RunOptions options = runOptionsPanel()->options();
    m_runs->setRunOptions(options);
    m_optionsLabel->setText(RunOptionsPanel::describe(options));
}

void MainWindow::requestRun() {
    m_runs->setAlgorithms(algorithmList()->checkedIds());
    m_runs->request(m_doc->sharedWorkload(), m_doc->jobColours());
}

void MainWindow::showResults(const std::shared_ptr<const RunSet>& results) {
    m_results = m_shownOverride ? m_shownOverride : results;
    m_busy->setVisible(!results->complete());
    m_status->showRun(*results);
    refreshCurrentTab();
}

void MainWindow::refreshCurrentTab() {
    currentPage()->refresh();
}

void MainWindow::redrawEveryTab() {
    for (Page* page : m_pages->list()) {
        page->invalidate();
    }
    refreshCurrentTab();
}

void MainWindow::setShownResults(std::shared_ptr<const RunSet> results) {
    m_shownOverride = std::move(results);
    m_results = m_shownOverride ? m_shownOverride : m_runs->latest();
    m_pages->timeline()->replaceWorkload();  // another workload: the charts fit it afresh
    selectJob(-1);
    redrawEveryTab();
}

void MainWindow::setJohnsonExportStep(int step) {
    m_pages->teach()->setJohnsonExportStep(step);
}

void MainWindow::resetDocumentView() {
    // Every way of changing the document (New, Open, Recent, Samples, a generator, an import, a
    // dropped file, a session, the command line) replaces it through WorkloadDocument::reset:
    // the view of the last one — highlighted job, selected rows, zoom, the lessons' steps — goes
    // with it. A session puts its own view back after this.
    m_pages->timeline()->replaceWorkload();
    jobTable()->clearSelection();
    selectJob(-1);
    ganttPanel()->fitAll();
    teachTab()->resetSteps();
}

void MainWindow::selectJob(int job) {
    if (job >= m_doc->workload().jobCount()) {
        job = -1;
    }
    m_selectedJob = job;
    for (Page* page : m_pages->list()) {
        page->setSelectedJob(job);
    }
    if (job >= 0 && jobTable()->currentIndex().row() != job) {
        jobTable()->selectRow(job);
    }
}

void MainWindow::updateTitle() {
    const QString path = m_doc->filePath();
    const QString name = path.isEmpty() ? QString::fromStdString(m_doc->workload().name)
                                        : QFileInfo(path).fileName();
    setWindowTitle(tr("%1[*] — MR Schedule Explorer").arg(name.isEmpty() ? tr("Untitled") : name));
    setWindowModified(m_doc->isModified() || (m_sessions && m_sessions->hasUnsavedVariants()));
}

QLabel* MainWindow::statusLabel() const {
    return m_status;
}

JobTableView* MainWindow::jobTable() const {
    return m_workload->table();
}

AlgorithmList* MainWindow::algorithmList() const {
    return m_workload->algorithms();
}

RunOptionsPanel* MainWindow::runOptionsPanel() const {
    return m_workload->runOptions();
}

GanttPanel* MainWindow::ganttPanel() const {
    return m_pages->timeline()->gantt();
}

TeachTab* MainWindow::teachTab() const {
    return m_pages->teach()->teach();
}

}  // namespace mr::ui
