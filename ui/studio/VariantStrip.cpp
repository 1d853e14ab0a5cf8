#include "studio/VariantStrip.h"

#include <QInputDialog>
#include <QMenu>
#include <QToolButton>

#include "model/Numbers.h"
#include "run/RunController.h"
#include "studio/VariantStore.h"

namespace mr::ui {

VariantStrip::VariantStrip(VariantStore* store, std::function<Variant()> snapshot,
                           std::function<JobColours()> colours, QWidget* parent)
    : QToolBar(tr("Variants"), parent),
      m_store(store),
      m_snapshot(std::move(snapshot)),
      m_colours(std::move(colours)) {
    setObjectName(QStringLiteral("variantStrip"));
    setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_keep = addAction(tr("Keep as variant"), this, [this] { keepCurrent(); });
    m_keep->setObjectName(QStringLiteral("keepAsVariant"));
    m_keep->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_K));
    m_keep->setToolTip(
        tr("Keep the jobs, cluster, checked algorithms and run options as they are now under a "
           "name, and edit on; every variant is run and compared (Ctrl+K)"));
    addSeparator();
    connect(m_store, &VariantStore::variantsChanged, this, &VariantStrip::rebuild);
    connect(m_store, &VariantStore::referenceChanged, this, &VariantStrip::rebuild);
    connect(m_store, &VariantStore::resultsChanged, this, &VariantStrip::refreshButton);
}

int VariantStrip::keepCurrent() {
    Variant v = m_snapshot();
    v.name = m_store->nextName().toStdString();
    const int index = m_store->add(std::move(v), m_colours ? m_colours() : JobColours{});
    emit statusMessage(tr("Kept as variant %1; edit on, and compare on the Comparison tab.")
                           .arg(QString::fromStdString(m_store->variant(index).name)));
    return index;
}

void VariantStrip::rebuild() {
    for (QAction* a : m_buttons) {
        removeAction(a);
        delete a;
    }
    m_buttons.clear();
    for (int i = 0; i < m_store->count(); ++i) {
        auto* button = new QToolButton(this);
        button->setPopupMode(QToolButton::InstantPopup);
        auto* menu = new QMenu(button);
        menu->addAction(tr("Rename…"), this, [this, i] { renameVariant(i); });
        menu->addAction(tr("Use as the comparison's reference"), this, [this, i] {
            m_store->setReference(QString::fromStdString(m_store->variant(i).name));
        });
        menu->addAction(tr("Run again"), this, [this, i] { m_store->rerun(i); });
        menu->addSeparator();
        menu->addAction(tr("Remove"), this, [this, i] { m_store->remove(i); });
        button->setMenu(menu);
        m_buttons << addWidget(button);
        refreshButton(i);
    }
}

QString VariantStrip::buttonText(int index) const {
    const Variant& v = m_store->variant(index);
    QString text = QString::fromStdString(v.name);
    if (QString::fromStdString(v.name) == m_store->reference()) {
        text += tr(" (reference)");
    }
    const auto results = m_store->results(index);
    if (!results || v.algorithms.empty()) {
        return text;
    }
    if (const RunResult* first = results->find(v.algorithms.front())) {
        return text + QStringLiteral("  ") + QString::fromStdString(formatTime(first->makespan())) +
               QStringLiteral(" s");
    }
    return results->complete() ? text : text + QStringLiteral("  …");
}

void VariantStrip::refreshButton(int index) {
    if (index < 0 || index >= m_buttons.size()) {
        return;
    }
    auto* button = qobject_cast<QToolButton*>(widgetForAction(m_buttons[index]));
    if (!button) {
        return;
    }
    button->setText(buttonText(index));
    const Variant& v = m_store->variant(index);
    QStringList tip{tr("<b>%1</b>: %2 jobs on %3 nodes (%4 map + %5 reduce slots each)")
                        .arg(QString::fromStdString(v.name).toHtmlEscaped())
                        .arg(v.workload.jobCount())
                        .arg(v.workload.cluster.nodes)
                        .arg(v.workload.cluster.mapSlotsPerNode)
                        .arg(v.workload.cluster.reduceSlotsPerNode)};
    const auto results = m_store->results(index);
    for (const std::string& id : v.algorithms) {
        const RunResult* r = results ? results->find(id) : nullptr;
        tip << QString::fromStdString(id) + QStringLiteral(": ") +
                   (r ? QString::fromStdString(formatTime(r->makespan())) + QStringLiteral(" s")
                      : tr("computing…"));
    }
    button->setToolTip(tip.join(QStringLiteral("<br>")));
}

void VariantStrip::renameVariant(int index) {
    bool ok = false;
    const QString name =
        QInputDialog::getText(this, tr("Rename variant"), tr("Name:"), QLineEdit::Normal,
                              QString::fromStdString(m_store->variant(index).name), &ok);
    if (!ok) {
        return;
    }
    const QString refused = m_store->rename(index, name);
    if (!refused.isEmpty()) {
        emit statusMessage(refused);
    }
}

}  // namespace mr::ui
