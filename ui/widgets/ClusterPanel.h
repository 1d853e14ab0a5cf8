// ClusterPanel — nodes and map/reduce slots per node, edited in place (undoable, merged while the
// spin box keeps stepping) and kept in step with the document.
#pragma once

#include <QGroupBox>

class QLabel;
class QSpinBox;

namespace mr::ui {

class WorkloadDocument;

class ClusterPanel : public QGroupBox {
    Q_OBJECT
public:
    explicit ClusterPanel(WorkloadDocument* document, QWidget* parent = nullptr);

    QSpinBox* nodesBox() const { return m_nodes; }

private:
    void refresh();
    void commit();

    WorkloadDocument* m_doc;
    QSpinBox* m_nodes;
    QSpinBox* m_mapSlots;
    QSpinBox* m_reduceSlots;
    QLabel* m_totals;
    bool m_updating = false;
};

}  // namespace mr::ui
