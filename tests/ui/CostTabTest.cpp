// The Cost tab driven as a person would, offscreen: opening a cost model fills the tables with
// its numbers, the charts and the table show exactly what mrcore's runCostAlgorithms and
// sweepEpochs return, a sweep finishes or stops on Cancel, bad models give a message naming the
// field, File > Open routes cost models to the Cost tab, exports have the requested size.
#include <QApplication>
#include <QCheckBox>
#include <QDir>
#include <QFile>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QSignalSpy>
#include <QSvgRenderer>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include "UiTestSupport.h"
#include "app/FileController.h"
#include "app/MainWindow.h"
#include "app/Samples.h"
#include "charts/ChartExport.h"
#include "charts/ChartLayout.h"
#include "cost/CostAlgorithms.h"
#include "cost/CostFormat.h"
#include "cost/CostModelJson.h"
#include "cost/CostSweeps.h"
#include "costtab/CostBreakdownChart.h"
#include "costtab/CostChartStyle.h"
#include "costtab/CostModelTables.h"
#include "costtab/CostResultsTable.h"
#include "costtab/CostTab.h"
#include "costtab/CpuPerMachineChart.h"
#include "costtab/EpochSweepPanel.h"
#include "document/WorkloadDocument.h"
#include "experiments/ComparisonTable.h"

using namespace mr;
using namespace mr::ui;
using mr::ui::test::messageOf;
using mr::ui::test::sample;

namespace {

const QStringList kAllAlgorithms = {"lips", "lips-coschedule", "lips-online", "hadoop-default",
                                    "delay"};

cost::CostModel loadSample(const char* name) {
    return cost::loadCostModel(sample(name).toStdString());
}

double cellNumber(QTableWidget* table, int row, int column) {
    return table->item(row, column)->data(Qt::DisplayRole).toDouble();
}

QString cellText(QTableWidget* table, int row, int column) {
    return table->item(row, column)->text();
}

// The value drawn at `key` by a bar or graph plottable (NaN when there is none).
template <class Plottable>
double valueAt(Plottable* p, double key) {
    for (auto it = p->data()->constBegin(); it != p->data()->constEnd(); ++it) {
        if (it->key == key) {
            return it->value;
        }
    }
    return std::numeric_limits<double>::quiet_NaN();
}

void writeFile(const QString& path, const QByteArray& text) {
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(text);
}

// One machine of 100 CPU-s (1 unit for 100 s) and a job needing 1000: no offline schedule.
const QByteArray kTooSmall = R"({"format": "mrx-costmodel", "version": 1, "name": "too small",
  "stores": [{"name": "s1", "capacity_mb": 1000}],
  "machines": [{"name": "A", "store": "s1", "cpu_units": 1, "cpu_cost_per_s": 1, "uptime_s": 100}],
  "transfer": {"default_cost_per_mb": 0, "default_mb_per_s": 100, "pairs": []},
  "data": [{"name": "d1", "size_mb": 100, "origin": "s1"}],
  "jobs": [{"name": "big", "cpu_s_per_mb": 10, "data": ["d1"]}]})";

// A window on the EC2 sample with 50 % c1.medium nodes, watching its epoch sweep.
struct SweepWindow {
    MainWindow window;
    CostTab* tab = window.pages().cost()->cost();
    EpochSweepPanel* sweep = tab->sweepPanel();
    QSignalSpy finished{sweep, &EpochSweepPanel::sweepFinished};
    QSignalSpy progress{sweep, &EpochSweepPanel::progressed};
    bool open() { return tab->openModel(sample("lips-ec2-20-c1medium50.json")); }
};

}  // namespace

class CostTabTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QCoreApplication::setOrganizationName(QStringLiteral("mrx-tests")); }

    void openingTheEc2SampleFillsTheTables() {
        MainWindow window;
        QVERIFY(window.openFile(sample("lips-ec2-20.json")));
        CostTab* tab = window.pages().cost()->cost();
        const cost::CostModel model = loadSample("lips-ec2-20.json");
        CostModelTables* tables = tab->modelTables();

        QTableWidget* machines = tables->machines();
        QCOMPARE(machines->rowCount(), 20);
        for (int l = 0; l < 20; ++l) {
            const cost::Machine& m = model.machines[static_cast<std::size_t>(l)];
            QCOMPARE(cellText(machines, l, CostModelTables::MachineName),
                     QString::fromStdString(m.name));
            QCOMPARE(cellText(machines, l, CostModelTables::MachineStore),
                     QString::fromStdString(model.stores[static_cast<std::size_t>(m.store)].name));
            // Table III: an m1.medium has 2 compute units; the caption's 4.44 millicent per
            // compute-unit second; one billed hour.
            QCOMPARE(cellNumber(machines, l, CostModelTables::CpuUnits), 2.0);
            QCOMPARE(cellNumber(machines, l, CostModelTables::CpuCost), 4.44e-5);
            QCOMPARE(cellNumber(machines, l, CostModelTables::Uptime), 3600.0);
            QCOMPARE(cellNumber(machines, l, CostModelTables::Capacity), 7200.0);
        }

        QTableWidget* stores = tables->stores();
        QCOMPARE(stores->rowCount(), 20);
        double stored = 0.0;
        for (int s = 0; s < 20; ++s) {
            QCOMPARE(cellNumber(stores, s, CostModelTables::StoreCapacity), 410.0 * 1024);
            stored += cellNumber(stores, s, CostModelTables::StoreData);
        }
        QCOMPARE(stored, 100.0 * 1024);  // Table IV: 100 GB of input in all

        QTableWidget* data = tables->data();
        QCOMPARE(data->rowCount(), static_cast<int>(model.data.size()));
        double size = 0.0;
        for (int d = 0; d < data->rowCount(); ++d) {
            const cost::DataObject& o = model.data[static_cast<std::size_t>(d)];
            QCOMPARE(cellText(data, d, CostModelTables::DataName), QString::fromStdString(o.name));
            QCOMPARE(cellNumber(data, d, CostModelTables::DataSize), o.sizeMb);
            QCOMPARE(cellText(data, d, CostModelTables::DataOrigin),
                     QString::fromStdString(model.stores[static_cast<std::size_t>(o.origin)].name));
            size += o.sizeMb;
        }
        QCOMPARE(size, 100.0 * 1024);

        // Table IV: J1-2 Pi 4 tasks, J3-4 WordCount 160, J5-7 Grep 320, J8-9 Stress2 160 (1608
        // maps); Table I's CPU per 64 MB block: WordCount 90, Grep 20, Stress2 75.
        QTableWidget* jobs = tables->jobs();
        QCOMPARE(jobs->rowCount(), 9);
        const int tasks[] = {4, 4, 160, 160, 320, 320, 320, 160, 160};
        const double perBlock[] = {0, 0, 90, 90, 20, 20, 20, 75, 75};
        int allTasks = 0;
        for (int k = 0; k < 9; ++k) {
            QCOMPARE(cellText(jobs, k, CostModelTables::JobName),
                     QString::fromStdString(model.jobs[static_cast<std::size_t>(k)].name));
            QCOMPARE(cellNumber(jobs, k, CostModelTables::JobTasks), double(tasks[k]));
            QCOMPARE(cellNumber(jobs, k, CostModelTables::JobCpu), model.jobCpuS(k));
            QCOMPARE(cellNumber(jobs, k, CostModelTables::JobInput), model.jobSizeMb(k));
            if (k >= 2) {
                QCOMPARE(cellNumber(jobs, k, CostModelTables::JobCpu), tasks[k] * perBlock[k]);
            }
            allTasks += tasks[k];
        }
        QCOMPARE(allTasks, 1608);
        QCOMPARE(tables->transfer()->rowCount(), static_cast<int>(model.transfer.pairs.size()));
        // $0.01 per GB between zones.
        QCOMPARE(cellNumber(tables->transfer(), 0, CostModelTables::PairCost), 0.01 / 1024);
    }

    void chartsAndTableShowRunCostAlgorithmsResults_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<double>("epoch");
        QTest::newRow("m1.medium only, 600 s") << "lips-ec2-20.json" << 600.0;
        QTest::newRow("50% c1.medium, 600 s") << "lips-ec2-20-c1medium50.json" << 600.0;
        QTest::newRow("50% c1.medium, 400 s") << "lips-ec2-20-c1medium50.json" << 400.0;
    }

    void chartsAndTableShowRunCostAlgorithmsResults() {
        QFETCH(QString, file);
        QFETCH(double, epoch);
        MainWindow window;
        CostTab* tab = window.pages().cost()->cost();
        tab->setCheckedAlgorithms(kAllAlgorithms);
        tab->setEpoch(epoch);
        tab->setDelay(5.0);
        QVERIFY(tab->openModel(sample(qPrintable(file))));
        tab->waitForResults();
        QCoreApplication::processEvents();
        const auto set = tab->results();
        QVERIFY(set);

        const cost::CostModel model = cost::loadCostModel(sample(qPrintable(file)).toStdString());
        cost::CostOptions options;
        options.epochS = epoch;
        options.delayS = 5.0;
        std::vector<std::string> ids;
        for (const QString& id : kAllAlgorithms) {
            ids.push_back(id.toStdString());
        }
        const auto expected = cost::runCostAlgorithms(model, ids, options);
        QCOMPARE(set->results.size(), expected.size());

        CostBreakdownChart* chart = tab->breakdownChart();
        CostResultsTable* table = tab->resultsTable();
        CpuPerMachineChart* cpu = tab->cpuChart();
        QCOMPARE(table->rowCount(), 5);
        QCOMPARE(cpu->rowAlgorithms(), kAllAlgorithms);
        const cost::CostResult& hadoop = expected[3];
        const cost::CostResult& delay = expected[4];
        for (std::size_t i = 0; i < expected.size(); ++i) {
            const cost::CostResult& e = expected[i];
            const int row = static_cast<int>(i);
            const double key = static_cast<double>(i);
            QVERIFY(e.feasible);
            QCOMPARE(valueAt(chart->bars(CostBreakdownChart::DataTransfer), key),
                     e.cost.dataTransfer);
            QCOMPARE(valueAt(chart->bars(CostBreakdownChart::Execution), key), e.cost.execution);
            QCOMPARE(valueAt(chart->bars(CostBreakdownChart::RuntimeTransfer), key),
                     e.cost.runtimeTransfer);
            if (e.lpCost) {
                QCOMPARE(valueAt(chart->lpMarkers(), key), e.lpCost->total());
            } else {
                QVERIFY(std::isnan(valueAt(chart->lpMarkers(), key)));
            }
            QVERIFY(chart->labelOf(row).startsWith(costchart::money(e.cost.total())));

            auto number = [&](int column) {
                return table->item(row, column)->data(Qt::UserRole).toDouble();
            };
            QCOMPARE(table->item(row, CostResultsTable::Algorithm)->text(),
                     QString::fromStdString(e.algorithm));
            QCOMPARE(number(CostResultsTable::Total), e.cost.total());
            QCOMPARE(number(CostResultsTable::DataTransfer), e.cost.dataTransfer);
            QCOMPARE(number(CostResultsTable::Execution), e.cost.execution);
            QCOMPARE(number(CostResultsTable::RuntimeTransfer), e.cost.runtimeTransfer);
            QCOMPARE(number(CostResultsTable::Makespan), e.makespanS);
            QCOMPARE(number(CostResultsTable::Locality), e.locality * 100.0);
            QCOMPARE(table->item(row, CostResultsTable::LpBound) != nullptr, e.lpCost.has_value());
            if (e.lpCost) {
                QCOMPARE(number(CostResultsTable::LpBound), e.lpCost->total());
            }
            if (i != 3) {
                const double saving = improvementPercent(hadoop.cost.total(), e.cost.total());
                QCOMPARE(number(CostResultsTable::VsHadoop), saving);
                QVERIFY2(chart->labelOf(row).contains(
                             costchart::savingText(saving, QStringLiteral("hadoop-default"))),
                         qPrintable(chart->labelOf(row)));
            }
            if (i != 4) {
                const double saving = improvementPercent(delay.cost.total(), e.cost.total());
                QCOMPARE(number(CostResultsTable::VsDelay), saving);
                QVERIFY(chart->labelOf(row).contains(
                    costchart::savingText(saving, QStringLiteral("delay"))));
            }
            QCOMPARE(cpu->drawnCpuSeconds(row, 20), e.cpuSecondsPerMachine);
        }
        // The CSV export holds the same numbers, exactly.
        const QStringList lines = table->csv().trimmed().split(QLatin1Char('\n'));
        QCOMPARE(lines.size(), 6);
        QVERIFY(lines[0].startsWith(QStringLiteral("Algorithm,Total cost,Data transfer,")));
        for (std::size_t i = 0; i < expected.size(); ++i) {
            const QStringList cells = lines[static_cast<int>(i) + 1].split(QLatin1Char(','));
            QCOMPARE(cells[CostResultsTable::Algorithm],
                     QString::fromStdString(expected[i].algorithm));
            QCOMPARE(cells[CostResultsTable::Total].toDouble(), expected[i].cost.total());
            QCOMPARE(cells[CostResultsTable::Execution].toDouble(), expected[i].cost.execution);
        }
    }

    void aNewRequestDropsTheStaleResult() {
        MainWindow window;
        CostTab* tab = window.pages().cost()->cost();
        tab->setCheckedAlgorithms({"lips-online"});
        QVERIFY(tab->openModel(sample("lips-ec2-20-c1medium50.json")));
        tab->waitForResults();
        QSignalSpy shown(tab, &CostTab::resultsShown);
        tab->setEpoch(400.0);
        tab->runNow();  // its result can only arrive after the next request: it is dropped
        tab->setEpoch(1400.0);
        tab->runNow();
        tab->waitForResults();
        QCoreApplication::processEvents();
        QCOMPARE(shown.count(), 1);
        QCOMPARE(tab->results()->epochS, 1400.0);
        cost::CostOptions options;
        options.epochS = 1400.0;
        const cost::CostResult expected =
            cost::runCostAlgorithm(tab->model(), "lips-online", options);
        QCOMPARE(tab->results()->results.front().cost.total(), expected.cost.total());
        QCOMPARE(valueAt(tab->breakdownChart()->bars(CostBreakdownChart::Execution), 0.0),
                 expected.cost.execution);
    }

    void anInfeasibleModelShowsAMessageInsteadOfBars() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("too-small.json"));
        writeFile(path, kTooSmall);
        MainWindow window;
        CostTab* tab = window.pages().cost()->cost();
        tab->setCheckedAlgorithms({"lips", "lips-online", "hadoop-default"});
        QVERIFY(tab->openModel(path));
        tab->waitForResults();
        QCoreApplication::processEvents();
        // lips and hadoop-default find nothing within 100 CPU-s; lips-online runs the job in
        // epochs of 600 s (its 1000 CPU-s at 1 per CPU-second).
        CostBreakdownChart* chart = tab->breakdownChart();
        QVERIFY(std::isnan(valueAt(chart->bars(CostBreakdownChart::Execution), 0.0)));
        QCOMPARE(valueAt(chart->bars(CostBreakdownChart::Execution), 1.0), 1000.0);
        QVERIFY(std::isnan(valueAt(chart->bars(CostBreakdownChart::Execution), 2.0)));
        QVERIFY(chart->labelOf(0).startsWith(QStringLiteral("no schedule")));
        QVERIFY(chart->labelOf(2).startsWith(QStringLiteral("no schedule")));
        QCOMPARE(tab->resultsTable()->item(0, CostResultsTable::Total)->text(),
                 QStringLiteral("no schedule"));
        QVERIFY(!tab->resultsTable()->item(0, CostResultsTable::Notes)->text().isEmpty());
        QVERIFY(tab->statusText().contains(QStringLiteral("no schedule: lips, hadoop-default")));
        QCOMPARE(tab->cpuChart()->rowAlgorithms(), QStringList{"lips-online"});

        tab->setCheckedAlgorithms({"lips", "hadoop-default"});
        tab->waitForResults();
        QCoreApplication::processEvents();
        QCOMPARE(chart->bars(CostBreakdownChart::Execution)->dataCount(), 0);
        bool message = false;
        for (int i = 0; i < chart->itemCount(); ++i) {
            auto* text = qobject_cast<QCPItemText*>(chart->item(i));
            message = message || (text && text->visible() &&
                                  text->text().startsWith(QStringLiteral("No algorithm found")));
        }
        QVERIFY(message);
        QVERIFY(tab->cpuChart()->rowAlgorithms().isEmpty());
    }

    void epochSweepFinishesWithSweepEpochsPoints() {
        SweepWindow w;
        QVERIFY(w.open());
        EpochSweepPanel* sweep = w.sweep;
        sweep->setEpochRange(200.0, 1200.0, 200.0);
        QVERIFY(sweep->start());
        QVERIFY(sweep->isRunning());
        sweep->waitForIdle();
        QCOMPARE(w.finished.count(), 1);
        QCOMPARE(w.progress.last().at(0).toInt(), 6);  // the bar reached 6 of 6

        const std::vector<double> epochs = {200, 400, 600, 800, 1000, 1200};
        const auto expected = cost::sweepEpochs(w.tab->model(), epochs, {});
        QCOMPARE(sweep->points().size(), expected.size());
        for (std::size_t i = 0; i < expected.size(); ++i) {
            const cost::CostResult& e = expected[i].result;
            QCOMPARE(sweep->points()[i].epochS, epochs[i]);
            QCOMPARE(sweep->points()[i].result.cost.total(), e.cost.total());
            QCOMPARE(valueAt(sweep->costGraph(), epochs[i]), e.cost.total());
            QCOMPARE(valueAt(sweep->makespanGraph(), epochs[i]), e.makespanS);
        }
        // docs/reproduction.md (Fig. 8): 600 s epochs cost more than 1200 s ones here.
        QVERIFY(expected[2].result.cost.total() > expected[5].result.cost.total());
        QVERIFY(sweep->status().startsWith(QStringLiteral("6 epoch lengths")));
        // The CSV export is mrsim cost-sweep's, solver times aside (the last column).
        const auto withoutTimes = [](const QString& csv) {
            QStringList lines = csv.split(QLatin1Char('\n'));
            for (QString& line : lines) {
                line.truncate(line.lastIndexOf(QLatin1Char(',')));
            }
            return lines;
        };
        QCOMPARE(withoutTimes(sweep->csv()),
                 withoutTimes(QString::fromStdString(cost::epochSweepCsv(expected))));
    }

    void cancelStopsTheSweep() {
        SweepWindow w;
        QVERIFY(w.open());
        EpochSweepPanel* sweep = w.sweep;
        // Cancel as a person would, once the progress bar has moved.
        connect(sweep, &EpochSweepPanel::progressed, sweep, [sweep](int done) {
            if (done >= 2) {
                sweep->cancel();
            }
        });
        sweep->setEpochRange(100.0, 5000.0, 1.0);  // 4901 runs of lips-online: minutes
        QVERIFY(sweep->start());
        sweep->waitForIdle();
        QCOMPARE(w.finished.count(), 1);
        QVERIFY(sweep->points().size() >= 2);
        QVERIFY(sweep->points().size() < 4901);
        QVERIFY2(sweep->status().startsWith(QStringLiteral("Cancelled after")),
                 qPrintable(sweep->status()));
        // What it finished is what sweepEpochs gives for those epochs.
        for (const cost::EpochPoint& p : sweep->points()) {
            cost::CostOptions options;
            options.epochS = p.epochS;
            QCOMPARE(p.result.cost.total(),
                     cost::runCostAlgorithm(w.tab->model(), "lips-online", options).cost.total());
        }
    }

    void aNewModelDropsARunningSweep() {
        SweepWindow w;
        QVERIFY(w.open());
        EpochSweepPanel* sweep = w.sweep;
        sweep->setEpochRange(100.0, 5000.0, 1.0);
        QVERIFY(sweep->start());
        QVERIFY(w.tab->openModel(sample("lips-ec2-20.json")));
        sweep->waitForIdle();
        QCOMPARE(w.finished.count(), 0);  // the old model's sweep never shows
        QVERIFY(sweep->points().empty());
        QCOMPARE(sweep->costGraph()->dataCount(), 0);
    }

    void aBrokenModelShowsAMessageAndKeepsThePreviousOne_data() {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("expected");
        const QByteArray good = kTooSmall;
        QByteArray unknownStore = good;
        unknownStore.replace(R"("store": "s1")", R"("store": "s9")");
        QTest::newRow("unknown store") << unknownStore << "machine 'A': field 'store'";
        QByteArray negative = good;
        negative.replace(R"("size_mb": 100)", R"("size_mb": -100)");
        QTest::newRow("negative size") << negative << "data 'd1': field 'size_mb'";
        QByteArray typo = good;
        typo.replace(R"("cpu_cost_per_s")", R"("cpu_cost_per_sec")");
        QTest::newRow("unknown field") << typo << "machine 'A'";
        QByteArray corrupt = good;
        corrupt.chop(3);
        QTest::newRow("corrupt JSON") << corrupt << "bad.json";
    }

    void aBrokenModelShowsAMessageAndKeepsThePreviousOne() {
        QFETCH(QByteArray, text);
        QFETCH(QString, expected);
        MainWindow window;
        CostTab* tab = window.pages().cost()->cost();
        tab->setCheckedAlgorithms({"hadoop-default"});
        QVERIFY(window.openFile(sample("lips-ec2-20.json")));
        tab->waitForResults();
        const std::string before = tab->model().name;
        const double cost = tab->results()->results.front().cost.total();
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("bad.json"));
        writeFile(path, text);
        const QString shown = messageOf([&] { QVERIFY(!window.openFile(path)); });
        QVERIFY2(shown.contains(expected), qPrintable(shown));
        QCOMPARE(tab->model().name, before);
        QCOMPARE(tab->modelPath(), sample("lips-ec2-20.json"));
        QCOMPARE(tab->modelTables()->machines()->rowCount(), 20);
        tab->waitForResults();
        QCOMPARE(tab->results()->results.front().cost.total(), cost);
    }

    void fileOpenOfACostModelSwitchesToTheCostTab() {
        MainWindow window;
        QVERIFY(window.openFile(sample("two-jobs.json")));
        QVERIFY(window.showTab(QStringLiteral("comparison")));
        const Workload workload = window.document()->workload();
        QVERIFY(window.openFile(sample("lips-ec2-20.json")));
        QCOMPARE(window.currentPage(), static_cast<Page*>(window.pages().cost()));
        QVERIFY(window.document()->workload() == workload);  // the workload stays
        QVERIFY(!window.document()->isModified());
        QCOMPARE(QString::fromStdString(window.pages().cost()->cost()->model().name),
                 QStringLiteral("LiPS EC2 testbed: 20 nodes, 0 c1.medium"));

        // File > Cost samples lists the cost models (and Samples the workloads only).
        QMenu* costSamples = window.fileController()->costSamplesMenu();
        QStringList names;
        for (QAction* a : costSamples->actions()) {
            names << a->text();
        }
        QCOMPARE(names, (QStringList{"lips-ec2-20-c1medium50", "lips-ec2-20"}));
        for (QAction* a : window.fileController()->samplesMenu()->actions()) {
            QVERIFY(!a->text().startsWith(QStringLiteral("lips-")));
        }
        QVERIFY(window.showTab(QStringLiteral("timeline")));
        costSamples->actions().front()->trigger();
        QCOMPARE(window.currentPage(), static_cast<Page*>(window.pages().cost()));
        QCOMPARE(window.pages().cost()->cost()->modelPath(), sample("lips-ec2-20-c1medium50.json"));

        // A dropped cost model opens in the Cost tab too, without asking about the workload.
        window.document()->setCluster({5, 1, 1});
        QVERIFY(window.document()->isModified());
        QVERIFY(window.showTab(QStringLiteral("timeline")));
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(sample("lips-ec2-20.json"))});
        // As a drag would: enter (which makes the window the drop target), then drop.
        QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton,
                              Qt::NoModifier);
        QCoreApplication::sendEvent(&window, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(&window, &drop);
        QCOMPARE(window.currentPage(), static_cast<Page*>(window.pages().cost()));
        QCOMPARE(window.pages().cost()->cost()->modelPath(), sample("lips-ec2-20.json"));
        QCOMPARE(window.document()->workload().cluster.nodes, 5);
    }

    // The algorithms, and the ones checked until the user chooses, are the registry's
    // (cost/CostAlgorithms.h, AlgorithmInfo::byDefault), in its order.
    void theAlgorithmsAndDefaultsAreTheRegistrys() {
        QSettings().remove(QStringLiteral("cost/checked"));
        CostTab tab;
        QStringList ids;
        QStringList defaults;
        for (const AlgorithmInfo& a : cost::costAlgorithms()) {
            ids << QString::fromStdString(a.id);
            if (a.byDefault) {
                defaults << QString::fromStdString(a.id);
            }
        }
        QVERIFY(!defaults.isEmpty());
        QCOMPARE(tab.checkedAlgorithms(), defaults);
        QStringList shown;
        for (const QCheckBox* box : tab.findChildren<QCheckBox*>()) {
            if (ids.contains(box->text())) {
                shown << box->text();
            }
        }
        QCOMPARE(shown, ids);
    }

    void theCostTabOpensASampleOnTheFirstVisit() {
        MainWindow window;
        QVERIFY(!window.pages().cost()->cost()->hasModel());
        QVERIFY(window.showTab(QStringLiteral("cost-cpu")));
        QVERIFY(window.pages().cost()->cost()->hasModel());
        QCOMPARE(window.pages().cost()->cost()->modelPath(), sampleFiles(kCostModelFormat).front());
    }

    void exportsHaveTheRequestedSize_data() {
        QTest::addColumn<int>("chart");
        QTest::addColumn<QString>("suffix");
        const char* names[] = {"breakdown", "cpu", "sweep"};
        for (int chart = 0; chart < 3; ++chart) {
            for (const char* suffix : {"png", "svg", "pdf"}) {
                QTest::addRow("%s.%s", names[chart], suffix) << chart << QString(suffix);
            }
        }
    }

    void exportsHaveTheRequestedSize() {
        QFETCH(int, chart);
        QFETCH(QString, suffix);
        MainWindow window;
        CostTab* tab = window.pages().cost()->cost();
        tab->setCheckedAlgorithms(kAllAlgorithms);
        QVERIFY(tab->openModel(sample("lips-ec2-20-c1medium50.json")));
        tab->waitForResults();
        QCustomPlot* plots[] = {tab->breakdownChart(), tab->cpuChart(), tab->sweepPanel()->chart()};
        if (chart == 2) {
            tab->sweepPanel()->setEpochRange(400.0, 1200.0, 400.0);
            QVERIFY(tab->sweepPanel()->start());
            tab->sweepPanel()->waitForIdle();
        }
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("chart.") + suffix);
        exportChart(plots[chart], path, QSize(1100, 700));
        const QImage image = test::verifyExportedSize(path, suffix, QSize(1100, 700));
        if (!image.isNull()) {  // something is drawn, not just the frame
            QVERIFY2(test::inkedPixels(image) > 2000,
                     qPrintable(QString::number(test::inkedPixels(image))));
        }
    }

    // Audit item 9: the CPU-seconds chart's rows are all as high as each other — the machine
    // names under the last row took its height (a third of the others') — and their numbers
    // never crowd, in an export of every size as on screen.
    void cpuRowsShareTheHeightEvenly_data() {
        QTest::addColumn<QSize>("size");
        for (const QSize size : {QSize(1600, 900), QSize(1100, 700), QSize(800, 500)}) {
            QTest::addRow("%dx%d", size.width(), size.height()) << size;
        }
    }

    void cpuRowsShareTheHeightEvenly() {
        QFETCH(QSize, size);
        MainWindow window;
        CostTab* tab = window.pages().cost()->cost();
        tab->setCheckedAlgorithms(kAllAlgorithms);
        QVERIFY(tab->openModel(sample("lips-ec2-20.json")));
        tab->waitForResults();
        CpuPerMachineChart* chart = tab->cpuChart();
        QCOMPARE(chart->rowAlgorithms().size(), kAllAlgorithms.size());
        const QList<int> heights = exportHeights({chart}, size);
        const ViewportScope scope(chart);
        layOutAt(chart, QRect(0, 0, size.width(), heights[0]));
        QList<QCPAxisRect*> rows;
        for (QCPAxisRect* rect : chart->axisRects()) {
            if (!rect->plottables().isEmpty()) {
                rows << rect;
            }
        }
        QCOMPARE(rows.size(), kAllAlgorithms.size());
        for (QCPAxisRect* row : rows) {
            QVERIFY2(std::abs(row->height() - rows.front()->height()) <= 1,
                     qPrintable(QStringLiteral("a row of %1 px, the first %2 px")
                                    .arg(row->height())
                                    .arg(rows.front()->height())));
            QVERIFY(row->height() >= 60);
            // The CPU-second ticks at least a line apart.
            QCPAxis* y = row->axis(QCPAxis::atLeft);
            const QVector<double> ticks = y->tickVector();
            const double line = QFontMetricsF(y->tickLabelFont()).height();
            for (int i = 1; i < ticks.size(); ++i) {
                QVERIFY2(
                    std::abs(y->coordToPixel(ticks[i]) - y->coordToPixel(ticks[i - 1])) >= line,
                    qPrintable(y->tickVectorLabels().toList().join(' ')));
            }
        }
        // The machine names are all there or thinned, never over each other.
        QCPAxisRect* names = chart->axisRects().last();
        QVERIFY(names->plottables().isEmpty());
        QVERIFY(!names->axis(QCPAxis::atBottom)->tickVectorLabels().isEmpty());
    }
    // Seen on the screenshot at 1280×800: the savings above neighbouring bars ran into each
    // other ("es 65.7% vs hado saves 65.7% ...") and the last one was cut at the chart's edge.
    void savingsStayAboveTheirOwnBar_data() {
        QTest::addColumn<int>("width");
        for (int width : {420, 620, 900, 1400}) {
            QTest::addRow("%d px", width) << width;
        }
    }

    void savingsStayAboveTheirOwnBar() {
        QFETCH(int, width);
        MainWindow window;
        CostTab* tab = window.pages().cost()->cost();
        tab->setCheckedAlgorithms(kAllAlgorithms);
        QVERIFY(tab->openModel(sample("lips-ec2-20-c1medium50.json")));
        tab->waitForResults();
        CostBreakdownChart* chart = tab->breakdownChart();
        const ViewportScope scope(chart);
        layOutAt(chart, QRect(0, 0, width, 600));
        const double slot = chart->xAxis->coordToPixel(1) - chart->xAxis->coordToPixel(0);
        for (int i = 0; i < chart->itemCount(); ++i) {
            auto* text = qobject_cast<QCPItemText*>(chart->item(i));
            if (text == nullptr || !text->visible() || text->text().isEmpty()) {
                continue;
            }
            const double left =
                std::min(text->topLeft->pixelPosition().x(), text->bottomLeft->pixelPosition().x());
            const double right = std::max(text->topRight->pixelPosition().x(),
                                          text->bottomRight->pixelPosition().x());
            QVERIFY2(right - left <= slot + 1, qPrintable(text->text()));
            QVERIFY2(
                left >= chart->axisRect()->left() - 1 && right <= chart->axisRect()->right() + 1,
                qPrintable(text->text()));
        }
        // What is drawn says the same as the full text, in fewer words where needed.
        for (int row = 0; row < kAllAlgorithms.size(); ++row) {
            const QStringList full = chart->labelOf(row).split('\n');
            const QStringList drawn = chart->drawnLabelOf(row).split('\n');
            QCOMPARE(drawn.size(), full.size());
            QCOMPARE(drawn.front(), full.front());  // the total
        }
    }
};

QTEST_MAIN(CostTabTest)
#include "CostTabTest.moc"
