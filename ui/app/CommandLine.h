// The mrx command line. Without export options it opens the window (optionally on a file).
// With them it renders offscreen and exits — for scripts and the README's headless demo:
//   mrx --workload W.json --algorithm ID --export-gantt OUT.png|.svg|.pdf [--size 1600x900]
//   mrx --workload W.json --algorithms A,B,C --export-comparison OUT [--export-gantt OUT2]
// Exit 0 on success; 2 with one line on stderr for bad input.
#pragma once

#include <QStringList>

namespace mr::ui {

// True when the arguments ask for a headless export (call before creating QApplication, so the
// offscreen platform can be chosen).
bool wantsHeadlessExport(int argc, char** argv);

struct GuiRequest {
    QString file;  // a workload or cost model to open; empty: the default sample
    // timeline, stages, comparison, johnson, sweep, deadlines, cost, cost-cpu, cost-sweep
    QString tab;
    int johnsonStep = -1;
    QString costSweep;        // FROM:TO:STEP: run the Cost tab's epoch sweep at once
    QStringList algorithms;   // --algorithms: check these (else the remembered choice)
    QString sweep;            // --sweep FROM:TO:STEP: open the Sweep tab and run it
    bool startSweep = false;  // --start-sweep: the Deadlines tab's sweep starts at once
};

// Parses the arguments. Headless: runs the export and returns its exit code. GUI: fills
// `gui` and returns -1.
int runCommandLine(const QStringList& arguments, GuiRequest* gui);

}  // namespace mr::ui
