// TimelinePage — the Timeline tab: the checked algorithms' slot timelines (GanttPanel), or one
// algorithm across the kept variants (VariantTimelines), chosen above them; its exports are the
// timelines and each algorithm's job times as CSV.
#pragma once

#include "pages/Page.h"

class QComboBox;

namespace mr::ui {

class GanttPanel;
class RunController;
class VariantStore;
class VariantTimelines;

class TimelinePage : public Page {
    Q_OBJECT
public:
    TimelinePage(Results results, VariantStore* variants, RunController* runs, QWidget* tabs);

    QString name() const override { return QStringLiteral("timeline"); }
    QString title() const override { return tr("Timeline"); }
    QString hint() const override;
    QWidget* widget() const override { return m_page; }
    bool scrollsItself() const override { return true; }
    void setSelectedJob(int job) override;
    void addChartExports(ExportController& exports, QMenu* menu) override;
    void addCsvExports(ExportController& exports, QMenu* menu) override;
    // The View menu's timeline entries: stacked, fit, job names.
    void fillViewMenu(QMenu* view);

    GanttPanel* gantt() const { return m_gantt; }
    VariantTimelines* variantTimelines() const { return m_variantTimelines; }
    // The Timeline tab shows one algorithm across the variants (else the checked algorithms).
    void setAcrossVariants(bool across);
    // Another workload is shown next: its charts fit it afresh.
    void replaceWorkload() { m_workloadReplaced = true; }
    void invalidate() override;

protected:
    void showResults(const std::shared_ptr<const RunSet>& results) override;

private:
    QWidget* m_page;
    QComboBox* m_mode;
    GanttPanel* m_gantt;
    VariantTimelines* m_variantTimelines;
    bool m_workloadReplaced = true;
};

}  // namespace mr::ui
