// FileController — File menu: New, Open, Open Recent, Samples, Save, Save As, and files dropped
// on the window. Errors in a file appear in a message box naming the file, job and field; the
// document is untouched. Unsaved changes are never lost silently.
#pragma once

#include <QObject>

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

    // Open a file; on error shows a message box and returns false. Samples open as untitled
    // copies (Save asks where), so the installed samples are never overwritten.
    bool open(const QString& path, bool asSample = false);
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
};

}  // namespace mr::ui
