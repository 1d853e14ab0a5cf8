#include "app/CommandLine.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFileInfo>
#include <cstdio>
#include <cstring>

#include "charts/ChartExport.h"
#include "charts/ComparisonView.h"
#include "charts/GanttPlot.h"
#include "charts/StageView.h"
#include "experiments/Compare.h"
#include "io/WorkloadJson.h"
#include "model/InputError.h"
#include "run/RunController.h"
#include "schedulers/Registry.h"

namespace mr::ui {

namespace {

void printErr(const QString& text) {
    std::fprintf(stderr, "mrx: error: %s\n", qPrintable(text));
}

std::shared_ptr<RunSet> runHeadless(const Workload& w, const QStringList& ids) {
    std::vector<std::string> all;
    for (const QString& id : ids) {
        all.push_back(id.toStdString());
    }
    const std::size_t checked = all.size();
    const std::vector<std::string> baselines = baselineIds();
    all.insert(all.end(), baselines.begin(), baselines.end());
    auto set = std::make_shared<RunSet>();
    set->workload = std::make_shared<const Workload>(w);
    auto outcomes = runEach(w, all, {});
    set->baselines.assign(outcomes.begin() + static_cast<std::ptrdiff_t>(checked), outcomes.end());
    outcomes.resize(checked);
    for (const auto& o : outcomes) {
        if (!o.result) {
            throw InputError("", "", "", o.error);  // already names the field
        }
    }
    set->outcomes = std::move(outcomes);
    return set;
}

}  // namespace

bool wantsHeadlessExport(int argc, char** argv) {
    for (int i = 1; i < argc; ++i) {
        if (std::strncmp(argv[i], "--export-", 9) == 0) {
            return true;
        }
    }
    return false;
}

int runCommandLine(const QStringList& arguments, GuiRequest* gui) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "MR Schedule Explorer: simulate MapReduce batches slot by slot and compare schedulers.\n"
        "Without --export-* options the window opens (on FILE if given)."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("file"),
                                 QStringLiteral("Workload or cost model to open in the window"),
                                 QStringLiteral("[FILE]"));
    const QCommandLineOption workload(QStringLiteral("workload"),
                                      QStringLiteral("Workload file for an export"),
                                      QStringLiteral("W.json"));
    const QCommandLineOption algorithm(QStringLiteral("algorithm"),
                                       QStringLiteral("Algorithm whose timeline to export"),
                                       QStringLiteral("ID"));
    const QCommandLineOption algorithms(QStringLiteral("algorithms"),
                                        QStringLiteral("Algorithms to compare (comma-separated)"),
                                        QStringLiteral("A,B,C"));
    const QCommandLineOption gantt(
        QStringLiteral("export-gantt"),
        QStringLiteral("Write the slot timeline(s) to OUT (.png, .svg or .pdf)"),
        QStringLiteral("OUT"));
    const QCommandLineOption comparison(
        QStringLiteral("export-comparison"),
        QStringLiteral("Write the makespan comparison chart to OUT"), QStringLiteral("OUT"));
    const QCommandLineOption stages(
        QStringLiteral("export-stages"),
        QStringLiteral("Write the stage view (model vs simulation) of the first algorithm to OUT"),
        QStringLiteral("OUT"));
    const QCommandLineOption size(QStringLiteral("size"),
                                  QStringLiteral("Image size (default 1600x900)"),
                                  QStringLiteral("WxH"), QStringLiteral("1600x900"));
    const QCommandLineOption tab(
        QStringLiteral("tab"),
        QStringLiteral("Open the window on a tab: timeline, stages, comparison, johnson, sweep, "
                       "deadlines, cost, cost-cpu, cost-sweep"),
        QStringLiteral("NAME"));
    const QCommandLineOption step(QStringLiteral("johnson-step"),
                                  QStringLiteral("Open the Johnson stepper at step N"),
                                  QStringLiteral("N"));
    const QCommandLineOption sweep(
        QStringLiteral("sweep"),
        QStringLiteral("Open the Sweep tab and sweep these cluster sizes (FROM:TO:STEP)"),
        QStringLiteral("RANGE"));
    const QCommandLineOption costSweep(
        QStringLiteral("cost-sweep"),
        QStringLiteral("Run the Cost tab's epoch sweep over FROM:TO:STEP seconds at start"),
        QStringLiteral("FROM:TO:STEP"));
    const QCommandLineOption startSweep(
        QStringLiteral("start-sweep"),
        QStringLiteral("Open the Deadlines tab and start its load sweep (default settings)"));
    parser.addOptions({workload, algorithm, algorithms, gantt, comparison, stages, size, tab, step,
                       sweep, costSweep, startSweep});

    if (!parser.parse(arguments)) {
        printErr(parser.errorText() + QStringLiteral(" (see mrx --help)"));
        return 2;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        std::fputs(qPrintable(parser.helpText()), stdout);
        return 0;
    }
    if (parser.isSet(QStringLiteral("version"))) {
        std::printf("mrx %s\n", qPrintable(QCoreApplication::applicationVersion()));
        return 0;
    }
    const bool headless = parser.isSet(gantt) || parser.isSet(comparison) || parser.isSet(stages);
    if (!headless) {
        const QStringList files = parser.positionalArguments();
        gui->file = files.isEmpty() ? parser.value(workload) : files.front();
        gui->tab = parser.value(tab);
        gui->johnsonStep = parser.isSet(step) ? parser.value(step).toInt() : -1;
        gui->costSweep = parser.value(costSweep);
        gui->startSweep = parser.isSet(startSweep);
        gui->algorithms = parser.value(algorithms).split(QLatin1Char(','), Qt::SkipEmptyParts);
        gui->sweep = parser.value(sweep);
        return -1;
    }

    try {
        if (!parser.isSet(workload)) {
            throw InputError("", "", "workload", "an export needs --workload FILE");
        }
        const QSize pixels = parseSize(parser.value(size));
        if (!pixels.isValid()) {
            throw InputError("", "", "size",
                             "expected WIDTHxHEIGHT, 16 to 20000 pixels (got '" +
                                 parser.value(size).toStdString() + "')");
        }
        QStringList ids = parser.value(algorithms).split(QLatin1Char(','), Qt::SkipEmptyParts);
        if (parser.isSet(algorithm)) {
            ids.prepend(parser.value(algorithm));
            ids.removeDuplicates();
        }
        if (ids.isEmpty()) {
            throw InputError("", "", "algorithm",
                             "an export needs --algorithm ID or --algorithms A,B");
        }
        LoadReport report;
        const Workload w = loadWorkload(parser.value(workload).toStdString(), &report);
        for (const auto& warning : report.warnings) {
            std::fprintf(stderr, "mrx: warning: %s\n", warning.c_str());
        }
        const auto results = runHeadless(w, ids);
        if (parser.isSet(gantt)) {
            // The timeline of --algorithm, or of every algorithm listed, stacked.
            QList<QCustomPlot*> plots;
            const QStringList shown =
                parser.isSet(algorithm) ? QStringList{parser.value(algorithm)} : ids;
            for (const QString& id : shown) {
                auto* plot = new GanttPlot;
                const RunResult& r = *results->find(id.toStdString());
                plot->setRun(r.simulatedWorkload ? *r.simulatedWorkload : w, r, true);
                plots << plot;
            }
            // One time axis for every chart, as in the window, so they compare at a glance.
            double longest = 0.0;
            for (QCustomPlot* plot : plots) {
                longest = std::max(longest, static_cast<GanttPlot*>(plot)->makespan());
            }
            for (QCustomPlot* plot : plots) {
                plot->xAxis->setRange(0.0, std::max(longest, 1e-9) * 1.03);
            }
            exportCharts(plots, parser.value(gantt), pixels);
            qDeleteAll(plots);
            std::printf("wrote %s (%dx%d)\n", qPrintable(parser.value(gantt)), pixels.width(),
                        pixels.height());
        }
        if (parser.isSet(comparison)) {
            ComparisonView view;
            view.setResults(results);
            exportChart(view.chart(), parser.value(comparison), pixels);
            std::printf("wrote %s (%dx%d)\n", qPrintable(parser.value(comparison)), pixels.width(),
                        pixels.height());
        }
        if (parser.isSet(stages)) {
            StageView view;
            view.setResults(results);
            exportCharts(view.plots(), parser.value(stages), pixels);
            std::printf("wrote %s (%dx%d)\n", qPrintable(parser.value(stages)), pixels.width(),
                        pixels.height());
        }
    } catch (const InputError& e) {
        printErr(QString::fromStdString(e.what()));
        return 2;
    }
    return 0;
}

}  // namespace mr::ui
