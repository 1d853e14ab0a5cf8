#include "exports/ExportController.h"

#include <QDir>
#include <QFileInfo>
#include <QInputDialog>
#include <QMenu>
#include <QMessageBox>
#include <QSettings>

#include "charts/ChartExport.h"
#include "model/InputError.h"
#include "widgets/SaveTarget.h"

namespace mr::ui {

namespace {

const char* const kChartSuffixes[] = {"png", "svg", "pdf"};

[[noreturn]] void fail(const QString& path, const QString& message) {
    throw InputError(path.toStdString(), "", "", message.toStdString());
}

void writeCsv(const QString& text, const QString& path) {
    if (text.isEmpty()) {
        fail(path, QObject::tr("there is nothing to export yet"));
    }
    saveFileAtomically(path, text.toUtf8());
}

}  // namespace

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

QAction* ExportController::addChartExport(QMenu* menu, const QString& title, const QString& stem,
                                          std::function<QList<QCustomPlot*>()> charts,
                                          std::function<QList<ExportEntry::Item>()> each) {
    m_entries.append({title, stem, std::move(charts), {}, std::move(each), m_group});
    const int index = static_cast<int>(m_entries.size()) - 1;
    return menu->addAction(title + QStringLiteral("…"), this,
                           [this, index] { runChartDialog(m_entries[index]); });
}

void ExportController::addCsvExport(QMenu* menu, const QString& title, const QString& stem,
                                    std::function<QString()> text,
                                    std::function<QList<ExportEntry::Item>()> each) {
    m_entries.append({title, stem, {}, std::move(text), std::move(each), m_group});
    const int index = static_cast<int>(m_entries.size()) - 1;
    menu->addAction(title + QStringLiteral("…"), this,
                    [this, index] { runCsvDialog(m_entries[index]); });
}

const ExportEntry* ExportController::entry(const QString& stem, ExportEntry::Kind kind) const {
    for (const ExportEntry& e : m_entries) {
        if (e.stem == stem && e.isChart() == (kind == ExportEntry::Chart)) {
            return &e;
        }
    }
    return nullptr;
}

QSize ExportController::write(const ExportEntry& entry, const QString& path, QSize size) const {
    if (entry.isChart()) {
        const QList<QCustomPlot*> charts = entry.charts();
        if (charts.isEmpty()) {
            fail(path, tr("%1: there is no chart to export yet").arg(entry.title));
        }
        return exportCharts(charts, path, size);
    }
    writeCsv(entry.csv(), path);
    return {};
}

ExportController::Report ExportController::exportAll(const QString& dir, QSize size,
                                                     const QStringList& groups) const {
    Report report;
    const QDir out(dir);
    for (const ExportEntry& e : m_entries) {
        if (!groups.contains(e.group)) {
            continue;
        }
        QList<ExportEntry::Item> items;
        if (e.each) {
            items = e.each();
        } else if (e.isChart()) {
            items.append({e.stem, e.charts(), {}});
        } else {
            items.append({e.stem, {}, e.csv()});
        }
        bool any = false;
        for (const ExportEntry::Item& item : items) {
            if (e.isChart() && !item.charts.isEmpty()) {
                QSize written;
                for (const char* suffix : kChartSuffixes) {
                    const QString path = out.filePath(item.stem + QLatin1Char('.') + suffix);
                    written = exportCharts(item.charts, path, size);
                    report.written << path;
                }
                if (written != size) {
                    report.taller << QStringLiteral("%1 (%2x%3)")
                                         .arg(item.stem)
                                         .arg(written.width())
                                         .arg(written.height());
                }
                any = true;
            } else if (!e.isChart() && !item.csv.isEmpty()) {
                const QString path = out.filePath(item.stem + QStringLiteral(".csv"));
                writeCsv(item.csv, path);
                report.written << path;
                any = true;
            }
        }
        if (!any) {
            report.skipped << e.title;
            if (!report.skippedGroups.contains(e.group)) {
                report.skippedGroups << e.group;
            }
        }
    }
    return report;
}

void ExportController::runChartDialog(const ExportEntry& entry) {
    const QString& title = entry.title;
    if (entry.charts().isEmpty()) {
        QMessageBox::information(m_window, title, tr("There is no chart to export yet."));
        return;
    }
    QSettings settings;
    const QString path = askSavePath(
        m_window, title, QDir(startDirectory()).filePath(entry.stem + QStringLiteral(".png")),
        exportFilter(), QStringLiteral(".png"));
    if (path.isEmpty()) {
        return;
    }
    // Wide enough for its title beside a window manager's buttons ("Compa… chart" otherwise).
    QInputDialog prompt(m_window);
    prompt.setWindowTitle(title);
    prompt.setLabelText(tr("Size in pixels (width x height):"));
    prompt.setTextValue(settings.value("export/size", QStringLiteral("1600x900")).toString());
    prompt.setMinimumWidth(prompt.fontMetrics().horizontalAdvance(title) + 160);
    if (prompt.exec() != QDialog::Accepted) {
        return;
    }
    const QString sizeText = prompt.textValue();
    const QSize size = parseSize(sizeText);
    if (!size.isValid()) {
        QMessageBox::critical(
            m_window, title,
            tr("'%1' is not a size like 1600x900 (16 to 20000 pixels).").arg(sizeText));
        return;
    }
    QSize written;
    try {
        written = write(entry, path, size);
    } catch (const InputError& e) {
        QMessageBox::critical(m_window, title, QString::fromStdString(e.what()));
        return;
    }
    emit statusMessage(tr("Wrote %1 (%2×%3)")
                           .arg(QDir::toNativeSeparators(path))
                           .arg(written.width())
                           .arg(written.height()));
    settings.setValue("export/dir", QFileInfo(path).absolutePath());
    settings.setValue("export/size", sizeText);
}

void ExportController::runCsvDialog(const ExportEntry& entry) {
    const QString& title = entry.title;
    if (entry.csv().isEmpty()) {
        QMessageBox::information(m_window, title, tr("There is nothing to export yet."));
        return;
    }
    const QString path = askSavePath(
        m_window, title, QDir(startDirectory()).filePath(entry.stem + QStringLiteral(".csv")),
        tr("CSV (*.csv)"), QStringLiteral(".csv"));
    if (path.isEmpty()) {
        return;
    }
    try {
        write(entry, path, {});
    } catch (const InputError& e) {
        QMessageBox::critical(m_window, title, QString::fromStdString(e.what()));
        return;
    }
    emit statusMessage(tr("Wrote %1").arg(QDir::toNativeSeparators(path)));
    QSettings().setValue("export/dir", QFileInfo(path).absolutePath());
}

}  // namespace mr::ui
