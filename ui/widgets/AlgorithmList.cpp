#include "widgets/AlgorithmList.h"

#include <QSettings>

#include "schedulers/Registry.h"

namespace mr::ui {

AlgorithmList::AlgorithmList(QWidget* parent) : QListWidget(parent) {
    const QStringList defaults = {"fifo", "johnson", "reverse-johnson", "balanced-pools",
                                  "hscheduler"};
    const QStringList checked = QSettings().value("algorithms/checked", defaults).toStringList();
    for (const Algorithm* a : allAlgorithms()) {
        auto* item = new QListWidgetItem(QString::fromStdString(a->id()), this);
        item->setToolTip(QString::fromStdString(a->summary()));
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
        item->setCheckState(checked.contains(item->text()) ? Qt::Checked : Qt::Unchecked);
    }
    connect(this, &QListWidget::itemChanged, this, [this] {
        QSettings().setValue("algorithms/checked", checkedIds());
        emit checkedChanged(checkedIds());
    });
}

QStringList AlgorithmList::checkedIds() const {
    QStringList ids;
    for (int i = 0; i < count(); ++i) {
        if (item(i)->checkState() == Qt::Checked) {
            ids << item(i)->text();
        }
    }
    return ids;
}

void AlgorithmList::setChecked(const QStringList& ids) {
    {
        const QSignalBlocker block(this);  // one checkedChanged below, not one per item
        for (int i = 0; i < count(); ++i) {
            item(i)->setCheckState(ids.contains(item(i)->text()) ? Qt::Checked : Qt::Unchecked);
        }
    }
    QSettings().setValue("algorithms/checked", checkedIds());
    emit checkedChanged(checkedIds());
}

}  // namespace mr::ui
