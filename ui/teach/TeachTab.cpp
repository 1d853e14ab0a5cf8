#include "teach/TeachTab.h"

#include <QApplication>
#include <QComboBox>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QStackedWidget>
#include <QVBoxLayout>

#include "teach/BalancedPoolsStepper.h"
#include "teach/JohnsonStepper.h"
#include "teach/OrderExercise.h"
#include "teach/ResplitStepper.h"
#include "teach/StepControls.h"

namespace mr::ui {

TeachTab::TeachTab(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* top = new QHBoxLayout;
    top->setContentsMargins(9, 6, 9, 0);
    top->addWidget(new QLabel(tr("Lesson:"), this));
    m_choice = new QComboBox(this);
    m_choice->setObjectName(QStringLiteral("teachLesson"));
    m_choice->setFocusPolicy(Qt::NoFocus);  // the arrow keys step, not choose
    top->addWidget(m_choice);
    top->addStretch(1);
    layout->addLayout(top);
    m_stack = new QStackedWidget(this);
    m_johnson = new JohnsonStepper(m_stack);
    m_pools = new BalancedPoolsStepper(m_stack);
    m_hscheduler = new ResplitStepper(false, m_stack);
    m_online = new ResplitStepper(true, m_stack);
    m_exercise = new OrderExercise(m_stack);
    m_lessons = {m_johnson, m_pools, m_hscheduler, m_online, m_exercise};
    m_shown.resize(static_cast<std::size_t>(m_lessons.size()));
    for (TeachLesson* lesson : m_lessons) {
        m_choice->addItem(lesson->title());
        m_stack->addWidget(lesson);
    }
    layout->addWidget(m_stack, 1);
    connect(m_choice, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_stack->setCurrentIndex(index);
        update();
    });
    qApp->installEventFilter(this);  // removed with the tab
}

StepControls* TeachTab::currentControls() const {
    QWidget* page = m_stack->currentWidget();
    if (page == m_johnson) {
        return m_johnson->controls();
    }
    if (page == m_pools) {
        return m_pools->controls();
    }
    if (auto* resplit = qobject_cast<ResplitStepper*>(page)) {
        return resplit->controls();
    }
    return nullptr;
}

bool TeachTab::eventFilter(QObject* watched, QEvent* event) {
    const QEvent::Type type = event->type();
    if (type != QEvent::ShortcutOverride && type != QEvent::KeyPress) {
        return QWidget::eventFilter(watched, event);
    }
    auto* widget = qobject_cast<QWidget*>(watched);
    const auto* key = static_cast<QKeyEvent*>(event);
    StepControls* controls = currentControls();
    if (widget == nullptr || controls == nullptr || !isVisible() ||
        !StepControls::isStepKey(*key) || (widget != this && !isAncestorOf(widget))) {
        return QWidget::eventFilter(watched, event);
    }
    if (type == QEvent::ShortcutOverride) {
        event->accept();  // the key press comes here, not to a shortcut
    } else {
        controls->stepByKey(*key);
    }
    return true;
}

void TeachTab::setResults(const std::shared_ptr<const RunSet>& results) {
    m_results = results;
    update();
}

void TeachTab::update() {
    if (!m_results) {
        return;
    }
    // Each lesson is given new results once; BalancedPools' search, the HScheduler lessons and
    // the exercise run only while shown.
    for (std::size_t i = 0; i < m_shown.size(); ++i) {
        TeachLesson* lesson = m_lessons[static_cast<qsizetype>(i)];
        if ((lesson->followsEveryResult() || lesson == currentLesson()) &&
            m_shown[i] != m_results) {
            m_shown[i] = m_results;
            lesson->setResults(m_results);
        }
    }
}

TeachLesson* TeachTab::currentLesson() const {
    return qobject_cast<TeachLesson*>(m_stack->currentWidget());
}

QString TeachTab::lesson() const {
    return currentLesson()->id();
}

bool TeachTab::setLesson(const QString& id) {
    for (int index = 0; index < m_lessons.size(); ++index) {
        if (id.isEmpty() || m_lessons[index]->id() == id) {
            m_choice->setCurrentIndex(index);
            return true;
        }
    }
    return false;
}

int TeachTab::step() const {
    return currentLesson()->step();
}

void TeachTab::restoreStep(int step) {
    currentLesson()->restoreStep(step);
}

void TeachTab::showStep(int step) {
    currentLesson()->showStep(step);
}

void TeachTab::resetSteps() {
    for (TeachLesson* lesson : m_lessons) {
        lesson->resetStep();
    }
}

QCustomPlot* TeachTab::balancedPoolsChart() {
    if (!m_results) {
        return nullptr;
    }
    std::shared_ptr<const RunSet>& shown =
        m_shown[static_cast<std::size_t>(m_lessons.indexOf(m_pools))];
    if (shown != m_results) {
        shown = m_results;
        m_pools->setResults(m_results);
    }
    m_pools->waitForLesson();
    return m_pools->lesson() ? m_pools->chart() : nullptr;
}

QList<QCustomPlot*> TeachTab::plots() const {
    return currentLesson()->plots();
}

}  // namespace mr::ui
