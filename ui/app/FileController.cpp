#include "app/FileController.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QSettings>
#include <QUndoStack>
#include <cstdio>

#include "app/Samples.h"
#include "document/WorkloadDocument.h"
#include "io/SessionJson.h"
#include "io/WorkloadJson.h"
#include "model/InputError.h"
#include "widgets/GeneratorDialog.h"
#include "widgets/ImportDialog.h"
#include "widgets/SaveTarget.h"

namespace mr::ui {

namespace {
constexpr int kRecentFiles = 8;
constexpr int kWarningsListed = 8;
const char* kFilter = "Workloads (*.json);;All files (*)";
const char* kOpenFilter =
    "Workloads, sessions, cost models and traces (*.json *.mrxs *.tsv);;All files (*)";
const char* kCostFilter = "Cost models (*.json);;All files (*)";
const char* kTraceFilter = "Rumen and SWIM traces (*.json *.tsv);;All files (*)";

QString lastDirectory() {
    return QSettings().value("files/lastDir", samplesDirectory()).toString();
}
}  // namespace

FileController::FileController(WorkloadDocument* doc, QWidget* window)
    : QObject(window), m_doc(doc), m_window(window) {}

void FileController::fillMenu(QMenu* file) {
    file->addAction(tr("&New"), QKeySequence::New, this, [this] { newFile(); })
        ->setObjectName(QStringLiteral("fileNew"));
    file->addAction(tr("New from &generator…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N),
                    this, [this] { newFromGenerator(); })
        ->setObjectName(QStringLiteral("fileNewFromGenerator"));
    file->addAction(tr("&Open…"), QKeySequence::Open, this, [this] { openDialog(); })
        ->setObjectName(QStringLiteral("fileOpen"));
    file->addAction(tr("Open &cost model…"), this, [this] { openCostModelDialog(); });
    m_recent = file->addMenu(tr("Open &Recent"));
    m_samples = file->addMenu(tr("&Samples"));
    for (const QString& path : sampleFiles()) {
        m_samples->addAction(QFileInfo(path).completeBaseName(), this,
                             [this, path] { open(path, true); });
    }
    m_samples->setEnabled(!m_samples->isEmpty());
    m_costSamples = file->addMenu(tr("Cost sa&mples"));
    for (const QString& path : sampleFiles(kCostModelFormat)) {
        m_costSamples->addAction(QFileInfo(path).completeBaseName(), this,
                                 [this, path] { open(path, true); });
    }
    m_costSamples->setEnabled(!m_costSamples->isEmpty());
    file->addAction(tr("&Import trace…"), QKeySequence(Qt::CTRL | Qt::Key_I), this,
                    [this] { importDialog(); })
        ->setObjectName(QStringLiteral("fileImport"));
    file->addSeparator();
    file->addAction(tr("&Save"), QKeySequence::Save, this, [this] { save(); })
        ->setObjectName(QStringLiteral("fileSave"));
    file->addAction(tr("Save &As…"), QKeySequence::SaveAs, this, [this] { saveAs(); });
    rebuildRecentMenu();
}

void FileController::setCostModelOpener(std::function<bool(const QString&)> opener) {
    m_costOpener = std::move(opener);
}

void FileController::setSessionOpener(std::function<bool(const QString&)> opener) {
    m_sessionOpener = std::move(opener);
}

void FileController::setSessionGate(std::function<bool()> unsaved, std::function<bool()> save) {
    m_sessionUnsaved = std::move(unsaved);
    m_saveSession = std::move(save);
}

void FileController::setPendingEditCheck(std::function<QString()> check) {
    m_pendingEditCheck = std::move(check);
}

void FileController::showError(const QString& title, const QString& text) {
    if (m_interactive) {
        QMessageBox::critical(m_window, title, text);
    } else {
        // The box's words, on one line (a command line's error is one line).
        std::fprintf(stderr, "mrx: error: %s\n", qPrintable(text.simplified()));
    }
}

void FileController::showWarnings(const QString& path, const QStringList& warnings) {
    m_lastWarnings = warnings;
    if (warnings.isEmpty()) {
        return;
    }
    if (!m_interactive) {
        for (const QString& warning : warnings) {
            std::fprintf(stderr, "mrx: warning: %s\n", qPrintable(warning));
        }
        return;
    }
    QStringList shown = warnings.mid(0, kWarningsListed);
    if (warnings.size() > kWarningsListed) {
        shown << tr("… and %1 more (Show Details)").arg(warnings.size() - kWarningsListed);
    }
    QMessageBox box(QMessageBox::Warning, tr("Fields this version does not know"),
                    tr("%1 has %n field(s) this version does not know — a typo (\"deadlin\") or "
                       "a newer program's. They are kept as they are and written back when you "
                       "save; the simulation ignores them.",
                       nullptr, static_cast<int>(warnings.size()))
                        .arg(QFileInfo(path).fileName()),
                    QMessageBox::Ok, m_window);
    box.setInformativeText(shown.join(QLatin1Char('\n')));
    box.setDetailedText(warnings.join(QLatin1Char('\n')));
    box.exec();
}

bool FileController::confirmLeave() {
    if (!m_interactive) {
        return true;
    }
    // What is being typed counts: it becomes an edit now, or a refused value the user sees.
    const QString refused = m_pendingEditCheck ? m_pendingEditCheck() : QString();
    const bool workload = m_doc->isModified() || !refused.isEmpty();
    const bool variants = m_sessionUnsaved && m_sessionUnsaved();
    if (!workload && !variants) {
        return true;
    }
    const QString name = m_doc->filePath().isEmpty()
                             ? QString::fromStdString(m_doc->workload().name)
                             : QFileInfo(m_doc->filePath()).fileName();
    // Say what Save will write: the session first (it holds the workload too, and its dialog
    // may be cancelled before anything is written), then the workload to its own file.
    const QString where = m_doc->filePath().isEmpty() ? tr("asks where to save the workload")
                                                      : tr("writes the workload to %1").arg(name);
    QString text =
        workload && variants
            ? tr("The workload \"%1\" has unsaved changes, and the variants are not saved in a "
                 "session file as they are now. Save asks where to save the session, then %2.")
                  .arg(name, where)
        : workload ? tr("The workload \"%1\" has unsaved changes. Save %2.").arg(name, where)
                   : tr("The variants are not saved in a session file as they are now. Save "
                        "asks where to save the session (or saves it where it was).");
    if (!refused.isEmpty()) {
        text += tr("\n\nA value on screen was refused and is not part of the workload: %1")
                    .arg(refused);
    }
    const auto answer = QMessageBox::warning(
        m_window, tr("Unsaved changes"), text,
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save) {
        // The session first: cancelling its dialog then leaves every file as it was.
        return (!variants || !m_saveSession || m_saveSession()) && (!workload || save());
    }
    return answer == QMessageBox::Discard;
}

bool FileController::adopt(Workload workload, const QString& path) {
    if (!confirmLeave()) {
        return false;
    }
    m_doc->reset(std::move(workload), path);
    emit opened();
    return true;
}

void FileController::newFile() {
    adopt(WorkloadDocument::untitled(), QString());
}

bool FileController::newFromGenerator() {
    GeneratorDialog dialog(m_window);
    if (dialog.exec() != QDialog::Accepted) {
        return false;
    }
    return adopt(dialog.workload(), QString());
}

void FileController::openDialog() {
    const QString path = QFileDialog::getOpenFileName(
        m_window, tr("Open a workload, cost model or trace"), lastDirectory(), tr(kOpenFilter));
    if (!path.isEmpty()) {
        open(path);
    }
}

void FileController::importDialog() {
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Import a Rumen or SWIM trace"),
                                                      lastDirectory(), tr(kTraceFilter));
    if (path.isEmpty()) {
        return;
    }
    const FileKind kind = detectFileKind(path.toStdString());
    if (kind == FileKind::Unknown) {
        importTrace(path, kind);  // the dialog lets the user say which format it is
    } else {
        open(path);
    }
}

void FileController::openCostModelDialog() {
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Open cost model"),
                                                      lastDirectory(), tr(kCostFilter));
    if (!path.isEmpty() && openCostModel(path)) {
        rememberRecent(path);
    }
}

bool FileController::openCostModel(const QString& path) {
    try {
        return m_costOpener && m_costOpener(path);
    } catch (const InputError& e) {
        showError(tr("Cannot open the cost model"), QString::fromStdString(e.what()));
        return false;
    }
}

bool FileController::open(const QString& path, bool asSample) {
    const FileKind kind = detectFileKind(path.toStdString());
    const QString name = QFileInfo(path).fileName();
    switch (kind) {
        case FileKind::CostModel:
            if (!openCostModel(path)) {
                return false;
            }
            if (!asSample) {
                rememberRecent(path);
            }
            return true;
        case FileKind::Session:
            // Read first here, so that a bad session is reported the way every file is (one line
            // on stderr without a user); the opener then passes the gate itself (it replaces the
            // workload too).
            try {
                loadSession(path.toStdString());
            } catch (const InputError& e) {
                showError(tr("Cannot open the session"), QString::fromStdString(e.what()));
                return false;
            }
            if (!m_sessionOpener || !m_sessionOpener(path)) {
                return false;
            }
            rememberRecent(path);
            return true;
        case FileKind::RumenTrace:
        case FileKind::SwimTrace:
            return importTrace(path, kind);
        case FileKind::Missing:
            showError(tr("Cannot open the file"), tr("%1: no such file").arg(path));
            return false;
        case FileKind::Directory:
        case FileKind::Empty:
        case FileKind::Unreadable:
        case FileKind::SlsTrace:
        case FileKind::OtherMrx:
            showError(tr("Cannot open the file"),
                      tr("%1 is %2.").arg(path, QString::fromStdString(describeFileKind(kind))));
            return false;
        case FileKind::Workload:
        case FileKind::Unknown:
            break;
    }
    LoadReport report;
    Workload w;
    try {
        w = loadWorkload(path.toStdString(), &report);
    } catch (const InputError& e) {
        const QString reason = QString::fromStdString(e.what());
        // "Not a file this program knows" only when the loader found no workload format in
        // JSON it could read; a truncated workload is a broken workload, and its reason says so.
        showError(tr("Cannot open the workload"),
                  kind == FileKind::Unknown && e.field() == "format"
                      ? tr("%1 is %2:\n%3")
                            .arg(name, QString::fromStdString(describeFileKind(kind)), reason)
                      : reason);
        return false;
    }
    if (!adopt(std::move(w), asSample ? QString() : path)) {
        return false;
    }
    if (!asSample) {
        rememberRecent(path);
    }
    QStringList warnings;
    for (const auto& warning : report.warnings) {
        warnings << QString::fromStdString(warning);
    }
    showWarnings(path, warnings);
    return true;
}

bool FileController::importTrace(const QString& path, FileKind kind) {
    ImportOutcome outcome;
    if (m_interactive) {
        ImportDialog dialog(path, kind, m_window);
        if (dialog.exec() != QDialog::Accepted) {
            return false;
        }
        outcome = dialog.outcome();
    } else {
        try {
            outcome = mr::ui::importTrace(path, ImportChoice{kind, {}, {}});
        } catch (const InputError& e) {
            showError(tr("Cannot import the trace"), QString::fromStdString(e.what()));
            return false;
        }
    }
    if (!adopt(std::move(outcome.workload), QString())) {
        return false;
    }
    rememberRecent(path);
    emit statusMessage(tr("Imported %1: %2").arg(QFileInfo(path).fileName(), outcome.summary));
    if (!outcome.notes.isEmpty() && m_interactive) {
        QMessageBox box(QMessageBox::Information, tr("Imported"),
                        tr("Imported %1 as an untitled workload: %2.")
                            .arg(QFileInfo(path).fileName(), outcome.summary),
                        QMessageBox::Ok, m_window);
        box.setInformativeText(tr("%n note(s) on what the trace could not give (Show Details).",
                                  nullptr, static_cast<int>(outcome.notes.size())));
        box.setDetailedText(outcome.notes.join(QLatin1Char('\n')));
        box.exec();
    }
    return true;
}

bool FileController::save() {
    if (m_pendingEditCheck) {
        const QString reason = m_pendingEditCheck();
        if (!reason.isEmpty()) {
            showError(tr("Not saved"),
                      tr("Not saved: a value on screen was refused, so the file would not hold "
                         "what you see.\n\n%1\n\nCorrect it (or type the value it had), then save.")
                          .arg(reason));
            return false;
        }
    }
    if (m_doc->filePath().isEmpty()) {
        return saveAs();
    }
    try {
        m_doc->saveAs(m_doc->filePath());
    } catch (const InputError& e) {
        showError(tr("Cannot save the workload"), QString::fromStdString(e.what()));
        return false;
    }
    return true;
}

bool FileController::saveAs() {
    QString suggestion = m_doc->filePath();
    if (suggestion.isEmpty()) {
        suggestion = QSettings().value("files/lastDir").toString() + QLatin1Char('/') +
                     QString::fromStdString(m_doc->workload().name)
                         .replace(QLatin1Char(' '), QLatin1Char('-'))
                         .replace(QLatin1Char(','), QString()) +
                     QStringLiteral(".json");
    }
    const QString path = askSavePath(m_window, tr("Save workload"), suggestion, tr(kFilter),
                                     QStringLiteral(".json"));
    if (path.isEmpty()) {
        return false;
    }
    try {
        m_doc->saveAs(path);
    } catch (const InputError& e) {
        showError(tr("Cannot save the workload"), QString::fromStdString(e.what()));
        return false;
    }
    rememberRecent(path);
    return true;
}

void FileController::rememberRecent(const QString& path) {
    QSettings settings;
    QStringList files = settings.value("files/recent").toStringList();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    files.removeAll(absolute);
    files.prepend(absolute);
    while (files.size() > kRecentFiles) {
        files.removeLast();
    }
    settings.setValue("files/recent", files);
    settings.setValue("files/lastDir", QFileInfo(path).absolutePath());
    rebuildRecentMenu();
}

void FileController::rebuildRecentMenu() {
    if (m_recent == nullptr) {
        return;
    }
    m_recent->clear();
    const QStringList files = QSettings().value("files/recent").toStringList();
    for (const QString& path : files) {
        m_recent->addAction(QFileInfo(path).fileName(), this, [this, path] { open(path); })
            ->setToolTip(path);
    }
    m_recent->setEnabled(!files.isEmpty());
}

}  // namespace mr::ui
