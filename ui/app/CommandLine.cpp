#include "app/CommandLine.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <cstdio>

#include "charts/ChartExport.h"
#include "schedulers/Registry.h"

namespace mr::ui {

namespace {

int fail(const QString& text) {
    std::fprintf(stderr, "mrx: error: %s\n", qPrintable(text));
    return 2;
}

QCommandLineOption option(const char* name, const char* help, const char* value = nullptr) {
    return value
               ? QCommandLineOption(QLatin1String(name), QLatin1String(help), QLatin1String(value))
               : QCommandLineOption(QLatin1String(name), QLatin1String(help));
}

}  // namespace

int parseCommandLine(const QStringList& arguments, GuiRequest* request) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "MR Schedule Explorer: simulate MapReduce batches slot by slot and compare schedulers.\n"
        "Without export options the window opens (on FILE if given). With them the window\n"
        "renders offscreen, writes the files and exits: 0 on success, 2 with one line on\n"
        "stderr for bad input. No display is needed for exports, --help or --version."));
    const QCommandLineOption help = parser.addHelpOption();
    const QCommandLineOption version = parser.addVersionOption();
    parser.addPositionalArgument(
        QStringLiteral("file"),
        QStringLiteral("Workload, cost model or trace (Rumen JSON, SWIM .tsv) to open"),
        QStringLiteral("[FILE]"));
    const auto workload = option("workload", "The file to open (the same as FILE)", "FILE");
    const auto algorithm =
        option("algorithm", "Check this algorithm; --export-gantt writes its timeline", "ID");
    const auto algorithms =
        option("algorithms", "Check these algorithms (comma-separated)", "A,B,...");
    const auto exportAll = option(
        "export-all",
        "Write every tab's charts (PNG, SVG and PDF) and the comparison and job CSVs into DIR, "
        "through File > Export, once every algorithm has finished",
        "DIR");
    const auto gantt = option(
        "export-gantt", "Write the timeline of --algorithm, else all timelines, to OUT", "OUT");
    const auto comparison =
        option("export-comparison", "Write the makespan comparison chart to OUT", "OUT");
    const auto stages =
        option("export-stages",
               "Write the stage view of --algorithm, else of every algorithm, to OUT", "OUT");
    const auto size = option("size",
                             "Size of exported images (default 1600x900); an image of many "
                             "charts grows taller so that each stays readable",
                             "WxH");
    const auto tab = option("tab",
                            "Open on a tab: timeline, stages, comparison, johnson, sweep, "
                            "deadlines, cost, cost-cpu, cost-sweep",
                            "NAME");
    const auto step = option("johnson-step", "Open the Johnson stepper at step N", "N");
    const auto sweep =
        option("sweep", "Sweep these cluster sizes on the Sweep tab (exported with --export-all)",
               "FROM:TO:STEP");
    const auto costSweep =
        option("cost-sweep", "Run the Cost tab's epoch sweep over these seconds", "FROM:TO:STEP");
    const auto startSweep =
        option("start-sweep", "Run the Deadlines tab's load sweep (default settings) at start");
    parser.addOptions({workload, algorithm, algorithms, exportAll, gantt, comparison, stages, size,
                       tab, step, sweep, costSweep, startSweep});

    if (!parser.parse(arguments)) {
        return fail(parser.errorText() + QStringLiteral(" (see mrx --help)"));
    }
    if (parser.isSet(help)) {
        // Qt names the program after QCoreApplication's file path, which does not exist yet
        // (--help needs no display, so no application object): "<executable_name>" otherwise.
        QString text = parser.helpText();
        text.replace(QStringLiteral("<executable_name>"), QStringLiteral("mrx"));
        std::fputs(qPrintable(text), stdout);
        return 0;
    }
    if (parser.isSet(version)) {
        std::printf("mrx %s\n", qPrintable(QCoreApplication::applicationVersion()));
        return 0;
    }
    const QStringList files = parser.positionalArguments();
    if (files.size() > 1) {
        return fail(QStringLiteral("one FILE at most (got %1)").arg(files.join(QLatin1Char(' '))));
    }
    GuiRequest& r = *request;
    r.file = files.isEmpty() ? parser.value(workload) : files.front();
    r.tab = parser.value(tab);
    r.johnsonStep = parser.isSet(step) ? parser.value(step).toInt() : -1;
    r.costSweep = parser.value(costSweep);
    r.startSweep = parser.isSet(startSweep);
    r.sweep = parser.value(sweep);
    r.algorithm = parser.value(algorithm);
    r.algorithms = parser.value(algorithms).split(QLatin1Char(','), Qt::SkipEmptyParts);
    if (!r.algorithm.isEmpty()) {
        r.algorithms.prepend(r.algorithm);
        r.algorithms.removeDuplicates();
    }
    for (const QString& id : r.algorithms) {
        if (findAlgorithm(id.trimmed().toStdString()) == nullptr) {
            QString known;
            for (const std::string& name : algorithmIds()) {
                known += (known.isEmpty() ? "" : ", ") + QString::fromStdString(name);
            }
            return fail(QStringLiteral("field 'algorithm': unknown algorithm '%1' (known: %2)")
                            .arg(id, known));
        }
    }
    r.exportAll = parser.value(exportAll);
    r.exportGantt = parser.value(gantt);
    r.exportComparison = parser.value(comparison);
    r.exportStages = parser.value(stages);
    if (parser.isSet(size)) {
        r.size = parseSize(parser.value(size));
        if (!r.size.isValid()) {
            return fail(QStringLiteral("field 'size': expected WIDTHxHEIGHT, 16 to 20000 pixels "
                                       "(got '%1')")
                            .arg(parser.value(size)));
        }
    }
    if (r.headless() && r.file.isEmpty()) {
        return fail(QStringLiteral("field 'file': an export needs a FILE to open"));
    }
    return -1;
}

}  // namespace mr::ui
