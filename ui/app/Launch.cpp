#include "app/Launch.h"

#include <unistd.h>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>
#include <cstdio>

#include "app/FileController.h"
#include "app/FreshSettings.h"
#include "app/MainWindow.h"
#include "app/Samples.h"
#include "charts/GanttPanel.h"
#include "charts/StageView.h"
#include "costtab/CostTab.h"
#include "costtab/EpochSweepPanel.h"
#include "deadlines/DeadlinesTab.h"
#include "document/WorkloadDocument.h"
#include "experiments/Ranges.h"
#include "exports/ExportController.h"
#include "io/FileKind.h"
#include "model/InputError.h"
#include "pages/ComparisonPage.h"
#include "pages/CostPage.h"
#include "pages/DeadlinesPage.h"
#include "pages/Pages.h"
#include "pages/StagesPage.h"
#include "pages/SweepPage.h"
#include "pages/TeachPage.h"
#include "pages/TimelinePage.h"
#include "run/RunController.h"
#include "studio/PresentationMode.h"
#include "studio/VariantExport.h"
#include "studio/VariantStore.h"
#include "sweep/SweepTab.h"
#include "teach/BalancedPoolsStepper.h"
#include "teach/JohnsonStepper.h"
#include "teach/TeachTab.h"
#include "widgets/AlgorithmList.h"

namespace mr::ui {

namespace {

[[noreturn]] void fail(const QString& file, const QString& field, const QString& message) {
    throw InputError(file.toStdString(), "", field.toStdString(), message.toStdString());
}

// FROM:TO:STEP read the one way the program reads ranges (experiments/Ranges.h).
bool parseRange(const QString& text, double range[3]) {
    const std::optional<RangeText> read = readRange(text.toStdString());
    if (read) {
        range[0] = read->from;
        range[1] = read->to;
        range[2] = read->step;
    }
    return read.has_value();
}

// One line on stderr that follows the runs: rewritten in place on a terminal, one line per
// finished algorithm otherwise.
class ProgressLine {
public:
    ProgressLine() : m_tty(isatty(fileno(stderr)) != 0) {}
    ~ProgressLine() { end(); }

    void show(const QString& text, bool always) {
        if (text == m_last && !always) {
            return;
        }
        m_last = text;
        if (m_tty) {
            std::fprintf(stderr, "\r\033[K%s", qPrintable(text));
            m_open = true;
        } else {
            std::fprintf(stderr, "%s\n", qPrintable(text));
        }
        std::fflush(stderr);
    }
    void end() {
        if (m_open) {
            std::fputc('\n', stderr);
            m_open = false;
        }
    }

private:
    bool m_tty;
    bool m_open = false;
    QString m_last;
};

// Processes events until `id`'s result (or failure) is published: an export of one algorithm's
// charts waits for no other algorithm (a workload's deadlines check min-edf-wc beside it).
void waitForOne(const RunController& runs, const std::string& id) {
    const auto shown = [&] {
        const auto set = runs.latest();
        const AlgorithmRun* run = set ? set->outcome(id) : nullptr;
        return run == nullptr || run->finished();
    };
    while (!shown()) {
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    }
}

// Waits for the window's run: every algorithm and baseline, or with `baselines` false only the
// checked algorithms (charts alone need no comparison baselines), or with `only` set that
// algorithm alone (its own charts).
void waitForRuns(MainWindow& window, bool baselines, const QString& only) {
    RunController* runs = window.runController();
    const bool tty = isatty(fileno(stderr)) != 0;
    QElapsedTimer clock;
    clock.start();
    ProgressLine line;
    int shown = -1;
    const auto report = [&] {
        const auto set = runs->latest();
        if (!set) {
            return;
        }
        QStringList running;
        for (const AlgorithmRun& o : set->outcomes) {
            if (o.state == AlgorithmRun::State::Running) {
                const double s =
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - o.started)
                        .count();
                running << QStringLiteral("%1 %2 s")
                               .arg(QString::fromStdString(o.id))
                               .arg(s, 0, 'f', 1);
            }
        }
        const int done = set->finishedCount();
        const QString text =
            QStringLiteral("mrx: %1 of %2 algorithms done%3")
                .arg(done)
                .arg(set->outcomes.size())
                .arg(running.isEmpty() ? QString()
                                       : QStringLiteral(" (running: %1)").arg(running.join(", ")));
        // Quick runs stay quiet; then a terminal sees the seconds tick, a log gets a line per
        // finished algorithm.
        if (clock.elapsed() >= 1000 && (tty || done != shown)) {
            line.show(text, done != shown);
            shown = done;
        }
    };
    QTimer ticker;
    ticker.setInterval(500);
    QObject::connect(&ticker, &QTimer::timeout, report);
    QObject::connect(runs, &RunController::resultsReady, &ticker, report);
    ticker.start();
    if (baselines) {
        runs->waitForLatest();
    } else if (!only.isEmpty()) {
        waitForOne(*runs, only.toStdString());
    } else {
        runs->waitForCharts();
    }
    line.end();
    if (!only.isEmpty() && !baselines) {
        std::fprintf(stderr, "mrx: %s done in %.1f s\n", qPrintable(only),
                     static_cast<double>(clock.elapsed()) / 1000.0);
        return;
    }
    const auto count = static_cast<long long>(runs->latest()->outcomes.size());
    std::fprintf(stderr, "mrx: %lld algorithm%s done in %.1f s\n", count, count == 1 ? "" : "s",
                 static_cast<double>(clock.elapsed()) / 1000.0);
}

template <class Tab>
void waitUntilIdle(Tab* tab) {
    while (tab->isRunning()) {
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    }
}

void runRequestedSweeps(MainWindow& window, const GuiRequest& request) {
    const Pages& pages = window.pages();
    if (!request.sweep.isEmpty()) {
        SweepTab* sweep = pages.sweep()->sweep();
        window.showPage(pages.sweep());  // gives it the workload and algorithms
        sweep->setNodeRange(request.sweep);
        sweep->start();
        if (!sweep->isRunning() && !sweep->result()) {
            fail({}, QStringLiteral("sweep"), sweep->status());
        }
        std::fprintf(stderr, "mrx: sweeping cluster sizes %s…\n", qPrintable(request.sweep));
        waitUntilIdle(sweep);
    }
    if (request.startSweep) {
        DeadlinesTab* deadlines = pages.deadlines()->deadlines();
        deadlines->start();
        std::fprintf(stderr, "mrx: sweeping the load (Deadlines tab)…\n");
        waitUntilIdle(deadlines);
    }
    if (!request.costSweep.isEmpty()) {
        double range[3];
        EpochSweepPanel* sweep = pages.cost()->cost()->sweepPanel();
        if (!parseRange(request.costSweep, range)) {
            fail({}, QStringLiteral("cost-sweep"),
                 QStringLiteral("expected FROM:TO:STEP (got '%1')").arg(request.costSweep));
        }
        sweep->setEpochRange(range[0], range[1], range[2]);
        if (!sweep->start()) {
            fail({}, QStringLiteral("cost-sweep"), sweep->status());
        }
        std::fprintf(stderr, "mrx: sweeping the epoch length…\n");
        sweep->waitForIdle();
    }
}

void writeOne(const ExportController& exports, const QString& stem, const QString& path,
              QSize size) {
    const QSize written = exports.write(*exports.entry(stem, ExportEntry::Chart), path, size);
    std::printf("wrote %s (%dx%d%s)\n", qPrintable(path), written.width(), written.height(),
                written == size ? "" : ", taller than asked: every chart readable");
}

// Every tab of the window (the cost model's tab for a cost model) into `dir`.
void exportAll(MainWindow& window, const GuiRequest& request, bool costModel) {
    const QString& dir = request.exportAll;
    const QSize size = request.size;
    if (!QDir().mkpath(dir)) {
        fail(dir, QStringLiteral("export-all"), QStringLiteral("cannot create the folder"));
    }
    // The groups of the pages that show this kind of document.
    QStringList groups;
    for (const Page* page : window.pages().list()) {
        if (page->ownDocument().isEmpty() != costModel && !groups.contains(page->exportGroup())) {
            groups << page->exportGroup();
        }
    }
    const bool variants = !costModel && window.variants()->count() > 0;
    if (variants) {
        waitForVariants(*window.variants());
        groups << QStringLiteral("variants");  // variants.csv at the top
    }
    const auto report = window.exports()->exportAll(dir, size, groups);
    std::printf("wrote %lld files to %s (%dx%d)\n", static_cast<long long>(report.written.size()),
                qPrintable(dir), size.width(), size.height());
    if (!report.taller.isEmpty()) {
        std::printf("taller than asked, so that every chart stays readable: %s\n",
                    qPrintable(report.taller.join(QStringLiteral(", "))));
    }
    if (variants) {
        const VariantExportReport each = exportVariants(window, dir, size, request.johnsonStep);
        std::printf("wrote %lld files to %lld variant folders (%s)\n",
                    static_cast<long long>(each.written.size()),
                    static_cast<long long>(each.folders.size()),
                    qPrintable(each.folders.join(QStringLiteral(", "))));
    }
    for (const Page* page : window.pages().list()) {
        if (!page->exportNeeds().isEmpty() && report.skippedGroups.contains(page->exportGroup())) {
            std::printf("not written: %s has no result\n", qPrintable(page->exportNeeds()));
        }
    }
}

}  // namespace

void prepareWindow(MainWindow& window, const GuiRequest& request) {
    if (!request.algorithms.isEmpty()) {
        window.algorithmList()->setChecked(request.algorithms);
    }
    if (!request.file.isEmpty()) {
        window.openFile(request.file);
    }
    if (request.file.isEmpty() ||
        detectFileKind(request.file.toStdString()) == FileKind::CostModel) {
        window.openFile(samplesDirectory() + QStringLiteral("/figure4-scenario2.json"),
                        true);  // something to look at on the first start
    }
    if (!request.tab.isEmpty() && !window.showTab(request.tab)) {
        std::fprintf(stderr, "mrx: warning: unknown tab '%s'\n", qPrintable(request.tab));
    }
    const Pages& pages = window.pages();
    if (!request.sweep.isEmpty()) {
        window.showPage(pages.sweep());
        pages.sweep()->sweep()->setNodeRange(request.sweep);
        pages.sweep()->sweep()->start();
    }
    if (!request.costSweep.isEmpty()) {
        double range[3];
        window.showPage(pages.cost());
        pages.cost()->cost()->showView(CostTab::EpochSweep);
        EpochSweepPanel* sweep = pages.cost()->cost()->sweepPanel();
        const bool ok = parseRange(request.costSweep, range);
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
        window.showPage(pages.deadlines());
        pages.deadlines()->deadlines()->start();
    }
    if (request.present > 0) {
        window.presentation()->setActive(true);
        window.presentation()->setZoomPercent(request.present);
    }
    if (request.johnsonStep >= 0) {
        window.showPage(pages.teach());
        window.runController()->waitForLatest();
        window.teachTab()->johnson()->setStep(request.johnsonStep);
    }
}

int runHeadless(const GuiRequest& request) {
    const FreshSettings settings;  // the defaults, never what an earlier run remembered
    MainWindow window;
    window.resize(1280, 800);
    return runExports(window, request);
}

int runExports(MainWindow& window, const GuiRequest& request) {
    // The window's own File > Open, without a user: its messages go to stderr, traces import
    // with the importer's defaults, and it checks what the file calls for, as `mrx FILE` does.
    window.fileController()->setInteractive(false);
    if (!request.algorithms.isEmpty()) {
        window.algorithmList()->setChecked(request.algorithms);
    }
    if (!window.openFile(request.file)) {
        return 2;  // the window said why, on one line
    }
    return exportCurrentState(window, request);
}

int exportCurrentState(MainWindow& window, const GuiRequest& request) {
    try {
        const Pages& pages = window.pages();
        const bool costModel = detectFileKind(request.file.toStdString()) == FileKind::CostModel;
        // The comparison (its own export, or every tab's) needs the baselines; charts alone do
        // not wait for them.
        waitForRuns(
            window,
            costModel || !request.exportComparison.isEmpty() || !request.exportAll.isEmpty(),
            request.algorithm);
        if (costModel) {
            pages.cost()->cost()->waitForResults();
        } else {
            for (const AlgorithmRun& o : window.runController()->latest()->outcomes) {
                if (o.state == AlgorithmRun::State::Failed) {
                    throw InputError(request.file.toStdString(), "", "", o.error);
                }
            }
        }
        runRequestedSweeps(window, request);
        // The Johnson stepper exports the step asked for, else its last (the whole schedule).
        window.setJohnsonExportStep(request.johnsonStep);
        // BalancedPools' lesson (its search runs now if it was never shown) at the search's last
        // probe: every probe of that split and the best so far.
        if (!costModel && window.teachTab()->balancedPoolsChart() != nullptr) {
            BalancedPoolsStepper* pools = window.teachTab()->balancedPools();
            pools->setStep(pools->lastProbeStep());
        }
        const ExportController& exports = *window.exports();
        if (!request.algorithm.isEmpty()) {
            window.ganttPanel()->setCurrentAlgorithm(request.algorithm);
            pages.stages()->view()->setAlgorithm(request.algorithm);
        }
        // The entries' file stems: a tab's own chart is named after the tab.
        const bool one = !request.algorithm.isEmpty();
        if (!request.exportGantt.isEmpty()) {
            writeOne(exports, one ? pages.timeline()->name() : QStringLiteral("timelines"),
                     request.exportGantt, request.size);
        }
        if (!request.exportComparison.isEmpty()) {
            writeOne(exports, pages.comparison()->name(), request.exportComparison, request.size);
        }
        if (!request.exportStages.isEmpty()) {
            writeOne(exports, one ? QStringLiteral("stage") : pages.stages()->name(),
                     request.exportStages, request.size);
        }
        if (!request.exportAll.isEmpty()) {
            exportAll(window, request, costModel);
        }
    } catch (const InputError& e) {
        std::fprintf(stderr, "mrx: error: %s\n", e.what());
        return 2;
    }
    return 0;
}

}  // namespace mr::ui
