#include "widgets/ScenarioPanel.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <climits>
#include <cmath>

#include "document/WorkloadDocument.h"
#include "model/InputError.h"
#include "model/Numbers.h"
#include "timeline/AttemptMarks.h"
#include "widgets/CheckedSpinBox.h"

namespace mr::ui {

namespace {

QString timeText(double seconds) {
    return QString::fromStdString(formatTime(seconds));
}

constexpr double kMaxTime = 1e9;  // seconds: far past any batch, well inside a double's integers

// A clicked time, to a value a person would type: whole seconds past ten seconds.
double roundedTime(double t) {
    return t >= 10.0 ? std::round(t) : std::round(t * 10.0) / 10.0;
}

QString failureText(const NodeFailure& f) {
    return ScenarioPanel::tr("node %1 at %2 s").arg(f.node).arg(timeText(f.at));
}

}  // namespace

ScenarioPanel::ScenarioPanel(WorkloadDocument* doc, QWidget* parent) : QDialog(parent), m_doc(doc) {
    setWindowTitle(tr("Scenario"));
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(buildFailures());
    layout->addWidget(buildAttempts());
    m_others = new QLabel(this);
    m_others->setWordWrap(true);
    layout->addWidget(m_others);
    m_message = new QLabel(this);
    m_message->setWordWrap(true);
    m_message->setStyleSheet(QStringLiteral("color: #b01010;"));
    m_message->setVisible(false);
    layout->addWidget(m_message);
    connect(doc, &WorkloadDocument::changed, this, &ScenarioPanel::refresh);
    connect(doc, &WorkloadDocument::resetDone, this, &ScenarioPanel::refresh);
    refresh();
}

CheckedDoubleSpinBox* ScenarioPanel::doubleBox(const QString& field, double min, double max,
                                               int decimals) {
    auto* box = new CheckedDoubleSpinBox(field, this);
    box->setRange(min, max);
    box->setDecimals(decimals);
    box->setKeyboardTracking(false);
    box->setGroupSeparatorShown(false);
    connect(box, &CheckedDoubleSpinBox::rejected, this, [this](const QString& reason) {
        m_message->setText(reason);
        m_message->setVisible(true);
        emit editRejected(reason);
    });
    return box;
}

QWidget* ScenarioPanel::buildFailures() {
    auto* box = new QGroupBox(tr("Node failures"), this);
    auto* layout = new QVBoxLayout(box);
    m_list = new QTableWidget(0, 3, box);
    m_list->setHorizontalHeaderLabels({tr("Node"), tr("Fails at (s)"), tr("Back at (s)")});
    m_list->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_list->verticalHeader()->setVisible(false);
    m_list->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_list->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_list->setMinimumHeight(110);
    layout->addWidget(m_list);
    auto* form = new QHBoxLayout;
    m_node = new CheckedSpinBox(tr("Node"), box);
    m_node->setGroupSeparatorShown(false);
    // A box whose value never changed has no text until it is shown: give it its text now.
    m_node->setSpecialValueText(QString());
    m_at = doubleBox(tr("Fails at"), 0.0, kMaxTime, 1);
    m_at->setSuffix(tr(" s"));
    m_recover = doubleBox(tr("Back at"), -1.0, kMaxTime, 1);
    m_recover->setSpecialValueText(tr("never"));
    m_recover->setSuffix(tr(" s"));
    m_recover->setValue(m_recover->minimum());  // opens on "never", which every failure takes
    m_recover->setToolTip(tr("When the node comes back (\"never\": it stays down)"));
    form->addWidget(new QLabel(tr("Node"), box));
    form->addWidget(m_node);
    form->addWidget(new QLabel(tr("fails at"), box));
    form->addWidget(m_at);
    form->addWidget(new QLabel(tr("back at"), box));
    form->addWidget(m_recover);
    layout->addLayout(form);
    auto* buttons = new QHBoxLayout;
    auto* add = new QPushButton(tr("Add failure"), box);
    connect(add, &QPushButton::clicked, this, [this] {
        const double back = m_recover->value();
        addFailure({m_node->value(), m_at->value(),
                    back < 0.0 ? std::numeric_limits<double>::infinity() : back});
    });
    auto* remove = new QPushButton(tr("Remove selected"), box);
    connect(remove, &QPushButton::clicked, this, [this] {
        QList<int> rows;
        for (const QModelIndex& index : m_list->selectionModel()->selectedRows()) {
            rows << index.row();
        }
        removeFailures(rows);
    });
    m_pick = new QPushButton(tr("Pick on the timeline"), box);
    m_pick->setCheckable(true);
    m_pick->setToolTip(
        tr("Then click a slot row of a timeline at a time: that slot's node fails there"));
    buttons->addWidget(add);
    buttons->addWidget(remove);
    buttons->addStretch(1);
    buttons->addWidget(m_pick);
    layout->addLayout(buttons);
    return box;
}

QWidget* ScenarioPanel::buildAttempts() {
    auto* box = new QGroupBox(tr("Attempts"), this);
    auto* form = new QFormLayout(box);
    m_failure = doubleBox(tr("Failure probability"), 0.0, 1.0, 4);
    m_failure->setToolTip(
        tr("Each attempt fails with this probability (0 to 1), part-way "
           "through, and is retried"));
    m_maxAttempts = new CheckedSpinBox(tr("Attempts per task"), box);
    m_maxAttempts->setRange(1, 1000);  // what the file takes
    m_maxAttempts->setToolTip(tr("A task failing this many times fails its job (Hadoop: 4)"));
    m_straggler = doubleBox(tr("Straggler probability"), 0.0, 1.0, 4);
    m_stragglerMin = doubleBox(tr("Straggler slowdown from"), 0.01, 1e6, 2);
    m_stragglerMax = doubleBox(tr("Straggler slowdown to"), 0.01, 1e6, 2);
    m_stragglerMin->setSuffix(QStringLiteral(" ×"));
    m_stragglerMax->setSuffix(QStringLiteral(" ×"));
    m_speculation = new QCheckBox(tr("Speculative execution (Hadoop's defaults)"), box);
    m_seed = new CheckedSpinBox(tr("Seed"), box);
    m_seed->setRange(0, INT_MAX);
    m_seed->setGroupSeparatorShown(false);
    for (CheckedSpinBox* spin : {m_maxAttempts, m_seed}) {
        spin->setKeyboardTracking(false);
        connect(spin, &QSpinBox::valueChanged, this, &ScenarioPanel::commitFields);
    }
    for (CheckedDoubleSpinBox* spin : {m_failure, m_straggler, m_stragglerMin, m_stragglerMax}) {
        connect(spin, &QDoubleSpinBox::valueChanged, this, &ScenarioPanel::commitFields);
    }
    connect(m_speculation, &QCheckBox::toggled, this, &ScenarioPanel::commitFields);
    form->addRow(tr("Failure probability"), m_failure);
    form->addRow(tr("Attempts per task"), m_maxAttempts);
    form->addRow(tr("Straggler probability"), m_straggler);
    form->addRow(tr("Straggler slowdown from"), m_stragglerMin);
    form->addRow(tr("to"), m_stragglerMax);
    form->addRow(m_speculation);
    form->addRow(tr("Seed"), m_seed);
    return box;
}

void ScenarioPanel::refresh() {
    const Workload& w = m_doc->workload();
    const Scenario& s = w.scenario;
    m_updating = true;
    m_node->setRange(0, std::max(0, w.cluster.nodes - 1));
    m_failure->setValue(s.failureProbability);
    m_maxAttempts->setValue(s.maxAttempts);
    m_straggler->setValue(s.stragglerProbability);
    m_stragglerMin->setValue(s.stragglerMinFactor);
    m_stragglerMax->setValue(s.stragglerMaxFactor);
    m_speculation->setChecked(s.speculation.enabled);
    m_seed->setValue(static_cast<int>(std::min<unsigned long long>(s.seed, INT_MAX)));
    m_updating = false;
    refreshList(s);
    const QString others = tr("From the file, unchanged here: %1 node additions, %2 slow "
                              "nodes, %3 jobs with settings of their own.")
                               .arg(s.nodeAdditions.size())
                               .arg(s.slowNodes.size())
                               .arg(s.jobs.size());
    m_others->setText(others);
    m_others->setVisible(!s.nodeAdditions.empty() || !s.slowNodes.empty() || !s.jobs.empty());
}

void ScenarioPanel::refreshList(const Scenario& s) {
    m_list->setRowCount(static_cast<int>(s.nodeFailures.size()));
    for (int row = 0; row < m_list->rowCount(); ++row) {
        const NodeFailure& f = s.nodeFailures[static_cast<std::size_t>(row)];
        const QString back = std::isinf(f.recoverAt) ? tr("never") : timeText(f.recoverAt);
        const QStringList cells = {QString::number(f.node), timeText(f.at), back};
        for (int column = 0; column < cells.size(); ++column) {
            m_list->setItem(row, column, new QTableWidgetItem(cells[column]));
        }
    }
}

QString ScenarioPanel::message() const {
    return m_message->isHidden() ? QString() : m_message->text();
}

Scenario ScenarioPanel::fromFields() const {
    Scenario s = m_doc->workload().scenario;
    // A box shows its value rounded to its decimals: the file's finer value stays unless the
    // box now shows another one.
    const auto take = [](double& value, const QDoubleSpinBox* box) {
        // QDoubleSpinBox rounds a value it is given this way.
        const double shown = QString::number(value, 'f', box->decimals()).toDouble();
        if (box->value() != shown) {
            value = box->value();
        }
    };
    take(s.failureProbability, m_failure);
    s.maxAttempts = m_maxAttempts->value();
    take(s.stragglerProbability, m_straggler);
    take(s.stragglerMinFactor, m_stragglerMin);
    take(s.stragglerMaxFactor, m_stragglerMax);
    s.speculation.enabled = m_speculation->isChecked();
    // A seed too large for the box stays as the file has it until another is typed.
    if (m_seed->value() != static_cast<int>(std::min<unsigned long long>(s.seed, INT_MAX))) {
        s.seed = static_cast<unsigned long long>(m_seed->value());
    }
    return s;
}

void ScenarioPanel::commitFields() {
    if (!m_updating) {
        commit(fromFields(), tr("Edit scenario"));
    }
}

// Takes `scenario` if the core does (one undo step named `text`); else says why and shows the
// scenario in force again.
QString ScenarioPanel::commit(const Scenario& scenario, const QString& text) {
    try {
        validateScenario(scenario, m_doc->workload());
    } catch (const InputError& e) {
        // what(): the field too (scenario.node_failures[1].at), as the file's loader says it.
        const QString reason =
            QString::fromStdString(e.what()) + tr("; the scenario stays as it was");
        m_message->setText(reason);
        m_message->setVisible(true);
        refresh();
        emit editRejected(reason);
        return reason;
    }
    m_message->setVisible(false);
    m_doc->setScenario(scenario, text);
    return {};
}

QString ScenarioPanel::addFailure(const NodeFailure& failure) {
    Scenario s = m_doc->workload().scenario;
    s.nodeFailures.push_back(failure);
    std::stable_sort(s.nodeFailures.begin(), s.nodeFailures.end(),
                     [](const NodeFailure& a, const NodeFailure& b) { return a.at < b.at; });
    return commit(s, tr("Add failure of %1").arg(failureText(failure)));
}

void ScenarioPanel::removeFailures(QList<int> rows) {
    Scenario s = m_doc->workload().scenario;
    std::sort(rows.begin(), rows.end(), std::greater<>());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    for (int row : rows) {
        if (row >= 0 && row < static_cast<int>(s.nodeFailures.size())) {
            s.nodeFailures.erase(s.nodeFailures.begin() + row);
        }
    }
    commit(s, rows.size() == 1 ? tr("Remove node failure") : tr("Remove node failures"));
}

bool ScenarioPanel::pickAt(TaskKind kind, int slot, double time) {
    if (!isPicking()) {
        return false;
    }
    setPicking(false);
    const int node = nodeOfSlot(m_doc->workload().cluster, kind, slot);
    return addFailure({node, roundedTime(time), std::numeric_limits<double>::infinity()}).isEmpty();
}

void ScenarioPanel::setPicking(bool on) {
    m_pick->setChecked(on);
}

bool ScenarioPanel::isPicking() const {
    return m_pick->isChecked();
}

}  // namespace mr::ui
