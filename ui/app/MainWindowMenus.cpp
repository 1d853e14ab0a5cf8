// MainWindow's menus — File, Edit, View and Help, each filled by the controllers and pages that
// own its entries (built before, in MainWindow's constructor) — and the window's frame: its
// layout remembered per user, closing it, a file dropped on it.
#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QScreen>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <algorithm>

#include "app/FileController.h"
#include "app/HelpController.h"
#include "app/MainWindow.h"
#include "charts/GanttPanel.h"
#include "document/JobPalette.h"
#include "document/UndoHistory.h"
#include "document/WorkloadDocument.h"
#include "exports/ChartClipboard.h"
#include "exports/ExportController.h"
#include "pages/Pages.h"
#include "pages/TimelinePage.h"
#include "run/RunController.h"
#include "studio/PresentationMode.h"
#include "studio/SessionController.h"
#include "sweep/SweepResultsOpener.h"
#include "widgets/ExportPlanDialog.h"
#include "widgets/JobTableView.h"
#include "widgets/ScenarioPanel.h"
#include "widgets/StatusLine.h"
#include "widgets/WorkloadPanel.h"

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

void MainWindow::buildMenus() {
    buildFileMenu(menuBar()->addMenu(tr("&File")));
    buildEditMenu(menuBar()->addMenu(tr("&Edit")));
    buildViewMenu(menuBar()->addMenu(tr("&View")));
    buildHelpMenu(menuBar()->addMenu(tr("&Help")));
}

void MainWindow::buildFileMenu(QMenu* file) {
    m_files->fillMenu(file);
    file->addSeparator();
    m_sessions->fillMenu(file);
    addSweepResultsOpener(file);
    // Every page's charts, then every page's tables, each in a submenu of its own: together
    // they are taller than a 1280x800 screen.
    QMenu* exportMenu = file->addMenu(tr("&Export"));
    exportMenu->setObjectName(QStringLiteral("fileExport"));
    QMenu* charts = exportMenu->addMenu(tr("&Charts"));
    charts->setObjectName(QStringLiteral("fileExportCharts"));
    QMenu* tables = exportMenu->addMenu(tr("&Tables as CSV"));
    tables->setObjectName(QStringLiteral("fileExportTables"));
    for (Page* page : m_pages->list()) {
        page->addChartExports(*m_exports, charts);
        page->addCsvExports(*m_exports, tables);
    }
    file->addAction(tr("Export &plan…"), this, [this] { exportPlan(); })
        ->setObjectName(QStringLiteral("fileExportPlan"));
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close)
        ->setObjectName(QStringLiteral("fileQuit"));
}

void MainWindow::addSweepResultsOpener(QMenu* file) {
    auto* openResults = new QAction(tr("Open s&weep results…"), file);
    openResults->setObjectName(QStringLiteral("fileOpenSweepResults"));
    connect(openResults, &QAction::triggered, m_sweepResults, &SweepResultsOpener::chooseAndOpen);
    const QList<QAction*> items = file->actions();  // after Import trace…, with the other opens
    const auto import = std::find_if(items.begin(), items.end(), [](const QAction* a) {
        return a->objectName() == QLatin1String("fileImport");
    });
    file->insertAction(import != items.end() && import + 1 != items.end() ? *(import + 1) : nullptr,
                       openResults);
}

void MainWindow::buildEditMenu(QMenu* edit) {
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
                    [this] { m_status->setText(copyVisibleCharts(m_tabs->currentWidget())); })
        ->setObjectName(QStringLiteral("editCopyChart"));
    edit->addSeparator();
    edit->addAction(tr("&Add job"), QKeySequence(Qt::CTRL | Qt::Key_J), m_workload,
                    [this] { m_workload->addJob(false); });
    edit->addAction(tr("&Duplicate job"), QKeySequence(Qt::CTRL | Qt::Key_D), m_workload,
                    [this] { m_workload->addJob(true); });
    edit->addAction(tr("&Remove selected jobs"), QKeySequence::Delete, m_workload,
                    [this] { m_workload->removeSelectedJobs(); });
    edit->addSeparator();
    edit->addAction(tr("S&cenario…"), this,
                    [this] {
                        m_scenario->show();
                        m_scenario->raise();
                    })
        ->setObjectName(QStringLiteral("editScenario"));
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
    m_pages->timeline()->fillViewMenu(view);
    view->addAction(tr("&Clear job highlight"), QKeySequence(Qt::Key_Escape), this, [this] {
        jobTable()->clearSelection();
        selectJob(-1);
    });
    view->addSeparator();
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
    // Every tab redraws in the new colours.
    connect(JobPaletteNotifier::instance(), &JobPaletteNotifier::schemeChanged, this,
            &MainWindow::redrawEveryTab);
}

void MainWindow::buildHelpMenu(QMenu* help) {
    m_help->fillMenu(help);
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

void MainWindow::exportPlan() {
    ExportPlanDialog dialog(m_runs->latest(), ganttPanel()->currentAlgorithm(),
                            ExportPlanDialog::startFolder(m_doc->filePath()), this);
    if (dialog.exec() == QDialog::Accepted) {
        m_status->setText(tr("Wrote %1").arg(dialog.written().join(QStringLiteral(", "))));
    }
}

bool MainWindow::restoreWindowLayout() {
    const QSettings settings;
    const QByteArray geometry = settings.value("window/geometry").toByteArray();
    if (geometry.isEmpty()) {
        return false;
    }
    restoreGeometry(geometry);
    // Within this screen's free area, whatever screen (or window manager) it was saved on.
    if (const QScreen* here = screen(); here && !isMaximized() && !isFullScreen()) {
        const QRect free = here->availableGeometry();
        QRect g = QWidget::geometry();
        g.setSize(g.size().boundedTo(free.size()));
        g.moveLeft(std::clamp(g.left(), free.left(), free.right() - g.width() + 1));
        g.moveTop(std::clamp(g.top(), free.top(), free.bottom() - g.height() + 1));
        setGeometry(g);
    }
    restoreState(settings.value("window/state").toByteArray());
    m_splitter->restoreState(settings.value("window/splitter").toByteArray());
    return true;
}

void MainWindow::saveWindowLayout() const {
    QSettings settings;
    settings.setValue("window/geometry", saveGeometry());
    settings.setValue("window/state", saveState());
    settings.setValue("window/splitter", m_splitter->saveState());
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (m_files->maybeSave()) {
        if (m_presentation->isActive()) {
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
