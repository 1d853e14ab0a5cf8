// StudioWindow — what the studio (sessions, the per-variant export) needs of the main window:
// the parts a session captures and puts back, the file gate every document passes, File >
// Export's entries, and showing a variant's run in every tab. The main window implements it;
// the studio never includes the window itself (scripts/check-layers.py: studio sits below app).
#pragma once

#include <QString>
#include <memory>

class QWidget;

namespace mr::ui {

struct RunSet;
class AlgorithmList;
class ExportController;
class GanttPanel;
class RunOptionsPanel;
class TeachTab;
class VariantStore;
class WorkloadDocument;

class StudioWindow {
public:
    // The parent of the studio's dialogs.
    virtual QWidget* dialogParent() = 0;
    virtual WorkloadDocument* document() const = 0;
    virtual AlgorithmList* algorithmList() const = 0;
    virtual RunOptionsPanel* runOptionsPanel() const = 0;
    virtual VariantStore* variants() const = 0;
    virtual ExportController* exports() const = 0;
    virtual GanttPanel* ganttPanel() const = 0;
    virtual TeachTab* teachTab() const = 0;

    // The tab shown by name (showTab's names; empty: the first tab); false for an unknown name.
    virtual QString currentTabName() const = 0;
    virtual bool showTab(const QString& name) = 0;
    virtual int selectedJob() const = 0;
    virtual void selectJob(int job) = 0;

    // Opens a file as File > Open does (remembered as recent); false when it was not opened.
    virtual bool openFile(const QString& path, bool asSample = false) = 0;
    // The Save / Discard / Cancel gate of unsaved edits; false: the user keeps them.
    virtual bool confirmLeave() = 0;
    // A file's error as every file's error is shown (a message box; stderr without a user).
    virtual void showError(const QString& title, const QString& text) = 0;

    // Every tab shows `results` (a variant's run) instead of the workload being edited's until
    // called with null; File > Export's entries then write that run.
    virtual void setShownResults(std::shared_ptr<const RunSet> results) = 0;
    // The Johnson lesson on the results shown, at `step` (-1: its last, the whole schedule), for
    // an export.
    virtual void setJohnsonExportStep(int step) = 0;

protected:
    ~StudioWindow() = default;
};

}  // namespace mr::ui
