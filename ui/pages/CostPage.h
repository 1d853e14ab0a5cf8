// CostPage — the Cost tab (LiPS): what running a cost model's jobs and data on its machines
// costs, per algorithm, and how the epoch length changes it. It works on a cost model of its
// own, not on the workload; its views have names of their own ("cost-cpu", "cost-sweep").
#pragma once

#include <functional>

#include "pages/Page.h"

namespace mr::ui {

class CostTab;

class CostPage : public Page {
    Q_OBJECT
public:
    // `firstModel`: the cost model to show on the first visit when none is open (a sample).
    CostPage(Results results, std::function<QString()> firstModel, QWidget* tabs);

    QString name() const override { return QStringLiteral("cost"); }
    QStringList viewNames() const override;
    void showView(const QString& name) override;
    QString title() const override { return tr("Cost (LiPS)"); }
    QString hint() const override;
    QWidget* widget() const override;
    QString ownDocument() const override;
    void shown() override;
    void addChartExports(ExportController& exports, QMenu* menu) override;
    void addCsvExports(ExportController& exports, QMenu* menu) override;
    QString exportGroup() const override { return name(); }
    QString exportNeeds() const override;

    CostTab* cost() const { return m_cost; }

private:
    std::function<QString()> m_firstModel;
    CostTab* m_cost;
};

}  // namespace mr::ui
