// StagesPage — the Stages tab: each job's map and reduce stages as blocks, for the algorithm
// chosen on the tab; its exports are that algorithm's stage view, each algorithm's, and all.
#pragma once

#include "pages/Page.h"

namespace mr::ui {

class StageView;

class StagesPage : public Page {
    Q_OBJECT
public:
    StagesPage(Results results, QWidget* tabs);

    QString name() const override { return QStringLiteral("stages"); }
    QString title() const override { return tr("Stages"); }
    QString hint() const override;
    QWidget* widget() const override;
    void setSelectedJob(int job) override;
    void addChartExports(ExportController& exports, QMenu* menu) override;
    void addCsvExports(ExportController&, QMenu*) override {}

    StageView* view() const { return m_view; }

protected:
    void showResults(const std::shared_ptr<const RunSet>& results) override;

private:
    StageView* m_view;
    int m_selectedJob = -1;
};

}  // namespace mr::ui
