#include "document/WorkloadDocument.h"

#include <algorithm>
#include <numeric>

#include "document/EditCommands.h"
#include "io/WorkloadJson.h"

namespace mr::ui {

WorkloadDocument::WorkloadDocument(QObject* parent)
    : QObject(parent), m_workload(std::make_shared<Workload>(untitled())) {
    m_slots.resize(m_workload->jobs.size());
    std::iota(m_slots.begin(), m_slots.end(), 0);
    m_nextSlot = m_workload->jobCount();
    connect(&m_undo, &QUndoStack::cleanChanged, this,
            [this](bool clean) { emit modifiedChanged(!clean); });
}

WorkloadDocument::~WorkloadDocument() {
    disconnect(&m_undo, nullptr, this, nullptr);
}

Workload WorkloadDocument::untitled() {
    Workload w;
    w.name = "Untitled";
    w.cluster = {10, 1, 1};
    w.jobs = {Job::uniform("J1", 10, 20, 10, 2), Job::uniform("J2", 10, 2, 10, 20)};
    return w;
}

Workload& WorkloadDocument::edit() {
    // use_count() may see a reader that is just letting go: then one copy too many, never one
    // too few (readers only ever hold it const).
    if (m_workload.use_count() > 1) {
        m_workload = std::make_shared<Workload>(*m_workload);
    }
    return *m_workload;
}

void WorkloadDocument::reset(Workload workload, const QString& filePath,
                             const std::vector<int>& colourSlots) {
    emit aboutToReset();
    m_workload = std::make_shared<Workload>(std::move(workload));
    if (colourSlots.size() == m_workload->jobs.size()) {
        m_slots = colourSlots;
    } else {
        m_slots.resize(m_workload->jobs.size());
        std::iota(m_slots.begin(), m_slots.end(), 0);
    }
    // A job added later takes a slot no job has: one past the highest, never one in use.
    m_nextSlot = m_slots.empty() ? 0 : *std::max_element(m_slots.begin(), m_slots.end()) + 1;
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

QStringList WorkloadDocument::open(const QString& path) {
    LoadReport report;
    Workload loaded = loadWorkload(path.toStdString(), &report);  // throws before any change
    reset(std::move(loaded), path);
    QStringList warnings;
    for (const auto& warning : report.warnings) {
        warnings << QString::fromStdString(warning);
    }
    return warnings;
}

void WorkloadDocument::saveAs(const QString& path) {
    saveWorkload(*m_workload, path.toStdString());
    m_undo.setClean();
    if (path != m_filePath) {
        m_filePath = path;
        emit filePathChanged(m_filePath);
    }
}

void WorkloadDocument::setJob(int row, const Job& job, const QString& text) {
    const Job& before = m_workload->jobs[static_cast<std::size_t>(row)];
    if (!(job == before)) {
        m_undo.push(new SetJobCommand(this, row, before, job, text));
    }
}

void WorkloadDocument::insertJob(int row, const Job& job, const QString& text) {
    m_undo.push(new InsertJobCommand(this, row, job, text));
}

void WorkloadDocument::removeJob(int row) {
    m_undo.push(new RemoveJobCommand(this, row));
}

int WorkloadDocument::addJob(int row) {
    const Workload& w = *m_workload;
    std::string name = "J" + std::to_string(w.jobCount() + 1);
    for (int i = 2; w.findJob(name); ++i) {
        name = "J" + std::to_string(w.jobCount() + i);
    }
    const int at = row < 0 ? w.jobCount() : std::min(row + 1, w.jobCount());
    insertJob(at, Job::uniform(name, 10, 10, 5, 10),
              tr("Add job %1").arg(QString::fromStdString(name)));
    return at;
}

int WorkloadDocument::duplicateJob(int row) {
    const Workload& w = *m_workload;
    if (row < 0 || row >= w.jobCount()) {
        return -1;
    }
    Job job = w.jobs[static_cast<std::size_t>(row)];
    const std::string stem = job.name + "-copy";
    std::string name = stem;
    for (int i = 2; w.findJob(name); ++i) {
        name = stem + "-" + std::to_string(i);
    }
    job.name = name;
    insertJob(row + 1, job,
              tr("Duplicate job %1")
                  .arg(QString::fromStdString(w.jobs[static_cast<std::size_t>(row)].name)));
    return row + 1;
}

QString WorkloadDocument::removeJobs(QList<int> rows) {
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    rows.removeIf([this](int row) { return row < 0 || row >= m_workload->jobCount(); });
    QString message;
    if (!rows.isEmpty() && rows.size() >= m_workload->jobCount()) {
        message = tr("A workload keeps at least one job: %1 stays.")
                      .arg(QString::fromStdString(
                          m_workload->jobs[static_cast<std::size_t>(rows.front())].name));
        rows.removeFirst();
    }
    if (rows.isEmpty()) {
        return message;  // nothing changes: no undo step
    }
    m_undo.beginMacro(rows.size() == 1
                          ? tr("Remove job %1")
                                .arg(QString::fromStdString(
                                    m_workload->jobs[static_cast<std::size_t>(rows.front())].name))
                          : tr("Remove %1 jobs").arg(rows.size()));
    for (auto it = rows.rbegin(); it != rows.rend(); ++it) {
        m_undo.push(new RemoveJobCommand(this, *it));
    }
    m_undo.endMacro();
    return message;
}

void WorkloadDocument::moveJob(int from, int to) {
    if (from != to) {
        m_undo.push(new MoveJobCommand(this, from, to));
    }
}

void WorkloadDocument::setCluster(const Cluster& cluster, bool stepping) {
    if (!(cluster == m_workload->cluster)) {
        m_undo.push(new SetClusterCommand(this, m_workload->cluster, cluster, stepping));
    }
}

void WorkloadDocument::setScenario(const Scenario& scenario, const QString& text) {
    if (!(scenario == m_workload->scenario)) {
        m_undo.push(new SetScenarioCommand(this, m_workload->scenario, scenario, text));
    }
}

void WorkloadDocument::applySetJob(int row, const Job& job) {
    Workload& w = edit();
    auto& slot = w.jobs[static_cast<std::size_t>(row)];
    // A renamed job keeps its place in the manual order.
    std::replace(w.manualOrder.begin(), w.manualOrder.end(), slot.name, job.name);
    slot = job;
    emit jobChanged(row);
    emit changed();
}

void WorkloadDocument::applyInsertJob(int row, const Job& job, int colourSlot) {
    emit aboutToInsertJob(row);
    Workload& w = edit();
    w.jobs.insert(w.jobs.begin() + row, job);
    m_slots.insert(m_slots.begin() + row, colourSlot);
    if (!w.manualOrder.empty()) {
        w.manualOrder.push_back(job.name);
    }
    emit jobInserted(row);
    emit changed();
}

void WorkloadDocument::applyRemoveJob(int row) {
    emit aboutToRemoveJob(row);
    Workload& w = edit();
    const std::string name = w.jobs[static_cast<std::size_t>(row)].name;
    w.jobs.erase(w.jobs.begin() + row);
    m_slots.erase(m_slots.begin() + row);
    auto& order = w.manualOrder;
    order.erase(std::remove(order.begin(), order.end(), name), order.end());
    emit jobRemoved(row);
    emit changed();
}

void WorkloadDocument::applyMoveJob(int from, int to, const std::vector<std::string>& manualOrder) {
    Workload& w = edit();
    if (from != to) {
        emit aboutToMoveJob(from, to);
        Job job = std::move(w.jobs[static_cast<std::size_t>(from)]);
        w.jobs.erase(w.jobs.begin() + from);
        w.jobs.insert(w.jobs.begin() + to, std::move(job));
        const int slot = m_slots[static_cast<std::size_t>(from)];
        m_slots.erase(m_slots.begin() + from);
        m_slots.insert(m_slots.begin() + to, slot);
        w.manualOrder = manualOrder;
        emit jobMoved(from, to);
    } else {
        w.manualOrder = manualOrder;
    }
    emit changed();
}

void WorkloadDocument::applyCluster(const Cluster& cluster) {
    edit().cluster = cluster;
    emit clusterChanged();
    emit changed();
}

void WorkloadDocument::applyScenario(const Scenario& scenario) {
    edit().scenario = scenario;
    emit scenarioChanged();
    emit changed();
}

}  // namespace mr::ui
