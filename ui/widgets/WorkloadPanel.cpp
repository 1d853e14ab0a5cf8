#include "widgets/WorkloadPanel.h"

#include <QHeaderView>
#include <QLabel>
#include <QToolBar>
#include <QVBoxLayout>

#include "document/JobTableModel.h"
#include "document/WorkloadDocument.h"
#include "schedulers/Suggestions.h"
#include "widgets/AlgorithmList.h"
#include "widgets/ClusterPanel.h"
#include "widgets/JobTableView.h"
#include "widgets/RunOptionsPanel.h"

namespace mr::ui {

WorkloadPanel::WorkloadPanel(WorkloadDocument* document, JobTableModel* model, QWidget* parent)
    : QWidget(parent), m_doc(document), m_model(model) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_cluster = new ClusterPanel(m_doc, this);
    layout->addWidget(m_cluster);
    layout->addWidget(buildJobsBar());

    m_table = new JobTableView(this);
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setDragEnabled(true);
    m_table->setAcceptDrops(true);
    m_table->setDropIndicatorShown(true);
    m_table->setDragDropMode(QAbstractItemView::InternalMove);
    m_table->setDefaultDropAction(Qt::MoveAction);
    m_table->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                             QAbstractItemView::AnyKeyPressed);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    // A row added or renamed anywhere (a duplicate's "-copy" in row 589 of 1000) widens its
    // column: the header only refits by itself on a reset or a resize.
    const auto refit = [this] {
        QMetaObject::invokeMethod(
            m_table->horizontalHeader(),
            [header = m_table->horizontalHeader()] {
                header->resizeSections(QHeaderView::ResizeToContents);
            },
            Qt::QueuedConnection);
    };
    connect(m_model, &QAbstractItemModel::rowsInserted, this, refit);
    connect(m_model, &QAbstractItemModel::dataChanged, this, refit);
    m_table->verticalHeader()->setDefaultSectionSize(22);
    m_table->setToolTip(
        tr("Double-click a cell to edit it. Drag rows to change the order "
           "(the manual order)."));
    layout->addWidget(m_table, 3);

    layout->addWidget(new QLabel(tr("<b>Algorithms</b> (checked ones run on every edit)"), this));
    m_algorithms = new AlgorithmList(this);
    m_algorithms->setMaximumHeight(190);
    layout->addWidget(m_algorithms, 1);
    m_runOptions = new RunOptionsPanel(QStringLiteral("run"), RunOptionsPanel::Fields::All, this);
    layout->addWidget(m_runOptions);
}

QWidget* WorkloadPanel::buildJobsBar() {
    auto* jobsBar = new QToolBar(this);
    jobsBar->setIconSize(QSize(16, 16));
    jobsBar->addWidget(new QLabel(tr("<b>Jobs</b>  "), jobsBar));
    jobsBar->addAction(tr("Add"), this, [this] { addJob(false); })
        ->setToolTip(tr("Add a job after the current one"));
    jobsBar->addAction(tr("Duplicate"), this, [this] { addJob(true); })
        ->setToolTip(tr("Copy the current job"));
    jobsBar->addAction(tr("Remove"), this, [this] { removeSelectedJobs(); })
        ->setToolTip(tr("Remove the selected jobs"));
    return jobsBar;
}

int WorkloadPanel::currentRow() const {
    const QModelIndex current = m_table->currentIndex();
    return current.isValid() ? current.row() : m_doc->workload().jobCount() - 1;
}

void WorkloadPanel::addJob(bool duplicate) {
    const int row = currentRow();
    const int added = duplicate ? m_doc->duplicateJob(row) : m_doc->addJob(row);
    if (added >= 0) {
        m_table->selectRow(added);
    }
}

void WorkloadPanel::removeSelectedJobs() {
    QList<int> rows;
    for (const QModelIndex& index : m_table->selectionModel()->selectedRows()) {
        rows << index.row();
    }
    const QString message = m_doc->removeJobs(rows);
    if (!message.isEmpty()) {
        emit statusMessage(message);
    }
}

QString WorkloadPanel::commitPendingEdits() {
    m_table->commitPendingEdit();
    const QString cluster = m_cluster->commitPendingEdit();
    return cluster.isEmpty() ? m_model->firstCellError() : cluster;
}

QStringList WorkloadPanel::suggestedAlgorithms(const Workload& workload) const {
    std::vector<std::string> ids;
    for (const QString& id : m_algorithms->checkedIds()) {
        ids.push_back(id.toStdString());
    }
    QStringList added;
    for (const std::string& id : mr::suggestedAlgorithms(workload, ids)) {
        added << QString::fromStdString(id);
    }
    return added;
}

QStringList WorkloadPanel::checkSuggestedAlgorithms(const Workload& workload) {
    const QStringList checked = m_algorithms->checkedIds();
    const QStringList added = suggestedAlgorithms(workload);
    if (!added.isEmpty()) {
        m_algorithms->setChecked(checked + added);  // checkedChanged: the run starts again
    }
    return added;
}

}  // namespace mr::ui
