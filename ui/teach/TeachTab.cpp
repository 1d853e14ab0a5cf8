#include "teach/TeachTab.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QStackedWidget>
#include <QVBoxLayout>
#include <algorithm>

#include "teach/BalancedPoolsStepper.h"
#include "teach/JohnsonStepper.h"
#include "teach/OrderExercise.h"
#include "teach/ResplitStepper.h"
#include "teach/StepControls.h"

namespace mr::ui {

namespace {
const QStringList kLessons = {QStringLiteral("johnson"), QStringLiteral("balanced-pools"),
                              QStringLiteral("hscheduler"), QStringLiteral("online-hscheduler"),
                              QStringLiteral("your-order")};
}

TeachTab::TeachTab(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* top = new QHBoxLayout;
    top->setContentsMargins(9, 6, 9, 0);
    top->addWidget(new QLabel(tr("Lesson:"), this));
    m_choice = new QComboBox(this);
    m_choice->setObjectName(QStringLiteral("teachLesson"));
    m_choice->addItem(tr("Johnson's rule — [Verma12] Alg. 1"));
    m_choice->addItem(tr("BalancedPools — [Verma12] Alg. 2"));
    m_choice->addItem(tr("HScheduler — [Tian16] Alg. 3.2, Example 2"));
    m_choice->addItem(tr("OnHScheduler on arrivals — [Tian16] Alg. 3.3, Example 3"));
    m_choice->addItem(tr("Exercise: your order against Johnson's and the best"));
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
    m_lessons = {m_hscheduler, m_online, m_exercise};
    m_stack->addWidget(m_johnson);
    m_stack->addWidget(m_pools);
    for (TeachLesson* lesson : m_lessons) {
        m_stack->addWidget(lesson);
    }
    layout->addWidget(m_stack, 1);
    connect(m_choice, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_stack->setCurrentIndex(index);
        update();
    });
}

void TeachTab::setResults(const std::shared_ptr<const RunSet>& results) {
    m_results = results;
    update();
}

void TeachTab::update() {
    if (!m_results) {
        return;
    }
    // Johnson's lesson is cheap and its charts are exported: it always follows. BalancedPools'
    // runs a search: only while it is shown.
    if (m_johnsonShown != m_results) {
        m_johnsonShown = m_results;
        m_johnson->setResults(m_results);
    }
    if (m_stack->currentWidget() == m_pools && m_poolsShown != m_results) {
        m_poolsShown = m_results;
        m_pools->setResults(m_results);
    }
    if (TeachLesson* lesson = currentLesson()) {
        lesson->setResults(m_results);  // each lesson starts again only for a new input
    }
}

TeachLesson* TeachTab::currentLesson() const {
    return qobject_cast<TeachLesson*>(m_stack->currentWidget());
}

QString TeachTab::lesson() const {
    return kLessons.value(m_choice->currentIndex());
}

bool TeachTab::setLesson(const QString& id) {
    const int index = static_cast<int>(kLessons.indexOf(id));
    if (index < 0) {
        return false;
    }
    m_choice->setCurrentIndex(index);
    return true;
}

int TeachTab::step() const {
    if (TeachLesson* lesson = currentLesson()) {
        return lesson->step();
    }
    return m_stack->currentWidget() == m_pools ? m_pools->step() : m_johnson->step();
}

void TeachTab::restoreStep(int step) {
    if (TeachLesson* lesson = currentLesson()) {
        lesson->restoreStep(step);
    } else if (m_stack->currentWidget() == m_pools) {
        m_pools->restoreStep(step);
    } else {
        m_johnson->restoreStep(step);
    }
}

void TeachTab::showStep(int step) {
    if (TeachLesson* lesson = currentLesson()) {
        lesson->showStep(step);
    } else if (m_stack->currentWidget() == m_pools) {
        if (m_pools->lesson()) {
            m_pools->setStep(step);
        } else {
            m_pools->restoreStep(step);
        }
    } else if (m_johnson->stepCount() > 0) {
        m_johnson->setStep(std::min(step, m_johnson->stepCount()));
    } else {
        m_johnson->restoreStep(step);
    }
}

void TeachTab::resetSteps() {
    m_johnson->setStep(0);
    m_pools->setStep(0);
    for (TeachLesson* lesson : m_lessons) {
        lesson->showStep(0);
    }
}

QCustomPlot* TeachTab::balancedPoolsChart() {
    if (!m_results) {
        return nullptr;
    }
    if (m_poolsShown != m_results) {
        m_poolsShown = m_results;
        m_pools->setResults(m_results);
    }
    m_pools->waitForLesson();
    return m_pools->lesson() ? m_pools->chart() : nullptr;
}

QList<QCustomPlot*> TeachTab::plots() const {
    if (TeachLesson* lesson = currentLesson()) {
        return lesson->plots();
    }
    if (m_stack->currentWidget() == m_pools) {
        return {m_pools->chart()};
    }
    return m_johnson->plots();
}

}  // namespace mr::ui
