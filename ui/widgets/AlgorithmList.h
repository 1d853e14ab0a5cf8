// AlgorithmList — every algorithm of the registry (schedulers/Registry.h) with a check box; the
// checked ones run on each edit. Names, tooltips (description, paper source, id, what it needs)
// and the first-start choice (AlgorithmInfo::byDefault) come from the registry, so an algorithm
// registered anywhere appears here without a change to the UI. The choice is remembered between
// sessions.
#pragma once

#include <QListWidget>

namespace mr::ui {

class AlgorithmList : public QListWidget {
    Q_OBJECT
public:
    explicit AlgorithmList(QWidget* parent = nullptr);

    // Algorithm ids (not display names), in registry order.
    QStringList checkedIds() const;
    void setChecked(const QStringList& ids);
    // The row of algorithm `id`, or null.
    QListWidgetItem* itemFor(const QString& id) const;
    static QString idOf(const QListWidgetItem* item);
    // The registry's default checked set (AlgorithmInfo::byDefault).
    static QStringList defaultIds();

signals:
    void checkedChanged(const QStringList& ids);
};

}  // namespace mr::ui
