// WorkloadPanel — the left side of the window: the cluster, the jobs (with Add, Duplicate and
// Remove), the algorithms that run on every edit and the run options. It edits the document
// through its model; the window connects what it reports.
#pragma once

#include <QWidget>

namespace mr {
struct Workload;
}

namespace mr::ui {

class AlgorithmList;
class ClusterPanel;
class JobTableModel;
class JobTableView;
class RunOptionsPanel;
class WorkloadDocument;

class WorkloadPanel : public QWidget {
    Q_OBJECT
public:
    WorkloadPanel(WorkloadDocument* document, JobTableModel* model, QWidget* parent = nullptr);

    ClusterPanel* cluster() const { return m_cluster; }
    JobTableView* table() const { return m_table; }
    AlgorithmList* algorithms() const { return m_algorithms; }
    RunOptionsPanel* runOptions() const { return m_runOptions; }

    // A new job after the current row (a copy of it with `duplicate`), then selected.
    void addJob(bool duplicate);
    void removeSelectedJobs();
    // Commits what is being typed in the table and the cluster; the first refused value's
    // reason, or empty.
    QString commitPendingEdits();
    // Checks the algorithms the workload calls for (the registry's AlgorithmInfo::needs: with
    // deadlines and no deadline algorithm checked, the suggested one); returns those added.
    QStringList checkSuggestedAlgorithms(const Workload& workload);
    // Those it would add, without checking them.
    QStringList suggestedAlgorithms(const Workload& workload) const;

signals:
    void statusMessage(const QString& text);

private:
    QWidget* buildJobsBar();
    int currentRow() const;

    WorkloadDocument* m_doc;
    JobTableModel* m_model;
    ClusterPanel* m_cluster;
    JobTableView* m_table;
    AlgorithmList* m_algorithms;
    RunOptionsPanel* m_runOptions;
};

}  // namespace mr::ui
