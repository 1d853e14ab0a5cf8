#include "app/Samples.h"

#include <QCoreApplication>
#include <QDir>

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

QStringList sampleFiles() {
    const QString dir = samplesDirectory();
    if (dir.isEmpty()) {
        return {};
    }
    QStringList files;
    for (const QString& name :
         QDir(dir).entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
        files << QDir(dir).filePath(name);
    }
    return files;
}

}  // namespace mr::ui
