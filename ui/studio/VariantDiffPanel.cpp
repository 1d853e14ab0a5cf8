#include "studio/VariantDiffPanel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>

#include "model/Numbers.h"
#include "run/RunController.h"
#include "studio/VariantComparison.h"
#include "studio/VariantStore.h"

namespace mr::ui {

namespace {

QString t(double seconds) {
    return QString::fromStdString(formatTime(seconds));
}

QString signedTime(double seconds) {
    return (seconds > 0 ? QStringLiteral("+") : QString()) + t(seconds);
}

QString names(const std::vector<std::string>& order) {
    QStringList out;
    for (const std::string& n : order) {
        out << QString::fromStdString(n);
    }
    return out.join(QLatin1Char(' '));
}

QString change(const FieldChange& c) {
    return QStringLiteral("%1: %2 → %3")
        .arg(QString::fromStdString(c.field), QString::fromStdString(c.before),
             QString::fromStdString(c.after));
}

}  // namespace

VariantDiffPanel::VariantDiffPanel(VariantStore* store, RunController* runs,
                                   std::function<Variant()> current, QWidget* parent)
    : QWidget(parent), m_store(store), m_runs(runs), m_current(std::move(current)) {
    setObjectName(QStringLiteral("variantDiff"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 6, 0, 0);
    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("<b>Diff</b> from"), this));
    m_from = new QComboBox(this);
    m_from->setObjectName(QStringLiteral("diffFrom"));
    top->addWidget(m_from);
    top->addWidget(new QLabel(tr("to"), this));
    m_to = new QComboBox(this);
    m_to->setObjectName(QStringLiteral("diffTo"));
    top->addWidget(m_to);
    top->addWidget(new QLabel(tr("under"), this));
    m_algorithm = new QComboBox(this);
    m_algorithm->setObjectName(QStringLiteral("diffAlgorithm"));
    m_algorithm->setToolTip(tr("The algorithm whose schedules are compared job by job"));
    top->addWidget(m_algorithm);
    top->addStretch(1);
    layout->addLayout(top);
    m_changes = new QLabel(this);
    m_changes->setWordWrap(true);
    m_changes->setTextFormat(Qt::RichText);
    m_changes->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_changes);
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    layout->addWidget(m_summary);
    m_table = new QTableWidget(this);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->setVisible(false);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setMinimumHeight(120);
    layout->addWidget(m_table, 1);

    connect(m_from, &QComboBox::activated, this, [this] {
        m_userChose = true;
        refresh();
    });
    connect(m_to, &QComboBox::activated, this, [this] {
        m_userChose = true;
        refresh();
    });
    connect(m_algorithm, &QComboBox::activated, this, [this] { refresh(); });
    connect(m_store, &VariantStore::variantsChanged, this, [this] {
        rebuildChoices();
        refreshLater();
    });
    connect(m_store, &VariantStore::referenceChanged, this, [this] {
        rebuildChoices();
        refreshLater();
    });
    connect(m_store, &VariantStore::resultsChanged, this, &VariantDiffPanel::refreshLater);
    connect(m_runs, &RunController::resultsReady, this, &VariantDiffPanel::refreshLater);
    rebuildChoices();
    refresh();
}

void VariantDiffPanel::refreshLater() {
    if (!m_refreshQueued) {
        m_refreshQueued = true;
        QTimer::singleShot(0, this, [this] {
            m_refreshQueued = false;
            refresh();
        });
    }
}

void VariantDiffPanel::rebuildChoices() {
    const QString from = m_from->currentText();
    const QString to = m_to->currentText();
    QStringList items;
    for (int i = 0; i < m_store->count(); ++i) {
        items << QString::fromStdString(m_store->variant(i).name);
    }
    items << VariantComparison::currentName();
    for (QComboBox* box : {m_from, m_to}) {
        box->clear();
        box->addItems(items);
    }
    // By default: the reference (else the first variant) against the one kept last (else the
    // workload being edited).
    const QString reference = m_store->reference();
    const QString defaultFrom = !reference.isEmpty() ? reference : items.front();
    const QString defaultTo = m_store->count() >= 2 && defaultFrom != items[items.size() - 2]
                                  ? items[items.size() - 2]
                                  : VariantComparison::currentName();
    // The user's choice stays while both still exist; else (or before any) the defaults.
    const bool keep = m_userChose && items.contains(from) && items.contains(to);
    m_from->setCurrentText(keep ? from : defaultFrom);
    m_to->setCurrentText(keep ? to : defaultTo);
    setVisible(m_store->count() > 0);
}

bool VariantDiffPanel::side(const QString& name, Variant* variant,
                            std::shared_ptr<const RunSet>* results) const {
    if (name == VariantComparison::currentName()) {
        *variant = m_current();
        *results = m_runs->latest();
        return true;
    }
    const int index = m_store->indexOf(name);
    if (index < 0) {
        return false;
    }
    *variant = m_store->variant(index);
    *results = m_store->results(index);
    return true;
}

bool VariantDiffPanel::compare(const QString& from, const QString& to, const QString& algorithm) {
    if (m_from->findText(from) < 0 || m_to->findText(to) < 0) {
        return false;
    }
    m_from->setCurrentText(from);
    m_to->setCurrentText(to);
    m_userChose = true;
    refresh();
    if (!algorithm.isEmpty()) {
        if (m_algorithm->findText(algorithm) < 0) {
            return false;
        }
        m_algorithm->setCurrentText(algorithm);
        refresh();
    }
    return true;
}

QString VariantDiffPanel::summary() const {
    return m_summary->text();
}

void VariantDiffPanel::refresh() {
    Variant a;
    Variant b;
    std::shared_ptr<const RunSet> ra;
    std::shared_ptr<const RunSet> rb;
    m_lines.clear();
    m_effect.reset();
    m_table->setRowCount(0);
    if (m_store->count() == 0 || !side(m_from->currentText(), &a, &ra) ||
        !side(m_to->currentText(), &b, &rb)) {
        m_changes->clear();
        m_summary->clear();
        return;
    }
    showChanges(a, b);
    // The algorithms both ran; the effect of one of them, job by job.
    const QStringList common = commonAlgorithms(a, b);
    const std::string id = m_algorithm->currentText().toStdString();
    const RunResult* before = ra ? ra->find(id) : nullptr;
    const RunResult* after = rb ? rb->find(id) : nullptr;
    if (common.isEmpty()) {
        m_summary->setText(tr("The two ran no algorithm in common."));
        return;
    }
    if (!before || !after) {
        m_summary->setText(tr("%1 is still computing (or could not run) on one of them.")
                               .arg(m_algorithm->currentText()));
        return;
    }
    m_effect = variantEffect(*ra->workload, *before, *rb->workload, *after);
    const VariantEffect& e = *m_effect;
    QString text = tr("%1: makespan %2 s → %3 s (%4 s).")
                       .arg(QString::fromStdString(id), t(e.makespanBefore), t(e.makespanAfter),
                            signedTime(e.makespanShift()));
    text +=
        e.orderChanged
            ? tr(" The order changed: %1 → %2.").arg(names(e.orderBefore), names(e.orderAfter))
            : tr(" The jobs in both variants keep their order (now %1).").arg(names(e.orderAfter));
    m_summary->setText(text);
    showEffectTable(e);
}

// What changed from a to b, one line per job, cluster field, scenario field and option.
void VariantDiffPanel::showChanges(const Variant& a, const Variant& b) {
    const VariantChanges c = variantChanges(a, b);
    for (const JobChange& j : c.jobs) {
        const QString job = QString::fromStdString(j.job);
        if (j.kind == JobChange::Kind::Added) {
            m_lines << tr("%1: added").arg(job);
        } else if (j.kind == JobChange::Kind::Removed) {
            m_lines << tr("%1: removed").arg(job);
        } else {
            QStringList fields;
            for (const FieldChange& f : j.fields) {
                fields << change(f);
            }
            m_lines << tr("%1: %2").arg(job, fields.join(QStringLiteral("; ")));
        }
    }
    for (const FieldChange& f : c.cluster) {
        m_lines << change(f);
    }
    for (const FieldChange& f : c.scenario) {
        m_lines << change(f);
    }
    for (const FieldChange& f : c.options) {
        m_lines << change(f);
    }
    QStringList html;
    for (const QString& line : m_lines) {
        html << QStringLiteral("<li>") + line.toHtmlEscaped() + QStringLiteral("</li>");
    }
    m_changes->setText(
        m_lines.isEmpty()
            ? tr("<i>%1 and %2 are the same what-if.</i>")
                  .arg(m_from->currentText().toHtmlEscaped(), m_to->currentText().toHtmlEscaped())
            : tr("What changed from <b>%1</b> to <b>%2</b>:<ul "
                 "style='margin:0'>%3</ul>")
                  .arg(m_from->currentText().toHtmlEscaped(), m_to->currentText().toHtmlEscaped(),
                       html.join(QString())));
}

// The algorithms both sides ran, in b's order, offered in the algorithm box (the choice kept).
QStringList VariantDiffPanel::commonAlgorithms(const Variant& a, const Variant& b) {
    const QString wanted = m_algorithm->currentText();
    QStringList common;
    for (const std::string& id : b.algorithms) {
        if (std::find(a.algorithms.begin(), a.algorithms.end(), id) != a.algorithms.end()) {
            common << QString::fromStdString(id);
        }
    }
    m_algorithm->clear();
    m_algorithm->addItems(common);
    if (common.contains(wanted)) {
        m_algorithm->setCurrentText(wanted);
    }
    return common;
}

// Per job: its ends before and after, how much earlier or later, and its places in the order.
void VariantDiffPanel::showEffectTable(const VariantEffect& e) {
    const QStringList headers = {tr("Job"),      tr("End before"),   tr("End after"),
                                 tr("Finished"), tr("Place before"), tr("Place after")};
    m_table->setColumnCount(static_cast<int>(headers.size()));
    m_table->setHorizontalHeaderLabels(headers);
    m_table->setRowCount(static_cast<int>(e.jobs.size()));
    const auto place = [](const std::optional<int>& p) {
        return p ? QString::number(*p) : QString();
    };
    for (std::size_t r = 0; r < e.jobs.size(); ++r) {
        const JobShift& s = e.jobs[r];
        QString finished;
        if (s.shift) {
            finished = *s.shift < 0   ? tr("%1 s earlier").arg(t(-*s.shift))
                       : *s.shift > 0 ? tr("%1 s later").arg(t(*s.shift))
                                      : tr("same time");
        } else {
            finished = s.endAfter ? tr("added") : tr("removed");
        }
        const QStringList cells = {QString::fromStdString(s.job),
                                   s.endBefore ? t(*s.endBefore) : QString(),
                                   s.endAfter ? t(*s.endAfter) : QString(),
                                   finished,
                                   place(s.positionBefore),
                                   place(s.positionAfter)};
        for (int col = 0; col < cells.size(); ++col) {
            auto* item = new QTableWidgetItem(cells[col]);
            if (col > 0) {
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            }
            if (col == 3 && s.shift && *s.shift != 0) {
                item->setForeground(*s.shift < 0 ? QColor(20, 120, 40) : QColor(190, 40, 30));
            }
            m_table->setItem(static_cast<int>(r), col, item);
        }
    }
    m_table->resizeColumnsToContents();
}

}  // namespace mr::ui
