// mrx — the desktop explorer's entry point (and its offscreen exports); see
// ui/app/CommandLine.h for the command line.
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QScreen>
#include <QSettings>
#include <QTemporaryDir>
#include <optional>

#include "app/CommandLine.h"
#include "app/Launch.h"
#include "app/MainWindow.h"
#include "run/WorkPool.h"

int main(int argc, char** argv) {
    QCoreApplication::setOrganizationName(QStringLiteral("MR Schedule Explorer"));
    QCoreApplication::setApplicationName(QStringLiteral("mrx"));
    QCoreApplication::setApplicationVersion(QStringLiteral(MRX_VERSION));

    // Parsed before any QApplication exists: --help, --version and bad arguments need no display.
    QStringList arguments;
    for (int i = 0; i < argc; ++i) {
        arguments << QString::fromLocal8Bit(argv[i]);
    }
    mr::ui::GuiRequest request;
    if (const int code = mr::ui::parseCommandLine(arguments, &request); code >= 0) {
        return code;
    }
    // Made only for an export (below), before QApplication and removed after it.
    std::optional<QTemporaryDir> runtime;
    std::optional<QTemporaryDir> settings;
    if (request.headless()) {
        settings.emplace(QDir::tempPath() + QStringLiteral("/mrx-export-settings-XXXXXX"));
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) {
            qputenv("QT_QPA_PLATFORM", "offscreen");  // exports need no display
        }
        // Qt wants a private runtime folder; give it one (QTemporaryDir: mode 0700, removed at
        // exit) without its warning (an export prints one line on success or failure, nothing
        // else), and leave no runtime-$UID folder behind in the temporary folder.
        if (qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR")) {
            runtime.emplace(QDir::tempPath() + QStringLiteral("/mrx-runtime-XXXXXX"));
            if (runtime->isValid()) {
                qputenv("XDG_RUNTIME_DIR", QFile::encodeName(runtime->path()));
            }
        }
        // Exports start from the defaults and never change what the window remembers: their
        // settings live in a folder of their own, removed at exit, never in ~/.config.
        if (settings->isValid()) {
            for (const auto format : {QSettings::NativeFormat, QSettings::IniFormat}) {
                QSettings::setPath(format, QSettings::UserScope, settings->path());
            }
        }
        QCoreApplication::setApplicationName(QStringLiteral("mrx-export"));
    }
    QApplication app(argc, argv);
    int code = 0;
    {
        mr::ui::MainWindow window;
        if (request.headless()) {
            window.resize(1280, 800);
            code = mr::ui::runExports(window, request);
        } else {
            // As large as a desktop would like, never larger than the screen's free area.
            const QRect free = window.screen()->availableGeometry();
            window.resize(QSize(1600, 1000).boundedTo(free.size()));
            window.restoreWindowLayout();  // as the user left it last time, if ever
            mr::ui::prepareWindow(window, request);
            window.show();
            code = QApplication::exec();
        }
    }
    // The window cancelled its work as it closed; let the workers see their flags and end before
    // static objects go.
    mr::ui::shutdownWork();
    return code;
}
