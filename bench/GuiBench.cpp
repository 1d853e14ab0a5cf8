// The explorer's speed, offscreen (QT_QPA_PLATFORM=offscreen is set here):
//   EditToRedraw     a cell edit in the job table -> the checked algorithms re-run in the
//                    background -> every chart redrawn; 100-job facebook batch, 4 algorithms.
//   EditToFirstChart a cell edit -> the first chart of the new results drawn, on the 1000-job
//                    facebook batch (seed 1, 64 nodes) with every algorithm checked (the
//                    slow ones, BalancedPools above all, must not delay it).
//   EditToBestSoFar  a cell edit -> balanced-pools' best plan so far drawn ("best so far, N %
//                    searched"), on the 1000-job facebook batch at 512 nodes with the four
//                    algorithms of the design card checked; counter answerSeconds: the edit to
//                    the exact answer (its search takes 10–20 s; target for the plan: < 1 s).
//   CancelBalancedPools  how long balanced-pools on that batch takes to stop once its cancel
//                    flag is set (what a newer edit does to it; goal < 100 ms).
//   GanttOpen        a Gantt of the 1000-job facebook batch (~234 000 tasks): build + first paint.
//   GanttPanFrame    one frame of panning that Gantt (range moved, replotted).
//   GanttOpenDeadlines, GanttPanFrameDeadlines   the same batch with arrivals and deadlines
//                    (mean inter-arrival 500 s, deadlines in [1, 2]·T_J) under min-edf-wc:
//                    1000 deadline markers, late jobs outlined, killed tasks hatched.
#include <benchmark/benchmark.h>

#include <cstdlib>

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QStandardPaths>
#include <QThread>
#include <atomic>

#include "app/MainWindow.h"
#include "charts/GanttPanel.h"
#include "charts/GanttPlot.h"
#include "document/JobTableModel.h"
#include "document/WorkloadDocument.h"
#include "exec/ThreadPool.h"
#include "run/ResultCache.h"
#include "run/RunController.h"
#include "schedulers/Registry.h"
#include "widgets/AlgorithmList.h"
#include "workloads/Arrivals.h"
#include "workloads/Facebook1000.h"

namespace {

double minimum(const std::vector<double>& v) {
    return *std::min_element(v.begin(), v.end());
}

// Changes job 1's map task time, 20 s and 25 s in turn: the edit the benchmarks time. `fresh`:
// no result is kept from before (the values come back), so that every edit computes.
void editMapDuration(mr::ui::MainWindow& window, int& flip, bool fresh) {
    const QString value = (flip++ % 2) ? QStringLiteral("20") : QStringLiteral("25");
    if (fresh) {
        mr::ui::resultCache().clear();
    }
    mr::ui::JobTableModel* model = window.jobModel();
    model->setData(model->index(0, mr::ui::JobTableModel::MapDuration), value);
}

void EditToRedraw(benchmark::State& state) {
    mr::ui::MainWindow window;
    window.resize(1600, 1000);
    window.show();
    window.algorithmList()->setChecked({"fifo", "johnson", "reverse-johnson", "random"});
    window.document()->reset(mr::facebook1000(100, 1, 64), QString());
    window.runController()->waitForLatest();
    QCoreApplication::processEvents();
    int flip = 0;
    for (auto _ : state) {
        QElapsedTimer timer;
        timer.start();
        editMapDuration(window, flip, true);
        window.runController()->waitForLatest();
        QCoreApplication::processEvents();  // the queued replots of every chart
        state.SetIterationTime(static_cast<double>(timer.nsecsElapsed()) / 1e9);
    }
    state.counters["tasks"] = static_cast<double>(window.document()->workload().taskCount());
}
BENCHMARK(EditToRedraw)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond)
    ->Iterations(20)
    ->Repetitions(3)
    ->ComputeStatistics("min", minimum);

void EditToFirstChart(benchmark::State& state) {
    mr::ui::MainWindow window;
    window.resize(1280, 800);
    window.show();
    QStringList every;
    for (const std::string& id : mr::algorithmIds()) {
        every << QString::fromStdString(id);
    }
    window.algorithmList()->setChecked(every);
    window.document()->reset(mr::facebook1000(1000, 1, 64), QString());
    mr::ui::RunController* runs = window.runController();
    const auto charts = [runs] {
        const auto& outcomes = runs->latest()->outcomes;
        return std::count_if(outcomes.begin(), outcomes.end(), [](const auto& o) {
            return o.state == mr::ui::AlgorithmRun::State::Done;
        });
    };
    // Once the fast ones are in: every iteration then starts from the same state, charts drawn
    // and the slow algorithms running (each edit cancels them).
    while (charts() < 3) {
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    }
    QCoreApplication::processEvents();
    int flip = 0;
    for (auto _ : state) {
        QElapsedTimer timer;
        timer.start();
        editMapDuration(window, flip, true);
        const quint64 generation = runs->latest()->generation;
        // The window's own slot has drawn the chart when resultsReady returns; then its queued
        // replot is painted.
        while (runs->latest()->generation != generation || charts() == 0) {
            QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
        }
        QCoreApplication::processEvents();
        state.SetIterationTime(static_cast<double>(timer.nsecsElapsed()) / 1e9);
        state.PauseTiming();
        while (charts() < 3) {  // back to the same state
            QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
        }
        QCoreApplication::processEvents();  // their charts drawn
        state.ResumeTiming();
    }
    state.counters["algorithms"] = static_cast<double>(every.size());
}
BENCHMARK(EditToFirstChart)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond)
    ->Iterations(10)
    ->Repetitions(3)
    ->ComputeStatistics("min", minimum);

void EditToBestSoFar(benchmark::State& state) {
    if (std::getenv("MRX_BENCH_FULL") == nullptr) {  // two exact searches of about a minute
        state.SkipWithError("skipped: a slow row (minutes): set MRX_BENCH_FULL=1 to run it");
        return;
    }
    mr::ui::MainWindow window;
    window.resize(1280, 800);
    window.show();
    window.algorithmList()->setChecked(
        {"johnson", "reverse-johnson", "balanced-pools", "hscheduler"});
    window.document()->reset(mr::facebook1000(1000, 1, 512), QString());
    mr::ui::RunController* runs = window.runController();
    runs->waitForLatest();
    QCoreApplication::processEvents();
    mr::ui::GanttPanel* panel = window.ganttPanel();
    int flip = 0;
    for (auto _ : state) {
        QElapsedTimer timer;
        timer.start();
        editMapDuration(window, flip, true);
        const QString id = QStringLiteral("balanced-pools");
        while (!panel->areaStatus(id).contains(QStringLiteral("best so far")) &&
               runs->isRunning()) {
            QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
        }
        QCoreApplication::processEvents();  // its queued replot painted
        state.SetIterationTime(static_cast<double>(timer.nsecsElapsed()) / 1e9);
        runs->waitForLatest();
        state.counters["answerSeconds"] = static_cast<double>(timer.nsecsElapsed()) / 1e9;
    }
}
BENCHMARK(EditToBestSoFar)->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(1);

void CancelBalancedPools(benchmark::State& state) {
    const mr::Workload batch = mr::facebook1000(1000, 1, 64);
    mr::ThreadPool pool(1);
    for (auto _ : state) {
        mr::CancelFlag cancel{false};
        std::atomic<bool> stopped{false};
        std::atomic<long long> stoppedAt{0};
        QElapsedTimer clock;
        clock.start();
        pool.post([&] {
            mr::RunOptions options;
            options.cancel = &cancel;
            try {
                mr::runAlgorithm(batch, "balanced-pools", options);
            } catch (const mr::Cancelled&) {
            }
            stoppedAt = clock.nsecsElapsed();
            stopped = true;
        });
        // Let the search get going (it takes tens of seconds on this batch), then cancel.
        while (clock.elapsed() < 300 && !stopped) {
            QThread::msleep(5);
        }
        const qint64 cancelledAt = clock.nsecsElapsed();
        cancel = true;
        pool.waitIdle();
        state.SetIterationTime(static_cast<double>(stoppedAt - cancelledAt) / 1e9);
    }
}
BENCHMARK(CancelBalancedPools)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond)
    ->Iterations(10)
    ->Repetitions(3)
    ->ComputeStatistics("min", minimum);

struct Batch {
    mr::Workload workload;
    std::shared_ptr<const mr::RunResult> run;  // shared with the plot, as the window does
};

const Batch& bigBatch() {
    static const Batch batch = [] {
        Batch b{mr::facebook1000(1000, 1, 64), {}};
        b.run = std::make_shared<const mr::RunResult>(mr::runAlgorithm(b.workload, "johnson", {}));
        return b;
    }();
    return batch;
}

const Batch& deadlineBatch() {
    static const Batch batch = [] {
        Batch b{mr::facebook1000(1000, 1, 64), {}};
        mr::addArrivalsAndDeadlines(b.workload, {500.0, mr::DeadlineFactor{1.0, 2.0}}, 1);
        b.run =
            std::make_shared<const mr::RunResult>(mr::runAlgorithm(b.workload, "min-edf-wc", {}));
        return b;
    }();
    return batch;
}

void openGantt(benchmark::State& state, const Batch& batch) {
    for (auto _ : state) {
        mr::ui::GanttPlot plot;
        plot.resize(1600, 900);
        plot.show();
        plot.setRun(batch.workload, batch.run, true);
        plot.replot(QCustomPlot::rpImmediateRefresh);
    }
    state.counters["tasks"] = static_cast<double>(batch.run->sim.tasks.size());
}

void panGantt(benchmark::State& state, const Batch& batch) {
    mr::ui::GanttPlot plot;
    plot.resize(1600, 900);
    plot.show();
    plot.setRun(batch.workload, batch.run, true);
    plot.replot(QCustomPlot::rpImmediateRefresh);
    const double span = plot.xAxis->range().size();
    int frame = 0;
    for (auto _ : state) {
        plot.xAxis->moveRange((frame++ % 20 < 10 ? 1 : -1) * span * 0.01);
        plot.replot(QCustomPlot::rpImmediateRefresh);
    }
}

void GanttOpen(benchmark::State& state) {
    openGantt(state, bigBatch());
}
void GanttPanFrame(benchmark::State& state) {
    panGantt(state, bigBatch());
}
void GanttOpenDeadlines(benchmark::State& state) {
    openGantt(state, deadlineBatch());
}
void GanttPanFrameDeadlines(benchmark::State& state) {
    panGantt(state, deadlineBatch());
}
BENCHMARK(GanttOpen)
    ->Unit(benchmark::kMillisecond)
    ->Repetitions(3)
    ->ComputeStatistics("min", minimum);
BENCHMARK(GanttPanFrame)
    ->Unit(benchmark::kMillisecond)
    ->Repetitions(3)
    ->ComputeStatistics("min", minimum);
BENCHMARK(GanttOpenDeadlines)
    ->Unit(benchmark::kMillisecond)
    ->Repetitions(3)
    ->ComputeStatistics("min", minimum);
BENCHMARK(GanttPanFrameDeadlines)
    ->Unit(benchmark::kMillisecond)
    ->Repetitions(3)
    ->ComputeStatistics("min", minimum);

}  // namespace

int main(int argc, char** argv) {
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QStandardPaths::setTestModeEnabled(true);
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("mrx-bench"));
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
