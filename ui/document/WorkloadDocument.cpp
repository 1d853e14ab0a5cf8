#include "document/WorkloadDocument.h"

#include <algorithm>

#include "document/EditCommands.h"
#include "io/WorkloadJson.h"

namespace mr::ui {

WorkloadDocument::WorkloadDocument(QObject* parent) : QObject(parent), m_workload(untitled()) {
    connect(&m_undo, &QUndoStack::cleanChanged, this,
            [this](bool clean) { emit modifiedChanged(!clean); });
}

Workload WorkloadDocument::untitled() {
    Workload w;
    w.name = "Untitled";
    w.cluster = {10, 1, 1};
    w.jobs = {Job::uniform("J1", 10, 20, 10, 2), Job::uniform("J2", 10, 2, 10, 20)};
    return w;
}

void WorkloadDocument::reset(Workload workload, const QString& filePath) {
    emit aboutToReset();
    m_workload = std::move(workload);
    m_undo.clear();
    m_undo.setClean();
    emit resetDone();
    if (filePath != m_filePath) {
        m_filePath = filePath;
        emit filePathChanged(m_filePath);
    }
    emit modifiedChanged(false);
    emit changed();
}

void WorkloadDocument::open(const QString& path) {
    Workload loaded = loadWorkload(path.toStdString());  // throws before anything changes
    reset(std::move(loaded), path);
}

void WorkloadDocument::saveAs(const QString& path) {
    saveWorkload(m_workload, path.toStdString());
    m_undo.setClean();
    if (path != m_filePath) {
        m_filePath = path;
        emit filePathChanged(m_filePath);
    }
}

void WorkloadDocument::setJob(int row, const Job& job, const QString& text) {
    m_undo.push(
        new SetJobCommand(this, row, m_workload.jobs[static_cast<std::size_t>(row)], job, text));
}

void WorkloadDocument::insertJob(int row, const Job& job, const QString& text) {
    m_undo.push(new InsertJobCommand(this, row, job, text));
}

void WorkloadDocument::removeJob(int row) {
    m_undo.push(new RemoveJobCommand(this, row));
}

void WorkloadDocument::moveJob(int from, int to) {
    if (from != to) {
        m_undo.push(new MoveJobCommand(this, from, to));
    }
}

void WorkloadDocument::setCluster(const Cluster& cluster) {
    if (!(cluster == m_workload.cluster)) {
        m_undo.push(new SetClusterCommand(this, m_workload.cluster, cluster));
    }
}

void WorkloadDocument::applySetJob(int row, const Job& job) {
    auto& slot = m_workload.jobs[static_cast<std::size_t>(row)];
    // A renamed job keeps its place in the manual order.
    std::replace(m_workload.manualOrder.begin(), m_workload.manualOrder.end(), slot.name, job.name);
    slot = job;
    emit jobChanged(row);
    emit changed();
}

void WorkloadDocument::applyInsertJob(int row, const Job& job) {
    emit aboutToInsertJob(row);
    m_workload.jobs.insert(m_workload.jobs.begin() + row, job);
    if (!m_workload.manualOrder.empty()) {
        m_workload.manualOrder.push_back(job.name);
    }
    emit jobInserted(row);
    emit changed();
}

void WorkloadDocument::applyRemoveJob(int row) {
    emit aboutToRemoveJob(row);
    const std::string name = m_workload.jobs[static_cast<std::size_t>(row)].name;
    m_workload.jobs.erase(m_workload.jobs.begin() + row);
    auto& order = m_workload.manualOrder;
    order.erase(std::remove(order.begin(), order.end(), name), order.end());
    emit jobRemoved(row);
    emit changed();
}

void WorkloadDocument::applyMoveJob(int from, int to, const std::vector<std::string>& manualOrder) {
    if (from != to) {
        emit aboutToMoveJob(from, to);
        Job job = std::move(m_workload.jobs[static_cast<std::size_t>(from)]);
        m_workload.jobs.erase(m_workload.jobs.begin() + from);
        m_workload.jobs.insert(m_workload.jobs.begin() + to, std::move(job));
        m_workload.manualOrder = manualOrder;
        emit jobMoved(from, to);
    } else {
        m_workload.manualOrder = manualOrder;
    }
    emit changed();
}

void WorkloadDocument::applyCluster(const Cluster& cluster) {
    m_workload.cluster = cluster;
    emit clusterChanged();
    emit changed();
}

}  // namespace mr::ui
