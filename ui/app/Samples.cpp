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

QStringList sampleFiles(const QString& format) {
    const QString dir = samplesDirectory();
    if (dir.isEmpty()) {
        return {};
    }
    static const QRegularExpression formatField(QStringLiteral("\"format\"\\s*:\\s*\"([^\"]*)\""));
    QStringList files;
    for (const QString& name : QDir(dir).entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
        QFile file(QDir(dir).filePath(name));
        if (!file.open(QIODevice::ReadOnly)) {
            continue;
        }
        const auto match = formatField.match(QString::fromUtf8(file.read(4096)));
        if (match.hasMatch() && match.captured(1) == format) {
            files << file.fileName();
        }
    }
    return files;
}

}  // namespace mr::ui
