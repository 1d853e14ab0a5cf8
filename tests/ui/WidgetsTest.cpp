// The explorer's registry-driven widgets: the algorithm list shows every registered algorithm —
// the built-ins and the test-only scheduler registered from tests/schedulers/ — with the
// registry's names, tooltips and first-start choice; the run options panel has one field per
// option spec shown in the explorer, with the spec's range, and remembers valid values only; the
// job table's view edits every cell as text.
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QtTest>

#include "schedulers/Registry.h"
#include "widgets/AlgorithmList.h"
#include "widgets/JobTableView.h"
#include "widgets/RunOptionsPanel.h"

using namespace mr;
using namespace mr::ui;

class WidgetsTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("mrx-widget-tests"));
    }

    void init() { QSettings().clear(); }

    // Every Qt Test process has settings of its own (OwnSettings.cpp): CTest runs test functions
    // as parallel processes, and a shared file let one test's remembered options reach another's
    // window. Not the user's configuration, and not the shared Qt test-mode directory either.
    void settingsAreThisProcesssOwn() {
        const QString file = QSettings().fileName();
        QVERIFY2(!file.startsWith(QDir::homePath()), qPrintable(file));
        QVERIFY2(file.startsWith(QDir::tempPath()), qPrintable(file));
    }

    void algorithmListShowsEveryRegisteredAlgorithm() {
        const AlgorithmList list;
        const auto all = allAlgorithms();
        QCOMPARE(list.count(), static_cast<int>(all.size()));
        for (int i = 0; i < list.count(); ++i) {
            const AlgorithmInfo& info = all[static_cast<std::size_t>(i)]->info();
            const QListWidgetItem* item = list.item(i);
            QCOMPARE(AlgorithmList::idOf(item), QString::fromStdString(info.id));
            QCOMPARE(item->text(), QString::fromStdString(info.name));
            QVERIFY(
                item->toolTip().contains(QString::fromStdString(info.description).toHtmlEscaped()));
            QVERIFY(item->toolTip().contains(QString::fromStdString(info.source).toHtmlEscaped()));
        }
        // The scheduler registered from tests/schedulers/, with no change to the UI.
        const QListWidgetItem* test = list.itemFor(QStringLiteral("test-longest-first"));
        QVERIFY(test != nullptr);
        QCOMPARE(test->text(), QStringLiteral("Longest first (test)"));
    }

    void algorithmListStartsWithTheRegistrysDefaults() {
        AlgorithmList list;
        QStringList expected;
        for (const Algorithm* a : allAlgorithms()) {
            if (a->info().byDefault) {
                expected << QString::fromStdString(a->id());
            }
        }
        // The four algorithms the explorer is about, side by side (registry order).
        QCOMPARE(expected,
                 QStringList({"johnson", "reverse-johnson", "balanced-pools", "hscheduler"}));
        QCOMPARE(list.checkedIds(), expected);
        QCOMPARE(AlgorithmList::defaultIds(), expected);
        // Checking by id, for this run only: not remembered.
        QSignalSpy changed(&list, &AlgorithmList::checkedChanged);
        list.setChecked({QStringLiteral("test-longest-first"), QStringLiteral("johnson")});
        QCOMPARE(changed.count(), 1);
        QCOMPARE(list.checkedIds(),
                 QStringList({QStringLiteral("johnson"), QStringLiteral("test-longest-first")}));
        QCOMPARE(AlgorithmList().checkedIds(), expected);
        // A click on a box is the user's choice: remembered by id.
        list.itemFor(QStringLiteral("johnson"))->setCheckState(Qt::Unchecked);
        QCOMPARE(changed.count(), 2);
        const AlgorithmList again;
        QCOMPARE(again.checkedIds(), QStringList{QStringLiteral("test-longest-first")});
    }

    void runOptionsPanelHasOneFieldPerSpec() {
        const RunOptionsPanel all(QStringLiteral("run"), RunOptionsPanel::Fields::All);
        for (const OptionSpec& spec : runOptionSpecs()) {
            QWidget* field = all.field(QString::fromStdString(spec.id));
            QCOMPARE(field != nullptr, spec.explorer);
            if (auto* box = qobject_cast<QSpinBox*>(field)) {
                QCOMPARE(box->minimum(), static_cast<int>(spec.min));
                QVERIFY(box->maximum() <= spec.max);
            }
            if (auto* box = qobject_cast<QDoubleSpinBox*>(field)) {
                QCOMPARE(box->minimum(), spec.min);
                QCOMPARE(box->maximum(), spec.max);
            }
            if (field != nullptr) {
                QVERIFY(field->toolTip().contains(QString::fromStdString(spec.help)));
                QVERIFY(field->toolTip().contains(QStringLiteral("--") +
                                                  QString::fromStdString(spec.id)));
            }
        }
        // A load sweep has its own seed and no pools, and no "exact" estimator.
        const RunOptionsPanel sweep(QStringLiteral("sweep"), RunOptionsPanel::Fields::Sweep);
        QVERIFY(sweep.field(QStringLiteral("seed")) == nullptr);
        QVERIFY(sweep.field(QStringLiteral("pools")) == nullptr);
        auto* estimator = qobject_cast<QComboBox*>(sweep.field(QStringLiteral("estimator")));
        QVERIFY(estimator != nullptr);
        QCOMPARE(estimator->findData(QStringLiteral("exact")), -1);
        QCOMPARE(sweep.options().estimator, Estimator::AriaAvg);
    }

    void runOptionsPanelEnablesLocalityFieldsWithTheFlag() {
        RunOptionsPanel panel(QStringLiteral("run"), RunOptionsPanel::Fields::All);
        auto* locality = qobject_cast<QCheckBox*>(panel.field(QStringLiteral("locality")));
        QVERIFY(locality != nullptr);
        QVERIFY(!locality->isChecked());
        QVERIFY(!panel.field(QStringLiteral("vms-per-host"))->isEnabled());
        locality->setChecked(true);
        QVERIFY(panel.field(QStringLiteral("vms-per-host"))->isEnabled());
        QVERIFY(panel.options().locality.enabled);
    }

    // The job table's cells edit as text whatever their value's type: "-5" typed into a cell
    // holding an unsigned count (Qt's editor for it: a spin box from 0, which drops the "-"
    // without a word) reaches the model as typed, for the model to refuse with its reason.
    void aTableCellEditsAsTextWhateverItsType_data() {
        QTest::addColumn<QVariant>("value");
        QTest::newRow("int") << QVariant(10);
        QTest::newRow("unsigned") << QVariant(10U);
        QTest::newRow("long long") << QVariant(10LL);
        QTest::newRow("double") << QVariant(2.5);
        QTest::newRow("text") << QVariant(QStringLiteral("10"));
    }

    void aTableCellEditsAsTextWhateverItsType() {
        QFETCH(QVariant, value);
        QStandardItemModel model(1, 1);
        model.setData(model.index(0, 0), value, Qt::EditRole);
        JobTableView view;
        view.setModel(&model);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.edit(model.index(0, 0));
        auto* editor = qobject_cast<QLineEdit*>(view.openEditor());
        QVERIFY2(editor != nullptr,
                 view.openEditor() ? view.openEditor()->metaObject()->className() : "no editor");
        QCOMPARE(editor->text(), value.toString());
        editor->selectAll();
        QTest::keyClicks(editor, QStringLiteral("-5"));
        view.commitPendingEdit();
        QCOMPARE(model.data(model.index(0, 0), Qt::EditRole), QVariant(QStringLiteral("-5")));
    }
};

QTEST_MAIN(WidgetsTest)
#include "WidgetsTest.moc"
