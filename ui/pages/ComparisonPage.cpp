#include "pages/ComparisonPage.h"

#include <qcustomplot.h>

#include "charts/ComparisonView.h"
#include "exports/ExportController.h"
#include "studio/VariantComparison.h"
#include "studio/VariantDiffPanel.h"
#include "studio/VariantStore.h"

namespace mr::ui {

namespace {
const QString kVariantsGroup = QStringLiteral("variants");
}

ComparisonPage::ComparisonPage(Results results, VariantStore* variants, RunController* runs,
                               std::function<Variant()> current, QWidget* tabs)
    : Page(std::move(results), tabs), m_variants(variants), m_view(new ComparisonView(tabs)) {
    m_variantComparison = new VariantComparison(variants, runs, m_view);
    m_view->addSection(m_variantComparison);
    m_variantDiff = new VariantDiffPanel(variants, runs, std::move(current), m_view);
    m_view->addSection(m_variantDiff);
}

QString ComparisonPage::hint() const {
    return tr(
        "What am I looking at? The makespan of every checked algorithm, then the table "
        "of times, the difference from the baselines, job completion times, slowdown, "
        "fairness and utilisation; below, the kept variants × algorithms and the diff of two "
        "variants.");
}

QWidget* ComparisonPage::widget() const {
    return m_view;
}

void ComparisonPage::showResults(const std::shared_ptr<const RunSet>& results) {
    m_view->setResults(results);
}

void ComparisonPage::addChartExports(ExportController& exports, QMenu* menu) {
    exports.setGroup(exportGroup());
    exports.addChartExport(menu, tr("Comparison chart"), name(), [this] {
        refresh();
        return chartsIfResults({m_view->chart()});
    });
    exports.setGroup(kVariantsGroup);
    exports.addChartExport(menu, tr("Variants chart"), QStringLiteral("variants"), [this] {
        if (m_variants->count() == 0) {
            return QList<QCustomPlot*>{};
        }
        m_variantComparison->refresh();
        return QList<QCustomPlot*>{m_variantComparison->chart()};
    });
}

void ComparisonPage::addCsvExports(ExportController& exports, QMenu* menu) {
    // The session's variants side by side: export-all writes them at the top of DIR, beside
    // one folder per variant (studio/VariantExport.h).
    exports.setGroup(kVariantsGroup);
    exports.addCsvExport(menu, tr("Variants table as CSV"), QStringLiteral("variants"), [this] {
        return m_variants->count() > 0 ? m_variantComparison->csv() : QString();
    });
    exports.setGroup(exportGroup());
    exports.addCsvExport(menu, tr("Comparison table as CSV"), name(), [this] {
        refresh();
        return shownResults() ? m_view->csv() : QString();
    });
}

}  // namespace mr::ui
