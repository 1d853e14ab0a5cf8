#include "app/ExportController.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QMenu>
#include <QMessageBox>
#include <QSettings>

#include "charts/ChartExport.h"
#include "model/InputError.h"

namespace mr::ui {

ExportController::ExportController(QWidget* window) : QObject(window), m_window(window) {}

void ExportController::setDefaultDirectory(std::function<QString()> folder) {
    m_defaultDirectory = std::move(folder);
}

QString ExportController::startDirectory() const {
    const QString preferred = m_defaultDirectory ? m_defaultDirectory() : QString();
    if (!preferred.isEmpty() && QDir(preferred).exists()) {
        return preferred;
    }
    const QString last = QSettings().value("export/dir").toString();
    return !last.isEmpty() && QDir(last).exists() ? last : QDir::homePath();
}

QAction* ExportController::addChartExport(QMenu* menu, const QString& title,
                                          const QString& fileStem,
                                          std::function<QList<QCustomPlot*>()> plots) {
    return menu->addAction(title, this, [this, title, fileStem, plots] {
        const QList<QCustomPlot*> charts = plots();
        if (charts.isEmpty()) {
            QMessageBox::information(m_window, title, tr("There is no chart to export yet."));
            return;
        }
        QSettings settings;
        const QString dir = startDirectory();
        QString path = QFileDialog::getSaveFileName(
            m_window, title, dir + QLatin1Char('/') + fileStem + QStringLiteral(".png"),
            exportFilter());
        if (path.isEmpty()) {
            return;
        }
        bool ok = false;
        const QString sizeText = QInputDialog::getText(
            m_window, title, tr("Size in pixels (width x height):"), QLineEdit::Normal,
            settings.value("export/size", QStringLiteral("1600x900")).toString(), &ok);
        if (!ok) {
            return;
        }
        const QSize size = parseSize(sizeText);
        if (!size.isValid()) {
            QMessageBox::critical(
                m_window, title,
                tr("'%1' is not a size like 1600x900 (16 to 20000 pixels).").arg(sizeText));
            return;
        }
        try {
            exportCharts(charts, path, size);
        } catch (const InputError& e) {
            QMessageBox::critical(m_window, title, QString::fromStdString(e.what()));
            return;
        }
        settings.setValue("export/dir", QFileInfo(path).absolutePath());
        settings.setValue("export/size", sizeText);
    });
}

void ExportController::addCsvExport(QMenu* menu, const QString& title,
                                    std::function<QString()> text) {
    menu->addAction(title, this, [this, title, text] {
        const QString csv = text();
        if (csv.isEmpty()) {
            QMessageBox::information(m_window, title, tr("There is nothing to export yet."));
            return;
        }
        const QString dir = startDirectory();
        const QString path = QFileDialog::getSaveFileName(
            m_window, title, dir + QStringLiteral("/results.csv"), tr("CSV (*.csv)"));
        if (path.isEmpty()) {
            return;
        }
        try {
            saveFileAtomically(path, csv.toUtf8());
        } catch (const InputError& e) {
            QMessageBox::critical(m_window, title, QString::fromStdString(e.what()));
        }
    });
}

}  // namespace mr::ui
