// Where the sample workloads are: $MRX_SAMPLES_DIR, the installed share/mrx/samples next to the
// binary, or the source tree's samples/ (development builds).
#pragma once

#include <QString>
#include <QStringList>

namespace mr::ui {

QString samplesDirectory();
// Absolute paths of the samples of one file format ("mrx-workload" or "mrx-costmodel", the
// "format" field every file of ours starts with), sorted by name.
QStringList sampleFiles(const QString& format = QStringLiteral("mrx-workload"));
// The "format" field near the start of a JSON file of ours; empty when there is none (or the
// file cannot be read: the loader then says why).
QString fileFormat(const QString& path);
inline const QString kCostModelFormat = QStringLiteral("mrx-costmodel");

}  // namespace mr::ui
