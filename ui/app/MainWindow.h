// MainWindow — assembles the explorer: the workload's panel (cluster, jobs, algorithms, run
// options) on the left, the pages (Pages.h) as tabs on the right under a line saying what the tab
// shown is, the variants strip above, the menus. Every edit re-runs the checked algorithms in the
// background (RunController); the tab shown redraws when the results arrive, the others when
// they are shown or exported. The pages, the controllers and the menus own what they do; the
// window only connects them.
#pragma once

#include <QMainWindow>
#include <memory>

#include "studio/StudioWindow.h"

class QLabel;
class QMenu;
class QProgressBar;
class QSplitter;
class QTabWidget;

namespace mr::ui {

class FileController;
class HelpController;
class JobTableModel;
class JobTableView;
class Page;
class Pages;
class PresentationMode;
class RunController;
class ScenarioPanel;
class SessionController;
class StatusLine;
class SweepResultsOpener;
class UndoHistory;
class VariantStrip;
class WorkloadPanel;

class MainWindow : public QMainWindow, public StudioWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    bool openFile(const QString& path, bool asSample = false) override;
    // Shows a tab by its page's name or one of its views' names (Pages::find); false if unknown.
    bool showTab(const QString& name) override;
    void showPage(Page* page);
    QString currentTabName() const override;
    Page* currentPage() const;
    void selectJob(int job) override;
    int selectedJob() const override { return m_selectedJob; }
    void setShownResults(std::shared_ptr<const RunSet> results) override;
    void setJohnsonExportStep(int step) override;

    // The window's geometry, toolbars and panel split as the user left them (QSettings,
    // per user; never in a session). restore: false when nothing was saved yet.
    bool restoreWindowLayout();
    void saveWindowLayout() const;

    // Its parts, for the command line, the studio and the tests.
    const Pages& pages() const { return *m_pages; }
    WorkloadDocument* document() const override { return m_doc; }
    JobTableModel* jobModel() const { return m_model; }
    JobTableView* jobTable() const;
    AlgorithmList* algorithmList() const override;
    RunOptionsPanel* runOptionsPanel() const override;
    RunController* runController() const { return m_runs; }
    GanttPanel* ganttPanel() const override;
    TeachTab* teachTab() const override;
    PresentationMode* presentation() const { return m_presentation; }
    FileController* fileController() const { return m_files; }
    ExportController* exports() const override { return m_exports; }
    VariantStore* variants() const override { return m_variants; }
    SessionController* sessions() const { return m_sessions; }
    UndoHistory* undoHistory() const { return m_history; }
    HelpController* help() const { return m_help; }
    // Edit > Scenario: the node failures, attempt failures, stragglers and speculation.
    ScenarioPanel* scenarioPanel() const { return m_scenario; }
    QLabel* tabHint() const { return m_tabHint; }
    QTabWidget* tabs() const { return m_tabs; }
    QLabel* statusLabel() const;
    QLabel* runOptionsLabel() const { return m_optionsLabel; }

protected:
    QWidget* dialogParent() override { return this; }
    bool confirmLeave() override;
    void showError(const QString& title, const QString& text) override;
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    QWidget* buildLeftPanel();
    QWidget* buildTabs(QWidget* parent);
    void buildStatusBar();
    void buildControllers();
    // The signals between the document, the panels, the runs and the pages.
    void connectParts();
    void connectStatus();
    void connectFiles();
    // MainWindowMenus.cpp: the menus, filled by the controllers and pages they name.
    void buildMenus();
    void buildFileMenu(QMenu* file);
    void addSweepResultsOpener(QMenu* file);
    void buildEditMenu(QMenu* edit);
    void buildViewMenu(QMenu* view);
    void addColourSchemeToggle(QMenu* view);
    void buildHelpMenu(QMenu* help);
    void exportPlan();

    void requestRun();
    void applyRunOptions();
    void showResults(const std::shared_ptr<const RunSet>& results);
    void refreshCurrentTab();
    void redrawEveryTab();
    void updateTitle();
    // A new document: the view state that belonged to the last one (highlight, selection, zoom,
    // stepper positions) starts afresh.
    void resetDocumentView();
    void tabChanged();

    WorkloadDocument* m_doc;
    JobTableModel* m_model;
    RunController* m_runs;
    FileController* m_files;
    VariantStore* m_variants;
    WorkloadPanel* m_workload = nullptr;
    ScenarioPanel* m_scenario = nullptr;
    QWidget* m_leftPanel = nullptr;  // the workload's panel in its scroll area
    std::unique_ptr<Pages> m_pages;
    QTabWidget* m_tabs = nullptr;
    QLabel* m_tabHint = nullptr;
    QSplitter* m_splitter = nullptr;
    VariantStrip* m_variantStrip = nullptr;
    ExportController* m_exports = nullptr;
    SessionController* m_sessions = nullptr;
    UndoHistory* m_history = nullptr;
    HelpController* m_help = nullptr;
    SweepResultsOpener* m_sweepResults = nullptr;
    PresentationMode* m_presentation = nullptr;
    StatusLine* m_status = nullptr;
    QLabel* m_optionsLabel = nullptr;
    QProgressBar* m_busy = nullptr;
    std::shared_ptr<const RunSet> m_results;        // what the pages show
    std::shared_ptr<const RunSet> m_shownOverride;  // setShownResults'
    int m_selectedJob = -1;
};

}  // namespace mr::ui
