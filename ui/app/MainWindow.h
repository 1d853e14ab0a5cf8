// MainWindow — assembles the explorer: cluster panel, job table, algorithm list and run options
// on the left; timeline, stages, comparison, Johnson, sweep, deadline-sweep and Cost tabs on the
// right (the Cost tab works on its own document, a cost model, and hides the workload's panel
// while it is shown). Every edit re-runs the checked algorithms in the background
// (RunController) and redraws when the results arrive.
#pragma once

#include <QMainWindow>
#include <memory>
#include <vector>

class QComboBox;
class QLabel;
class QMenu;
class QProgressBar;
class QSplitter;
class QTabWidget;
class QTableView;
class QCustomPlot;

namespace mr::ui {

struct RunSet;
class WorkloadDocument;
class JobTableModel;
class ClusterPanel;
class AlgorithmList;
class RunController;
class GanttPanel;
class StageView;
class ComparisonView;
class JohnsonStepper;
class TeachTab;
class VariantComparison;
class VariantDiffPanel;
class VariantStrip;
class VariantTimelines;
class PresentationMode;
class SweepTab;
class FileController;
class CostTab;
class RunOptionsPanel;
class DeadlinesTab;
class ExportController;
class JobTableView;
class VariantStore;
class SessionController;
class UndoHistory;
class HelpController;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    bool openFile(const QString& path, bool asSample = false);
    // Show a tab by name (timeline, stages, comparison, johnson, sweep, deadlines, cost, cost-cpu,
    // cost-sweep); false if unknown.
    bool showTab(const QString& name);
    void selectJob(int job);
    int selectedJob() const { return m_selectedJob; }
    // The name showTab() takes for the tab shown (empty for none).
    QString currentTabName() const;
    // Brings a tab's charts and tables up to the newest results whether it was ever shown or
    // not (File > Export calls it first: exports never depend on a tab having been visible).
    void refreshTab(QWidget* page);
    // Every tab shows `results` (a variant's run) instead of the workload being edited's until
    // called with null; File > Export's entries then write that run (the per-variant export).
    void setShownResults(std::shared_ptr<const RunSet> results);

    // The window's geometry, toolbars and panel split as the user left them (QSettings,
    // per user; never in a session). restore: false when nothing was saved yet.
    bool restoreWindowLayout();
    void saveWindowLayout() const;

    // For tests and measurements.
    WorkloadDocument* document() const { return m_doc; }
    JobTableModel* jobModel() const { return m_model; }
    JobTableView* jobTable() const { return m_table; }
    AlgorithmList* algorithmList() const { return m_algorithms; }
    RunController* runController() const { return m_runs; }
    GanttPanel* ganttPanel() const { return m_gantt; }
    StageView* stageView() const { return m_stages; }
    ComparisonView* comparisonView() const { return m_comparison; }
    JohnsonStepper* johnsonStepper() const;
    TeachTab* teachTab() const { return m_teach; }
    VariantComparison* variantComparison() const { return m_variantComparison; }
    VariantDiffPanel* variantDiff() const { return m_variantDiff; }
    VariantTimelines* variantTimelines() const { return m_variantTimelines; }
    // The Timeline tab shows one algorithm across the variants (else the checked algorithms).
    void setTimelineAcrossVariants(bool across);
    PresentationMode* presentation() const { return m_presentation; }
    SweepTab* sweepTab() const { return m_sweep; }
    CostTab* costTab() const { return m_cost; }
    DeadlinesTab* deadlinesTab() const { return m_deadlines; }
    RunOptionsPanel* runOptionsPanel() const { return m_runOptions; }
    FileController* fileController() const { return m_files; }
    ExportController* exports() const { return m_exports; }
    VariantStore* variants() const { return m_variants; }
    SessionController* sessions() const { return m_sessions; }
    UndoHistory* undoHistory() const { return m_history; }
    HelpController* help() const { return m_help; }
    QLabel* tabHint() const { return m_tabHint; }
    QTabWidget* tabs() const { return m_tabs; }
    // The page shown (a tab's page may sit in a scroll area) and a page's tab index.
    QWidget* currentPage() const;
    int tabIndex(QWidget* page) const;
    QLabel* statusLabel() const { return m_status; }
    QLabel* runOptionsLabel() const { return m_optionsLabel; }

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    QWidget* buildLeftPanel();
    // The right side: the tab widget under its hint line, with every tab's page.
    QWidget* buildTabs(QWidget* parent);
    void createPages();
    void addPages();
    void buildStatusBar();
    // The signals between the document, the panels, the runs and the tabs.
    void connectParts();
    void buildMenus();
    void buildFileMenu(QMenu* file);
    void addSweepResultsOpener(QMenu* file);
    void buildEditMenu(QMenu* edit);
    void buildViewMenu(QMenu* view);
    void addColourSchemeToggle(QMenu* view);
    QWidget* buildTimelinePage();  // MainWindowStudio.cpp
    void buildHelpMenu(QMenu* help);
    QList<std::pair<QString, QWidget*>> namedPages() const;  // showTab's names
    void addExports(QMenu* menu);  // MainWindowExports.cpp, with the four below
    void addTimelineExports(QMenu* menu);
    void addStageExports(QMenu* menu);
    void addTabChartExports(QMenu* menu);
    void addCsvExports(QMenu* menu);
    void requestRun();
    void applyRunOptions();
    void showResults(const std::shared_ptr<const RunSet>& results);
    QString runSummary(const RunSet& results) const;
    // Only the visible tab redraws on new results; the others catch up when they are shown or
    // exported (refreshTab).
    void refreshCurrentTab();
    void updateTitle();
    // A new document: the view state that belonged to the last one (highlight, selection, zoom,
    // stepper positions) starts afresh.
    void resetDocumentView();
    void addJob(bool duplicate);
    void removeSelectedJobs();
    void exportPlan();
    void checkDeadlineAlgorithm();
    void copyChart();
    QList<QCustomPlot*> visibleCharts() const;
    int currentRow() const;
    void tabChanged();

    WorkloadDocument* m_doc;
    JobTableModel* m_model;
    JobTableView* m_table;
    ClusterPanel* m_cluster;
    AlgorithmList* m_algorithms;
    RunOptionsPanel* m_runOptions;
    RunController* m_runs;
    QTabWidget* m_tabs;
    GanttPanel* m_gantt;
    StageView* m_stages;
    ComparisonView* m_comparison;
    TeachTab* m_teach;
    VariantComparison* m_variantComparison;
    VariantDiffPanel* m_variantDiff;
    VariantTimelines* m_variantTimelines;
    QWidget* m_timelinePage;  // the Timeline tab: GanttPanel or VariantTimelines
    QComboBox* m_timelineMode;
    VariantStrip* m_variantStrip;
    PresentationMode* m_presentation = nullptr;
    SweepTab* m_sweep;
    CostTab* m_cost;
    QWidget* m_leftPanel;
    DeadlinesTab* m_deadlines;
    FileController* m_files;
    ExportController* m_exports = nullptr;
    VariantStore* m_variants;
    SessionController* m_sessions = nullptr;
    UndoHistory* m_history = nullptr;
    HelpController* m_help = nullptr;
    QLabel* m_tabHint;
    QSplitter* m_splitter;
    QLabel* m_status;
    bool m_statusIsRejection = false;  // m_status says why an edit was refused
    QLabel* m_optionsLabel;
    QProgressBar* m_busy;
    std::shared_ptr<const RunSet> m_results;
    std::shared_ptr<const RunSet> m_shownOverride;            // setShownResults'
    std::vector<std::shared_ptr<const RunSet>> m_tabResults;  // the results each tab shows
    bool m_workloadReplaced = true;
    int m_selectedJob = -1;
};

}  // namespace mr::ui
