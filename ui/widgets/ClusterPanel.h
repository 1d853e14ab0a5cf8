// ClusterPanel — nodes and map/reduce slots per node, edited in place (undoable; consecutive
// steps of one field merge into one undo step) and kept in step with the document. A value the
// core does not take is refused with the reason (under the boxes and through editRejected), never
// clamped; a cluster with more slots than the batch has tasks says so (every algorithm then
// leaves slots idle, and HScheduler's elastic re-split spreads each job over all of them).
#pragma once

#include <QGroupBox>

class QLabel;

namespace mr::ui {

class WorkloadDocument;
class CheckedSpinBox;

class ClusterPanel : public QGroupBox {
    Q_OBJECT
public:
    explicit ClusterPanel(WorkloadDocument* document, QWidget* parent = nullptr);

    CheckedSpinBox* nodesBox() const { return m_nodes; }
    CheckedSpinBox* mapSlotsBox() const { return m_mapSlots; }
    CheckedSpinBox* reduceSlotsBox() const { return m_reduceSlots; }
    // Takes what is typed in a box now (Save does this). Returns why it was refused, or empty.
    QString commitPendingEdit();
    QString message() const;
    // The line under the boxes: the slots, and which kind has more of them than tasks.
    QString totals() const;

signals:
    void editRejected(const QString& reason);
    void editAccepted();  // the boxes' values are the cluster's: a rejection is over

private:
    void refresh();
    void commit();
    void reject(const QString& reason);

    WorkloadDocument* m_doc;
    CheckedSpinBox* m_nodes;
    CheckedSpinBox* m_mapSlots;
    CheckedSpinBox* m_reduceSlots;
    QLabel* m_totals;
    QLabel* m_message;
    bool m_updating = false;
};

}  // namespace mr::ui
