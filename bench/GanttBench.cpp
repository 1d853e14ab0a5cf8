// The Gantt of a production cluster's day, offscreen at 1600×900: SWIM's
// FB-2010 sample (24 442 jobs, 17.3 million tasks) imported as `mrsim import swim` does, on
// 3000 nodes × (4 map + 4 reduce) slots (a production cluster) and on the importer's default 64
// nodes, scheduled by fifo (simulated once, not timed).
//   GanttOpen/nodes:N          GanttPlot::setRun (index + multi-resolution summary) and the
//                              first paint.
//   GanttPanFrame/nodes:N/zoom:Z/strip:S/days:D   one frame of panning (the time range moved by
//                              1 % and replotted) at Z times the whole trace's zoom, centred on
//                              hour 10 of the (middle) day; zoom 1 is the opened view; strip 1 with
//                              the utilisation strip under the chart (the default), 0 without; D
//                              consecutive days of the trace (`mrsim import swim --repeat-days D`:
//                              7 days are 171 094 jobs and 121 million tasks).
//   UsageSeriesBuild/nodes:N/days:D   the utilisation strip's series (timeline/UsageSeries.h)
//                              built from the run's records, for the day and for the day repeated
//                              over a week (`--repeat-days 7`, 121 M tasks).
// Counters: tasks, records, the plot's own memory (index + summary, MB), the process's peak
// resident memory (VmHWM, MB) and its CPU time per iteration over all threads (cpuMs: on a
// shared, loaded machine the wall time overstates; cpuMs / cores is what an idle machine needs at
// least). The trace comes from MRX_TRACE_DIR (tests/data/traces by default); without it every
// benchmark says so and skips.
//   bench_gantt --screenshots DIR   writes the user guide's two pictures instead (through File >
//                                   Export's writer, 1600×900): gantt-fb2010-day.png (the whole
//                                   day, 3000 nodes) and gantt-fb2010-zoomed.png (hours 10 to 12).
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <QApplication>
#include <QStandardPaths>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>

#include "charts/ChartExport.h"
#include "charts/GanttPlot.h"
#include "charts/TaskBarsPlottable.h"
#include "charts/UsageStrip.h"
#include "io/SwimImport.h"
#include "schedulers/Registry.h"
#include "timeline/UsageSeries.h"

namespace {

const std::string kTrace = std::string(MRX_TRACES_DIR) + "/swim/FB-2010_samples_24_times_1hr_0.tsv";

double minimum(const std::vector<double>& v) {
    return *std::min_element(v.begin(), v.end());
}

double peakMb() {
    std::ifstream status("/proc/self/status");
    for (std::string line; std::getline(status, line);) {
        if (line.rfind("VmHWM:", 0) == 0) {
            return std::stod(line.substr(6)) / 1024.0;
        }
    }
    return 0.0;
}

// CPU seconds of the whole process (every thread) so far.
double processCpuSeconds() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    const auto seconds = [](const timeval& t) { return t.tv_sec + t.tv_usec / 1e6; };
    return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

struct Day {
    mr::Workload workload;
    std::shared_ptr<const mr::RunResult> run;
};

// The day (or `days` consecutive days) on `nodes` nodes under fifo; one trace at a time is kept
// (a day holds ~0.7 GB of records).
const Day* day(int nodes, int days = 1) {
    static std::pair<int, int> cachedKey{0, 0};
    static std::unique_ptr<Day> cached;
    if (!std::filesystem::exists(kTrace)) {
        return nullptr;
    }
    if (cachedKey != std::pair{nodes, days}) {
        cached.reset();
        mr::SwimImportOptions options;
        options.cluster = {nodes, 4, 4};
        options.repeatDays = days;
        auto d = std::make_unique<Day>();
        d->workload = mr::importSwim(kTrace, options);
        d->run = std::make_shared<const mr::RunResult>(mr::runAlgorithm(d->workload, "fifo", {}));
        cached = std::move(d);
        cachedKey = {nodes, days};
    }
    return cached.get();
}

void counters(benchmark::State& state, const Day& d, const mr::ui::GanttPlot& plot) {
    state.counters["tasks"] = static_cast<double>(plot.taskCount());
    state.counters["records"] = static_cast<double>(d.run->sim.tasks.size());
    state.counters["plotMB"] = static_cast<double>(plot.bars()->memoryBytes()) / 1e6;
    if (const mr::UsageSeries* usage = plot.usage()->series()) {
        state.counters["stripMB"] = static_cast<double>(usage->memoryBytes()) / 1e6;
    }
    state.counters["peakMB"] = peakMb();
}

void GanttOpen(benchmark::State& state) {
    const Day* d = day(static_cast<int>(state.range(0)));
    if (d == nullptr) {
        state.SkipWithError(("skipped: FB-2010 trace not found: " + kTrace).c_str());
        return;
    }
    double cpu = 0.0;
    for (auto _ : state) {
        const double before = processCpuSeconds();
        mr::ui::GanttPlot plot;
        plot.resize(1600, 900);
        plot.show();
        plot.setRun(d->workload, d->run, true);
        plot.replot(QCustomPlot::rpImmediateRefresh);
        cpu += processCpuSeconds() - before;
        state.PauseTiming();
        counters(state, *d, plot);
        state.ResumeTiming();
    }
    state.counters["cpuMs"] = 1000.0 * cpu / static_cast<double>(state.iterations());
}

void GanttPanFrame(benchmark::State& state) {
    const int days = static_cast<int>(state.range(3));
    const Day* d = day(static_cast<int>(state.range(0)), days);
    if (d == nullptr) {
        state.SkipWithError(("skipped: FB-2010 trace not found: " + kTrace).c_str());
        return;
    }
    mr::ui::GanttPlot plot;
    plot.resize(1600, 900);
    plot.show();
    plot.setUsageVisible(state.range(2) != 0);
    plot.setRun(d->workload, d->run, true);
    // Zoomed around hour 10 of the (middle) day (each day's arrivals span 24 hours).
    const double zoom = static_cast<double>(state.range(1));
    const double span = plot.xAxis->range().size() / zoom;
    const double centre = zoom > 1 ? (days / 2) * 86400.0 + 36000.0 : plot.xAxis->range().center();
    plot.xAxis->setRange(std::max(0.0, centre - span / 2), std::max(0.0, centre - span / 2) + span);
    plot.replot(QCustomPlot::rpImmediateRefresh);
    int frame = 0;
    const double before = processCpuSeconds();
    for (auto _ : state) {
        plot.xAxis->moveRange((frame++ % 20 < 10 ? 1 : -1) * span * 0.01);
        plot.replot(QCustomPlot::rpImmediateRefresh);
    }
    state.counters["cpuMs"] =
        1000.0 * (processCpuSeconds() - before) / static_cast<double>(state.iterations());
    counters(state, *d, plot);
    state.counters["raster"] =
        plot.bars()->lastMode() == mr::ui::TaskBarsPlottable::Mode::Raster ? 1 : 0;
    state.counters["recordsDrawn"] =
        static_cast<double>(plot.bars()->lastRasterStats().recordsVisited);
}

void UsageSeriesBuild(benchmark::State& state) {
    const Day* d = day(static_cast<int>(state.range(0)), static_cast<int>(state.range(1)));
    if (d == nullptr) {
        state.SkipWithError(("skipped: FB-2010 trace not found: " + kTrace).c_str());
        return;
    }
    std::size_t bytes = 0;
    for (auto _ : state) {
        const mr::UsageSeries series(d->workload, d->run->sim);
        bytes = series.memoryBytes();
        benchmark::DoNotOptimize(series.busySeconds(mr::TaskKind::Map));
    }
    long long tasks = 0;
    for (const mr::TaskRecord& r : d->run->sim.tasks) {
        tasks += r.count;
    }
    state.counters["tasks"] = static_cast<double>(tasks);
    state.counters["records"] = static_cast<double>(d->run->sim.tasks.size());
    state.counters["stripMB"] = static_cast<double>(bytes) / 1e6;
    state.counters["peakMB"] = peakMb();
}

BENCHMARK(GanttOpen)
    ->ArgNames({"nodes"})
    ->Arg(3000)
    ->Arg(64)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->Repetitions(3)
    ->ComputeStatistics("min", minimum);
BENCHMARK(GanttPanFrame)
    ->ArgNames({"nodes", "zoom", "strip", "days"})
    ->ArgsProduct({{3000, 64}, {1, 16, 256}, {1}, {1}})
    ->Args({3000, 1, 0, 1})
    ->Args({3000, 256, 0, 1})
    ->ArgsProduct({{3000}, {1, 16}, {1}, {7}})
    ->Unit(benchmark::kMillisecond)
    ->Repetitions(3)
    ->ComputeStatistics("min", minimum);
BENCHMARK(UsageSeriesBuild)
    ->ArgNames({"nodes", "days"})
    ->Args({3000, 1})
    ->Args({3000, 7})
    ->Unit(benchmark::kMillisecond)
    ->Repetitions(3)
    ->ComputeStatistics("min", minimum);

int writeScreenshots(const QString& dir) {
    const Day* d = day(3000);
    if (d == nullptr) {
        std::fprintf(stderr, "bench_gantt: FB-2010 trace not found: %s\n", kTrace.c_str());
        return 2;
    }
    const QSize size(1600, 900);
    mr::ui::GanttPlot plot;
    plot.resize(size);
    plot.setRun(d->workload, d->run, true);
    mr::ui::exportChart(&plot, dir + QStringLiteral("/gantt-fb2010-day.png"), size);
    plot.xAxis->setRange(10 * 3600.0, 12 * 3600.0);
    mr::ui::exportChart(&plot, dir + QStringLiteral("/gantt-fb2010-zoomed.png"), size);
    std::printf("wrote %s/gantt-fb2010-{day,zoomed}.png\n", qPrintable(dir));
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QStandardPaths::setTestModeEnabled(true);
    QApplication app(argc, argv);
    if (argc == 3 && std::string(argv[1]) == "--screenshots") {
        return writeScreenshots(QString::fromLocal8Bit(argv[2]));
    }
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
