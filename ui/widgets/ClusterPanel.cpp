#include "widgets/ClusterPanel.h"

#include <QFormLayout>
#include <QLabel>

#include "document/WorkloadDocument.h"
#include "io/WorkloadJson.h"
#include "model/InputError.h"
#include "model/Limits.h"
#include "widgets/CheckedSpinBox.h"

namespace mr::ui {

ClusterPanel::ClusterPanel(WorkloadDocument* doc, QWidget* parent)
    : QGroupBox(tr("Cluster"), parent), m_doc(doc) {
    auto* form = new QFormLayout(this);
    auto spin = [this](const QString& field, int max, const QString& tip) {
        auto* box = new CheckedSpinBox(field, this);
        box->setRange(1, max);  // what the workload file and the simulator take
        box->setToolTip(tip);
        box->setKeyboardTracking(false);
        box->setGroupSeparatorShown(false);
        connect(box, &QSpinBox::valueChanged, this, [this] { commit(); });
        connect(box, &CheckedSpinBox::rejected, this, &ClusterPanel::reject);
        return box;
    };
    m_nodes = spin(tr("Nodes"), static_cast<int>(kMaxNodes),
                   tr("Worker nodes in the cluster (1 to %L1)").arg(kMaxNodes));
    m_mapSlots = spin(tr("Map slots per node"), static_cast<int>(kMaxSlotsPerNode),
                      tr("Map slots on each node (1 to %L1)").arg(kMaxSlotsPerNode));
    m_reduceSlots = spin(tr("Reduce slots per node"), static_cast<int>(kMaxSlotsPerNode),
                         tr("Reduce slots on each node (1 to %L1)").arg(kMaxSlotsPerNode));
    m_totals = new QLabel(this);
    m_totals->setWordWrap(true);
    m_message = new QLabel(this);
    m_message->setWordWrap(true);
    m_message->setStyleSheet(QStringLiteral("color: #b01010;"));
    m_message->setVisible(false);
    form->addRow(tr("Nodes"), m_nodes);
    form->addRow(tr("Map slots / node"), m_mapSlots);
    form->addRow(tr("Reduce slots / node"), m_reduceSlots);
    form->addRow(m_totals);
    form->addRow(m_message);
    connect(doc, &WorkloadDocument::changed, this, &ClusterPanel::refresh);
    // The reason a value was refused stays until the workload changes (any edit, an undo):
    // then it would speak of a state the window no longer shows.
    connect(doc, &WorkloadDocument::changed, this, [this] { m_message->setVisible(false); });
    refresh();
}

void ClusterPanel::reject(const QString& reason) {
    m_message->setText(reason);
    m_message->setVisible(true);
    emit editRejected(reason);
}

QString ClusterPanel::message() const {
    return m_message->isVisible() ? m_message->text() : QString();
}

QString ClusterPanel::totals() const {
    return m_totals->text();
}

QString ClusterPanel::commitPendingEdit() {
    for (CheckedSpinBox* box : {m_nodes, m_mapSlots, m_reduceSlots}) {
        if (!box->commitTyped()) {
            return m_message->text();
        }
    }
    return {};
}

void ClusterPanel::refresh() {
    const Workload& w = m_doc->workload();
    const Cluster& c = w.cluster;
    m_updating = true;
    m_nodes->setValue(c.nodes);
    m_mapSlots->setValue(c.mapSlotsPerNode);
    m_reduceSlots->setValue(c.reduceSlotsPerNode);
    m_updating = false;
    // Node classes come from the file; the three boxes edit equal nodes only.
    for (CheckedSpinBox* box : {m_nodes, m_mapSlots, m_reduceSlots}) {
        box->setEnabled(c.nodeClasses.empty());
    }
    QString text = tr("%L1 map and %L2 reduce slots").arg(c.mapSlots()).arg(c.reduceSlots());
    if (!c.nodeClasses.empty()) {
        text =
            tr("Node classes %1: %2").arg(QString::fromStdString(describeNodeClasses(c))).arg(text);
    }
    long long maps = 0;
    long long reduces = 0;
    for (const Job& job : w.jobs) {
        maps += job.maps();
        reduces += job.reduces();
    }
    // Only the kind that really has more slots than tasks: the other may be the bottleneck.
    const bool mapIdle = c.mapSlots() > maps;
    const bool reduceIdle = reduces > 0 && c.reduceSlots() > reduces;
    if (mapIdle || reduceIdle) {
        const QString more =
            mapIdle && reduceIdle
                ? tr("more map and reduce slots than the batch's %L1 map and %L2 reduce tasks")
                      .arg(maps)
                      .arg(reduces)
            : mapIdle ? tr("more map slots than the batch's %L1 map tasks").arg(maps)
                      : tr("more reduce slots than the batch's %L1 reduce tasks").arg(reduces);
        text += tr(" — %1: slots stay idle, and HScheduler spreads each job's work over all of "
                   "them")
                    .arg(more);
    }
    m_totals->setText(text);
}

void ClusterPanel::commit() {
    if (m_updating) {
        return;
    }
    const Cluster cluster{m_nodes->value(), m_mapSlots->value(), m_reduceSlots->value()};
    try {
        validateCluster(cluster);  // each value in range, and the slots they make together
    } catch (const InputError& e) {
        reject(QString::fromStdString(e.message()) + tr("; the cluster stays as it was"));
        refresh();
        return;
    }
    m_message->setVisible(false);
    const bool stepping =
        m_nodes->isStepping() || m_mapSlots->isStepping() || m_reduceSlots->isStepping();
    m_doc->setCluster(cluster, stepping);
    emit editAccepted();
}

}  // namespace mr::ui
