// Pages — the explorer's tabs, in tab order: Timeline, Stages, Comparison, Teach, Sweep,
// Deadlines and Cost. The window adds them as tabs, File > Export asks each for its entries, Help
// for its line and its names, and the command line finds a tab by name here: a new tab is a
// Page and one line in Pages.cpp.
#pragma once

#include <QList>
#include <functional>

class QTabWidget;

#include "experiments/Session.h"
#include "pages/Page.h"

namespace mr::ui {

class AlgorithmList;
class ComparisonPage;
class CostPage;
class DeadlinesPage;
class RunController;
class StagesPage;
class SweepPage;
class TeachPage;
class TimelinePage;
class VariantStore;

// What the pages are built from.
struct PageParts {
    Page::Results results;                    // what every page shows
    VariantStore* variants;                   // the kept variants (Timeline and Comparison)
    RunController* runs;                      // the workload's runs
    AlgorithmList* algorithms;                // the checked algorithms (the Sweep tab's)
    std::function<Variant()> current;         // the workload being edited as a variant
    std::function<QString()> firstCostModel;  // the Cost tab's model on its first visit
};

class Pages {
public:
    // The pages' widgets are made children of `tabs` (the window adds them as its tabs).
    Pages(const PageParts& parts, QWidget* tabs);

    const QList<Page*>& list() const { return m_list; }
    // Adds every page to `tabs`, in order (a page's tab index is its index in list()).
    void addTabs(QTabWidget* tabs) const;
    // The page called `name` (its name or one of its views' names), or null.
    Page* find(const QString& name) const;
    // The page whose widget is `widget` or holds it (the Johnson lesson of the Teach tab), or
    // null.
    Page* holding(const QWidget* widget) const;

    TimelinePage* timeline() const { return m_timeline; }
    StagesPage* stages() const { return m_stages; }
    ComparisonPage* comparison() const { return m_comparison; }
    TeachPage* teach() const { return m_teach; }
    SweepPage* sweep() const { return m_sweep; }
    DeadlinesPage* deadlines() const { return m_deadlines; }
    CostPage* cost() const { return m_cost; }

private:
    TimelinePage* m_timeline;
    StagesPage* m_stages;
    ComparisonPage* m_comparison;
    TeachPage* m_teach;
    SweepPage* m_sweep;
    DeadlinesPage* m_deadlines;
    CostPage* m_cost;
    QList<Page*> m_list;
};

}  // namespace mr::ui
