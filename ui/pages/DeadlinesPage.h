// DeadlinesPage — the Deadlines tab: deadline schedulers as the load grows (a sweep of its own,
// started on the tab); its exports are the four charts, one by one and together, and the points.
#pragma once

#include "pages/Page.h"

namespace mr::ui {

class DeadlinesTab;

class DeadlinesPage : public Page {
    Q_OBJECT
public:
    DeadlinesPage(Results results, QWidget* tabs);

    QString name() const override { return QStringLiteral("deadlines"); }
    QString title() const override { return tr("Deadlines"); }
    QString hint() const override;
    QWidget* widget() const override;
    void addChartExports(ExportController& exports, QMenu* menu) override;
    void addCsvExports(ExportController& exports, QMenu* menu) override;
    QString exportGroup() const override { return name(); }
    QString exportNeeds() const override;

    DeadlinesTab* deadlines() const { return m_deadlines; }

private:
    DeadlinesTab* m_deadlines;
};

}  // namespace mr::ui
