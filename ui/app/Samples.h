// Where the sample workloads are: $MRX_SAMPLES_DIR, the installed share/mrx/samples next to the
// binary, or the source tree's samples/ (development builds).
#pragma once

#include <QString>
#include <QStringList>

namespace mr::ui {

QString samplesDirectory();
QStringList sampleFiles();  // absolute paths, sorted by name

}  // namespace mr::ui
