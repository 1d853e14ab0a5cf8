// The explorer's speed, offscreen (QT_QPA_PLATFORM=offscreen is set here):
//   EditToRedraw     a cell edit in the job table -> the checked algorithms re-run in the
//                    background -> every chart redrawn; 100-job facebook batch, 4 algorithms.
//   GanttOpen        a Gantt of the 1000-job facebook batch (~234 000 tasks): build + first paint.
//   GanttPanFrame    one frame of panning that Gantt (range moved, replotted).
#include <benchmark/benchmark.h>

#include <QApplication>
#include <QElapsedTimer>
#include <QStandardPaths>

#include "app/MainWindow.h"
#include "charts/GanttPlot.h"
#include "document/JobTableModel.h"
#include "document/WorkloadDocument.h"
#include "run/RunController.h"
#include "schedulers/Registry.h"
#include "widgets/AlgorithmList.h"
#include "workloads/Facebook1000.h"

namespace {

double minimum(const std::vector<double>& v) {
    return *std::min_element(v.begin(), v.end());
}

void EditToRedraw(benchmark::State& state) {
    mr::ui::MainWindow window;
    window.resize(1600, 1000);
    window.show();
    window.algorithmList()->setChecked({"fifo", "johnson", "reverse-johnson", "random"});
    window.document()->reset(mr::facebook1000(100, 1, 64), QString());
    window.runController()->waitForLatest();
    QCoreApplication::processEvents();
    mr::ui::JobTableModel* model = window.jobModel();
    int flip = 0;
    for (auto _ : state) {
        QElapsedTimer timer;
        timer.start();
        const QString value = (flip++ % 2) ? QStringLiteral("20") : QStringLiteral("25");
        model->setData(model->index(0, mr::ui::JobTableModel::MapDuration), value);
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

const mr::RunResult& bigRun() {
    static const mr::Workload w = mr::facebook1000(1000, 1, 64);
    static const mr::RunResult r = mr::runAlgorithm(w, "johnson", {});
    return r;
}

void GanttOpen(benchmark::State& state) {
    static const mr::Workload w = mr::facebook1000(1000, 1, 64);
    const mr::RunResult& r = bigRun();
    for (auto _ : state) {
        mr::ui::GanttPlot plot;
        plot.resize(1600, 900);
        plot.show();
        plot.setRun(w, r, true);
        plot.replot(QCustomPlot::rpImmediateRefresh);
    }
    state.counters["tasks"] = static_cast<double>(r.sim.tasks.size());
}
BENCHMARK(GanttOpen)
    ->Unit(benchmark::kMillisecond)
    ->Repetitions(3)
    ->ComputeStatistics("min", minimum);

void GanttPanFrame(benchmark::State& state) {
    static const mr::Workload w = mr::facebook1000(1000, 1, 64);
    mr::ui::GanttPlot plot;
    plot.resize(1600, 900);
    plot.show();
    plot.setRun(w, bigRun(), true);
    plot.replot(QCustomPlot::rpImmediateRefresh);
    const double span = plot.xAxis->range().size();
    int frame = 0;
    for (auto _ : state) {
        plot.xAxis->moveRange((frame++ % 20 < 10 ? 1 : -1) * span * 0.01);
        plot.replot(QCustomPlot::rpImmediateRefresh);
    }
}
BENCHMARK(GanttPanFrame)
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
