// mrx — the desktop explorer's entry point (and its headless chart export); see
// ui/app/CommandLine.h for the command line.
#include <QApplication>

#include "app/CommandLine.h"
#include "app/MainWindow.h"
#include "app/Samples.h"
#include "cost/CostTab.h"
#include "cost/EpochSweepPanel.h"
#include "deadlines/DeadlinesTab.h"
#include "run/RunController.h"
#include "sweep/SweepTab.h"
#include "teach/JohnsonStepper.h"
#include "widgets/AlgorithmList.h"

int main(int argc, char** argv) {
    const bool headless = mr::ui::wantsHeadlessExport(argc, argv);
    if (headless && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) {
        qputenv("QT_QPA_PLATFORM", "offscreen");  // exports need no display
    }
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("MR Schedule Explorer"));
    QApplication::setApplicationName(QStringLiteral("mrx"));
    QApplication::setApplicationVersion(QStringLiteral(MRX_VERSION));

    mr::ui::GuiRequest request;
    const int code = mr::ui::runCommandLine(QApplication::arguments(), &request);
    if (code >= 0) {
        return code;
    }
    mr::ui::MainWindow window;
    window.resize(1600, 1000);
    if (!request.algorithms.isEmpty()) {
        window.algorithmList()->setChecked(request.algorithms);
    }
    if (!request.file.isEmpty()) {
        window.openFile(request.file);
    }
    if (request.file.isEmpty() || mr::ui::fileFormat(request.file) == mr::ui::kCostModelFormat) {
        const QString sample =
            mr::ui::samplesDirectory() + QStringLiteral("/figure4-scenario2.json");
        window.openFile(sample, true);  // something to look at on the first start
    }
    if (!request.tab.isEmpty() && !window.showTab(request.tab)) {
        std::fprintf(stderr, "mrx: warning: unknown tab '%s'\n", qPrintable(request.tab));
    }
    if (!request.sweep.isEmpty()) {
        window.showTab(QStringLiteral("sweep"));
        window.runController()->waitForLatest();
        QCoreApplication::processEvents();
        window.sweepTab()->setNodeRange(request.sweep);
        window.sweepTab()->start();
    }
    if (!request.costSweep.isEmpty()) {
        const QStringList parts = request.costSweep.split(QLatin1Char(':'));
        bool ok = parts.size() == 3;
        double range[3] = {0, 0, 0};
        for (int i = 0; ok && i < 3; ++i) {
            range[i] = parts[i].toDouble(&ok);
        }
        window.showTab(QStringLiteral("cost-sweep"));
        mr::ui::EpochSweepPanel* sweep = window.costTab()->sweepPanel();
        if (ok) {
            sweep->setEpochRange(range[0], range[1], range[2]);
        }
        if (!ok || !sweep->start()) {
            std::fprintf(stderr, "mrx: warning: --cost-sweep %s: %s\n",
                         qPrintable(request.costSweep),
                         ok ? qPrintable(sweep->status()) : "expected FROM:TO:STEP");
        }
    }
    if (request.startSweep) {
        window.showTab(QStringLiteral("deadlines"));
        window.deadlinesTab()->start();
    }
    if (request.johnsonStep >= 0) {
        window.runController()->waitForLatest();
        window.johnsonStepper()->setStep(request.johnsonStep);
    }
    window.show();
    return QApplication::exec();
}
