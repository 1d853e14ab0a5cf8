#include "pages/Pages.h"

#include <QScrollArea>
#include <QTabWidget>

#include "pages/ComparisonPage.h"
#include "pages/CostPage.h"
#include "pages/DeadlinesPage.h"
#include "pages/StagesPage.h"
#include "pages/SweepPage.h"
#include "pages/TeachPage.h"
#include "pages/TimelinePage.h"

namespace mr::ui {

Pages::Pages(const PageParts& parts, QWidget* tabs)
    : m_timeline(new TimelinePage(parts.results, parts.variants, parts.runs, tabs)),
      m_stages(new StagesPage(parts.results, tabs)),
      m_comparison(
          new ComparisonPage(parts.results, parts.variants, parts.runs, parts.current, tabs)),
      m_teach(new TeachPage(parts.results, tabs)),
      m_sweep(new SweepPage(parts.results, parts.algorithms, tabs)),
      m_deadlines(new DeadlinesPage(parts.results, tabs)),
      m_cost(new CostPage(parts.results, parts.firstCostModel, tabs)),
      m_list{m_timeline, m_stages, m_comparison, m_teach, m_sweep, m_deadlines, m_cost} {}

void Pages::addTabs(QTabWidget* tabs) const {
    for (Page* page : m_list) {
        if (page->scrollsItself()) {
            tabs->addTab(page->widget(), page->title());
            continue;
        }
        // A page larger than the room it gets scrolls instead of making the window grow.
        auto* scroll = new QScrollArea(tabs);
        scroll->setWidget(page->widget());
        scroll->setWidgetResizable(true);
        scroll->setFrameShape(QFrame::NoFrame);
        tabs->addTab(scroll, page->title());
    }
}

Page* Pages::find(const QString& name) const {
    const QString wanted = name.toLower();
    for (Page* page : m_list) {
        if (page->name() == wanted || page->viewNames().contains(wanted)) {
            return page;
        }
    }
    return nullptr;
}

Page* Pages::holding(const QWidget* widget) const {
    for (Page* page : m_list) {
        if (page->widget() == widget || page->widget()->isAncestorOf(widget)) {
            return page;
        }
    }
    return nullptr;
}

}  // namespace mr::ui
