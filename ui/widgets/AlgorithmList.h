// AlgorithmList — every registered algorithm with a checkbox; the checked ones run on each edit.
// The choice is remembered between sessions.
#pragma once

#include <QListWidget>

namespace mr::ui {

class AlgorithmList : public QListWidget {
    Q_OBJECT
public:
    explicit AlgorithmList(QWidget* parent = nullptr);

    QStringList checkedIds() const;
    void setChecked(const QStringList& ids);

signals:
    void checkedChanged(const QStringList& ids);
};

}  // namespace mr::ui
