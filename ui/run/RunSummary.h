// RunSummary — the status line's sentence about a run: which algorithms are still computing, or
// how many ran on how many jobs and tasks in how long, and how many failed or were cancelled.
#pragma once

#include <QString>

namespace mr::ui {

struct RunSet;

QString runSummary(const RunSet& results);

}  // namespace mr::ui
