// JobTableView — the job table's view: rows dragged to a new place, cells edited in place. Every
// cell's editor is a line edit, numbers' too (never a spin box that would clamp or drop what is
// typed): the model refuses a bad value with the reason. Its editors start with the cell's exact
// value; a "per task" cell's editor starts empty with the cell's text as placeholder, so Enter on
// it keeps the per-task durations. Save and Close take the value still being typed first
// (commitPendingEdit), so nothing typed is lost or saved stale.
#pragma once

#include <QPointer>
#include <QTableView>

class QLineEdit;

namespace mr::ui {

class JobTableView : public QTableView {
    Q_OBJECT
public:
    explicit JobTableView(QWidget* parent = nullptr);

    // Commits and closes the editor that is open, if any (its value goes to the model, which
    // accepts it or marks the cell with the reason).
    void commitPendingEdit();
    // The open editor, or null (tests).
    QWidget* openEditor() const;
};

}  // namespace mr::ui
