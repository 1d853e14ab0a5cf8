// Launch — what mrx does with its parsed command line (CommandLine.h) once the main window
// exists: open the file, check the algorithms, go to a tab, start sweeps; and, for the export
// options, the headless path: open the file through the window's own File > Open
// (FileController::open, as `mrx FILE` does), wait for every algorithm (a progress line on
// stderr), run the requested sweeps, and write through the window's own File > Export entries
// (ExportController), never through a renderer of its own.
#pragma once

#include "app/CommandLine.h"

namespace mr::ui {

class MainWindow;

// The window as the command line asks for it, ready to be shown.
void prepareWindow(MainWindow& window, const GuiRequest& request);

// The export options, from start to end: fresh settings (FreshSettings: the registry's defaults,
// nothing remembered is read or written), a window that is never shown, runExports(). Returns
// the exit code.
int runHeadless(const GuiRequest& request);

// The export options on a window that is never shown (the offscreen platform): opens the file
// as File > Open does (without a user), then exportCurrentState(). Returns the exit code, 0 or 2
// (one line on stderr naming the file and field).
int runExports(MainWindow& window, const GuiRequest& request);

// Writes what `request` asks for (--export-all DIR, --export-gantt, ...) from the window as it is
// now — its workload or cost model, checked algorithms and options — once its runs are done:
// the one place an export of "the window's current state" is made. Returns the exit code.
int exportCurrentState(MainWindow& window, const GuiRequest& request);

}  // namespace mr::ui
