// Files the explorer writes where a person chose, through the real menus offscreen: File > Export
// plan… starts in the workload's folder (not the last one used) and replaces files only after one
// question naming every one of them; Save as and Save session as ask before replacing a file the
// dialog did not name (a name without suffix gets one); File > Export asks the same way and says
// what it wrote on the status line.
#include <QAction>
#include <QDir>
#include <QFile>
#include <QInputDialog>
#include <QLabel>
#include <QSettings>
#include <QTemporaryDir>
#include <QtTest>

#include "DialogDriver.h"
#include "UiTestSupport.h"
#include "exports/ExportController.h"
#include "app/FileController.h"
#include "app/MainWindow.h"
#include "document/WorkloadDocument.h"
#include "studio/SessionController.h"
#include "widgets/AlgorithmList.h"
#include "widgets/ExportPlanDialog.h"
#include "widgets/SaveTarget.h"

using namespace mr;
using namespace mr::ui;
using mr::ui::test::DialogDriver;
using mr::ui::test::results;
using mr::ui::test::sample;

namespace {

const QStringList kPlanFiles = {"capacity-scheduler.xml", "submit.sh", "sls-trace.json",
                                "sls-nodes.json"};

void writeText(const QString& path, const QByteArray& text) {
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(text);
}

QByteArray readText(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// A copy of a sample in `dir`, opened in `window`.
QString openCopy(MainWindow& window, const QDir& dir, const char* name) {
    const QString path = dir.filePath(QLatin1String(name));
    QFile::copy(sample(name), path);
    window.openFile(path);
    return path;
}

// The menu entry of `window` with this text, or null.
QAction* menuEntry(QWidget& window, const QString& text) {
    for (QAction* action : window.findChildren<QAction*>()) {
        if (action->text() == text) {
            return action;
        }
    }
    return nullptr;
}

}  // namespace

class SaveTargetTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("mrx-save-target-tests"));
        QSettings().clear();
    }

    void existingFilesAreNamedOnce() {
        QTemporaryDir dir;
        const QString a = dir.filePath(QStringLiteral("a.txt"));
        writeText(a, "a");
        const QString b = dir.filePath(QStringLiteral("b.txt"));
        QCOMPARE(existingFiles({a, b, a, QString()}), QStringList{a});
    }

    // The plan's four files exist in the workload's folder (another workload's, 103 MB in the
    // report that led here): nothing is replaced until the person says so, in one question that
    // names all four; the dialog starts there even though the last plan went elsewhere.
    void exportPlanAsksBeforeReplacingInTheWorkloadsFolder() {
        QTemporaryDir workloadDir;
        QTemporaryDir lastPlanDir;
        QSettings().setValue("plan/dir", lastPlanDir.path());
        MainWindow window;
        window.algorithmList()->setChecked({"johnson"});
        openCopy(window, QDir(workloadDir.path()), "figure4-scenario2.json");
        results(window);
        for (const QString& name : kPlanFiles) {
            writeText(QDir(workloadDir.path()).filePath(name), "keep me");
        }
        QString folder;
        const auto exportPlan = [&](QMessageBox::StandardButton answer) -> DialogDriver {
            DialogDriver driver;
            driver.answer = answer;
            driver.onDialog = [&](QDialog* dialog) {
                auto* plan = qobject_cast<ExportPlanDialog*>(dialog);
                folder = plan ? plan->folder() : QString();
                return plan != nullptr;
            };
            driver.run(
                [&] { window.findChild<QAction*>(QStringLiteral("fileExportPlan"))->trigger(); });
            return driver;
        };
        const DialogDriver kept = exportPlan(QMessageBox::Cancel);
        QCOMPARE(QDir(folder).canonicalPath(), QDir(workloadDir.path()).canonicalPath());
        QCOMPARE(kept.boxTexts.size(), 1);
        for (const QString& name : kPlanFiles) {
            QVERIFY2(kept.boxTexts.front().contains(name), qPrintable(kept.boxTexts.front()));
            QCOMPARE(readText(QDir(workloadDir.path()).filePath(name)), QByteArray("keep me"));
        }
        QVERIFY(kept.boxTexts.front().startsWith(QStringLiteral("4 files already exist")));

        const DialogDriver replaced = exportPlan(QMessageBox::Yes);
        QCOMPARE(QDir(folder).canonicalPath(), QDir(workloadDir.path()).canonicalPath());
        QCOMPARE(replaced.boxTexts.size(), 1);
        QVERIFY(replaced.stuck.isEmpty());
        for (const QString& name : kPlanFiles) {
            QVERIFY(readText(QDir(workloadDir.path()).filePath(name)) != "keep me");
        }
        QVERIFY(window.statusLabel()->text().startsWith(QStringLiteral("Wrote ")));
    }

    // Typing "saved" where "saved.json" exists: the dialog saw no such file; the explorer adds
    // the suffix and asks before replacing it. The same for a session.
    void saveAsAsksBeforeReplacingTheFileWithItsSuffix_data() {
        QTest::addColumn<bool>("session");
        QTest::newRow("workload") << false;
        QTest::newRow("session") << true;
    }

    void saveAsAsksBeforeReplacingTheFileWithItsSuffix() {
        QFETCH(bool, session);
        QTemporaryDir dir;
        const QString target =
            dir.filePath(session ? QStringLiteral("saved.mrxs") : QStringLiteral("saved.json"));
        writeText(target, "keep me");
        MainWindow window;
        QVERIFY(window.openFile(sample("two-jobs.json")));
        QStringList asked;
        const auto saveAs = [&](QMessageBox::StandardButton answer) -> bool {
            DialogDriver driver;
            driver.answer = answer;
            driver.file = dir.filePath(QStringLiteral("saved"));
            bool saved = false;
            driver.run([&] {
                saved = session ? window.sessions()->saveAs() : window.fileController()->saveAs();
            });
            asked = driver.boxTexts;
            return saved;
        };
        QVERIFY(!saveAs(QMessageBox::Cancel));
        QCOMPARE(asked.size(), 1);
        QVERIFY2(asked.front().contains(QFileInfo(target).fileName()), qPrintable(asked.front()));
        QCOMPARE(readText(target), QByteArray("keep me"));
        QVERIFY(saveAs(QMessageBox::Yes));
        QCOMPARE(asked.size(), 1);
        QVERIFY(readText(target).contains("\"jobs\""));
    }

    // File > Export: one question before replacing a file, and a line saying what was written.
    void exportAsksBeforeReplacingAndSaysWhatItWrote() {
        QTemporaryDir dir;
        MainWindow window;
        window.algorithmList()->setChecked({"johnson", "hscheduler"});
        QVERIFY(window.openFile(sample("figure4-scenario2.json")));
        results(window);
        const QString target = dir.filePath(QStringLiteral("comparison.csv"));
        writeText(target, "keep me");
        QAction* csv = menuEntry(window, QStringLiteral("Comparison table as CSV…"));
        QVERIFY(csv);
        DialogDriver keep;
        keep.answer = QMessageBox::Cancel;
        keep.file = target;
        keep.run([&] { csv->trigger(); });
        QCOMPARE(keep.boxTexts.size(), 1);
        QCOMPARE(readText(target), QByteArray("keep me"));

        DialogDriver replace;
        replace.answer = QMessageBox::Yes;
        replace.file = target;
        replace.run([&] { csv->trigger(); });
        QCOMPARE(replace.boxTexts.size(), 1);
        QVERIFY(readText(target).startsWith("algorithm"));
        QCOMPARE(window.statusLabel()->text(),
                 QStringLiteral("Wrote %1").arg(QDir::toNativeSeparators(target)));
    }

    // The size prompt of File > Export > Comparison chart is wide enough for its whole title,
    // and the status line says what was written and at what size.
    void chartExportPromptShowsItsTitleAndSaysWhatItWrote() {
        QTemporaryDir dir;
        MainWindow window;
        window.algorithmList()->setChecked({"johnson", "hscheduler"});
        QVERIFY(window.openFile(sample("figure4-scenario2.json")));
        results(window);
        QAction* chart = menuEntry(window, QStringLiteral("Comparison chart…"));
        QVERIFY(chart);
        DialogDriver driver;
        driver.file = dir.filePath(QStringLiteral("comparison.png"));
        int room = -1;
        driver.onDialog = [&room](QDialog* dialog) {
            if (auto* prompt = qobject_cast<QInputDialog*>(dialog)) {
                prompt->setTextValue(QStringLiteral("1600x900"));
                room = prompt->minimumWidth() -
                       prompt->fontMetrics().horizontalAdvance(prompt->windowTitle());
            }
            return true;
        };
        driver.run([&] { chart->trigger(); });
        QVERIFY2(room >= 80, qPrintable(QString::number(room)));  // a window manager's buttons
        QVERIFY(QFile::exists(driver.file));
        QCOMPARE(window.statusLabel()->text(),
                 QStringLiteral("Wrote %1 (1600×900)").arg(QDir::toNativeSeparators(driver.file)));
    }
};

QTEST_MAIN(SaveTargetTest)
#include "SaveTargetTest.moc"
