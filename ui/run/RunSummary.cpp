#include "run/RunSummary.h"

#include <QObject>
#include <QStringList>
#include <algorithm>

#include "run/RunController.h"

namespace mr::ui {

namespace {

QString tr(const char* text) {
    return QObject::tr(text);
}

QString computing(const RunSet& results, const QString& on) {
    QStringList running;
    for (const AlgorithmRun& o : results.outcomes) {
        if (o.state == AlgorithmRun::State::Running) {
            running << QString::fromStdString(o.id);
        }
    }
    const QString text = tr("Computing: %1 of %2 algorithms done %3")
                             .arg(results.finishedCount())
                             .arg(static_cast<int>(results.outcomes.size()))
                             .arg(on);
    return running.isEmpty() ? text + tr("…")
                             : text + tr(" — running: %1").arg(running.join(QStringLiteral(", ")));
}

// " (and the fifo / reverse-johnson baselines)": the comparison's baselines that ran without
// being checked; nothing when every baseline is a checked algorithm.
QString baselinesRan(const RunSet& results) {
    QStringList extra;
    for (const AlgorithmRun& b : results.baselines) {
        if (results.outcome(b.id) == nullptr) {
            extra << QString::fromStdString(b.id);
        }
    }
    if (extra.isEmpty()) {
        return {};
    }
    return extra.size() == 1 ? tr(" (and the %1 baseline)").arg(extra.first())
                             : tr(" (and the %1 baselines)").arg(extra.join(QStringLiteral(" / ")));
}

}  // namespace

QString runSummary(const RunSet& results) {
    const int ran = static_cast<int>(results.outcomes.size());
    const QString on = tr("on %1 jobs, %2 tasks")
                           .arg(results.workload->jobCount())
                           .arg(results.workload->taskCount());
    if (!results.complete()) {
        return computing(results, on);
    }
    const auto count = [&](AlgorithmRun::State state) {
        return std::count_if(results.outcomes.begin(), results.outcomes.end(),
                             [state](const AlgorithmRun& o) { return o.state == state; });
    };
    QString text = (ran == 1 ? tr("1 algorithm") : tr("%1 algorithms").arg(ran)) +
                   baselinesRan(results) +
                   tr(" %1: %2").arg(on, elapsedText(results.milliseconds / 1000.0));
    if (const auto failed = count(AlgorithmRun::State::Failed); failed > 0) {
        text += tr(" — %1 could not run (see the comparison tab)").arg(failed);
    }
    if (const auto cancelled = count(AlgorithmRun::State::Cancelled); cancelled > 0) {
        text += tr(" — %1 cancelled").arg(cancelled);
    }
    return text;
}

}  // namespace mr::ui
