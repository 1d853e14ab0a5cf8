// mrx — the desktop explorer's entry point (and its offscreen exports); see
// ui/app/CommandLine.h for the command line.
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QScreen>
#include <QTemporaryDir>
#include <cstdio>
#include <cstdlib>
#include <optional>
#if defined(__GLIBC__)
#include <malloc.h>

namespace {
// glibc gives threads their own malloc arenas (up to 8 per core), and what one thread frees
// stays resident in its arena for that thread. The explorer's runs and chart summaries are built
// on the work pool's threads: on a 9M-task batch the window peaked at 1.50 GB with the default
// and 1.38 GB with two arenas, the runs no slower. Set before anything allocates.
__attribute__((constructor(101))) void limitMallocArenas() {
    mallopt(M_ARENA_MAX, 2);
}
}  // namespace
#endif

#include "app/CommandLine.h"
#include "app/Launch.h"
#include "app/MainWindow.h"
#include "run/WorkPool.h"
#include "widgets/WindowFit.h"

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
    if (request.headless()) {
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
    }
    int code = 0;
    {
        QApplication app(argc, argv);
        if (request.headless()) {
            code = mr::ui::runHeadless(request);  // never reads or writes remembered settings
        } else {
            // Quitting cancels every run and sweep at once, so that the workers stop while the
            // window is taken down rather than after (the exit waits for them, briefly).
            QObject::connect(&app, &QCoreApplication::aboutToQuit, [] { mr::ui::cancelAllWork(); });
            mr::ui::MainWindow window;
            // As large as a desktop would like, never larger than the screen's free area, the
            // window manager's title bar and borders included (known once it has decorated it).
            const QRect free = window.screen()->availableGeometry();
            window.resize(QSize(1600, 1000).boundedTo(free.size()));
            window.restoreWindowLayout();  // as the user left it last time, if ever
            mr::ui::keepFrameOnScreen(&window);
            mr::ui::prepareWindow(window, request);
            window.show();
            code = QApplication::exec();
        }
    }
    // The window cancelled its work as it closed; the workers see their flags and end before
    // static objects go. One that cannot stop that soon does not hold the exit: the process
    // ends without the static destructors (which would join it); nothing is left to write.
    if (!mr::ui::shutdownWork(mr::ui::kExitGrace)) {
        std::fflush(nullptr);
        std::_Exit(code);
    }
    return code;
}
