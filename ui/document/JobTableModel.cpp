#include "document/JobTableModel.h"

#include <QApplication>
#include <QFont>
#include <QIODevice>
#include <QMimeData>
#include <QStyle>
#include <cmath>
#include <numeric>

#include "document/JobPalette.h"
#include "io/NumberFormat.h"
#include "io/WorkloadJson.h"
#include "model/InputError.h"

namespace mr::ui {

namespace {

constexpr const char* kRowMime = "application/x-mrx-job-row";

quint64 key(int row, int column) {
    return (static_cast<quint64>(row) << 8) | static_cast<quint64>(column);
}

bool uniform(const mr::TaskDurations& d) {
    return d.uniform() || std::all_of(d.begin(), d.end(), [&](double x) { return x == d.front(); });
}

double mean(const mr::TaskDurations& d) {
    return d.empty() ? 0.0
                     : std::accumulate(d.begin(), d.end(), 0.0) / static_cast<double>(d.size());
}

// Exact text (for editing: nothing is lost) or six significant digits (for reading).
QString number(double x, bool exact = true) {
    return exact ? QString::fromStdString(formatNumber(x)) : QString::number(x, 'g', 6);
}

// Per-task durations have no one value to edit: the editor starts empty (its placeholder says
// "per task"), and committing it empty changes nothing.
QString durationText(const mr::TaskDurations& d, bool forEditing) {
    if (d.empty()) {
        return forEditing ? QString() : QStringLiteral("–");
    }
    if (uniform(d)) {
        return number(d.front(), forEditing);
    }
    if (forEditing) {
        return {};
    }
    const double avg = mean(d);
    return QObject::tr("per task (avg %1)")
        .arg(avg >= 1000 ? QString::number(avg, 'f', 0) : QString::number(avg, 'g', 4));
}

QString durationTip(const mr::TaskDurations& d) {
    if (d.empty() || uniform(d)) {
        return {};
    }
    const auto [lo, hi] = std::minmax_element(d.begin(), d.end());
    return QObject::tr(
               "%1 tasks with their own durations: min %2, mean %3, max %4 s.\n"
               "Typing a number gives every task that duration.")
        .arg(d.size())
        .arg(*lo)
        .arg(mean(d), 0, 'g', 5)
        .arg(*hi);
}

// A finite number >= 0 (or > 0), or the reason it is not.
std::optional<double> parseNumber(const QString& text, bool positive, QString* reason) {
    bool ok = false;
    const double value = text.toDouble(&ok);
    if (!ok || !std::isfinite(value)) {
        *reason = QObject::tr("'%1' is not a number").arg(text);
        return std::nullopt;
    }
    if (positive ? value <= 0.0 : value < 0.0) {
        *reason =
            positive ? QObject::tr("must be greater than 0") : QObject::tr("must not be negative");
        return std::nullopt;
    }
    return value;
}

std::optional<int> parseCount(const QString& text, int minimum, QString* reason) {
    bool ok = false;
    const qlonglong value = text.toLongLong(&ok);
    if (!ok) {
        *reason = QObject::tr("'%1' is not a whole number").arg(text);
        return std::nullopt;
    }
    if (value < minimum || value > kMaxTasksPerJob) {
        *reason = QObject::tr("must be between %1 and %2").arg(minimum).arg(kMaxTasksPerJob);
        return std::nullopt;
    }
    return static_cast<int>(value);
}

// Resize a stage to `count` tasks: uniform stages stay uniform; per-task stages keep their first
// tasks and new tasks take the mean.
void resizeStage(mr::TaskDurations& d, int count, double fallback) {
    const double fill = d.empty() ? fallback : (uniform(d) ? d.front() : mean(d));
    d.resize(static_cast<std::size_t>(count), fill);
}

}  // namespace

JobTableModel::JobTableModel(WorkloadDocument* doc, QObject* parent)
    : QAbstractTableModel(parent), m_doc(doc) {
    connect(doc, &WorkloadDocument::aboutToReset, this, [this] { beginResetModel(); });
    connect(doc, &WorkloadDocument::resetDone, this, [this] {
        m_errors.clear();
        endResetModel();
    });
    connect(doc, &WorkloadDocument::jobChanged, this, [this](int row) {
        clearRowErrors(row);
        emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
    });
    connect(doc, &WorkloadDocument::aboutToInsertJob, this, [this](int row) {
        m_errors.clear();
        beginInsertRows({}, row, row);
    });
    connect(doc, &WorkloadDocument::jobInserted, this, [this] { endInsertRows(); });
    connect(doc, &WorkloadDocument::aboutToRemoveJob, this, [this](int row) {
        m_errors.clear();
        beginRemoveRows({}, row, row);
    });
    connect(doc, &WorkloadDocument::jobRemoved, this, [this] { endRemoveRows(); });
    connect(doc, &WorkloadDocument::aboutToMoveJob, this, [this](int from, int to) {
        m_errors.clear();
        beginMoveRows({}, from, from, {}, to > from ? to + 1 : to);
    });
    connect(doc, &WorkloadDocument::jobMoved, this, [this] { endMoveRows(); });
    connect(JobPaletteNotifier::instance(), &JobPaletteNotifier::schemeChanged, this, [this] {
        emit dataChanged(index(0, Name), index(rowCount() - 1, Name), {Qt::DecorationRole});
    });
}

int JobTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : m_doc->workload().jobCount();
}

int JobTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant JobTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation == Qt::Vertical) {
        return role == Qt::DisplayRole ? QVariant(section + 1) : QVariant();
    }
    static const char* kTitles[] = {"Job",
                                    "Maps",
                                    "Reduces",
                                    "Map task (s)",
                                    "Reduce task (s)",
                                    "Arrival (s)",
                                    "Deadline (s after arrival)"};
    static const char* kTips[] = {
        "Job name (unique). The swatch is the job's colour in every chart; drag rows to reorder "
        "them — the new order is the manual order.",
        "Number of map tasks (at least 1)",
        "Number of reduce tasks (0 allowed)",
        "Duration of each map task in seconds",
        "Duration of each reduce task in seconds",
        "When the job is submitted, in seconds from the start",
        "Deadline relative to the arrival, in seconds (empty: none)"};
    if (role == Qt::DisplayRole) {
        return tr(kTitles[section]);
    }
    if (role == Qt::ToolTipRole) {
        return tr(kTips[section]);
    }
    return {};
}

Qt::ItemFlags JobTableModel::flags(const QModelIndex& index) const {
    if (!index.isValid()) {
        return Qt::ItemIsDropEnabled;
    }
    Qt::ItemFlags f =
        Qt::ItemIsSelectable | Qt::ItemIsEnabled | Qt::ItemIsEditable | Qt::ItemIsDragEnabled;
    const Job& job = m_doc->workload().jobs[static_cast<std::size_t>(index.row())];
    if (index.column() == ReduceDuration && job.reduceDurations.empty()) {
        f &= ~Qt::ItemIsEditable;  // no reduce tasks: set Reduces first
    }
    return f;
}

QString JobTableModel::cellError(int row, int column) const {
    const auto it = m_errors.find(key(row, column));
    return it == m_errors.end() ? QString() : it->reason;
}

QVariant JobTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) {
        return {};
    }
    const Job& job = m_doc->workload().jobs[static_cast<std::size_t>(index.row())];
    const auto error = m_errors.find(key(index.row(), index.column()));
    const bool hasError = error != m_errors.end();
    switch (role) {
        case Qt::DisplayRole:
        case Qt::EditRole: {
            if (hasError) {
                return error->text;
            }
            const bool editing = role == Qt::EditRole;
            switch (index.column()) {
                case Name:
                    return QString::fromStdString(job.name);
                // Counts edit as text (a line edit, not a spin box that would drop the "e" of
                // "1e30"): what is typed reaches parseCount, which refuses it with the reason.
                case Maps:
                    return editing ? QVariant(QString::number(job.maps())) : QVariant(job.maps());
                case Reduces:
                    return editing ? QVariant(QString::number(job.reduces()))
                                   : QVariant(job.reduces());
                case MapDuration:
                    return durationText(job.mapDurations, editing);
                case ReduceDuration:
                    return durationText(job.reduceDurations, editing);
                case Arrival:
                    return number(job.arrival, editing);
                case Deadline:
                    return job.deadline ? number(*job.deadline, editing) : QString();
            }
            return {};
        }
        case Qt::DecorationRole:
            if (hasError) {
                return QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
            }
            if (index.column() == Name) {
                return m_doc->jobColours().base(index.row());
            }
            return {};
        case Qt::ToolTipRole:
            if (hasError) {
                return error->reason;
            }
            if (index.column() == MapDuration) {
                return durationTip(job.mapDurations);
            }
            if (index.column() == ReduceDuration) {
                return job.reduceDurations.empty() ? tr("No reduce tasks: set Reduces first")
                                                   : durationTip(job.reduceDurations);
            }
            return {};
        case Qt::BackgroundRole:
            return hasError ? QVariant(QColor(255, 220, 220)) : QVariant();
        case Qt::TextAlignmentRole:
            return index.column() == Name ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                          : QVariant(Qt::AlignRight | Qt::AlignVCenter);
        case Qt::FontRole:
            if ((index.column() == MapDuration && !uniform(job.mapDurations)) ||
                (index.column() == ReduceDuration && !uniform(job.reduceDurations))) {
                QFont italic;
                italic.setItalic(true);
                return italic;
            }
            return {};
    }
    return {};
}

namespace {

// New reduce tasks of a job that had none take the reduce time its file kept beside
// "reduces": 0, else its mean map task time.
void setReduceCount(Job& job, int n) {
    double fill = mean(job.mapDurations);
    if (const auto kept = job.extraFields.find("reduce_duration");
        job.reduceDurations.empty() && kept != job.extraFields.end()) {
        bool ok = false;
        const double value = QString::fromStdString(kept->second).toDouble(&ok);
        fill = ok && std::isfinite(value) && value >= 0 ? value : fill;
    }
    resizeStage(job.reduceDurations, n, fill);
    if (n > 0) {
        job.extraFields.erase("reduce_duration");  // now the reduce tasks' own value
    }
}

}  // namespace

std::optional<Job> JobTableModel::applyEdit(int row, int column, const QString& text,
                                            QString* reason) const {
    const Workload& w = m_doc->workload();
    Job job = w.jobs[static_cast<std::size_t>(row)];
    switch (column) {
        case Name:
            if (text.isEmpty()) {
                *reason = tr("a job needs a name");
                return std::nullopt;
            }
            job.name = text.toStdString();
            break;
        case Maps: {
            const auto n = parseCount(text, 1, reason);
            if (!n) {
                return std::nullopt;
            }
            resizeStage(job.mapDurations, *n, 1.0);
            break;
        }
        case Reduces: {
            const auto n = parseCount(text, 0, reason);
            if (!n) {
                return std::nullopt;
            }
            setReduceCount(job, *n);
            break;
        }
        case MapDuration:
        case ReduceDuration: {
            const auto& current = column == MapDuration ? job.mapDurations : job.reduceDurations;
            if (text.isEmpty() && !uniform(current)) {
                return job;  // the per-task durations stay (Enter on an untouched cell)
            }
            const auto d = parseNumber(text, false, reason);
            if (!d) {
                return std::nullopt;
            }
            auto& stage = column == MapDuration ? job.mapDurations : job.reduceDurations;
            stage.assign(stage.size(), *d);
            job.perTaskDurations = job.perTaskDurations &&
                                   !(uniform(job.mapDurations) && uniform(job.reduceDurations));
            break;
        }
        case Arrival: {
            const auto d = parseNumber(text, false, reason);
            if (!d) {
                return std::nullopt;
            }
            job.arrival = *d;
            break;
        }
        case Deadline:
            if (text.isEmpty()) {
                job.deadline.reset();
            } else {
                const auto d = parseNumber(text, true, reason);
                if (!d) {
                    return std::nullopt;
                }
                job.deadline = *d;
            }
            break;
        default:
            return std::nullopt;
    }
    // Whatever the core refuses (duplicate names, ...) is refused here with the core's words,
    // and so is what a workload file may not hold (a time beyond kMaxTime): an edit the table
    // takes can always be saved.
    Workload edited = w;
    edited.jobs[static_cast<std::size_t>(row)] = job;
    try {
        validate(edited);
        checkFileLimits(job, "");
    } catch (const InputError& e) {
        *reason = QString::fromStdString(e.message());
        return std::nullopt;
    }
    return job;
}

bool JobTableModel::setData(const QModelIndex& index, const QVariant& value, int role) {
    if (!index.isValid() || role != Qt::EditRole) {
        return false;
    }
    const QString text = value.toString().trimmed();
    QString reason;
    const auto job = applyEdit(index.row(), index.column(), text, &reason);
    if (!job) {
        m_errors[key(index.row(), index.column())] = {text, reason};
        emit dataChanged(index, index);
        const QString header =
            headerData(index.column(), Qt::Horizontal, Qt::DisplayRole).toString();
        emit editRejected(
            tr("%1 of %2: %3")
                .arg(header,
                     QString::fromStdString(
                         m_doc->workload().jobs[static_cast<std::size_t>(index.row())].name),
                     reason));
        return false;
    }
    m_errors.remove(key(index.row(), index.column()));
    if (*job == m_doc->workload().jobs[static_cast<std::size_t>(index.row())]) {
        emit dataChanged(index, index);  // unchanged (or an error cell set back to its value)
        emit editAccepted();
        return true;
    }
    const QString header = headerData(index.column(), Qt::Horizontal, Qt::DisplayRole).toString();
    m_doc->setJob(index.row(), *job,
                  tr("Edit %1 of %2").arg(header, QString::fromStdString(job->name)));
    emit editAccepted();
    return true;
}

QString JobTableModel::firstCellError() const {
    for (int row = 0; row < rowCount(); ++row) {
        for (int column = 0; column < ColumnCount; ++column) {
            const auto it = m_errors.find(key(row, column));
            if (it != m_errors.end()) {
                return tr("%1 of %2: '%3' — %4")
                    .arg(headerData(column, Qt::Horizontal, Qt::DisplayRole).toString(),
                         QString::fromStdString(
                             m_doc->workload().jobs[static_cast<std::size_t>(row)].name),
                         it->text, it->reason);
            }
        }
    }
    return {};
}

void JobTableModel::clearRowErrors(int row) {
    for (int c = 0; c < ColumnCount; ++c) {
        m_errors.remove(key(row, c));
    }
}

QStringList JobTableModel::mimeTypes() const {
    return {QString::fromLatin1(kRowMime)};
}

QMimeData* JobTableModel::mimeData(const QModelIndexList& indexes) const {
    if (indexes.isEmpty()) {
        return nullptr;
    }
    auto* data = new QMimeData;
    data->setData(QString::fromLatin1(kRowMime), QByteArray::number(indexes.front().row()));
    return data;
}

bool JobTableModel::dropMimeData(const QMimeData* data, Qt::DropAction action, int row, int,
                                 const QModelIndex& parent) {
    if (action != Qt::MoveAction || !data->hasFormat(QString::fromLatin1(kRowMime))) {
        return false;
    }
    bool ok = false;
    const int from = data->data(QString::fromLatin1(kRowMime)).toInt(&ok);
    if (!ok || from < 0 || from >= rowCount()) {
        return false;
    }
    int target = row >= 0 ? row : (parent.isValid() ? parent.row() : rowCount());
    if (target > from) {
        --target;  // the dragged row leaves its old place first
    }
    target = std::clamp(target, 0, rowCount() - 1);
    m_doc->moveJob(from, target);
    return false;  // the document moved the row; the view must not remove anything
}

}  // namespace mr::ui
