// AlgorithmList — every algorithm of the registry (schedulers/Registry.h) with a check box; the
// checked ones run on each edit. Names, tooltips (description, paper source, id, what it needs)
// and the first-start choice (AlgorithmInfo::byDefault) come from the registry, so an algorithm
// registered anywhere appears here without a change to the UI. The user's own choice (a click on
// a box) is remembered between sessions; a choice made for one run (`mrx --algorithms`, a session
// file, a suggestion for deadlines: setChecked) is not, so that it never becomes the next file's.
#pragma once

#include <QListWidget>

namespace mr::ui {

class AlgorithmList : public QListWidget {
    Q_OBJECT
public:
    explicit AlgorithmList(QWidget* parent = nullptr);

    // Algorithm ids (not display names), in registry order.
    QStringList checkedIds() const;
    // Checks exactly `ids` for now (not remembered).
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
