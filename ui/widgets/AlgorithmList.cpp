#include "widgets/AlgorithmList.h"

#include <QSettings>

#include "schedulers/Registry.h"

namespace mr::ui {

namespace {

constexpr int kIdRole = Qt::UserRole;

QString toolTipFor(const AlgorithmInfo& info) {
    QStringList needs;
    if (info.needs.arrivals) {
        needs << AlgorithmList::tr("jobs arriving over time");
    }
    if (info.needs.deadlines) {
        needs << AlgorithmList::tr("deadlines");
    }
    QString tip = QStringLiteral("<b>%1</b> (<tt>%2</tt>)<br>%3<br>%4")
                      .arg(QString::fromStdString(info.name).toHtmlEscaped(),
                           QString::fromStdString(info.id).toHtmlEscaped(),
                           QString::fromStdString(info.description).toHtmlEscaped(),
                           AlgorithmList::tr("Reference: %1")
                               .arg(QString::fromStdString(info.source).toHtmlEscaped()));
    if (!needs.isEmpty()) {
        tip += QStringLiteral("<br>") +
               AlgorithmList::tr("Made for %1.").arg(needs.join(AlgorithmList::tr(" and ")));
    }
    if (!info.interactive) {
        tip += QStringLiteral("<br>") +
               AlgorithmList::tr("A search: slow on large batches (its chart shows progress).");
    }
    return tip;
}

}  // namespace

AlgorithmList::AlgorithmList(QWidget* parent) : QListWidget(parent) {
    const QStringList checked =
        QSettings().value("algorithms/checked", defaultIds()).toStringList();
    for (const Algorithm* a : allAlgorithms()) {
        const QString id = QString::fromStdString(a->id());
        auto* item = new QListWidgetItem(QString::fromStdString(a->info().name), this);
        item->setData(kIdRole, id);
        item->setToolTip(toolTipFor(a->info()));
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
        item->setCheckState(checked.contains(id) ? Qt::Checked : Qt::Unchecked);
    }
    connect(this, &QListWidget::itemChanged, this, [this] {
        QSettings().setValue("algorithms/checked", checkedIds());
        emit checkedChanged(checkedIds());
    });
}

QStringList AlgorithmList::defaultIds() {
    QStringList ids;
    for (const Algorithm* a : allAlgorithms()) {
        if (a->info().byDefault && a->info().interactive) {
            ids << QString::fromStdString(a->id());
        }
    }
    return ids;
}

QString AlgorithmList::idOf(const QListWidgetItem* item) {
    return item->data(kIdRole).toString();
}

QListWidgetItem* AlgorithmList::itemFor(const QString& id) const {
    for (int i = 0; i < count(); ++i) {
        if (idOf(item(i)) == id) {
            return item(i);
        }
    }
    return nullptr;
}

QStringList AlgorithmList::checkedIds() const {
    QStringList ids;
    for (int i = 0; i < count(); ++i) {
        if (item(i)->checkState() == Qt::Checked) {
            ids << idOf(item(i));
        }
    }
    return ids;
}

void AlgorithmList::setChecked(const QStringList& ids) {
    {
        const QSignalBlocker block(this);  // one checkedChanged below, not one per item
        for (int i = 0; i < count(); ++i) {
            item(i)->setCheckState(ids.contains(idOf(item(i))) ? Qt::Checked : Qt::Unchecked);
        }
    }
    emit checkedChanged(checkedIds());  // not remembered: only the user's own clicks are
}

}  // namespace mr::ui
