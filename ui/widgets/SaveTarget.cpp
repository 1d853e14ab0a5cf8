#include "widgets/SaveTarget.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QPushButton>

namespace mr::ui {

QStringList existingFiles(const QStringList& paths) {
    QStringList existing;
    for (const QString& path : paths) {
        if (!path.isEmpty() && QFileInfo::exists(path) && !existing.contains(path)) {
            existing << path;
        }
    }
    return existing;
}

bool confirmReplace(QWidget* parent, const QString& title, const QStringList& paths) {
    const QStringList existing = existingFiles(paths);
    if (existing.isEmpty()) {
        return true;
    }
    QStringList lines;
    for (const QString& path : existing) {
        const QFileInfo info(path);
        lines << QObject::tr("%1 (%2 bytes, in %3)")
                     .arg(info.fileName())
                     .arg(info.size())
                     .arg(QDir::toNativeSeparators(info.absolutePath()));
    }
    QMessageBox box(
        QMessageBox::Warning, title,
        existing.size() == 1
            ? QObject::tr("A file already exists and would be replaced:")
            : QObject::tr("%1 files already exist and would be replaced:").arg(existing.size()),
        QMessageBox::Yes | QMessageBox::Cancel, parent);
    box.setInformativeText(lines.join(QLatin1Char('\n')));
    box.button(QMessageBox::Yes)->setText(QObject::tr("Replace"));
    box.setDefaultButton(QMessageBox::Cancel);  // Enter keeps the files
    box.setEscapeButton(QMessageBox::Cancel);
    return box.exec() == QMessageBox::Yes;
}

QString askSavePath(QWidget* parent, const QString& title, const QString& start,
                    const QString& filter, const QString& suffix) {
    QString path = QFileDialog::getSaveFileName(parent, title, start, filter, nullptr,
                                                QFileDialog::DontConfirmOverwrite);
    if (path.isEmpty()) {
        return {};
    }
    if (QFileInfo(path).suffix().isEmpty()) {
        path += suffix;
    }
    return confirmReplace(parent, title, {path}) ? path : QString();
}

}  // namespace mr::ui
