#include "run/RunController.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrent>

#include "model/InputError.h"
#include "schedulers/Registry.h"

namespace mr::ui {

const RunResult* RunSet::find(const std::string& id) const {
    for (const auto& o : outcomes) {
        if (o.id == id && o.result) {
            return &*o.result;
        }
    }
    return nullptr;
}

RunController::RunController(QObject* parent) : QObject(parent) {
    qRegisterMetaType<std::shared_ptr<const mr::ui::RunSet>>();
}

RunController::~RunController() {
    if (m_cancel) {
        *m_cancel = true;
    }
    QThreadPool::globalInstance()->waitForDone();
}

void RunController::setAlgorithms(const QStringList& ids) {
    m_algorithms = ids;
}

void RunController::setRunOptions(const RunOptions& options) {
    m_options = options;
    m_options.cancel = nullptr;
    m_options.recordTasks = true;
    m_options.manualOrder.clear();
}

namespace {

struct Outcome {
    std::shared_ptr<RunSet> set;
    QString error;
    bool cancelled = false;
};

Outcome runAll(std::shared_ptr<const Workload> workload, JobColours colours,
               std::vector<std::string> ids, RunOptions options, std::shared_ptr<CancelFlag> cancel,
               quint64 generation) {
    Outcome out;
    QElapsedTimer timer;
    timer.start();
    try {
        auto set = std::make_shared<RunSet>();
        set->workload = workload;
        set->colours = std::move(colours);
        set->generation = generation;
        set->options = options;
        options.cancel = cancel.get();
        // The manual order: the file's, else the table order.
        options.manualOrder = workload->manualOrder;
        if (options.manualOrder.empty()) {
            for (const auto& job : workload->jobs) {
                options.manualOrder.push_back(job.name);
            }
        }
        std::vector<std::string> all = ids;
        all.push_back("fifo");
        all.push_back("reverse-johnson");
        auto outcomes = runEach(*workload, all, options);
        auto baseline = [&](std::size_t i) -> std::optional<RunResult> {
            return outcomes[i].result ? std::optional<RunResult>(*outcomes[i].result)
                                      : std::nullopt;
        };
        set->fifo = baseline(outcomes.size() - 2);
        set->reverseJohnson = baseline(outcomes.size() - 1);
        outcomes.resize(ids.size());
        set->outcomes = std::move(outcomes);
        set->milliseconds = static_cast<double>(timer.nsecsElapsed()) / 1e6;
        out.set = std::move(set);
    } catch (const Cancelled&) {
        out.cancelled = true;
    } catch (const std::exception& e) {
        out.error = QString::fromStdString(e.what());
    }
    return out;
}

}  // namespace

void RunController::request(const Workload& workload, const JobColours& colours) {
    if (m_cancel) {
        *m_cancel = true;  // the previous run stops soon and its result is dropped
    }
    m_cancel = std::make_shared<CancelFlag>(false);
    const quint64 generation = ++m_generation;
    std::vector<std::string> ids;
    for (const QString& id : m_algorithms) {
        ids.push_back(id.toStdString());
    }
    auto shared = std::make_shared<const Workload>(workload);
    auto* watcher = new QFutureWatcher<Outcome>(this);
    ++m_running;
    connect(watcher, &QFutureWatcher<Outcome>::finished, this, [this, watcher, generation] {
        --m_running;
        const Outcome outcome = watcher->result();
        watcher->deleteLater();
        if (generation != m_generation || outcome.cancelled) {
            emit runDropped();  // stale: a newer request is on its way
            return;
        }
        if (outcome.set) {
            m_latest = outcome.set;
            emit resultsReady(m_latest);
        } else {
            emit runFailed(outcome.error);
        }
    });
    watcher->setFuture(
        QtConcurrent::run(runAll, shared, colours, ids, m_options, m_cancel, generation));
    emit runStarted();
}

void RunController::waitForLatest() {
    while (m_running > 0) {
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    }
}

}  // namespace mr::ui
