#include "app/FileController.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QSettings>
#include <QUndoStack>

#include "app/Samples.h"
#include "document/WorkloadDocument.h"
#include "io/WorkloadJson.h"
#include "model/InputError.h"
#include "widgets/GeneratorDialog.h"

namespace mr::ui {

namespace {
constexpr int kRecentFiles = 8;
const char* kFilter = "Workloads (*.json);;All files (*)";
const char* kOpenFilter = "Workloads and cost models (*.json);;All files (*)";
const char* kCostFilter = "Cost models (*.json);;All files (*)";

QString lastDirectory() {
    return QSettings().value("files/lastDir", samplesDirectory()).toString();
}
}  // namespace

FileController::FileController(WorkloadDocument* doc, QWidget* window)
    : QObject(window), m_doc(doc), m_window(window) {}

void FileController::fillMenu(QMenu* file) {
    file->addAction(tr("&New"), QKeySequence::New, this, [this] { newFile(); });
    file->addAction(tr("New from &generator…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N),
                    this, [this] { newFromGenerator(); });
    file->addAction(tr("&Open…"), QKeySequence::Open, this, [this] { openDialog(); });
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
    file->addSeparator();
    file->addAction(tr("&Save"), QKeySequence::Save, this, [this] { save(); });
    file->addAction(tr("Save &As…"), QKeySequence::SaveAs, this, [this] { saveAs(); });
    rebuildRecentMenu();
}

void FileController::newFile() {
    if (maybeSave()) {
        m_doc->reset(WorkloadDocument::untitled(), QString());
        emit opened();
    }
}

void FileController::setCostModelOpener(std::function<bool(const QString&)> opener) {
    m_costOpener = std::move(opener);
}

bool FileController::newFromGenerator() {
    if (!maybeSave()) {
        return false;
    }
    GeneratorDialog dialog(m_window);
    if (dialog.exec() != QDialog::Accepted) {
        return false;
    }
    m_doc->reset(dialog.workload(), QString());
    emit opened();
    return true;
}

void FileController::openDialog() {
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Open workload or cost model"),
                                                      lastDirectory(), tr(kOpenFilter));
    if (!path.isEmpty()) {
        openFromUser(path);
    }
}

void FileController::openCostModelDialog() {
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Open cost model"),
                                                      lastDirectory(), tr(kCostFilter));
    if (!path.isEmpty() && m_costOpener && m_costOpener(path)) {
        rememberRecent(path);
    }
}

bool FileController::openFromUser(const QString& path) {
    if (fileFormat(path) != kCostModelFormat && !maybeSave()) {
        return false;
    }
    return open(path);
}

bool FileController::open(const QString& path, bool asSample) {
    if (m_costOpener && fileFormat(path) == kCostModelFormat) {
        if (!m_costOpener(path)) {
            return false;
        }
        if (!asSample) {
            rememberRecent(path);
        }
        return true;
    }
    try {
        if (asSample) {
            m_doc->reset(loadWorkload(path.toStdString()), QString());
        } else {
            m_doc->open(path);
            rememberRecent(path);
        }
    } catch (const InputError& e) {
        QMessageBox::critical(m_window, tr("Cannot open the workload"),
                              QString::fromStdString(e.what()));
        return false;
    }
    emit opened();
    return true;
}

bool FileController::save() {
    if (m_doc->filePath().isEmpty()) {
        return saveAs();
    }
    try {
        m_doc->saveAs(m_doc->filePath());
    } catch (const InputError& e) {
        QMessageBox::critical(m_window, tr("Cannot save the workload"),
                              QString::fromStdString(e.what()));
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
    QString path =
        QFileDialog::getSaveFileName(m_window, tr("Save workload"), suggestion, tr(kFilter));
    if (path.isEmpty()) {
        return false;
    }
    if (QFileInfo(path).suffix().isEmpty()) {
        path += QStringLiteral(".json");
    }
    try {
        m_doc->saveAs(path);
    } catch (const InputError& e) {
        QMessageBox::critical(m_window, tr("Cannot save the workload"),
                              QString::fromStdString(e.what()));
        return false;
    }
    rememberRecent(path);
    return true;
}

bool FileController::maybeSave() {
    if (!m_doc->isModified()) {
        return true;
    }
    const auto answer = QMessageBox::warning(
        m_window, tr("Unsaved changes"), tr("The workload has unsaved changes. Save them first?"),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save) {
        return save();
    }
    return answer == QMessageBox::Discard;
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
        m_recent->addAction(QFileInfo(path).fileName(), this, [this, path] { openFromUser(path); })
            ->setToolTip(path);
    }
    m_recent->setEnabled(!files.isEmpty());
}

}  // namespace mr::ui
