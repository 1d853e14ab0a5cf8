#include "run/RunController.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QTimer>
#include <algorithm>
#include <cmath>

#include "experiments/Compare.h"
#include "model/InputError.h"
#include "run/ChartTimeline.h"
#include "run/ResultCache.h"
#include "schedulers/Registry.h"

namespace mr::ui {

QString elapsedText(double seconds) {
    if (seconds < 1.0) {
        return QObject::tr("%1 ms").arg(seconds * 1000.0, 0, 'f', 1);
    }
    if (seconds < 60.0) {
        return QObject::tr("%1 s").arg(seconds, 0, 'f', 1);
    }
    const auto whole = static_cast<long long>(seconds);
    if (whole < 3600) {
        return QObject::tr("%1 min %2 s").arg(whole / 60).arg(whole % 60, 2, 10, QLatin1Char('0'));
    }
    return QObject::tr("%1 h %2 min")
        .arg(whole / 3600)
        .arg(whole % 3600 / 60, 2, 10, QLatin1Char('0'));
}

QString percentText(double fraction) {
    const double percent = std::clamp(fraction, 0.0, 1.0) * 100.0;
    int decimals = 0;
    if (percent > 0.0 && percent < 10.0) {
        decimals = percent >= 1.0
                       ? 1
                       : std::clamp(2 - static_cast<int>(std::floor(std::log10(percent))), 1, 8);
    } else if (percent > 99.0 && percent < 100.0) {
        // The last steps (BalancedPools: the answer's own simulation, after splits ruled out in
        // bulk) can take seconds: two significant digits of what is left keep them moving.
        // The epsilon keeps 0.001 % left, stored a hair below, at its own number of digits.
        const double left = (1.0 - fraction) * 100.0;
        decimals = std::clamp(1 - static_cast<int>(std::floor(std::log10(left) + 1e-9)), 1, 8);
    }
    const double scale = std::pow(10.0, decimals);
    // The epsilon keeps a value printed from fewer digits (0.0287) from showing one below.
    return QObject::tr("%1 %").arg(std::floor(percent * scale + 1e-6) / scale, 0, 'f', decimals);
}

QString remainingText(double fraction, double elapsedSeconds) {
    const double left = fraction > 0.0 ? elapsedSeconds * (1.0 - fraction) / fraction : 0.0;
    // Under a second the pace says nothing: the last steps may take longer than the count says.
    if (fraction <= 0.0 || fraction >= 1.0 || elapsedSeconds < 3.0 || left < 1.0) {
        return {};
    }
    return QObject::tr("about %1 left").arg(elapsedText(left));
}

namespace {

using Clock = std::chrono::steady_clock;

constexpr double kPublishIntervalMs = 100.0;

double millisecondsSince(Clock::time_point start) {
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// Fast enough to run on every edit (the registry's AlgorithmInfo::interactive): these start
// first, the others once they are done or slow.
bool isInteractive(const std::string& id) {
    const Algorithm* algorithm = findAlgorithm(id);
    return algorithm == nullptr || algorithm->info().interactive;
}

// A search that shows its best plan so far (AlgorithmInfo::showsBestSoFar): it starts beside the
// first fast one, so that its first plan is drawn about as soon as the fast ones' charts.
bool showsBestSoFar(const std::string& id) {
    const Algorithm* algorithm = findAlgorithm(id);
    return algorithm != nullptr && algorithm->info().showsBestSoFar;
}

}  // namespace

const RunResult* RunSet::find(const std::string& id) const {
    const AlgorithmRun* run = outcome(id);
    return run != nullptr ? run->result.get() : nullptr;
}

const AlgorithmRun* RunSet::outcome(const std::string& id) const {
    for (const auto& o : outcomes) {
        if (o.id == id) {
            return &o;
        }
    }
    return nullptr;
}

const RunResult* RunSet::baseline(const std::string& id) const {
    for (const auto& b : baselines) {
        if (b.id == id) {
            return b.result.get();
        }
    }
    return nullptr;
}

int RunSet::finishedCount() const {
    return static_cast<int>(std::count_if(outcomes.begin(), outcomes.end(),
                                          [](const AlgorithmRun& o) { return o.finished(); }));
}

void RunSet::place(const AlgorithmRun& run) {
    for (auto* list : {&outcomes, &baselines}) {
        for (AlgorithmRun& o : *list) {
            if (o.id == run.id) {
                o = run;
            }
        }
    }
}

bool RunSet::complete() const {
    return finishedCount() == static_cast<int>(outcomes.size()) &&
           std::all_of(baselines.begin(), baselines.end(),
                       [](const AlgorithmRun& b) { return b.finished(); });
}

struct RunController::Task {
    enum class Stage { Queued, Running, Finished };
    Task(std::string id, bool checked, bool interactive)
        : id(std::move(id)),
          checked(checked),
          interactive(interactive),
          showsBest(checked && showsBestSoFar(this->id)) {}

    std::string id;
    bool checked = true;  // shown; else only a baseline of the comparison
    bool interactive = true;
    bool showsBest = false;  // a checked search that shows its best plan so far: starts early
    bool deferred = false;   // checked, but starts after the others' charts, as a baseline
    std::shared_ptr<WorkToken> token;
    Stage stage = Stage::Queued;
    Clock::time_point started;
};

RunController::RunController(QObject* parent)
    : QObject(parent),
      m_mailbox(std::make_shared<Mailbox>(this)),
      m_concurrency(ThreadPool::hardwareThreads()),
      m_tick(new QTimer(this)) {
    qRegisterMetaType<std::shared_ptr<const mr::ui::RunSet>>();
    m_tick->setInterval(50);
    connect(m_tick, &QTimer::timeout, this, [this] { pump(); });
}

RunController::~RunController() {
    m_mailbox->close();
    cancelAll();
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

void RunController::setConcurrency(int tasks, int slowAfterMs) {
    m_concurrency = std::max(1, tasks);
    m_slowAfterMs = std::max(0, slowAfterMs);
}

void RunController::cancelAll() {
    for (Task& t : m_tasks) {
        mr::cancel(t.token->cancel);
    }
    m_tasks.clear();
    ++m_generation;
    m_tick->stop();
}

void RunController::request(const Workload& workload, const JobColours& colours) {
    request(std::make_shared<const Workload>(workload), colours);
}

void RunController::request(std::shared_ptr<const Workload> workload, const JobColours& colours) {
    cancelAll();
    auto set = std::make_shared<RunSet>();
    set->workload = std::move(workload);
    set->colours = colours;
    set->options = m_options;
    set->generation = m_generation;
    std::vector<Task> interactive;
    std::vector<Task> searches;
    std::vector<Task> slow;
    for (const QString& qid : m_algorithms) {
        const std::string id = qid.toStdString();
        set->outcomes.emplace_back(id);
        Task t(id, true, isInteractive(id));
        t.deferred = m_deferred.contains(qid);
        (t.interactive ? interactive : t.showsBest ? searches : slow).push_back(std::move(t));
    }
    for (const std::string& id : baselineIds()) {
        set->baselines.emplace_back(id);
        if (!m_algorithms.contains(QString::fromStdString(id))) {
            interactive.emplace_back(id, false, isInteractive(id));
        }
    }
    // The first fast one, the searches that show their best plan so far, the other fast ones,
    // then the slow ones.
    const auto split = interactive.begin() + (interactive.empty() ? 0 : 1);
    m_tasks.assign(std::make_move_iterator(interactive.begin()), std::make_move_iterator(split));
    for (auto* part : {&searches, &interactive, &slow}) {
        const auto from = part == &interactive ? split : part->begin();
        m_tasks.insert(m_tasks.end(), std::make_move_iterator(from),
                       std::make_move_iterator(part->end()));
    }
    for (Task& t : m_tasks) {
        t.token = newWorkToken(m_generation);
    }
    m_building = set;
    m_requestClock = Clock::now();
    m_publishQueued = false;
    const bool cached = takeCached();
    m_latest = std::make_shared<const RunSet>(*m_building);
    emit runStarted(m_latest);
    if (cached) {
        publish();
    }
    pump();
}

bool RunController::takeCached() {
    bool any = false;
    for (Task& t : m_tasks) {
        RunOptions options = m_building->options;
        options.recordTasks = t.checked;
        const auto kept = resultCache().find(*m_building->workload, t.id, options);
        if (!kept) {
            continue;
        }
        AlgorithmRun run(t.id, AlgorithmRun::State::Done);
        run.result = kept->result;
        run.milliseconds = kept->milliseconds;
        run.timeline = kept->timeline;
        run.cached = true;
        t.stage = Task::Stage::Finished;
        m_building->place(run);
        any = true;
    }
    return any;
}

RunController::Task* RunController::task(const std::string& id) {
    for (Task& t : m_tasks) {
        if (t.id == id) {
            return &t;
        }
    }
    return nullptr;
}

void RunController::cancelAlgorithm(const QString& id) {
    Task* t = task(id.toStdString());
    if (t == nullptr || !t->checked || t->stage == Task::Stage::Finished) {
        return;
    }
    mr::cancel(t->token->cancel);
    if (t->stage == Task::Stage::Queued) {
        // Never started: finished at once (a running one reports back when it stops).
        AlgorithmRun run{t->id, AlgorithmRun::State::Cancelled};
        finishTask(m_generation, t->token.get(), std::move(run));
    }
}

void RunController::rerunAlgorithm(const QString& id) {
    Task* t = task(id.toStdString());
    if (t == nullptr || !t->checked || t->stage != Task::Stage::Finished) {
        return;
    }
    t->token = newWorkToken(m_generation);
    t->stage = Task::Stage::Queued;
    m_building->place(AlgorithmRun(t->id));
    publish();
    pump();
}

bool RunController::isRunning() const {
    return std::any_of(m_tasks.begin(), m_tasks.end(),
                       [](const Task& t) { return t.stage != Task::Stage::Finished; });
}

void RunController::pump(bool baselines) {
    const auto now = Clock::now();
    const auto slowAfter = std::chrono::milliseconds(m_slowAfterMs);
    int lanes = 0;
    bool interactiveBusy = false;  // an interactive task is queued or running (not yet slow)
    // A checked interactive algorithm is queued or running, however long: its chart comes first.
    bool chartsBusy = false;
    for (const Task& t : m_tasks) {
        const bool young = t.stage == Task::Stage::Running && now - t.started < slowAfter;
        const bool busy = t.interactive && (young || t.stage == Task::Stage::Queued);
        lanes += young ? 1 : 0;
        interactiveBusy |= busy;
        chartsBusy |= t.interactive && t.checked && !t.deferred && t.stage != Task::Stage::Finished;
    }
    for (Task& t : m_tasks) {  // interactive ones first (request() ordered them)
        if (lanes >= m_concurrency) {
            break;
        }
        // A baseline that is not checked waits for the checked fast ones, even those that run
        // for seconds on a day's batch: on a loaded machine it would take a core from the first
        // chart.
        if (t.stage != Task::Stage::Queued || (!t.interactive && !t.showsBest && interactiveBusy) ||
            ((!t.checked || t.deferred) && (chartsBusy || !baselines))) {
            continue;
        }
        startTask(t);
        ++lanes;
    }
    if (isRunning()) {
        if (!m_tick->isActive()) {
            m_tick->start();
        }
    } else {
        m_tick->stop();
    }
}

void RunController::startTask(Task& task) {
    task.stage = Task::Stage::Running;
    task.started = Clock::now();
    AlgorithmRun running(task.id, AlgorithmRun::State::Running);
    running.started = task.started;
    running.progress = std::shared_ptr<const Progress>(task.token, &task.token->progress);
    m_building->place(running);
    schedulePublish();

    RunOptions options = m_options;
    // A baseline that is not checked only gives the comparison its makespan: no task records
    // (on a day's batch they are most of a run's memory).
    options.recordTasks = task.checked;
    options.spillRecordsAbove = recordsInMemoryLimit();
    const Workload& workload = *m_building->workload;
    // The manual order: the file's, else the table order.
    options.manualOrder = workload.manualOrder;
    if (options.manualOrder.empty()) {
        for (const auto& job : workload.jobs) {
            options.manualOrder.push_back(job.name);
        }
    }
    workPool().post([this, workload = m_building->workload, id = task.id, token = task.token,
                     options = std::move(options), mailbox = m_mailbox, generation = m_generation,
                     started = task.started]() mutable {
        AlgorithmRun run{id, AlgorithmRun::State::Done};
        run.started = started;
        options.cancel = &token->cancel;
        options.progress = &token->progress;
        options.incumbent = [this, mailbox, generation, token, id, workload](auto best) {
            auto timeline = chartTimeline(*workload, best, &token->cancel);
            mailbox->deliver([this, generation, token, id, best = std::move(best),
                              timeline = std::move(timeline)]() mutable {
                showBest(generation, token.get(), id, std::move(best), std::move(timeline));
            });
        };
        try {
            throwIfCancelled(&token->cancel);  // superseded before it started
            run.result = std::make_shared<const RunResult>(runAlgorithm(*workload, id, options));
            run.timeline = chartTimeline(*workload, run.result, &token->cancel);
        } catch (const Cancelled&) {
            run.state = AlgorithmRun::State::Cancelled;
        } catch (const RecordSpillError& e) {
            run.state = AlgorithmRun::State::Failed;
            run.error = e.what();
        } catch (const InputError& e) {
            run.state = AlgorithmRun::State::Failed;
            run.error = refusalReason(e);  // the words of mrsim compare's refused rows
        } catch (const std::exception& e) {
            run.state = AlgorithmRun::State::Failed;
            run.error = std::string("internal error: ") + e.what();
        }
        run.milliseconds = millisecondsSince(started);
        // `this` is used on the GUI thread only, and only while the mailbox is open.
        mailbox->deliver([this, generation, token, run = std::move(run)]() mutable {
            finishTask(generation, token.get(), std::move(run));
        });
    });
}

void RunController::finishTask(quint64 generation, const WorkToken* token, AlgorithmRun run) {
    if (generation != m_generation) {
        return;  // a superseded request
    }
    Task* t = task(run.id);
    if (t == nullptr || t->token.get() != token || t->stage == Task::Stage::Finished) {
        return;  // an earlier try of an algorithm run again since
    }
    t->stage = Task::Stage::Finished;
    if (run.state == AlgorithmRun::State::Done) {
        RunOptions options = m_building->options;
        options.recordTasks = t->checked;
        resultCache().insert(m_building->workload, run.id, options,
                             {run.result, run.milliseconds, run.timeline});
    }
    m_building->place(run);
    m_building->milliseconds = millisecondsSince(m_requestClock);
    // A baseline that is not checked starts after the results are shown: on a day's batch,
    // drawing the first chart (its timeline summary) takes both cores for seconds.
    pump(false);
    // The first result and the last at once; in between at most one snapshot per interval, so
    // that fourteen algorithms finishing together do not redraw the visible tab fourteen times.
    const double sinceLast = millisecondsSince(m_lastResultPublish);
    const bool first = std::count_if(m_building->outcomes.begin(), m_building->outcomes.end(),
                                     [](const AlgorithmRun& o) {
                                         return o.state == AlgorithmRun::State::Done;
                                     }) <= 1;
    if (!isRunning() || first || sinceLast >= kPublishIntervalMs) {
        m_lastResultPublish = Clock::now();
        publish();
    } else {
        schedulePublish(static_cast<int>(kPublishIntervalMs - sinceLast));
    }
    pump();
}

void RunController::showBest(quint64 generation, const WorkToken* token, const std::string& id,
                             std::shared_ptr<const RunResult> best,
                             std::shared_ptr<const ChartTimeline> timeline) {
    Task* t = generation == m_generation ? task(id) : nullptr;
    if (t == nullptr || t->token.get() != token || t->stage != Task::Stage::Running) {
        return;  // superseded, cancelled or already done
    }
    const AlgorithmRun* now = m_building->outcome(id);
    AlgorithmRun running = now != nullptr ? *now : AlgorithmRun(id, AlgorithmRun::State::Running);
    running.best = std::move(best);
    running.bestTimeline = std::move(timeline);
    m_building->place(running);
    schedulePublish();
}

void RunController::schedulePublish(int delayMs) {
    if (!m_publishQueued) {
        m_publishQueued = true;
        QTimer::singleShot(delayMs, this, [this, generation = m_generation] {
            if (m_publishQueued && generation == m_generation) {
                publish();
            }
        });
    }
}

void RunController::publish() {
    m_publishQueued = false;
    m_latest = std::make_shared<const RunSet>(*m_building);
    emit resultsReady(m_latest);
}

void RunController::waitForLatest() {
    while (isRunning() || m_publishQueued) {
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    }
}

void RunController::waitForCharts() {
    const auto charting = [this] {
        return m_publishQueued || std::any_of(m_tasks.begin(), m_tasks.end(), [](const Task& t) {
                   return t.checked && t.stage != Task::Stage::Finished;
               });
    };
    while (charting()) {
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    }
}

}  // namespace mr::ui
