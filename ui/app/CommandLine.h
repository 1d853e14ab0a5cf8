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
    QString file;  // a workload to open; empty: the default sample
    QString tab;   // timeline, stages, comparison, johnson, deadlines; empty: timeline
    int johnsonStep = -1;
    bool startSweep = false;  // --start-sweep: the Deadlines tab's sweep starts at once
    QStringList algorithms;   // --algorithms: check these (else the remembered choice)
};

// Parses the arguments. Headless: runs the export and returns its exit code. GUI: fills
// `gui` and returns -1.
int runCommandLine(const QStringList& arguments, GuiRequest* gui);

}  // namespace mr::ui
