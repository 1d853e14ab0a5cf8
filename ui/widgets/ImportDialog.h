// ImportDialog — File > Import… (and a trace opened or dropped as a file): says what the file is
// (a Rumen job history, a SWIM workload), shows the importer's options — the same as
// `mrsim import rumen|swim` — with the equivalent command line, and imports on "Import". The
// result becomes an untitled workload (FileController). A trace the importer refuses keeps the
// dialog open with the reason (file, job, field, line). The options are remembered.
#pragma once

#include <QDialog>
#include <QStringList>

#include "io/FileKind.h"
#include "io/RumenImport.h"
#include "io/SwimImport.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QStackedWidget;

namespace mr::ui {

class CheckedSpinBox;
class CheckedDoubleSpinBox;

struct ImportChoice {
    FileKind kind = FileKind::RumenTrace;  // RumenTrace or SwimTrace
    RumenImportOptions rumen;
    SwimImportOptions swim;
};

struct ImportOutcome {
    Workload workload;
    QString summary;    // the importer's report in one line
    QStringList notes;  // what it skipped or could not measure, one line each
};

// Imports `path` as `choice` says. Throws InputError naming the file, job, field and line.
ImportOutcome importTrace(const QString& path, const ImportChoice& choice);
// `mrsim import …` with these options ("mrsim import rumen trace.json -o OUT.json --nodes 6").
QString importCommandLine(const QString& path, const ImportChoice& choice);

class ImportDialog : public QDialog {
    Q_OBJECT
public:
    // `kind`: what the file was detected as (RumenTrace or SwimTrace; anything else: Rumen).
    ImportDialog(const QString& path, FileKind kind, QWidget* parent = nullptr);

    ImportChoice choice() const;
    void setChoice(const ImportChoice& choice);
    // After the dialog was accepted.
    const ImportOutcome& outcome() const { return m_outcome; }
    QString message() const;
    QString commandLine() const;

    // Imports; on a refused trace shows the reason and stays open.
    void accept() override;

private:
    CheckedSpinBox* countBox(QWidget* parent, const QString& field, long long max, int value);
    QWidget* buildRumenPage();
    QWidget* buildSwimPage();
    static ImportChoice rememberedChoice(FileKind kind);
    void updateControls();
    void remember() const;

    QString m_path;
    QLabel* m_what;
    QComboBox* m_format;
    QStackedWidget* m_pages;
    // Rumen: each cluster value from the trace unless its box is checked.
    QCheckBox* m_rumenNodesSet;
    CheckedSpinBox* m_rumenNodes;
    QCheckBox* m_rumenMapSet;
    CheckedSpinBox* m_rumenMap;
    QCheckBox* m_rumenReduceSet;
    CheckedSpinBox* m_rumenReduce;
    // SWIM: the byte model and the cluster.
    CheckedDoubleSpinBox* m_blockSize;
    CheckedDoubleSpinBox* m_mapRate;
    CheckedDoubleSpinBox* m_reduceRate;
    CheckedDoubleSpinBox* m_bytesPerReducer;
    CheckedDoubleSpinBox* m_overhead;
    CheckedSpinBox* m_maxJobs;
    CheckedSpinBox* m_swimNodes;
    CheckedSpinBox* m_swimMap;
    CheckedSpinBox* m_swimReduce;
    QLabel* m_command;
    QLabel* m_message;
    ImportOutcome m_outcome;
};

}  // namespace mr::ui
