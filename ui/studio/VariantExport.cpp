#include "studio/VariantExport.h"

#include <QCoreApplication>
#include <QDir>

#include "exports/ExportController.h"
#include "model/InputError.h"
#include "run/RunController.h"
#include "studio/StudioWindow.h"
#include "studio/VariantStore.h"

namespace mr::ui {

QString variantFolderName(const QString& name, const QStringList& taken) {
    static const QString kForbidden = QStringLiteral("/\\:*?\"<>|");
    QString folder;
    for (const QChar c : name) {
        folder +=
            c.category() == QChar::Other_Control || kForbidden.contains(c) ? QLatin1Char('-') : c;
    }
    folder = folder.trimmed();
    while (folder.startsWith(QLatin1Char('.'))) {
        folder.remove(0, 1);
    }
    if (folder.isEmpty()) {
        folder = QStringLiteral("variant");
    }
    const auto isTaken = [&taken](const QString& candidate) {
        return taken.contains(candidate, Qt::CaseInsensitive);
    };
    QString unique = folder;
    for (int n = 2; isTaken(unique); ++n) {
        unique = QStringLiteral("%1 (%2)").arg(folder).arg(n);
    }
    return unique;
}

void waitForVariants(VariantStore& variants) {
    for (int i = 0; i < variants.count(); ++i) {
        variants.runController(i)->waitForLatest();
    }
    QCoreApplication::processEvents();  // their last snapshots reach the store
}

VariantExportReport exportVariants(StudioWindow& window, const QString& dir, QSize size,
                                   int johnsonStep) {
    VariantStore& variants = *window.variants();
    waitForVariants(variants);
    VariantExportReport report;
    const QDir top(dir);
    // The window shows the workload being edited again whatever happens.
    struct Restore {
        StudioWindow& window;
        ~Restore() { window.setShownResults(nullptr); }
    } restore{window};
    for (int i = 0; i < variants.count(); ++i) {
        const QString folder =
            variantFolderName(QString::fromStdString(variants.variant(i).name), report.folders);
        report.folders << folder;
        const QString path = top.filePath(folder);
        if (!QDir().mkpath(path)) {
            throw InputError(path.toStdString(), "", "export-all", "cannot create the folder");
        }
        window.setShownResults(variants.results(i));
        window.setJohnsonExportStep(johnsonStep);
        const ExportController::Report written =
            window.exports()->exportAll(path, size, {QStringLiteral("workload")});
        report.written << written.written;
    }
    return report;
}

}  // namespace mr::ui
