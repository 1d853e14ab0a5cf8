#include "app/Samples.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QRegularExpression>

namespace mr::ui {

QString samplesDirectory() {
    const QString fromEnv = qEnvironmentVariable("MRX_SAMPLES_DIR");
    const QStringList candidates = {
        fromEnv,
        QCoreApplication::applicationDirPath() + QStringLiteral("/../share/mrx/samples"),
        QStringLiteral(MRX_SOURCE_SAMPLES_DIR),
    };
    for (const QString& dir : candidates) {
        if (!dir.isEmpty() && QDir(dir).exists()) {
            return QDir(dir).canonicalPath();
        }
    }
    return {};
}

QString fileFormat(const QString& path) {
    static const QRegularExpression formatField(QStringLiteral("\"format\"\\s*:\\s*\"([^\"]*)\""));
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return {};
    }
    const auto match = formatField.match(QString::fromUtf8(file.read(4096)));
    return match.hasMatch() ? match.captured(1) : QString();
}

QStringList sampleFiles(const QString& format) {
    const QString dir = samplesDirectory();
    if (dir.isEmpty()) {
        return {};
    }
    QStringList files;
    for (const QString& name :
         QDir(dir).entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
        const QString path = QDir(dir).filePath(name);
        if (fileFormat(path) == format) {
            files << path;
        }
    }
    return files;
}

}  // namespace mr::ui
