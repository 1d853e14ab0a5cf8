// SessionController — File > Open session…, Save session, Save session as…:
// captures the window as a core Session (the workload being edited with its checked algorithms
// and run options, the variants, the open tab, the Teach step, the highlighted job, the
// comparison's reference) and puts a session back. Opening passes the document's Save / Discard
// / Cancel gate first; a session's errors are one line naming the file and the field. The
// window's geometry is never part of a session (it stays in QSettings).
#pragma once

#include <QObject>
#include <QString>

#include "experiments/Session.h"

class QMenu;

namespace mr::ui {

class MainWindow;
class VariantStore;

class SessionController : public QObject {
    Q_OBJECT
public:
    SessionController(MainWindow* window, VariantStore* variants);

    void fillMenu(QMenu* file);

    Session capture() const;
    // Replaces the workload, algorithms, run options, variants and view; false when the user
    // keeps the unsaved workload (the gate's Cancel).
    bool apply(const Session& session);

    // Loads and applies `path`; errors go to a message box (stderr without a user).
    bool open(const QString& path);
    // Saves to the session's file (asks for one when there is none); false when not saved.
    bool save();
    // Leaves the session (a workload replaced the document): no variants, no session file.
    void close();
    // Variants that would be lost: changed since the session was saved or opened.
    bool hasUnsavedVariants() const;
    bool saveAs(const QString& path = {});
    QString filePath() const { return m_path; }

signals:
    void statusMessage(const QString& text);

private:
    void showError(const QString& title, const QString& text);

    MainWindow* m_window;
    VariantStore* m_variants;
    QString m_path;
};

}  // namespace mr::ui
