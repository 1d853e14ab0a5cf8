// SaveTarget — the one gate every file the explorer writes where a person chose passes through
// (File > Save as, Save session as, Export, Export plan): an existing file is replaced only after
// one question that names every file that would be, and No (the default) writes nothing. Save
// dialogs leave that question to it, so it is asked once and the same way on every desktop.
// The command-line exports (`mrx FILE --export-all DIR`, `--export-gantt OUT`) write over files of
// the same name, as `mrsim` does; their help says so.
#pragma once

#include <QString>
#include <QStringList>

class QWidget;

namespace mr::ui {

// The paths among `paths` that name an existing file (or folder).
QStringList existingFiles(const QStringList& paths);

// True when no path of `paths` exists, or when the person answers Replace to the question, titled
// `title`, that names each existing one.
bool confirmReplace(QWidget* parent, const QString& title, const QStringList& paths);

// A save-file dialog: the chosen path with `suffix` (".json") added when it has none, once
// confirmReplace allows writing it; empty when the person cancels either question.
QString askSavePath(QWidget* parent, const QString& title, const QString& start,
                    const QString& filter, const QString& suffix);

}  // namespace mr::ui
