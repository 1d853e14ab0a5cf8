// SweepResultsOpener — File > Open sweep results…: the JSON-lines points of a sweep —
// a merged file (`mrsim merge --lines`) or the parts of a sweep still running, several at once —
// read by core SweepResults off the GUI thread and shown in their command's tab: `sweep` in the
// Sweep tab, `sweep-load` in the Deadlines tab, `cost-sweep --epochs` in the Cost tab's epoch
// sweep and `cost-sweep --machines` in its cluster-size sweep. Missing points are gaps in the
// charts; the tab's status line says how many points the
// files hold and which are missing.
#pragma once

#include <QObject>
#include <QStringList>
#include <functional>

class QWidget;

namespace mr::ui {

class BackgroundJob;
class CostTab;
class DeadlinesTab;
class FaultSweepTab;
class SweepTab;

class SweepResultsOpener : public QObject {
    Q_OBJECT
public:
    // `showTab` brings a tab to the front.
    SweepResultsOpener(SweepTab* sweep, FaultSweepTab* faults, DeadlinesTab* deadlines,
                       CostTab* cost, std::function<void(QWidget* tab)> showTab, QWidget* parent);

    // The file dialog (several files may be chosen), then open(); a refused file is a message.
    void chooseAndOpen();
    // Reads `paths` in the background; then shows them, or emits failed() with one line naming
    // the file and the line.
    void open(const QStringList& paths);
    void waitForIdle();  // tests

signals:
    void opened(const QString& status);
    void failed(const QString& message);

private:
    QWidget* m_parent;
    SweepTab* m_sweep;
    FaultSweepTab* m_faults;
    DeadlinesTab* m_deadlines;
    CostTab* m_cost;
    std::function<void(QWidget*)> m_showTab;
    BackgroundJob* m_job;
};

}  // namespace mr::ui
