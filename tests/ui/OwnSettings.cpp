// Linked into every Qt Test program (mrx_add_ui_test in tests/CMakeLists.txt): before main()
// runs, the process gets a settings directory of its own, removed when it exits.
//
// CTest runs each test function as its own process, several at a time. They used to share one
// settings file (QStandardPaths' test mode puts every program's QSettings in ~/.qttest/config,
// whatever XDG_CONFIG_HOME says), so a run option one test remembered (a seed, an estimator)
// reached another test's window, and one test's QSettings().clear() erased another's — a
// failure that came and went with CTest's scheduling. Within one process the directory stays,
// so a test of "remembered" settings still sees what an earlier window wrote.
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <cstdio>
#include <cstdlib>

namespace {

struct OwnSettings {
    QTemporaryDir directory;

    OwnSettings() {
        if (!directory.isValid()) {
            std::fprintf(stderr, "cannot create a settings directory for this test: %s\n",
                         qPrintable(directory.errorString()));
            std::exit(2);
        }
        for (const auto format : {QSettings::NativeFormat, QSettings::IniFormat}) {
            QSettings::setPath(format, QSettings::UserScope, directory.path());
        }
    }
};

const OwnSettings ownSettings;

}  // namespace
