// FileController — File menu: New, Open, Open Recent, Samples, Save, Save As, and files dropped
// on the window. Errors in a file appear in a message box naming the file, job and field; the
// document is untouched. Unsaved changes are never lost silently. A cost model (a file whose
// "format" is "mrx-costmodel") is not a workload: Open, Open Recent and drops hand it to the
// cost-model opener (the Cost tab), as do Open cost model and the Cost samples menu.
#pragma once

#include <QObject>
#include <functional>

class QAction;
class QMenu;
class QWidget;

namespace mr::ui {

class WorkloadDocument;

class FileController : public QObject {
    Q_OBJECT
public:
    FileController(WorkloadDocument* document, QWidget* window);

    void fillMenu(QMenu* file);
    QMenu* samplesMenu() const { return m_samples; }
    QMenu* costSamplesMenu() const { return m_costSamples; }
    // Opens a cost model (shows its own errors); returns whether it did.
    void setCostModelOpener(std::function<bool(const QString& path)> opener);

    // Open a file; on error shows a message box and returns false. Samples open as untitled
    // copies (Save asks where), so the installed samples are never overwritten. Cost models go
    // to the cost-model opener.
    bool open(const QString& path, bool asSample = false);
    // Open a file the user chose (recent files, drops): asks to save the workload first when
    // the file is a workload that replaces it.
    bool openFromUser(const QString& path);
    void openCostModelDialog();
    bool save();
    bool saveAs();
    // Ask whether to save unsaved changes; false when the user cancels.
    bool maybeSave();
    // File > New from generator…: the generated workload becomes an untitled document (like
    // File > New: the undo history starts afresh). False when cancelled.
    bool newFromGenerator();

signals:
    void opened();

private:
    void newFile();
    void openDialog();
    void rememberRecent(const QString& path);
    void rebuildRecentMenu();

    WorkloadDocument* m_doc;
    QWidget* m_window;
    QMenu* m_recent = nullptr;
    QMenu* m_samples = nullptr;
    QMenu* m_costSamples = nullptr;
    std::function<bool(const QString&)> m_costOpener;
};

}  // namespace mr::ui
