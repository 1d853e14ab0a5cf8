#include "app/FreshSettings.h"

#include <QDataStream>
#include <QIODevice>

namespace mr::ui {

namespace {

// A format of its own, so that its folder can be set without moving the user's settings (their
// native format's folder): a plain serialisation of the map.
bool readMap(QIODevice& device, QSettings::SettingsMap& map) {
    QDataStream in(&device);
    in >> map;
    return in.status() == QDataStream::Ok;
}

bool writeMap(QIODevice& device, const QSettings::SettingsMap& map) {
    QDataStream out(&device);
    out << map;
    return out.status() == QDataStream::Ok;
}

QSettings::Format freshFormat() {
    static const QSettings::Format format =
        QSettings::registerFormat(QStringLiteral("mrx-fresh"), readMap, writeMap);
    return format;
}

}  // namespace

FreshSettings::FreshSettings() : m_previous(QSettings::defaultFormat()) {
    for (const auto scope : {QSettings::UserScope, QSettings::SystemScope}) {
        // An empty folder (or, if none could be made, one that does not exist): nothing to read.
        QSettings::setPath(freshFormat(), scope,
                           m_directory.isValid() ? m_directory.path()
                                                 : QStringLiteral("/nonexistent/mrx-settings"));
    }
    QSettings::setDefaultFormat(freshFormat());
}

FreshSettings::~FreshSettings() {
    QSettings::setDefaultFormat(m_previous);
}

}  // namespace mr::ui
