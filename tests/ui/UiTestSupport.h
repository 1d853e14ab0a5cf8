// Helpers shared by the Qt tests of the window: sample paths, and a window's results once its
// background run has finished.
#pragma once

#include <QCoreApplication>
#include <memory>

#include "app/MainWindow.h"
#include "app/Samples.h"
#include "run/RunController.h"

namespace mr::ui::testing {

inline QString sample(const char* name) {
    return samplesDirectory() + QLatin1Char('/') + QLatin1String(name);
}

// Results of the latest request, waiting for the background run.
inline std::shared_ptr<const RunSet> results(MainWindow& window) {
    window.runController()->waitForLatest();
    QCoreApplication::processEvents();
    return window.runController()->latest();
}

}  // namespace mr::ui::testing
