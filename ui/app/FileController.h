// FileController — the File menu's document side: New, New from generator, Open, Open Recent,
// Samples, Import…, Save, Save As, and files dropped on the window or named on the command line.
//  * One gate: every way of leaving the document (all of the above, closing the window, Quit)
//    goes through confirmLeave(), which offers Save / Discard / Cancel when there are unsaved
//    edits; the replacing paths reach it only through adopt(), the one place a new workload
//    replaces the document.
//  * A file is opened for what it is (io/FileKind.h): a workload replaces the document, a cost
//    model goes to the cost-model opener (the Cost tab), a session to the session opener, a Rumen
//    or SWIM trace opens the import dialog and becomes an untitled workload; a folder, an empty
//    file, an SLS trace or an unknown file gets a message saying what it is.
//  * It is the only way a file is opened: File > Open, Recent, Samples, a dropped file, `mrx
//    FILE` and `mrx FILE --export-all DIR` (without a user: setInteractive(false)) all call
//    open(), so they say the same things and check the same algorithms. Errors name the file, job
//    and field; the document is untouched.
//  * Fields an opened file has that this version does not know are shown to the user (they are
//    kept and written back on save), as the CLI warns about them.
//  * Save first takes the value still being typed (the pending-edit check) and refuses, with the
//    reason, while a refused value is still shown: the file never holds a stale value silently.
#pragma once

#include <QObject>
#include <QStringList>
#include <functional>

#include "io/FileKind.h"
#include "model/Workload.h"

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
    QMenu* recentMenu() const { return m_recent; }
    // Opens a cost model; returns whether it did; throws InputError for a model it cannot read
    // (shown like every other error of open()).
    void setCostModelOpener(std::function<bool(const QString& path)> opener);
    // Opens a session (.mrxs: variants, workload, view); returns whether it did.
    void setSessionOpener(std::function<bool(const QString& path)> opener);
    // The session's variants beside the workload (studio/SessionController): `unsaved()` says
    // whether they changed since the session was last saved or opened, `save()` saves the
    // session (false: not saved). The gate asks about them as about the workload's edits.
    void setSessionGate(std::function<bool()> unsaved, std::function<bool()> save);
    // Before Save: takes what is being typed (table cell, cluster box) and returns why saving
    // must wait (a refused value on screen), or an empty string.
    void setPendingEditCheck(std::function<QString()> check);
    // Without a user (headless exports): no dialogs — traces import with mrsim's defaults,
    // messages go to stderr, and unsaved edits are never asked about (there are none).
    void setInteractive(bool interactive) { m_interactive = interactive; }
    bool isInteractive() const { return m_interactive; }

    // Opens `path` for what it is (see above); false if nothing was opened (error, cancelled).
    // `asSample`: an untitled copy (Save asks where), so installed samples are never overwritten.
    bool open(const QString& path, bool asSample = false);
    bool openFromUser(const QString& path) { return open(path); }
    // The import dialog for a trace (defaults without a user), then an untitled workload.
    bool importTrace(const QString& path, FileKind kind);
    void openCostModelDialog();
    bool save();
    bool saveAs();
    // The gate: with unsaved edits (the workload's, or variants changed since the session was
    // saved) asks Save / Discard / Cancel; false when the user cancels (or a save fails). Every
    // way of leaving the document calls it, once.
    bool confirmLeave();
    bool maybeSave() { return confirmLeave(); }
    // File > New from generator…: the generated workload becomes an untitled document (like
    // File > New: the undo history starts afresh). False when cancelled.
    bool newFromGenerator();
    // An error of opening a file: a message box, or without a user one line on stderr
    // ("mrx: error: " and the box's words). The session opener reports through it too.
    void showError(const QString& title, const QString& text);
    // The warnings shown for the last file opened (unknown fields kept), for tests.
    QStringList lastWarnings() const { return m_lastWarnings; }

signals:
    void opened();  // a workload replaced the document (the session's variants are left too)
    void statusMessage(const QString& text);

private:
    void newFile();
    void openDialog();
    void importDialog();
    bool openCostModel(const QString& path);
    // The one place a new workload replaces the document: passes the gate first.
    bool adopt(Workload workload, const QString& path);
    void showWarnings(const QString& path, const QStringList& warnings);
    void rememberRecent(const QString& path);
    void rebuildRecentMenu();

    WorkloadDocument* m_doc;
    QWidget* m_window;
    QMenu* m_recent = nullptr;
    QMenu* m_samples = nullptr;
    QMenu* m_costSamples = nullptr;
    std::function<bool(const QString&)> m_costOpener;
    std::function<bool(const QString&)> m_sessionOpener;
    std::function<QString()> m_pendingEditCheck;
    std::function<bool()> m_sessionUnsaved;
    std::function<bool()> m_saveSession;
    QStringList m_lastWarnings;
    bool m_interactive = true;
};

}  // namespace mr::ui
