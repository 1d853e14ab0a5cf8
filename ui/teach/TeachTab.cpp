#include "teach/TeachTab.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QStackedWidget>
#include <QVBoxLayout>

#include "teach/BalancedPoolsStepper.h"
#include "teach/JohnsonStepper.h"
#include "teach/StepControls.h"

namespace mr::ui {

namespace {
const QStringList kLessons = {QStringLiteral("johnson"), QStringLiteral("balanced-pools")};
}

TeachTab::TeachTab(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* top = new QHBoxLayout;
    top->setContentsMargins(9, 6, 9, 0);
    top->addWidget(new QLabel(tr("Lesson:"), this));
    m_choice = new QComboBox(this);
    m_choice->setObjectName(QStringLiteral("teachLesson"));
    m_choice->addItem(tr("Johnson's rule — seed 000 Alg. 1"));
    m_choice->addItem(tr("BalancedPools — seed 000 Alg. 2"));
    m_choice->setFocusPolicy(Qt::NoFocus);  // the arrow keys step, not choose
    top->addWidget(m_choice);
    top->addStretch(1);
    layout->addLayout(top);
    m_stack = new QStackedWidget(this);
    m_johnson = new JohnsonStepper(m_stack);
    m_pools = new BalancedPoolsStepper(m_stack);
    m_stack->addWidget(m_johnson);
    m_stack->addWidget(m_pools);
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
    return m_stack->currentWidget() == m_pools ? m_pools->step() : m_johnson->step();
}

void TeachTab::restoreStep(int step) {
    if (m_stack->currentWidget() == m_pools) {
        m_pools->restoreStep(step);
    } else {
        m_johnson->restoreStep(step);
    }
}

void TeachTab::resetSteps() {
    m_johnson->setStep(0);
    m_pools->setStep(0);
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
    if (m_stack->currentWidget() == m_pools) {
        return {m_pools->chart()};
    }
    return m_johnson->plots();
}

}  // namespace mr::ui
