// Launch — what mrx does with its parsed command line (CommandLine.h) once the main window
// exists: open the file, check the algorithms, go to a tab, start sweeps; and, for the export
// options, the headless path: wait for every algorithm (a progress line on stderr), run the
// requested sweeps, and write through the window's own File > Export entries
// (ExportController), never through a renderer of its own.
#pragma once

#include "app/CommandLine.h"

namespace mr::ui {

class MainWindow;

// The window as the command line asks for it, ready to be shown.
void prepareWindow(MainWindow& window, const GuiRequest& request);

// The export options on a window that is never shown (the offscreen platform): returns the
// exit code, 0 or 2 (one line on stderr naming the file and field).
int runExports(MainWindow& window, const GuiRequest& request);

}  // namespace mr::ui
