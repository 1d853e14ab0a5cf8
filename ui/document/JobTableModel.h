// JobTableModel — the job table: one row per job (name, maps, reduces, map and reduce task
// duration or "per task", arrival, deadline). Edits are validated here; a refused value stays in
// its cell, marked, with the reason as tooltip (and editRejected for the status bar). Valid edits
// become undoable commands on the document. Rows can be dragged to a new place: that order is
// then the manual order. The name cell shows the job's colour, so the table is the charts' legend.
#pragma once

#include <QAbstractTableModel>
#include <QHash>
#include <optional>

#include "document/WorkloadDocument.h"

namespace mr::ui {

class JobTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Name,
        Maps,
        Reduces,
        MapDuration,
        ReduceDuration,
        Arrival,
        Deadline,
        ColumnCount
    };

    explicit JobTableModel(WorkloadDocument* document, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;

    Qt::DropActions supportedDropActions() const override { return Qt::MoveAction; }
    QStringList mimeTypes() const override;
    QMimeData* mimeData(const QModelIndexList& indexes) const override;
    bool dropMimeData(const QMimeData* data, Qt::DropAction action, int row, int column,
                      const QModelIndex& parent) override;

    // The reason a value typed into this cell was refused, or empty.
    QString cellError(int row, int column) const;
    // The first refused value still shown in the table ("Map task (s) of J1: 'x' — reason"), or
    // empty. Saving waits while there is one: the file would not hold what the table shows.
    QString firstCellError() const;

signals:
    void editRejected(const QString& reason);
    void editAccepted();  // a cell took its value (changed or not): its rejection is over

private:
    // The job with `text` applied to `column`, or the reason it cannot be.
    std::optional<Job> applyEdit(int row, int column, const QString& text, QString* reason) const;
    void clearRowErrors(int row);

    WorkloadDocument* m_doc;
    struct CellError {
        QString text;
        QString reason;
    };
    QHash<quint64, CellError> m_errors;  // key: row << 8 | column
};

}  // namespace mr::ui
