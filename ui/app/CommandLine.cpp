#include "app/CommandLine.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <cstdio>

#include "charts/ChartExport.h"
#include "model/InputError.h"
#include "schedulers/Registry.h"

namespace mr::ui {

namespace {

int fail(const QString& text) {
    // The text may quote arguments as given: one line of UTF-8 like every message.
    std::fprintf(stderr, "mrx: error: %s\n", escapeForMessage(text.toStdString()).c_str());
    return 2;
}

QCommandLineOption option(const char* name, const char* help, const char* value = nullptr) {
    return value
               ? QCommandLineOption(QLatin1String(name), QLatin1String(help), QLatin1String(value))
               : QCommandLineOption(QLatin1String(name), QLatin1String(help));
}

// mrx's options, in the order --help lists them.
struct MrxOptions {
    QCommandLineOption workload = option("workload", "The file to open (the same as FILE)", "FILE");
    QCommandLineOption algorithm =
        option("algorithm", "Check this algorithm; --export-gantt writes its timeline", "ID");
    QCommandLineOption algorithms =
        option("algorithms", "Check these algorithms (comma-separated)", "A,B,...");
    QCommandLineOption exportAll = option(
        "export-all",
        "Write every tab's charts (PNG, SVG and PDF) and the comparison and job CSVs into DIR "
        "(replacing files of the same names), through File > Export, once every algorithm has "
        "finished",
        "DIR");
    QCommandLineOption gantt = option(
        "export-gantt", "Write the timeline of --algorithm, else all timelines, to OUT", "OUT");
    QCommandLineOption comparison =
        option("export-comparison", "Write the makespan comparison chart to OUT", "OUT");
    QCommandLineOption stages =
        option("export-stages",
               "Write the stage view of --algorithm, else of every algorithm, to OUT", "OUT");
    QCommandLineOption size = option("size",
                                     "Size of exported images (default 1600x900); an image of many "
                                     "charts grows taller so that each stays readable",
                                     "WxH");
    QCommandLineOption tab{
        QStringLiteral("tab"),
        QStringLiteral("Open on a tab: ") + tabNames().join(QStringLiteral(", ")),
        QStringLiteral("NAME")};
    QCommandLineOption step =
        option("johnson-step", "Open the Johnson stepper at step N (0 and up)", "N");
    QCommandLineOption sweep =
        option("sweep", "Sweep these cluster sizes on the Sweep tab (exported with --export-all)",
               "FROM:TO:STEP");
    QCommandLineOption costSweep =
        option("cost-sweep", "Run the Cost tab's epoch sweep over these seconds", "FROM:TO:STEP");
    QCommandLineOption startSweep =
        option("start-sweep", "Run the Deadlines tab's load sweep (default settings) at start");
    QCommandLineOption present = option(
        "present", "Open in presentation mode (View > Presentation) at PERCENT zoom, 100 to 250",
        "PERCENT");

    QList<QCommandLineOption> all() const {
        return {workload, algorithm, algorithms, exportAll, gantt,     comparison, stages,
                size,     tab,       step,       sweep,     costSweep, startSweep, present};
    }
};

// -1 when every algorithm id is the registry's, else the error's exit code.
int checkAlgorithms(const QStringList& ids) {
    for (const QString& id : ids) {
        if (findAlgorithm(id.trimmed().toStdString()) == nullptr) {
            QString known;
            for (const std::string& name : algorithmIds()) {
                known += (known.isEmpty() ? "" : ", ") + QString::fromStdString(name);
            }
            return fail(QStringLiteral("field 'algorithm': unknown algorithm '%1' (known: %2)")
                            .arg(id, known));
        }
    }
    return -1;
}

// The request the parsed options make (-1), or the error's exit code.
int readRequest(const QCommandLineParser& parser, const MrxOptions& o, GuiRequest& r) {
    const QStringList files = parser.positionalArguments();
    if (files.size() > 1) {
        return fail(QStringLiteral("one FILE at most (got %1)").arg(files.join(QLatin1Char(' '))));
    }
    r.file = files.isEmpty() ? parser.value(o.workload) : files.front();
    r.tab = parser.value(o.tab);
    if (parser.isSet(o.tab) && !tabNames().contains(r.tab.toLower())) {
        return fail(QStringLiteral("field 'tab': '%1' is not a tab (one of %2)")
                        .arg(r.tab, tabNames().join(QStringLiteral(", "))));
    }
    if (parser.isSet(o.step)) {
        bool ok = false;
        r.johnsonStep = parser.value(o.step).toInt(&ok);
        if (!ok || r.johnsonStep < 0) {
            return fail(QStringLiteral("field 'johnson-step': expected a step, a whole number "
                                       "from 0 (got '%1')")
                            .arg(parser.value(o.step)));
        }
    }
    r.costSweep = parser.value(o.costSweep);
    r.startSweep = parser.isSet(o.startSweep);
    r.sweep = parser.value(o.sweep);
    r.algorithm = parser.value(o.algorithm);
    r.algorithms = parser.value(o.algorithms).split(QLatin1Char(','), Qt::SkipEmptyParts);
    if (!r.algorithm.isEmpty()) {
        r.algorithms.prepend(r.algorithm);
        r.algorithms.removeDuplicates();
    }
    if (const int code = checkAlgorithms(r.algorithms); code >= 0) {
        return code;
    }
    r.exportAll = parser.value(o.exportAll);
    r.exportGantt = parser.value(o.gantt);
    r.exportComparison = parser.value(o.comparison);
    r.exportStages = parser.value(o.stages);
    if (parser.isSet(o.size)) {
        r.size = parseSize(parser.value(o.size));
        if (!r.size.isValid()) {
            return fail(QStringLiteral("field 'size': expected WIDTHxHEIGHT, 16 to 20000 pixels "
                                       "(got '%1')")
                            .arg(parser.value(o.size)));
        }
    }
    if (parser.isSet(o.present)) {
        bool ok = false;
        r.present = parser.value(o.present).toInt(&ok);
        if (!ok || r.present < 100 || r.present > 250) {
            return fail(QStringLiteral("field 'present': expected a zoom from 100 to 250 (got "
                                       "'%1')")
                            .arg(parser.value(o.present)));
        }
    }
    if (r.headless() && r.file.isEmpty()) {
        return fail(QStringLiteral("field 'file': an export needs a FILE to open"));
    }
    return -1;
}

}  // namespace

QStringList tabNames() {
    return {
        QStringLiteral("timeline"),     QStringLiteral("stages"),    QStringLiteral("comparison"),
        QStringLiteral("teach"),        QStringLiteral("johnson"),   QStringLiteral("sweep"),
        QStringLiteral("sweep-faults"), QStringLiteral("deadlines"), QStringLiteral("cost"),
        QStringLiteral("cost-cpu"),     QStringLiteral("cost-sweep")};
}

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
        QStringLiteral(
            "Workload, session (.mrxs), cost model or trace (Rumen JSON, SWIM .tsv) to open"),
        QStringLiteral("[FILE]"));
    const MrxOptions options;
    parser.addOptions(options.all());

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
    return readRequest(parser, options, *request);
}

}  // namespace mr::ui
