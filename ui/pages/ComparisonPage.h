// ComparisonPage — the Comparison tab: the makespan of every checked algorithm and the table of
// times against the baselines, then the kept variants × algorithms and the diff of two variants;
// its exports are the comparison's and the variants' chart and table.
#pragma once

#include <functional>

#include "experiments/Session.h"
#include "pages/Page.h"

namespace mr::ui {

class ComparisonView;
class RunController;
class VariantComparison;
class VariantDiffPanel;
class VariantStore;

class ComparisonPage : public Page {
    Q_OBJECT
public:
    // `current`: the workload being edited as a variant (the diff's "current" side).
    ComparisonPage(Results results, VariantStore* variants, RunController* runs,
                   std::function<Variant()> current, QWidget* tabs);

    QString name() const override { return QStringLiteral("comparison"); }
    QString title() const override { return tr("Comparison"); }
    QString hint() const override;
    QWidget* widget() const override;
    void addChartExports(ExportController& exports, QMenu* menu) override;
    void addCsvExports(ExportController& exports, QMenu* menu) override;

    ComparisonView* view() const { return m_view; }
    VariantComparison* variantComparison() const { return m_variantComparison; }
    VariantDiffPanel* variantDiff() const { return m_variantDiff; }

protected:
    void showResults(const std::shared_ptr<const RunSet>& results) override;

private:
    VariantStore* m_variants;
    ComparisonView* m_view;
    VariantComparison* m_variantComparison;
    VariantDiffPanel* m_variantDiff;
};

}  // namespace mr::ui
