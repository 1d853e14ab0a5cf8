// VariantStrip — the variants as a row of buttons above the tabs: "Keep as
// variant" snapshots the workload being edited (jobs, cluster, checked algorithms, run options)
// under the next free name; each variant's button shows its name and its first algorithm's
// makespan once its background run is done, and offers Rename…, Use as reference and Remove.
#pragma once

#include <QToolBar>
#include <functional>

#include "document/JobPalette.h"
#include "experiments/Session.h"

class QAction;

namespace mr::ui {

class VariantStore;

class VariantStrip : public QToolBar {
    Q_OBJECT
public:
    // `snapshot`: the current workload, algorithms and options (the name is set here).
    VariantStrip(VariantStore* store, std::function<Variant()> snapshot,
                 std::function<JobColours()> colours, QWidget* parent = nullptr);

    QAction* keepAction() const { return m_keep; }
    // Keeps the current workload as a new variant; returns its index.
    int keepCurrent();
    // A variant's button text ("A  47 s"), for tests.
    QString buttonText(int index) const;

signals:
    void statusMessage(const QString& text);

private:
    void rebuild();
    void refreshButton(int index);
    void renameVariant(int index);

    VariantStore* m_store;
    std::function<Variant()> m_snapshot;
    std::function<JobColours()> m_colours;
    QAction* m_keep;
    QList<QAction*> m_buttons;  // one widget action per variant
};

}  // namespace mr::ui
