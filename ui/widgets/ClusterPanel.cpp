#include "widgets/ClusterPanel.h"

#include <QFormLayout>
#include <QLabel>
#include <QSpinBox>

#include "document/WorkloadDocument.h"
#include "io/WorkloadJson.h"

namespace mr::ui {

ClusterPanel::ClusterPanel(WorkloadDocument* doc, QWidget* parent)
    : QGroupBox(tr("Cluster"), parent), m_doc(doc) {
    auto* form = new QFormLayout(this);
    auto spin = [this](int max, const QString& tip) {
        auto* box = new QSpinBox(this);
        box->setRange(1, max);
        box->setToolTip(tip);
        box->setKeyboardTracking(false);
        connect(box, &QSpinBox::valueChanged, this, [this] { commit(); });
        return box;
    };
    m_nodes = spin(static_cast<int>(kMaxNodes), tr("Worker nodes in the cluster"));
    m_mapSlots = spin(static_cast<int>(kMaxSlotsPerNode), tr("Map slots on each node"));
    m_reduceSlots = spin(static_cast<int>(kMaxSlotsPerNode), tr("Reduce slots on each node"));
    m_totals = new QLabel(this);
    form->addRow(tr("Nodes"), m_nodes);
    form->addRow(tr("Map slots / node"), m_mapSlots);
    form->addRow(tr("Reduce slots / node"), m_reduceSlots);
    form->addRow(m_totals);
    connect(doc, &WorkloadDocument::clusterChanged, this, &ClusterPanel::refresh);
    connect(doc, &WorkloadDocument::resetDone, this, &ClusterPanel::refresh);
    refresh();
}

void ClusterPanel::refresh() {
    const Cluster& c = m_doc->workload().cluster;
    m_updating = true;
    m_nodes->setValue(c.nodes);
    m_mapSlots->setValue(c.mapSlotsPerNode);
    m_reduceSlots->setValue(c.reduceSlotsPerNode);
    m_updating = false;
    m_totals->setText(tr("%1 map and %2 reduce slots").arg(c.mapSlots()).arg(c.reduceSlots()));
}

void ClusterPanel::commit() {
    if (m_updating) {
        return;
    }
    m_doc->setCluster({m_nodes->value(), m_mapSlots->value(), m_reduceSlots->value()});
}

}  // namespace mr::ui
