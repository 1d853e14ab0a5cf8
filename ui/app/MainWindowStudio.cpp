// MainWindow's what-if studio parts: the Timeline tab's page (the checked algorithms
// or one algorithm across the variants), the per-variant export's hook, the Help menu's
// algorithms and guide, and the window's own layout, remembered per user.
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QScreen>
#include <QSettings>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QVBoxLayout>
#include <algorithm>

#include "app/HelpController.h"
#include "app/MainWindow.h"
#include "charts/GanttPanel.h"
#include "run/RunController.h"
#include "studio/VariantTimelines.h"
#include "teach/TeachTab.h"

namespace mr::ui {

QWidget* MainWindow::buildTimelinePage() {
    // The Timeline tab: the checked algorithms (GanttPanel), or one algorithm across the variants.
    auto* page = new QWidget(m_tabs);
    auto* timelineLayout = new QVBoxLayout(page);
    timelineLayout->setContentsMargins(0, 0, 0, 0);
    timelineLayout->setSpacing(2);
    auto* timelineBar = new QHBoxLayout;
    timelineBar->setContentsMargins(6, 2, 6, 0);
    timelineBar->addWidget(new QLabel(tr("Show:"), page));
    m_timelineMode = new QComboBox(page);
    m_timelineMode->setObjectName(QStringLiteral("timelineMode"));
    m_timelineMode->addItems({tr("the checked algorithms"), tr("one algorithm across variants")});
    timelineBar->addWidget(m_timelineMode);
    timelineBar->addStretch(1);
    timelineLayout->addLayout(timelineBar);
    auto* timelineStack = new QStackedWidget(page);
    m_gantt->setParent(timelineStack);
    m_variantTimelines = new VariantTimelines(m_variants, m_runs, timelineStack);
    timelineStack->addWidget(m_gantt);
    timelineStack->addWidget(m_variantTimelines);
    timelineLayout->addWidget(timelineStack, 1);
    connect(m_timelineMode, &QComboBox::currentIndexChanged, timelineStack,
            &QStackedWidget::setCurrentIndex);
    return page;
}

void MainWindow::setTimelineAcrossVariants(bool across) {
    m_timelineMode->setCurrentIndex(across ? 1 : 0);
}

void MainWindow::setShownResults(std::shared_ptr<const RunSet> results) {
    m_shownOverride = std::move(results);
    m_results = m_shownOverride ? m_shownOverride : m_runs->latest();
    m_tabResults.assign(m_tabResults.size(), nullptr);
    m_workloadReplaced = true;  // another workload: the charts fit it afresh
    selectJob(-1);
    m_gantt->invalidate();
    refreshCurrentTab();
}

void MainWindow::buildHelpMenu(QMenu* help) {
    m_help = new HelpController(
        this,
        [this](const QString& lesson, int step) {
            showTab(QStringLiteral("johnson"));
            if (m_teach->setLesson(lesson)) {
                refreshTab(m_teach);
                m_teach->showStep(step);
            }
        },
        [this](const QString& tab) { return showTab(tab); });
    m_help->fillMenu(help);
}

bool MainWindow::restoreWindowLayout() {
    const QSettings settings;
    const QByteArray geometry = settings.value("window/geometry").toByteArray();
    if (geometry.isEmpty()) {
        return false;
    }
    restoreGeometry(geometry);
    // Within this screen's free area, whatever screen (or window manager) it was saved on.
    if (const QScreen* here = screen(); here && !isMaximized() && !isFullScreen()) {
        const QRect free = here->availableGeometry();
        QRect g = QWidget::geometry();
        g.setSize(g.size().boundedTo(free.size()));
        g.moveLeft(std::clamp(g.left(), free.left(), free.right() - g.width() + 1));
        g.moveTop(std::clamp(g.top(), free.top(), free.bottom() - g.height() + 1));
        setGeometry(g);
    }
    restoreState(settings.value("window/state").toByteArray());
    m_splitter->restoreState(settings.value("window/splitter").toByteArray());
    return true;
}

void MainWindow::saveWindowLayout() const {
    QSettings settings;
    settings.setValue("window/geometry", saveGeometry());
    settings.setValue("window/state", saveState());
    settings.setValue("window/splitter", m_splitter->saveState());
}

}  // namespace mr::ui
