#include "pages/Page.h"

namespace mr::ui {

Page::Page(Results results, QObject* parent) : QObject(parent), m_results(std::move(results)) {}

void Page::refresh() {
    std::shared_ptr<const RunSet> results = m_results();
    if (!results || results == m_shown) {
        return;
    }
    m_shown = std::move(results);
    showResults(m_shown);
}

QList<QCustomPlot*> Page::chartsIfResults(QList<QCustomPlot*> charts) const {
    return m_shown ? charts : QList<QCustomPlot*>{};
}

}  // namespace mr::ui
