// mrx — the desktop explorer's entry point (and its offscreen exports); see
// ui/app/CommandLine.h for the command line.
#include <QApplication>

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
    if (request.headless()) {
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) {
            qputenv("QT_QPA_PLATFORM", "offscreen");  // exports need no display
        }
        // Exports start from the defaults and never change what the window remembers.
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
            window.resize(1280, 800);
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
