// The explorer's Comparison table shows the job metrics `mrsim compare` prints (docs/metrics.md),
// cell for cell, for [Verma12]'s Figure 4 scenario 2: the window and the built mrsim are run side
// by side and their metric columns compared by header.
#include <QProcess>
#include <QTableWidget>
#include <QtTest>

#include "UiTestSupport.h"
#include "app/MainWindow.h"
#include "charts/ComparisonView.h"
#include "pages/ComparisonPage.h"
#include "widgets/AlgorithmList.h"

namespace mr::ui {

using test::results;
using test::sample;

namespace {

// The "job metrics" table of `mrsim compare`'s text: header → (algorithm → cell).
using MetricCells = QMap<QString, QMap<QString, QString>>;

MetricCells parseMetricsTable(const QString& text) {
    const QStringList lines = text.split(QLatin1Char('\n'));
    const qsizetype title = lines.indexOf(QStringLiteral("job metrics (docs/metrics.md)"));
    MetricCells cells;
    if (title < 0 || title + 1 >= lines.size()) {
        return cells;
    }
    static const QRegularExpression columnGap(QStringLiteral("\\s{2,}"));
    const QStringList header = lines[title + 1].trimmed().split(columnGap);
    for (qsizetype i = title + 2; i < lines.size() && !lines[i].trimmed().isEmpty(); ++i) {
        const QStringList row = lines[i].trimmed().split(columnGap);
        for (qsizetype c = 1; c < row.size() && c < header.size(); ++c) {
            cells[header[c].toLower()][row[0]] = row[c];
        }
    }
    return cells;
}

}  // namespace

class ComparisonMetricsTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QCoreApplication::setOrganizationName(QStringLiteral("mrx-tests")); }

    void comparisonTableShowsTheMetricsOfMrsimCompare() {
        const QStringList ids{QStringLiteral("fifo"), QStringLiteral("johnson"),
                              QStringLiteral("balanced-pools"), QStringLiteral("hscheduler")};
        MainWindow window;
        window.resize(1280, 800);
        window.algorithmList()->setChecked(ids);
        QVERIFY(window.openFile(sample("figure4-scenario2.json")));
        QVERIFY(results(window));
        QVERIFY(window.showTab(QStringLiteral("comparison")));
        QTableWidget* table = window.pages().comparison()->view()->table();

        const QString mrsim = qEnvironmentVariable("MRX_MRSIM_PATH");
        QVERIFY2(QFile::exists(mrsim), "MRX_MRSIM_PATH must name the built mrsim");
        QStringList algorithms;
        for (int r = 0; r < table->rowCount(); ++r) {
            algorithms << table->item(r, 0)->text();
        }
        QCOMPARE(algorithms.size(), ids.size());
        QProcess process;
        process.start(mrsim, {QStringLiteral("compare"), sample("figure4-scenario2.json"),
                              QStringLiteral("-a"), algorithms.join(QLatin1Char(','))});
        QVERIFY(process.waitForFinished(60000));
        QCOMPARE(process.exitCode(), 0);
        const MetricCells cli =
            parseMetricsTable(QString::fromUtf8(process.readAllStandardOutput()));
        // The explorer shows JCT mean and p95, slowdown mean and fairness (the compact set);
        // each must be there and read as mrsim compare prints it, for every algorithm.
        QStringList shown;
        for (int c = 0; c < table->columnCount(); ++c) {
            const QString header = table->horizontalHeaderItem(c)->text().toLower();
            if (!cli.contains(header)) {
                continue;
            }
            shown << header;
            for (int r = 0; r < table->rowCount(); ++r) {
                const QString algorithm = table->item(r, 0)->text();
                QCOMPARE(table->item(r, c)->text(), cli[header].value(algorithm));
            }
        }
        QCOMPARE(shown, (QStringList{QStringLiteral("jct mean"), QStringLiteral("jct p95"),
                                     QStringLiteral("slowdown mean"), QStringLiteral("fairness")}));
        // Johnson (J2 J5 J1 J4 J3 end at 5, 8, 13, 43, 47; alone 5, 5, 9, 36, 34 on 30 slots):
        // slowdowns 1, 1.6, 1.444, 1.194, 1.382; Jain's index 6.621² / (5 · 8.984) = 0.976.
        QCOMPARE(cli[QStringLiteral("fairness")][QStringLiteral("johnson")],
                 QStringLiteral("0.976"));
        QCOMPARE(cli[QStringLiteral("jct p95")][QStringLiteral("johnson")], QStringLiteral("47"));
        QCOMPARE(cli[QStringLiteral("slowdown mean")][QStringLiteral("johnson")],
                 QStringLiteral("1.32"));
    }
};

}  // namespace mr::ui

QTEST_MAIN(mr::ui::ComparisonMetricsTest)
#include "ComparisonMetricsTest.moc"
