// ExportPlanDialog — File > Export plan…: one algorithm's schedule as what a real cluster runs,
// written as `mrsim plan` writes it (core/io/PlanFiles.h): capacity-scheduler.xml (one queue per
// pool), a submit script in the plan's order, the SLS trace of the simulated schedule and the SLS
// topology. The algorithm defaults to the one selected on the timeline; the folder to the
// workload's. The queues are listed before anything is written, and files of the same names are
// replaced only after one question naming them (SaveTarget.h).
#pragma once

#include <QDialog>
#include <QStringList>
#include <memory>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;

namespace mr::ui {

struct RunSet;

class ExportPlanDialog : public QDialog {
    Q_OBJECT
public:
    // `results`: the latest run (its checked algorithms' results); `algorithm`: preselected.
    ExportPlanDialog(std::shared_ptr<const RunSet> results, const QString& algorithm,
                     const QString& folder, QWidget* parent = nullptr);

    // Where the dialog starts: the folder of the workload's file (`workloadPath`), else the
    // folder of the last plan written, else the home folder.
    static QString startFolder(const QString& workloadPath);

    QString algorithm() const;
    void setAlgorithm(const QString& id);
    QString folder() const;
    void setFolder(const QString& folder);
    // The files written by the last accept(), "PATH (what)" each.
    QStringList written() const { return m_written; }
    QString message() const;
    QString queues() const;

    // Writes the checked files; on an error shows it and stays open.
    void accept() override;

private:
    void updatePlan();

    std::shared_ptr<const RunSet> m_results;
    QComboBox* m_algorithm;
    QPlainTextEdit* m_queues;
    QLineEdit* m_folder;
    struct Output {
        QCheckBox* enabled;
        QLineEdit* name;
    };
    Output m_xml, m_script, m_sls, m_nodes;
    QLabel* m_message;
    QStringList m_written;
};

}  // namespace mr::ui
