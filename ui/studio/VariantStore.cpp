#include "studio/VariantStore.h"

#include "run/RunController.h"
#include "studio/VariantCommands.h"

namespace mr::ui {

struct VariantStore::Entry {
    Variant variant;
    JobColours colours;
    RunController* runs = nullptr;
    std::shared_ptr<const RunSet> results;
};

VariantStore::VariantStore(QObject* parent) : QObject(parent) {
    connect(&m_undo, &QUndoStack::cleanChanged, this,
            [this](bool clean) { emit modifiedChanged(!clean); });
}

VariantStore::~VariantStore() {
    disconnect(&m_undo, nullptr, this, nullptr);  // its destructor must reach no listener
    for (const auto& entry : m_entries) {
        entry->runs->cancelAll();
    }
}

const Variant& VariantStore::variant(int index) const {
    return m_entries.at(static_cast<std::size_t>(index))->variant;
}

std::vector<Variant> VariantStore::variants() const {
    std::vector<Variant> out;
    out.reserve(m_entries.size());
    for (const auto& entry : m_entries) {
        out.push_back(entry->variant);
    }
    return out;
}

int VariantStore::indexOf(const QString& name) const {
    const std::string wanted = name.toStdString();
    for (std::size_t i = 0; i < m_entries.size(); ++i) {
        if (m_entries[i]->variant.name == wanted) {
            return static_cast<int>(i);
        }
    }
    return -1;
}

std::shared_ptr<const RunSet> VariantStore::results(int index) const {
    return m_entries.at(static_cast<std::size_t>(index))->results;
}

RunController* VariantStore::runController(int index) const {
    return m_entries.at(static_cast<std::size_t>(index))->runs;
}

int VariantStore::add(Variant variant, const JobColours& colours) {
    const int index = count();
    m_undo.push(new InsertVariantCommand(this, index, std::move(variant), colours, true));
    return index;
}

JobColours VariantStore::colours(int index) const {
    return m_entries.at(static_cast<std::size_t>(index))->colours;
}

void VariantStore::insertAt(int index, Variant variant, const JobColours& colours) {
    auto entry = std::make_unique<Entry>();
    entry->variant = std::move(variant);
    entry->colours = colours;
    entry->runs = new RunController(this);
    RunController* runs = entry->runs;
    Entry* raw = entry.get();
    const auto publish = [this, raw](const std::shared_ptr<const RunSet>& results) {
        raw->results = results;
        for (std::size_t i = 0; i < m_entries.size(); ++i) {
            if (m_entries[i].get() == raw) {
                emit resultsChanged(static_cast<int>(i));
            }
        }
    };
    connect(runs, &RunController::runStarted, this, publish);
    connect(runs, &RunController::resultsReady, this, publish);
    m_entries.insert(m_entries.begin() + index, std::move(entry));
    start(*raw);
    emit variantsChanged();
}

void VariantStore::start(Entry& entry) {
    QStringList ids;
    for (const std::string& id : entry.variant.algorithms) {
        ids << QString::fromStdString(id);
    }
    entry.runs->setAlgorithms(ids);
    entry.runs->setRunOptions(entry.variant.options);
    entry.runs->request(entry.variant.workload, entry.colours);
}

void VariantStore::rerun(int index) {
    start(*m_entries.at(static_cast<std::size_t>(index)));
}

void VariantStore::remove(int index) {
    m_undo.push(new InsertVariantCommand(this, index, variant(index), colours(index), false));
}

void VariantStore::removeAt(int index) {
    const auto at = m_entries.begin() + index;
    const QString name = QString::fromStdString((*at)->variant.name);
    (*at)->runs->cancelAll();
    (*at)->runs->deleteLater();  // its queued deliveries go nowhere
    m_entries.erase(at);
    if (name == m_reference) {
        applyReference({});
    }
    emit variantsChanged();
}

QString VariantStore::rename(int index, const QString& name) {
    const QString trimmed = name.trimmed();
    if (trimmed.isEmpty()) {
        return tr("A variant needs a name.");
    }
    const int other = indexOf(trimmed);
    if (other >= 0 && other != index) {
        return tr("There is a variant named %1 already.").arg(trimmed);
    }
    const std::string before = variant(index).name;
    if (before != trimmed.toStdString()) {
        m_undo.push(new RenameVariantCommand(this, index, before, trimmed.toStdString()));
    }
    return {};
}

void VariantStore::renameAt(int index, const std::string& name) {
    Entry& entry = *m_entries.at(static_cast<std::size_t>(index));
    const bool wasReference = QString::fromStdString(entry.variant.name) == m_reference;
    entry.variant.name = name;
    if (wasReference) {
        applyReference(QString::fromStdString(name));
    }
    emit variantsChanged();
}

void VariantStore::setVariants(std::vector<Variant> variants, const QString& reference) {
    for (const auto& entry : m_entries) {
        entry->runs->cancelAll();
        entry->runs->deleteLater();
    }
    m_entries.clear();
    QSignalBlocker blocker(this);
    for (Variant& v : variants) {
        insertAt(count(), std::move(v), {});
    }
    m_reference.clear();
    applyReference(reference);
    m_undo.clear();
    m_undo.setClean();
    blocker.unblock();
    emit referenceChanged(m_reference);
    emit variantsChanged();
    emit modifiedChanged(false);
}

void VariantStore::setReference(const QString& name) {
    const QString wanted = indexOf(name) >= 0 ? name : QString();
    if (wanted != m_reference) {
        m_undo.push(new SetReferenceCommand(this, m_reference, wanted));
    }
}

void VariantStore::applyReference(const QString& name) {
    const QString wanted = indexOf(name) >= 0 ? name : QString();
    if (wanted != m_reference) {
        m_reference = wanted;
        emit referenceChanged(m_reference);
    }
}

QString VariantStore::nextName() const {
    return QString::fromStdString(nextVariantName(variants()));
}

}  // namespace mr::ui
