// File > Export and the `--export-all` command: every File > Export entry of a tab that was
// never shown (in a window that was never shown) writes the current results — a PNG, SVG and
// PDF with ink in them and CSVs with one row per algorithm or job; `mrx FILE --export-all DIR`
// writes every tab through the same entries and exits 0, or 2 with one line (a session: a
// folder per variant and variants.csv); `mrx --help`, `--version` and an export need no display.
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QPainter>
#include <QProcess>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QtTest>
#include <numeric>

#include "DialogDriver.h"
#include "UiTestSupport.h"
#include "app/CommandLine.h"
#include "app/FreshSettings.h"
#include "app/Launch.h"
#include "app/MainWindow.h"
#include "charts/ChartExport.h"
#include "charts/ChartLayout.h"
#include "charts/GanttPanel.h"
#include "charts/GanttPlot.h"
#include "charts/JobLegend.h"
#include "charts/StageView.h"
#include "exports/ExportController.h"
#include "io/Csv.h"
#include "io/SessionJson.h"
#include "model/InputError.h"
#include "run/RunController.h"
#include "schedulers/Registry.h"
#include "studio/VariantExport.h"
#include "studio/VariantStore.h"
#include "support/TestSupport.h"
#include "teach/JohnsonStepper.h"
#include "widgets/AlgorithmList.h"

using namespace mr;
using namespace mr::ui;
namespace uitest = mr::ui::test;
using mr::ui::test::sample;

namespace {

const QSize kSize(800, 500);

QString readAll(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

QStringList csvRows(const QString& path) {
    return readAll(path).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

// Pixels with ink in an SVG drawn at its own size.
int svgInk(const QString& path) {
    QSvgRenderer svg(path);
    if (!svg.isValid()) {
        return -1;
    }
    QImage image(svg.viewBox().size(), QImage::Format_ARGB32);
    image.fill(Qt::white);
    QPainter painter(&image);
    svg.render(&painter);
    painter.end();
    return uitest::inkedPixels(image);
}

// Drawing operators in a PDF's page content (Qt compresses each stream with zlib): text objects
// and filled or stroked paths. A broken or empty page has none.
struct PdfInk {
    int texts = 0;
    int paths = 0;
};
PdfInk pdfInk(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return {};
    }
    const QByteArray bytes = file.readAll();
    PdfInk ink;
    qsizetype from = 0;
    while ((from = bytes.indexOf("stream\n", from)) >= 0) {
        from += 7;
        // The next search starts after "endstream", which itself ends in "stream\n".
        const qsizetype end = bytes.indexOf("endstream", from);
        if (end < 0) {
            break;
        }
        const qsizetype next = end + 9;
        // Only zlib streams (page content, fonts); images and the like keep their own coding.
        const qsizetype dictionary = bytes.lastIndexOf("<<", from);
        if (!bytes.mid(dictionary, from - dictionary).contains("/FlateDecode")) {
            from = next;
            continue;
        }
        QByteArray data = bytes.mid(from, end - from);
        // qUncompress wants the expected size first (big-endian); a generous guess is fine.
        const quint32 guess = static_cast<quint32>(data.size()) * 64;
        data.prepend(static_cast<char>(guess & 0xff));
        data.prepend(static_cast<char>((guess >> 8) & 0xff));
        data.prepend(static_cast<char>((guess >> 16) & 0xff));
        data.prepend(static_cast<char>((guess >> 24) & 0xff));
        const QByteArray content = qUncompress(data);
        ink.texts += static_cast<int>(content.count("BT\n"));
        ink.paths += static_cast<int>(content.count(" re\n") + content.count(" l\n"));
        from = next;
    }
    return ink;
}

// The PNG, SVG and PDF of `stem`: as wide as asked, at least as tall (taller when their charts
// need it to stay readable), all three the same size, with ink.
void verifyChartFiles(const QString& stem, int minInk) {
    const QSize size = QImage(stem + QStringLiteral(".png")).size();
    QCOMPARE(size.width(), kSize.width());
    QVERIFY2(size.height() >= kSize.height(), qPrintable(stem));
    const QImage png = uitest::verifyExportedSize(stem + QStringLiteral(".png"), "png", size);
    QVERIFY2(uitest::inkedPixels(png) >= minInk,
             qPrintable(stem + QStringLiteral(".png: %1 inked").arg(uitest::inkedPixels(png))));
    uitest::verifyExportedSize(stem + QStringLiteral(".svg"), "svg", size);
    const int svg = svgInk(stem + QStringLiteral(".svg"));
    QVERIFY2(svg >= minInk, qPrintable(stem + QStringLiteral(".svg: %1 inked").arg(svg)));
    uitest::verifyExportedSize(stem + QStringLiteral(".pdf"), "pdf", size);
    const PdfInk pdf = pdfInk(stem + QStringLiteral(".pdf"));
    QVERIFY2(pdf.texts >= 5 && pdf.paths >= 10,
             qPrintable(stem +
                        QStringLiteral(".pdf: %1 texts, %2 paths").arg(pdf.texts).arg(pdf.paths)));
}

GuiRequest exportRequest(const QString& file, const QString& dir, const QStringList& ids) {
    GuiRequest r;
    r.file = file;
    r.exportAll = dir;
    r.algorithms = ids;
    r.size = kSize;
    return r;
}

QString binary() {
    return QStringLiteral(MRX_MRX_PATH);
}

// The first column of a CSV's rows after its header (the algorithms of comparison.csv).
QStringList firstColumn(const QString& path) {
    QStringList ids;
    const QStringList rows = csvRows(path);
    for (int i = 1; i < rows.size(); ++i) {
        ids << rows[i].section(QLatin1Char(','), 0, 0);
    }
    return ids;
}

// The texts an SVG draws (QSvgGenerator writes each as a <text> element).
QStringList svgTexts(const QString& path) {
    static const QRegularExpression text(QStringLiteral(">([^<>]*)</text>"));
    QStringList texts;
    for (const auto& m : text.globalMatch(readAll(path))) {
        texts << m.captured(1).trimmed();
    }
    return texts;
}

// The real binary without a display, with a home (and settings folder) of its own.
struct MrxRun {
    int code = -1;
    QString out;
    QString err;
};
MrxRun runMrx(const QStringList& arguments, const QString& home) {
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char* name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"}) {
        env.remove(QLatin1String(name));
    }
    env.insert(QStringLiteral("HOME"), home);
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), home + QStringLiteral("/config"));
    QProcess process;
    process.setProcessEnvironment(env);
    process.start(binary(), arguments);
    process.waitForFinished(300000);
    MrxRun run;
    run.code = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    run.out = QString::fromUtf8(process.readAllStandardOutput());
    run.err = QString::fromUtf8(process.readAllStandardError());
    return run;
}

// Every file under `dir` with its contents.
QMap<QString, QByteArray> filesUnder(const QString& dir) {
    QMap<QString, QByteArray> files;
    QDirIterator it(dir, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        QFile file(path);
        files[path] = file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    }
    return files;
}

}  // namespace

class ExportsTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QCoreApplication::setOrganizationName(QStringLiteral("mrx-tests")); }

    // Each chart entry of the workload's tabs, written by the menu's own code path from a
    // window that was never shown (so no tab was ever shown or laid out).
    void exportsOfNeverShownTabsHaveTheirCharts_data() {
        QTest::addColumn<QString>("stem");
        QTest::addColumn<int>("minInk");  // of 200 000 sampled pixels (every second row, column)
        QTest::newRow("timeline") << "timeline" << 4000;
        QTest::newRow("timelines") << "timelines" << 4000;
        QTest::newRow("stage") << "stage" << 4000;
        QTest::newRow("stages") << "stages" << 4000;
        QTest::newRow("comparison") << "comparison" << 4000;
        QTest::newRow("johnson") << "johnson" << 4000;
    }

    void exportsOfNeverShownTabsHaveTheirCharts() {
        QFETCH(QString, stem);
        QFETCH(int, minInk);
        MainWindow window;
        window.algorithmList()->setChecked({"johnson", "balanced-pools", "hscheduler"});
        QVERIFY(window.openFile(sample("figure4-scenario2.json")));
        uitest::results(window);
        const ExportEntry* entry = window.exports()->entry(stem, ExportEntry::Chart);
        QVERIFY(entry != nullptr);
        QTemporaryDir dir;
        for (const char* suffix : {"png", "svg", "pdf"}) {
            window.exports()->write(*entry, dir.filePath(stem + QLatin1Char('.') + suffix), kSize);
        }
        verifyChartFiles(dir.filePath(stem), minInk);
    }

    // The CSVs of a never-shown tab have a row per algorithm (per job), with the results.
    void csvExportsOfNeverShownTabsHaveTheRows() {
        MainWindow window;
        window.resize(1280, 800);
        window.show();  // shown, but the Comparison tab never is
        window.algorithmList()->setChecked({"johnson", "balanced-pools", "hscheduler"});
        QVERIFY(window.openFile(sample("figure4-scenario2.json")));
        uitest::results(window);
        QTemporaryDir dir;
        const ExportController& exports = *window.exports();
        exports.write(*exports.entry(QStringLiteral("comparison"), ExportEntry::Csv),
                      dir.filePath(QStringLiteral("comparison.csv")), {});
        const QStringList rows = csvRows(dir.filePath(QStringLiteral("comparison.csv")));
        QCOMPARE(rows.size(), 4);  // header + three algorithms
        // [Verma12] scenario 2: Johnson 47, BalancedPools 40, HScheduler 35⅔.
        QVERIFY2(rows[1].startsWith(QStringLiteral("johnson,47,")), qPrintable(rows[1]));
        QVERIFY2(rows[2].startsWith(QStringLiteral("balanced-pools,40,")), qPrintable(rows[2]));
        // Exact numbers in CSV (core's comparison writer, as mrsim compare --csv).
        QVERIFY2(rows[3].startsWith(QStringLiteral("hscheduler,35.666666666666664,")),
                 qPrintable(rows[3]));

        window.ganttPanel()->setCurrentAlgorithm(QStringLiteral("balanced-pools"));
        exports.write(*exports.entry(QStringLiteral("jobs"), ExportEntry::Csv),
                      dir.filePath("jobs.csv"), {});
        const QStringList jobs = csvRows(dir.filePath(QStringLiteral("jobs.csv")));
        QCOMPARE(jobs.size(), 6);  // header + five jobs
        // BalancedPools' pools: {J1, J2, J5} on 10 nodes end at 39, {J3, J4} on 20 at 40.
        QVERIFY2(jobs[1].startsWith(QStringLiteral("J1,pool2,0,9,21,39,")), qPrintable(jobs[1]));
        QVERIFY2(jobs[3].startsWith(QStringLiteral("J3,pool1,0,6,36,40,")), qPrintable(jobs[3]));
    }

    void exportAllWritesEveryTabOfAWorkload() {
        QTemporaryDir dir;
        int code = -1;
        {
            MainWindow window;
            code = runExports(window, exportRequest(sample("figure4-scenario2.json"), dir.path(),
                                                    {"johnson", "balanced-pools", "hscheduler"}));
        }
        QCOMPARE(code, 0);
        QStringList expected;
        for (const QString& chart :
             {QStringLiteral("timelines"), QStringLiteral("stages"), QStringLiteral("comparison"),
              QStringLiteral("johnson"), QStringLiteral("timeline-johnson"),
              QStringLiteral("timeline-balanced-pools"), QStringLiteral("timeline-hscheduler"),
              QStringLiteral("stage-johnson"), QStringLiteral("stage-balanced-pools"),
              QStringLiteral("stage-hscheduler"), QStringLiteral("teach-balanced-pools")}) {
            for (const char* suffix : {".png", ".svg", ".pdf"}) {
                expected << chart + QLatin1String(suffix);
            }
        }
        expected << "comparison.csv"
                 << "jobs-johnson.csv"
                 << "jobs-balanced-pools.csv"
                 << "jobs-hscheduler.csv";
        expected.sort();
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files, QDir::Name), expected);
        for (const char* chart :
             {"timelines", "stages", "comparison", "johnson", "timeline-balanced-pools",
              "stage-balanced-pools", "stage-hscheduler"}) {
            verifyChartFiles(dir.filePath(QLatin1String(chart)), 4000);
        }
        // The BalancedPools lesson's search: a few points and lines on a plain chart.
        verifyChartFiles(dir.filePath(QStringLiteral("teach-balanced-pools")), 1000);
        QCOMPARE(csvRows(dir.filePath(QStringLiteral("comparison.csv"))).size(), 4);
        QCOMPARE(csvRows(dir.filePath(QStringLiteral("jobs-hscheduler.csv"))).size(), 6);
    }

    // A session: the current workload at the top with variants.csv (a row per variant
    // × algorithm), and a folder per variant, named after it, with that variant's own charts and
    // CSVs — the window showing each variant's run while File > Export's entries write it.
    void exportAllOfASessionWritesAFolderPerVariant() {
        QTemporaryDir dir;
        int code = -1;
        std::vector<Variant> variants;
        {
            MainWindow window;
            code = runExports(window, exportRequest(sample("what-if-tour.mrxs"), dir.path(), {}));
            variants = window.variants()->variants();
            // Afterwards the window shows the workload being edited again.
            QCOMPARE(window.runController()->latest()->workload->cluster.mapSlotsPerNode, 1);
        }
        QCOMPARE(code, 0);
        QCOMPARE(variants.size(), std::size_t{3});
        const QDir top(dir.path());
        QCOMPARE(top.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name),
                 (QStringList{"J3 split in two", "as published", "one slot more per node"}));
        const QStringList ids = {"johnson", "optimal", "balanced-pools", "hscheduler"};
        QStringList expected;
        for (const QString& id : ids) {
            for (const char* suffix : {".png", ".svg", ".pdf"}) {
                expected << QStringLiteral("timeline-") + id + QLatin1String(suffix);
            }
            for (const char* suffix : {".png", ".svg", ".pdf"}) {
                expected << QStringLiteral("stage-") + id + QLatin1String(suffix);
            }
            expected << QStringLiteral("jobs-%1.csv").arg(id);
        }
        for (const char* chart :
             {"timelines", "stages", "comparison", "johnson", "teach-balanced-pools"}) {
            for (const char* suffix : {".png", ".svg", ".pdf"}) {
                expected << QLatin1String(chart) + QLatin1String(suffix);
            }
        }
        expected << "comparison.csv";
        expected.sort();
        // variants.csv: header + 3 variants × 4 algorithms, each the core's run of that variant.
        const QStringList rows = csvRows(top.filePath(QStringLiteral("variants.csv")));
        QCOMPARE(rows.size(), 13);
        QVERIFY(rows[0].startsWith(QStringLiteral("variant,algorithm,makespan,delta")));
        int row = 1;
        for (const Variant& v : variants) {
            const QString folder = top.filePath(QString::fromStdString(v.name));
            QCOMPARE(QDir(folder).entryList(QDir::Files, QDir::Name), expected);
            const QStringList comparison = csvRows(folder + QStringLiteral("/comparison.csv"));
            QCOMPARE(comparison.size(), 5);  // header + four algorithms
            for (int a = 0; a < ids.size(); ++a) {
                const double own =
                    runAlgorithm(v.workload, ids[a].toStdString(), v.options).makespan();
                const QString number = QString::fromStdString(csvNumber(own));
                QVERIFY2(comparison[a + 1].startsWith(ids[a] + QLatin1Char(',') + number + ','),
                         qPrintable(comparison[a + 1] + " vs " + number));
                QVERIFY2(rows[row].startsWith(QString::fromStdString(csvField(v.name)) + ',' +
                                              ids[a] + ',' + number + ','),
                         qPrintable(rows[row] + " vs " + number));
                ++row;
            }
            // Each variant's own jobs: J3 split in two has six.
            QCOMPARE(csvRows(folder + QStringLiteral("/jobs-johnson.csv")).size(),
                     v.workload.jobCount() + 1);
            verifyChartFiles(folder + QStringLiteral("/timeline-johnson"), 4000);
        }
        // [Verma12] Fig. 4 scenario 2, as published: Johnson 47, BalancedPools 40.
        QVERIFY2(rows[1].startsWith(QStringLiteral("as published,johnson,47,0,")),
                 qPrintable(rows[1]));
        QVERIFY2(rows[3].startsWith(QStringLiteral("as published,balanced-pools,40,0,")),
                 qPrintable(rows[3]));
        // Twice the slots give different charts: the folders hold each variant's own run.
        QVERIFY(
            readAll(top.filePath(QStringLiteral("as published/timeline-johnson.svg"))) !=
            readAll(top.filePath(QStringLiteral("one slot more per node/timeline-johnson.svg"))));
        QCOMPARE(csvRows(top.filePath(QStringLiteral("as published/jobs-johnson.csv"))).size(), 6);
    }

    void variantFolderNamesAreFileNames() {
        QCOMPARE(variantFolderName(QStringLiteral("as published"), {}),
                 QStringLiteral("as published"));
        QCOMPARE(variantFolderName(QStringLiteral("a/b: c?"), {}), QStringLiteral("a-b- c-"));
        QCOMPARE(variantFolderName(QStringLiteral("../up"), {}), QStringLiteral("-up"));
        QCOMPARE(variantFolderName(QStringLiteral("  "), {}), QStringLiteral("variant"));
        QCOMPARE(variantFolderName(QStringLiteral("A"), {QStringLiteral("a")}),
                 QStringLiteral("A (2)"));
        QCOMPARE(variantFolderName(QStringLiteral("a/b"), {"a-b", "a-b (2)"}),
                 QStringLiteral("a-b (3)"));
    }

    void exportAllOfACostModelWritesTheCostTab() {
        QTemporaryDir dir;
        GuiRequest request = exportRequest(sample("lips-ec2-20.json"), dir.path(), {});
        request.costSweep = QStringLiteral("100:300:100");
        int code = -1;
        {
            MainWindow window;
            code = runExports(window, request);
        }
        QCOMPARE(code, 0);
        for (const char* chart : {"cost-breakdown", "cost-cpu-per-machine", "cost-epoch-sweep"}) {
            verifyChartFiles(dir.filePath(QLatin1String(chart)), 1000);
        }
        // One row per cost algorithm checked (five by default) and per epoch length (three).
        QCOMPARE(csvRows(dir.filePath(QStringLiteral("cost-results.csv"))).size(), 6);
        QCOMPARE(csvRows(dir.filePath(QStringLiteral("cost-epoch-sweep.csv"))).size(), 4);
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("timelines.png"))));
    }

    void exportAllImportsATrace_data() {
        QTest::addColumn<QString>("trace");
        QTest::newRow("rumen") << QString::fromStdString(
            mr::test::testDataPath("rumen-reduces.json"));
        QTest::newRow("swim") << QString::fromStdString(mr::test::testDataPath("swim-small.tsv"));
    }

    void exportAllImportsATrace() {
        QFETCH(QString, trace);
        QTemporaryDir dir;
        int code = -1;
        int jobs = 0;
        {
            MainWindow window;
            code = runExports(window, exportRequest(trace, dir.path(), {"fifo"}));
            jobs = static_cast<int>(window.runController()->latest()->workload->jobs.size());
        }
        QCOMPARE(code, 0);
        QVERIFY(jobs > 0);
        QCOMPARE(csvRows(dir.filePath(QStringLiteral("jobs-fifo.csv"))).size(), jobs + 1);
        verifyChartFiles(dir.filePath(QStringLiteral("timeline-fifo")), 200);
    }

    void badInputExitsTwo_data() {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("file");
        QTest::newRow("missing file") << QStringList{} << "missing.json";
        QTest::newRow("a folder") << QStringList{} << ".";
        QTest::newRow("too many jobs for optimal")
            << QStringList{"--algorithms", "optimal"} << "swim-fb2009-100.json";
    }

    void badInputExitsTwo() {
        QFETCH(QStringList, arguments);
        QFETCH(QString, file);
        QTemporaryDir dir;
        const QString path = file == QLatin1String(".")              ? dir.path()
                             : file == QLatin1String("missing.json") ? dir.filePath(file)
                                                                     : sample(qPrintable(file));
        GuiRequest request;
        QCOMPARE(parseCommandLine(
                     QStringList{"mrx", path, "--export-all", dir.filePath("out")} + arguments,
                     &request),
                 -1);
        MainWindow window;
        QCOMPARE(runExports(window, request), 2);
    }

    void badArgumentsExitTwo_data() {
        QTest::addColumn<QStringList>("arguments");
        QTest::newRow("unknown option") << QStringList{"--bogus"};
        QTest::newRow("unknown algorithm")
            << QStringList{"w.json", "--export-all", "d", "--algorithms", "jonson"};
        QTest::newRow("bad size") << QStringList{"w.json", "--export-all", "d", "--size", "huge"};
        QTest::newRow("export without a file") << QStringList{"--export-all", "d"};
        QTest::newRow("two files") << QStringList{"a.json", "b.json"};
        QTest::newRow("unknown tab") << QStringList{"w.json", "--tab", "nosuch"};
        QTest::newRow("negative step") << QStringList{"w.json", "--johnson-step", "-1"};
        QTest::newRow("step not a whole number") << QStringList{"w.json", "--johnson-step", "1e30"};
    }

    // A folder given as the image: said so, not "unknown image format ''".
    void exportToAFolderSaysItIsAFolder() {
        QTemporaryDir dir;
        QCustomPlot plot;
        try {
            exportCharts({&plot}, dir.path(), QSize(400, 300));
            QFAIL("a folder was accepted as an image file");
        } catch (const InputError& e) {
            QVERIFY2(QString::fromStdString(e.what()).contains("is a folder, not a file"),
                     e.what());
        }
    }

    // Every name --help lists opens its tab; the Teach tab also answers to its title.
    void everyListedTabNameOpensATab() {
        MainWindow window;
        QVERIFY(tabNames().contains(QStringLiteral("teach")));
        for (const QString& name : tabNames()) {
            GuiRequest request;
            QCOMPARE(parseCommandLine({"mrx", "--tab", name}, &request), -1);
            QVERIFY2(window.showTab(name), qPrintable(name));
        }
        QVERIFY(window.showTab(QStringLiteral("teach")));
        QCOMPARE(window.currentPage(), window.pages().teach());
    }

    void badArgumentsExitTwo() {
        QFETCH(QStringList, arguments);
        GuiRequest request;
        QCOMPARE(parseCommandLine(QStringList{"mrx"} + arguments, &request), 2);
    }

    void theOlderExportFlagsStillWork() {
        QTemporaryDir dir;
        GuiRequest request;
        const QString gantt = dir.filePath(QStringLiteral("g.png"));
        const QString comparison = dir.filePath(QStringLiteral("c.svg"));
        QCOMPARE(
            parseCommandLine({"mrx", "--workload", sample("figure4-scenario2.json"), "--algorithm",
                              "johnson", "--algorithms", "fifo,johnson", "--export-gantt", gantt,
                              "--export-comparison", comparison, "--size", "800x500"},
                             &request),
            -1);
        QCOMPARE(request.algorithms, (QStringList{"johnson", "fifo"}));
        int code = -1;
        {
            MainWindow window;
            code = runExports(window, request);
        }
        QCOMPARE(code, 0);
        QCOMPARE(QImage(gantt).size(), kSize);
        QVERIFY(uitest::inkedPixels(QImage(gantt)) > 4000);
        QVERIFY(svgInk(comparison) > 4000);
    }

    // ---- Every export entry, audited one by one ----

    // Item 1: an export of many timelines keeps each readable — its plot area, title, legend
    // and axes as on a chart of its own — and grows the image instead of squeezing them.
    void manyTimelinesStayReadable_data() {
        QTest::addColumn<int>("count");  // 0: every algorithm
        QTest::addColumn<QSize>("size");
        for (int count : {0, 6, 8}) {
            for (const QSize size : {QSize(1600, 900), QSize(1280, 800)}) {
                QTest::addRow("%d algorithms, %dx%d", count, size.width(), size.height())
                    << count << size;
            }
        }
    }

    void manyTimelinesStayReadable() {
        QFETCH(int, count);
        QFETCH(QSize, size);
        QStringList ids;
        for (const std::string& id : algorithmIds()) {
            ids << QString::fromStdString(id);
        }
        if (count > 0) {
            ids = ids.mid(0, count);
        }
        MainWindow window;
        window.algorithmList()->setChecked(ids);
        QVERIFY(window.openFile(sample("figure4-scenario2.json")));
        uitest::results(window);
        const ExportEntry* entry = window.exports()->entry("timelines", ExportEntry::Chart);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("tl.png"));
        const QSize written = window.exports()->write(*entry, path, size);
        const QImage image(path);
        QCOMPARE(image.size(), written);
        QCOMPARE(image.width(), size.width());
        const QList<QCustomPlot*> charts = entry->charts();
        QCOMPARE(charts.size(), ids.size());
        const QList<int> heights = exportHeights(charts, size);
        QCOMPARE(image.height(), std::accumulate(heights.begin(), heights.end(), 0));
        QVERIFY(image.height() >= size.height());
        for (int i = 0; i < charts.size(); ++i) {
            auto* plot = static_cast<GanttPlot*>(charts[i]);
            const ViewportScope scope(plot);
            layOutAt(plot, QRect(0, 0, size.width(), heights[i]));
            const QRect area = plot->axisRect()->outerRect();
            QVERIFY2(plot->axisRect()->height() >= kMinPlotHeight,
                     qPrintable(QStringLiteral("%1: %2 px of rows")
                                    .arg(plot->title())
                                    .arg(plot->axisRect()->height())));
            // The title above the plot area, the legend under it, whole, inside the chart.
            const QRect title = plot->plotLayout()->element(0, 0)->outerRect();
            QVERIFY2(title.bottom() <= area.top() + 1, qPrintable(plot->title()));
            auto* legend = plot->findChild<JobLegend*>();
            QVERIFY(legend != nullptr);
            QVERIFY(legend->outerRect().top() >= area.bottom() - 1);
            QVERIFY(legend->outerRect().bottom() <= heights[i] + 1);
            QCOMPARE(legend->fit(legend->rect().width()).jobs, 5);
        }
    }

    // Item 3: an exported axis ticks as the same chart does on screen at that size (the
    // ticker is fitted to the export's size, not left at the never-shown widget's).
    void exportedAxesTickLikeTheScreen_data() {
        QTest::addColumn<QString>("chart");
        QTest::newRow("stage view") << "stage";
        QTest::newRow("Johnson two-stage chart") << "johnson";
    }

    void exportedAxesTickLikeTheScreen() {
        QFETCH(QString, chart);
        const QSize size(1600, 450);
        const auto plotOf = [&chart](MainWindow& window) {
            chart == QLatin1String("stage") ? window.pages().stages()->refresh()
                                            : window.pages().teach()->refresh();
            return chart == QLatin1String("stage") ? window.pages().stages()->view()->plots()[0]
                                                   : window.teachTab()->johnson()->plots()[1];
        };
        const auto open = [](MainWindow& window) {
            window.algorithmList()->setChecked({"johnson"});
            QVERIFY(window.openFile(sample("figure4-scenario2.json")));
            uitest::results(window);
        };
        // On screen: the chart alone in a window of that size.
        MainWindow shown;
        open(shown);
        std::unique_ptr<QCustomPlot> screen(plotOf(shown));
        screen->setParent(nullptr);
        screen->resize(size);
        screen->show();
        for (int i = 0; i < 3; ++i) {
            screen->replot(QCustomPlot::rpImmediateRefresh);
        }
        const QVector<QString> ticks = screen->xAxis->tickVectorLabels();
        QVERIFY2(ticks.size() >= 5, qPrintable(ticks.toList().join(' ')));
        // Exported from a window never shown.
        MainWindow hidden;
        open(hidden);
        QTemporaryDir dir;
        const QString svg = dir.filePath(QStringLiteral("chart.svg"));
        exportChart(plotOf(hidden), svg, size);
        const QStringList texts = svgTexts(svg);
        for (const QString& tick : ticks) {
            QVERIFY2(texts.contains(tick),
                     qPrintable(
                         QStringLiteral("%1 is not in the export: %2").arg(tick, texts.join(' '))));
        }
        screen.reset();  // before its window
    }

    // Item 4: the export opens a file through the window's own File > Open, so it says what the
    // window says, on one line, for every kind of file the window refuses.
    void exportsSayWhatTheWindowSays_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("content");
        QTest::newRow("not a workload") << "pkg.json" << QByteArray(R"({"name":"x"})");
        QTest::newRow("empty") << "empty.json" << QByteArray();
        QTest::newRow("white space") << "blank.json" << QByteArray(" \n\n");
        QTest::newRow("an SLS trace")
            << "sls.json" << QByteArray(R"({"am.type": "mapreduce", "job.tasks": []})");
        QTest::newRow("a broken cost model")
            << "cost.json" << QByteArray(R"({"format": "mrx-costmodel", "version": 1})");
        QTest::newRow("a broken session")
            << "s.mrxs" << QByteArray(R"({"format": "mrx-session", "version": 1})");
        QTest::newRow("a folder") << "folder" << QByteArray();
    }

    void exportsSayWhatTheWindowSays() {
        QFETCH(QString, name);
        QFETCH(QByteArray, content);
        QTemporaryDir dir;
        const QString path = dir.filePath(name);
        if (name == QLatin1String("folder")) {
            QVERIFY(QDir().mkpath(path));
        } else {
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(content);
        }
        QString said;
        {
            MainWindow window;
            said = uitest::messageOf([&] { QVERIFY(!window.openFile(path)); });
        }
        QVERIFY(!said.isEmpty());
        if (name == QLatin1String("empty.json") || name == QLatin1String("blank.json")) {
            QVERIFY2(said.contains(QStringLiteral("is empty")), qPrintable(said));
        }
        const MrxRun run = runMrx(
            {path, QStringLiteral("--export-all"), dir.filePath(QStringLiteral("o"))}, dir.path());
        QCOMPARE(run.code, 2);
        QCOMPARE(run.err, QStringLiteral("mrx: error: ") + said.simplified() + QLatin1Char('\n'));
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("o"))));
    }

    // ... and runs what the window runs: the algorithms a file makes the window check.
    void exportsRunWhatTheWindowChecks_data() {
        QTest::addColumn<QString>("file");
        QTest::newRow("deadlines sample") << sample("deadlines-spare-kill.json");
        QTest::newRow("session") << sample("teaching.mrxs");
        QTest::newRow("rumen trace")
            << QString::fromStdString(mr::test::testDataPath("rumen-reduces.json"));
    }

    void exportsRunWhatTheWindowChecks() {
        QFETCH(QString, file);
        QStringList checked;
        {
            const FreshSettings fresh;  // the window as a first start opens it
            MainWindow window;
            uitest::DialogDriver driver;  // a trace's import dialog: accepted as it opens
            bool opened = false;
            driver.run([&] { opened = window.openFile(file); });
            QVERIFY(opened);
            checked = window.algorithmList()->checkedIds();
        }
        QVERIFY(!checked.isEmpty());
        if (file.endsWith(QLatin1String("deadlines-spare-kill.json"))) {
            QVERIFY(checked.contains(QStringLiteral("min-edf-wc")));  // the sample's auto-check
        }
        QTemporaryDir dir;
        const MrxRun run = runMrx(
            {file, QStringLiteral("--export-all"), dir.filePath(QStringLiteral("o"))}, dir.path());
        QVERIFY2(run.code == 0, qPrintable(run.err));
        QCOMPARE(firstColumn(dir.filePath(QStringLiteral("o/comparison.csv"))), checked);
    }

    // Item 5: an export never reads nor writes what a window (or an earlier export) remembered:
    // without --algorithms it runs the registry's defaults, every time.
    void exportsNeverReadOrWriteRememberedSettings() {
        QTemporaryDir home;
        const QString config = home.filePath(QStringLiteral("config/MR Schedule Explorer"));
        QVERIFY(QDir().mkpath(config));
        // What a window (and the exports of before) remembered: fifo alone.
        for (const char* app : {"mrx", "mrx-export"}) {
            QSettings remembered(
                config + QLatin1Char('/') + QLatin1String(app) + QStringLiteral(".conf"),
                QSettings::IniFormat);
            remembered.setValue("algorithms/checked", QStringList{"fifo"});
        }
        const QMap<QString, QByteArray> before = filesUnder(home.filePath("config"));
        const QString file = sample("two-jobs.json");
        MrxRun run = runMrx({file, "--export-all", home.filePath("a"), "--algorithms", "johnson"},
                            home.path());
        QVERIFY2(run.code == 0, qPrintable(run.err));
        QCOMPARE(firstColumn(home.filePath("a/comparison.csv")), QStringList{"johnson"});
        run = runMrx({file, "--export-all", home.filePath("b")}, home.path());
        QVERIFY2(run.code == 0, qPrintable(run.err));
        QCOMPARE(firstColumn(home.filePath("b/comparison.csv")), AlgorithmList::defaultIds());
        QCOMPARE(filesUnder(home.filePath("config")), before);  // nothing written, nothing new

        // In the process too: the window's remembered choice is neither used nor changed.
        QSettings().setValue("algorithms/checked", QStringList{"fifo"});
        GuiRequest request = exportRequest(file, home.filePath("c"), {});
        QCOMPARE(runHeadless(request), 0);
        QCOMPARE(firstColumn(home.filePath("c/comparison.csv")), AlgorithmList::defaultIds());
        QCOMPARE(QSettings().value("algorithms/checked").toStringList(), QStringList{"fifo"});
    }

    // Item 10: the stage export writes every algorithm's stage view, pools included.
    void theStageExportWritesEveryAlgorithm() {
        QTemporaryDir dir;
        GuiRequest request;
        const QString stages = dir.filePath(QStringLiteral("st.png"));
        QCOMPARE(parseCommandLine({"mrx", sample("figure4-scenario2.json"), "--algorithms",
                                   "johnson,balanced-pools,hscheduler", "--export-stages", stages,
                                   "--size", "800x500"},
                                  &request),
                 -1);
        MainWindow window;
        QCOMPARE(runExports(window, request), 0);
        const QList<QCustomPlot*> charts =
            window.exports()->entry(QStringLiteral("stages"), ExportEntry::Chart)->charts();
        QCOMPARE(charts.size(), 6);  // the model and the simulation of each of the three
        QStringList titles;
        for (QCustomPlot* chart : charts) {
            titles << static_cast<QCPTextElement*>(chart->plotLayout()->element(0, 0))->text();
        }
        for (const char* id : {"johnson", "balanced-pools", "hscheduler"}) {
            QCOMPARE(titles.filter(QLatin1String(id) + QStringLiteral(" — ")).size(), 2);
        }
        // BalancedPools' two pools, each its own band ([Verma12]: pools end at 40 and 39).
        QVERIFY2(titles.filter(QStringLiteral("balanced-pools — ")).size() == 2 &&
                     titles.filter(QStringLiteral("pool1 40, pool2 39")).size() == 2,
                 qPrintable(titles.join('\n')));
        const QImage image(stages);
        QCOMPARE(image.width(), 800);
        QVERIFY(image.height() >= 6 * (kMinPlotHeight + 60));
    }

    // The real binary, with no display at all; it leaves nothing in its home, settings or
    // temporary folders (no mrx-export.conf, no runtime folder).
    void helpVersionAndExportsNeedNoDisplay() {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const char* name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM", "XDG_RUNTIME_DIR",
                                 "XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"}) {
            env.remove(QLatin1String(name));
        }
        QTemporaryDir home;
        QTemporaryDir temporary;
        env.insert(QStringLiteral("HOME"), home.path());
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), home.filePath(QStringLiteral(".config")));
        env.insert(QStringLiteral("TMPDIR"), temporary.path());
        const auto run = [&](const QStringList& arguments, QString* out) {
            QProcess process;
            process.setProcessEnvironment(env);
            process.start(binary(), arguments);
            process.waitForFinished(120000);
            *out = QString::fromUtf8(process.readAllStandardOutput());
            return process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
        };
        QString out;
        QCOMPARE(run({"--help"}, &out), 0);
        QVERIFY2(out.contains(QStringLiteral("--export-all <DIR>")), qPrintable(out));
        QVERIFY2(out.startsWith(QStringLiteral("Usage: mrx [options] [FILE]")), qPrintable(out));
        QCOMPARE(run({"--version"}, &out), 0);
        QVERIFY2(out.startsWith(QStringLiteral("mrx ")), qPrintable(out));
        QTemporaryDir dir;
        QCOMPARE(run({sample("two-jobs.json"), "--export-all", dir.path(), "--algorithms",
                      "johnson", "--size", "800x500"},
                     &out),
                 0);
        QVERIFY(QFile::exists(dir.filePath(QStringLiteral("timeline-johnson.pdf"))));
        // A session: --export-all reads it as a session, not as a workload.
        QTemporaryDir session;
        QCOMPARE(
            run({sample("what-if-tour.mrxs"), "--export-all", session.path(), "--size", "800x500"},
                &out),
            0);
        QVERIFY2(out.contains(QStringLiteral("3 variant folders")), qPrintable(out));
        QVERIFY(QFile::exists(session.filePath(QStringLiteral("variants.csv"))));
        QVERIFY(QFile::exists(session.filePath(QStringLiteral("J3 split in two/stages.png"))));
        QCOMPARE(run({sample("two-jobs.json"), "--export-all", dir.path(), "--size", "0x0"}, &out),
                 2);
        for (const QTemporaryDir* folder : {&home, &temporary}) {
            const QStringList left = QDir(folder->path())
                                         .entryList(QDir::AllEntries | QDir::Hidden | QDir::System |
                                                    QDir::NoDotAndDotDot);
            QVERIFY2(left.isEmpty(), qPrintable(folder->path() + QStringLiteral(": ") +
                                                left.join(QStringLiteral(", "))));
        }
    }
    // Without --algorithms an export runs the four algorithms the explorer is about, side by
    // side; on [Verma12] Figure 4 scenario 2 BalancedPools makes 40 s, HScheduler 35⅔ s
    // ([Tian16] Example 2) and reverse Johnson 52 s.
    void exportAllRunsTheFourDefaultAlgorithms() {
        QTemporaryDir dir;
        const MrxRun run = runMrx({sample("figure4-scenario2.json"), QStringLiteral("--export-all"),
                                   dir.filePath(QStringLiteral("o"))},
                                  dir.path());
        QVERIFY2(run.code == 0, qPrintable(run.err));
        const QString csv = dir.filePath(QStringLiteral("o/comparison.csv"));
        QCOMPARE(firstColumn(csv),
                 QStringList({"johnson", "reverse-johnson", "balanced-pools", "hscheduler"}));
        QMap<QString, double> makespan;
        const QStringList rows = csvRows(csv);
        QVERIFY(rows.front().startsWith(QStringLiteral("algorithm,makespan,")));
        for (int i = 1; i < rows.size(); ++i) {
            makespan[rows[i].section(QLatin1Char(','), 0, 0)] =
                rows[i].section(QLatin1Char(','), 1, 1).toDouble();
        }
        QCOMPARE(makespan.value(QStringLiteral("balanced-pools")), 40.0);
        QVERIFY(qAbs(makespan.value(QStringLiteral("hscheduler")) - 35.67) < 0.005);
        QCOMPARE(makespan.value(QStringLiteral("reverse-johnson")), 52.0);
    }

    // Hatched bars (failed and killed attempts) are plain lines in an SVG export: Qt's own SVG
    // Tiny renderer loads it without a warning (a pattern brush would write a <pattern> and a
    // <mask>, which it does not support), and draws it.
    void svgHatchesLoadWithoutWarnings() {
        MainWindow window;
        QVERIFY(window.openFile(sample("node-failure.mrxs")));
        uitest::results(window);
        const QList<GanttPlot*> plots = window.ganttPanel()->plots();
        QCOMPARE(plots.size(), 1);
        // Cross-hatched and hatched bars to draw.
        const QStringList marks = plots.front()->legend()->attemptKeyTexts();
        QVERIFY(marks.contains(QStringLiteral("failed")));
        QVERIFY(marks.contains(QStringLiteral("killed")));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("timeline.svg"));
        exportCharts({plots.front()}, path, QSize(1200, 700));
        const QString text = readAll(path);
        QVERIFY(!text.contains(QStringLiteral("<pattern")));
        QVERIFY(!text.contains(QStringLiteral("<mask")));
        static QStringList warnings;
        warnings.clear();
        const QtMessageHandler previous =
            qInstallMessageHandler([](QtMsgType type, const QMessageLogContext&, const QString& m) {
                if (type != QtDebugMsg && type != QtInfoMsg) {
                    warnings << m;
                }
            });
        int ink = 0;
        {
            QSvgRenderer svg(path);
            QVERIFY(svg.isValid());
            ink = svgInk(path);
        }
        qInstallMessageHandler(previous);
        QVERIFY2(warnings.isEmpty(), qPrintable(warnings.join(QLatin1Char('\n'))));
        QVERIFY(ink > 10000);
    }
};

QTEST_MAIN(ExportsTest)
#include "ExportsTest.moc"
