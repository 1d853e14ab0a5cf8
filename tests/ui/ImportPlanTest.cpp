// Traces in and plans out through the window, offscreen:
//  * a file that is not a workload (a folder, an SLS trace, someone else's JSON, a missing file)
//    gets one message saying what it is, and the document stays;
//  * a Rumen trace, a concatenated Rumen stream and a SWIM trace — opened, dropped or imported —
//    go through the import dialog (mrsim import's options, its command line shown) and become
//    an untitled workload equal to what the core importer makes of them; a refused trace keeps
//    the dialog open with the reason;
//  * File > Export plan… writes byte for byte what `mrsim plan` writes for the same algorithm.
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include "DialogDriver.h"
#include "UiTestSupport.h"
#include "app/FileController.h"
#include "app/MainWindow.h"
#include "charts/GanttPanel.h"
#include "document/WorkloadDocument.h"
#include "io/Plan.h"
#include "io/RumenImport.h"
#include "io/SwimImport.h"
#include "run/RunController.h"
#include "widgets/AlgorithmList.h"
#include "widgets/ExportPlanDialog.h"
#include "widgets/ImportDialog.h"

using namespace mr;
using namespace mr::ui;
using mr::ui::test::DialogDriver;
using mr::ui::test::results;
using mr::ui::test::sample;

namespace {

QString testData(const char* name) {
    return qEnvironmentVariable("MRX_TEST_DATA_DIR") + QLatin1Char('/') + QLatin1String(name);
}

QByteArray readAll(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

void writeFile(const QString& path, const QByteArray& text) {
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(text);
}

}  // namespace

class ImportPlanTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("mrx-import-tests"));
        QSettings().clear();
        QVERIFY2(QFile::exists(testData("rumen-reduces.json")),
                 "MRX_TEST_DATA_DIR must name tests/data");
    }

    // ---- Item 9: say what a file is ----

    void aFileThatIsNotAWorkloadSaysWhatItIs_data() {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("words");
        QTest::newRow("folder") << "folder"
                                << "is a folder, not a file";
        QTest::newRow("missing") << "missing"
                                 << "no such file";
        QTest::newRow("sls trace") << "sls"
                                   << "a Hadoop SLS trace, which this program cannot";
        QTest::newRow("other json") << "json"
                                    << "not a workload, cost model or trace this program knows";
        // A workload cut short is a broken workload, not "a file this program does not know".
        QTest::newRow("truncated workload") << "truncated"
                                            << "not valid JSON (truncated or corrupt file?)";
        QTest::newRow("newer format") << "newer"
                                      << "a file of this program that is not a workload";
        // A session opens as a session: an incomplete one names its missing field.
        QTest::newRow("session") << "session"
                                 << "field 'current': is required";
    }

    void aFileThatIsNotAWorkloadSaysWhatItIs() {
        QFETCH(QString, kind);
        QFETCH(QString, words);
        QTemporaryDir dir;
        QString path = dir.filePath(QStringLiteral("file.json"));
        if (kind == "folder") {
            path = dir.path();
        } else if (kind == "sls") {
            writeFile(path, R"({"am.type": "mapreduce", "job.start.ms": 0, "job.tasks": []})");
        } else if (kind == "json") {
            writeFile(path, R"({"jobs": [{"name": "a"}]})");
        } else if (kind == "truncated") {
            writeFile(path, "{\n  \"name\": \"x\",\n  \"format\": \"mrx-wor");
        } else if (kind == "newer") {
            writeFile(path, R"({"format": "mrx-future", "version": 1})");
        } else if (kind == "session") {
            writeFile(path, R"({"format": "mrx-session", "version": 1})");
        }
        MainWindow window;
        QVERIFY(window.openFile(sample("two-jobs.json")));
        const Workload before = window.document()->workload();
        DialogDriver driver;
        bool opened = true;
        driver.run([&] { opened = window.openFile(path); });
        QVERIFY(!opened);
        QCOMPARE(driver.boxTexts.size(), 1);
        QCOMPARE(driver.otherDialogs, 0);  // no import dialog
        QVERIFY2(driver.boxTexts[0].contains(words), qPrintable(driver.boxTexts[0]));
        QVERIFY2(kind == "json" || !driver.boxTexts[0].contains(QStringLiteral("program knows")),
                 qPrintable(driver.boxTexts[0]));
        QVERIFY(driver.boxTexts[0].contains(QFileInfo(path).fileName()));
        QVERIFY(window.document()->workload() == before);
    }

    // ---- Items 9 and 11: traces become untitled workloads through the import dialog ----

    void aTraceImportsAsAnUntitledWorkload_data() {
        QTest::addColumn<QString>("trace");
        QTest::addColumn<QString>("how");
        for (const char* how : {"open", "drop", "menu"}) {
            QTest::newRow(qPrintable(QStringLiteral("rumen, %1").arg(how))) << "rumen" << how;
            QTest::newRow(qPrintable(QStringLiteral("rumen stream, %1").arg(how)))
                << "stream" << how;
            QTest::newRow(qPrintable(QStringLiteral("swim, %1").arg(how))) << "swim" << how;
        }
    }

    void aTraceImportsAsAnUntitledWorkload() {
        QFETCH(QString, trace);
        QFETCH(QString, how);
        QTemporaryDir dir;
        QString path = testData(trace == "swim" ? "swim-small.tsv" : "rumen-reduces.json");
        if (trace == "stream") {
            path = dir.filePath(QStringLiteral("stream.json"));
            // The second history with every time stamp 100 s later: the same job names, other
            // histories (the same history twice would be imported once).
            const QString later = QString::fromUtf8(readAll(testData("rumen-reduces.json")));
            static const QRegularExpression stamp(QStringLiteral(
                R"re("(submitTime|launchTime|startTime|finishTime|shuffleFinished|sortFinished)" : ([0-9]+))re"));
            QRegularExpressionMatchIterator it = stamp.globalMatch(later);
            QString shifted;
            qsizetype last = 0;
            while (it.hasNext()) {
                const QRegularExpressionMatch m = it.next();
                shifted += later.mid(last, m.capturedStart(0) - last) +
                           QStringLiteral("\"%1\" : %2")
                               .arg(m.captured(1))
                               .arg(m.captured(2).toLongLong() + 100000);
                last = m.capturedEnd(0);
            }
            shifted += later.mid(last);
            writeFile(path, readAll(testData("rumen-reduces.json")) + shifted.toUtf8());
        }
        // The options a person would set: a cluster for Rumen, a byte model for SWIM.
        ImportChoice choice;
        choice.kind = trace == "swim" ? FileKind::SwimTrace : FileKind::RumenTrace;
        choice.rumen.nodes = 6;
        choice.swim.model.blockSize = 1'000'000;
        choice.swim.model.mapMBPerS = 2.5;
        choice.swim.maxJobs = 3;
        choice.swim.cluster = {8, 2, 1};

        MainWindow window;
        window.algorithmList()->setChecked({"fifo"});
        QVERIFY(window.openFile(sample("two-jobs.json")));
        DialogDriver driver;
        driver.file = path;
        QString header;
        QString command;
        driver.onDialog = [&](QDialog* dialog) {
            auto* import = qobject_cast<ImportDialog*>(dialog);
            if (import == nullptr) {
                return false;
            }
            header = import->findChild<QLabel*>()->text();
            import->setChoice(choice);
            command = import->commandLine();
            return true;
        };
        driver.run([&] {
            if (how == "open") {
                window.openFile(path);  // File > Open, Open Recent and `mrx TRACE` go here
            } else if (how == "drop") {
                window.fileController()->openFromUser(path);
            } else {
                window.findChild<QAction*>(QStringLiteral("fileImport"))->trigger();
            }
        });
        QVERIFY2(driver.stuck.isEmpty(), qPrintable(driver.stuck.join(", ")));
        QCOMPARE(driver.otherDialogs, 1);
        QVERIFY2(header.contains(trace == "swim" ? QStringLiteral("SWIM workload trace")
                                                 : QStringLiteral("Rumen job trace")),
                 qPrintable(header));

        const Workload expected = trace == "swim" ? importSwim(path.toStdString(), choice.swim)
                                                  : importRumen(path.toStdString(), choice.rumen);
        QVERIFY(window.document()->workload() == expected);
        QVERIFY(window.document()->filePath().isEmpty());  // untitled: Save asks where
        QVERIFY(!window.document()->isModified());
        if (trace == "stream") {
            QCOMPARE(expected.jobCount(), 6);
            QCOMPARE(expected.jobs[3].name, std::string("WordCount job_100_0001 (2)"));
        }
        // The dialog shows the command that does the same.
        const QString expectedCommand =
            trace == "swim"
                ? QStringLiteral(
                      "mrsim import swim %1 -o OUT.json --block-size 1000000 "
                      "--map-mb-per-s 2.5 --jobs 3 --nodes 8 --map-slots-per-node 2 "
                      "--reduce-slots-per-node 1")
                      .arg(path)
                : QStringLiteral("mrsim import rumen %1 -o OUT.json --nodes 6").arg(path);
        QCOMPARE(command, expectedCommand);
        QVERIFY(results(window)->find("fifo"));
    }

    void aRefusedTraceKeepsTheDialogOpenWithTheReason() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("truncated.json"));
        const QByteArray text = readAll(testData("rumen-reduces.json"));
        writeFile(path, text.left(text.size() / 2));
        ImportDialog dialog(path, FileKind::RumenTrace);
        dialog.accept();
        QCOMPARE(dialog.result(), int(QDialog::Rejected));
        QVERIFY2(dialog.message().contains(QStringLiteral("truncated")),
                 qPrintable(dialog.message()));
        QVERIFY(dialog.message().contains(QStringLiteral("truncated.json")));
    }

    void cancellingTheImportKeepsTheDocument() {
        MainWindow window;
        QVERIFY(window.openFile(sample("two-jobs.json")));
        const Workload before = window.document()->workload();
        DialogDriver driver;
        driver.onDialog = [](QDialog*) { return false; };
        bool opened = true;
        driver.run([&] { opened = window.openFile(testData("swim-small.tsv")); });
        QVERIFY(!opened);
        QVERIFY(window.document()->workload() == before);
    }

    // ---- Item 11: File > Export plan… writes what mrsim plan writes ----

    void exportPlanWritesWhatMrsimPlanWrites_data() {
        QTest::addColumn<QString>("algorithm");
        QTest::newRow("balanced-pools (two queues)") << "balanced-pools";
        QTest::newRow("johnson (one queue)") << "johnson";
    }

    void exportPlanWritesWhatMrsimPlanWrites() {
        QFETCH(QString, algorithm);
        QTemporaryDir gui;
        QTemporaryDir cli;
        MainWindow window;
        window.algorithmList()->setChecked({"fifo", algorithm});
        QVERIFY(window.openFile(sample("figure4-scenario2.json")));
        results(window);
        // Through the menu, as a person would: the dialog starts on the selected algorithm.
        DialogDriver driver;
        QString preselected;
        QString queues;
        driver.onDialog = [&](QDialog* dialog) {
            auto* plan = qobject_cast<ExportPlanDialog*>(dialog);
            if (plan == nullptr) {
                return false;
            }
            preselected = plan->algorithm();
            plan->setAlgorithm(algorithm);
            plan->setFolder(gui.path());
            queues = plan->queues();
            return true;
        };
        driver.run(
            [&] { window.findChild<QAction*>(QStringLiteral("fileExportPlan"))->trigger(); });
        QVERIFY2(driver.stuck.isEmpty(), qPrintable(driver.stuck.join(", ")));
        QCOMPARE(preselected, window.ganttPanel()->currentAlgorithm());
        if (algorithm == "balanced-pools") {
            // [Verma12] §III-C: {J3, J4} (fewer map tasks) on 20 nodes, {J1, J2, J5} on 10, each
            // in Johnson's order within its pool.
            QVERIFY2(queues.contains(QStringLiteral("pool1  66.67%  20 nodes  2 jobs: J4 J3")),
                     qPrintable(queues));
            QVERIFY(queues.contains(QStringLiteral("pool2  33.33%  10 nodes  3 jobs: J2 J5 J1")));
        }

        const QString mrsim = qEnvironmentVariable("MRX_MRSIM_PATH");
        QVERIFY2(QFile::exists(mrsim), "MRX_MRSIM_PATH must name the built mrsim");
        QProcess process;
        process.start(
            mrsim, {QStringLiteral("plan"), sample("figure4-scenario2.json"), QStringLiteral("-a"),
                    algorithm, QStringLiteral("--capacity-scheduler"),
                    cli.filePath(QStringLiteral("capacity-scheduler.xml")),
                    QStringLiteral("--submit-script"), cli.filePath(QStringLiteral("submit.sh")),
                    QStringLiteral("--sls"), cli.filePath(QStringLiteral("sls-trace.json")),
                    QStringLiteral("--sls-nodes"), cli.filePath(QStringLiteral("sls-nodes.json"))});
        QVERIFY(process.waitForFinished(60000));
        QCOMPARE(process.exitCode(), 0);
        for (const char* name :
             {"capacity-scheduler.xml", "submit.sh", "sls-trace.json", "sls-nodes.json"}) {
            const QByteArray written = readAll(gui.filePath(QLatin1String(name)));
            QVERIFY2(!written.isEmpty(), name);
            QCOMPARE(written, readAll(cli.filePath(QLatin1String(name))));
        }
        QVERIFY(QFileInfo(gui.filePath(QStringLiteral("submit.sh"))).isExecutable());
    }

    void exportPlanRefusesAMissingFolder() {
        MainWindow window;
        window.algorithmList()->setChecked({"johnson"});
        QVERIFY(window.openFile(sample("two-jobs.json")));
        ExportPlanDialog dialog(results(window), QStringLiteral("johnson"),
                                QStringLiteral("/no/such/folder"));
        dialog.accept();
        QCOMPARE(dialog.result(), int(QDialog::Rejected));
        QVERIFY2(dialog.message().contains(QStringLiteral("no such folder")),
                 qPrintable(dialog.message()));
    }
};

QTEST_MAIN(ImportPlanTest)
#include "ImportPlanTest.moc"
