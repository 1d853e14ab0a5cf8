// The mrx command line. Without export options the window opens (optionally on a file):
//   mrx [FILE] [--tab NAME] [--algorithms A,B] [--johnson-step N] [--sweep RANGE] ...
// With them the real main window opens offscreen, renders, writes and exits (Launch.h):
//   mrx FILE --export-all DIR [--algorithms A,B,...] [--size WxH]
//   mrx FILE --algorithm ID --export-gantt OUT.png|.svg|.pdf [--size 1600x900]
//   mrx FILE --algorithms A,B,C --export-comparison OUT [--export-gantt OUT2] [--export-stages
//   OUT3]
// (`--workload FILE` is the older spelling of FILE.) --help and --version print and exit 0;
// nothing here needs a display. Exit 0 on success; 2 with one line on stderr for bad input.
#pragma once

#include <QSize>
#include <QStringList>

namespace mr::ui {

struct GuiRequest {
    QString file;  // a workload, cost model or trace to open; empty: the default sample
    // timeline, stages, comparison, johnson, sweep, deadlines, cost, cost-cpu, cost-sweep
    QString tab;
    int johnsonStep = -1;
    QString costSweep;        // FROM:TO:STEP: run the Cost tab's epoch sweep at once
    QStringList algorithms;   // --algorithms (and --algorithm first): check these
    QString algorithm;        // --algorithm: the timeline --export-gantt writes
    QString sweep;            // --sweep FROM:TO:STEP: open the Sweep tab and run it
    bool startSweep = false;  // --start-sweep: the Deadlines tab's sweep starts at once
    int present = 0;          // --present PERCENT: presentation mode at this zoom (0: not)

    // Offscreen exports: every tab into a folder, or single charts to files.
    QString exportAll;
    QString exportGantt;
    QString exportComparison;
    QString exportStages;
    QSize size{1600, 900};

    bool headless() const {
        return !exportAll.isEmpty() || !exportGantt.isEmpty() || !exportComparison.isEmpty() ||
               !exportStages.isEmpty();
    }
};

// What --tab takes: each names a tab (MainWindow::showTab), "johnson" and "teach" the Teach tab.
QStringList tabNames();

// Parses the arguments (argv[0] first). Needs no QCoreApplication and no display. --help,
// --version: prints to stdout and returns 0; bad arguments: one line on stderr and 2; else
// fills `request` and returns -1.
int parseCommandLine(const QStringList& arguments, GuiRequest* request);

}  // namespace mr::ui
