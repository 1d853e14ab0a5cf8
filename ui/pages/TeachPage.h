// TeachPage — the Teach tab (TeachTab: one lesson per algorithm and the "your order"
// exercise); its exports are the Johnson lesson's timelines and BalancedPools' lesson chart.
#pragma once

#include "pages/Page.h"

namespace mr::ui {

class TeachTab;

class TeachPage : public Page {
    Q_OBJECT
public:
    TeachPage(Results results, QWidget* tabs);

    QString name() const override { return QStringLiteral("johnson"); }
    QStringList viewNames() const override { return {QStringLiteral("teach")}; }
    QString title() const override { return tr("Teach"); }
    QString hint() const override;
    QWidget* widget() const override;
    void addChartExports(ExportController& exports, QMenu* menu) override;
    void addCsvExports(ExportController&, QMenu*) override {}

    TeachTab* teach() const { return m_teach; }
    // Shows `lesson` at `step` (INT_MAX: its last) once the lesson is computed; false for an
    // unknown lesson.
    bool openLesson(const QString& lesson, int step);
    // The Johnson lesson on the newest results at `step` (-1: its last, the whole schedule),
    // for an export.
    void setJohnsonExportStep(int step);

protected:
    void showResults(const std::shared_ptr<const RunSet>& results) override;

private:
    TeachTab* m_teach;
};

}  // namespace mr::ui
