#include "studio/VariantStore.h"

#include "run/RunController.h"

namespace mr::ui {

struct VariantStore::Entry {
    Variant variant;
    JobColours colours;
    RunController* runs = nullptr;
    std::shared_ptr<const RunSet> results;
};

VariantStore::VariantStore(QObject* parent) : QObject(parent) {}

VariantStore::~VariantStore() {
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
    m_entries.push_back(std::move(entry));
    start(*raw);
    emit variantsChanged();
    return count() - 1;
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
    const auto at = m_entries.begin() + index;
    const QString name = QString::fromStdString((*at)->variant.name);
    (*at)->runs->cancelAll();
    (*at)->runs->deleteLater();  // its queued deliveries go nowhere
    m_entries.erase(at);
    if (name == m_reference) {
        setReference({});
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
    Entry& entry = *m_entries.at(static_cast<std::size_t>(index));
    const bool wasReference = QString::fromStdString(entry.variant.name) == m_reference;
    entry.variant.name = trimmed.toStdString();
    if (wasReference) {
        setReference(trimmed);
    }
    emit variantsChanged();
    return {};
}

void VariantStore::setVariants(std::vector<Variant> variants) {
    for (const auto& entry : m_entries) {
        entry->runs->cancelAll();
        entry->runs->deleteLater();
    }
    m_entries.clear();
    QSignalBlocker blocker(this);
    for (Variant& v : variants) {
        add(std::move(v));
    }
    setReference({});
    blocker.unblock();
    emit referenceChanged(m_reference);
    emit variantsChanged();
}

void VariantStore::setReference(const QString& name) {
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
