#include "app/HelpController.h"

#include <QDialog>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QTableWidget>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <climits>

#include "catalog/AlgorithmCatalog.h"

namespace mr::ui {

namespace {

// Which lesson teaches an algorithm step by step (the Teach tab's ids).
QString lessonOf(const std::string& id) {
    if (id == "johnson" || id == "balanced-pools" || id == "hscheduler" ||
        id == "online-hscheduler") {
        return QString::fromStdString(id);
    }
    return {};
}

QString needs(const AlgorithmInfo& info) {
    QStringList out;
    if (info.needs.arrivals) {
        out << QObject::tr("arrivals");
    }
    if (info.needs.deadlines) {
        out << QObject::tr("deadlines");
    }
    if (info.needs.costModel) {
        out << QObject::tr("a cost model");
    }
    return out.join(QStringLiteral(", "));
}

QDialog* makeDialog(QWidget* parent, const QString& title, const QString& name) {
    auto* dialog = new QDialog(parent);
    dialog->setObjectName(name);
    dialog->setWindowTitle(title);
    dialog->resize(900, 560);
    auto* layout = new QVBoxLayout(dialog);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::hide);
    layout->addWidget(buttons);
    return dialog;
}

}  // namespace

HelpController::HelpController(QWidget* window, std::function<void(const QString&, int)> openLesson,
                               std::function<bool(const QString&)> openTab)
    : QObject(window),
      m_window(window),
      m_openLesson(std::move(openLesson)),
      m_openTab(std::move(openTab)) {}

void HelpController::fillMenu(QMenu* help) {
    help->addAction(tr("&Guide: stages, barrier, two-stage model, pools, re-splitting"),
                    QKeySequence::HelpContents, this, [this] { showGuide(); })
        ->setObjectName(QStringLiteral("helpGuide"));
    help->addAction(tr("&Algorithms"), this, [this] { showAlgorithms(); })
        ->setObjectName(QStringLiteral("helpAlgorithms"));
}

QDialog* HelpController::showAlgorithms() {
    if (m_algorithms == nullptr) {
        m_algorithms = makeDialog(m_window, tr("Algorithms"), QStringLiteral("algorithmsHelp"));
        auto* layout = static_cast<QVBoxLayout*>(m_algorithms->layout());
        auto* intro = new QLabel(
            tr("Every algorithm the explorer and <tt>mrsim</tt> know (<tt>mrsim algorithms</tt> "
               "prints the same list). Check one in the list on the left to run it; the "
               "lessons of the Teach tab show four of them step by step. A reference names a "
               "paper by its key: <tt>man mrsim</tt> lists the papers under REFERENCES, and "
               "<tt>docs/references.md</tt> says what we take from each."),
            m_algorithms);
        intro->setWordWrap(true);
        layout->insertWidget(0, intro);
        auto* table = new QTableWidget(m_algorithms);
        table->setObjectName(QStringLiteral("algorithmsTable"));
        const QStringList headers = {tr("Id"),        tr("Name"),  tr("What it does"),
                                     tr("Reference"), tr("Needs"), tr("Teach")};
        table->setColumnCount(static_cast<int>(headers.size()));
        table->setHorizontalHeaderLabels(headers);
        table->setEditTriggers(QAbstractItemView::NoEditTriggers);
        table->verticalHeader()->setVisible(false);
        table->setWordWrap(true);
        const std::vector<AlgorithmInfo> catalog = algorithmCatalog();
        table->setRowCount(static_cast<int>(catalog.size()));
        for (std::size_t r = 0; r < catalog.size(); ++r) {
            const AlgorithmInfo& info = catalog[r];
            const QString lesson = lessonOf(info.id);
            const QStringList cells = {QString::fromStdString(info.id),
                                       QString::fromStdString(info.name),
                                       QString::fromStdString(info.description),
                                       QString::fromStdString(info.source),
                                       needs(info),
                                       lesson.isEmpty() ? QString() : tr("step by step")};
            for (int c = 0; c < cells.size(); ++c) {
                table->setItem(static_cast<int>(r), c, new QTableWidgetItem(cells[c]));
            }
        }
        table->resizeColumnsToContents();
        table->horizontalHeader()->setSectionResizeMode(2, QHeaderView::Stretch);
        connect(table, &QTableWidget::cellDoubleClicked, this, [this, table](int row) {
            const QString lesson = lessonOf(table->item(row, 0)->text().toStdString());
            if (!lesson.isEmpty()) {
                m_openLesson(lesson, 0);
            }
        });
        table->setToolTip(
            tr("Double-click an algorithm with a lesson to open it in the Teach tab"));
        layout->insertWidget(1, table, 1);
    }
    m_algorithms->show();
    m_algorithms->raise();
    return m_algorithms;
}

QDialog* HelpController::showGuide() {
    if (m_guide == nullptr) {
        m_guide = makeDialog(m_window, tr("Guide"), QStringLiteral("guideHelp"));
        auto* browser = new QTextBrowser(m_guide);
        browser->setObjectName(QStringLiteral("guideText"));
        browser->setOpenLinks(false);
        browser->setHtml(guideHtml());
        connect(browser, &QTextBrowser::anchorClicked, this, &HelpController::followLink);
        static_cast<QVBoxLayout*>(m_guide->layout())->insertWidget(0, browser, 1);
    }
    m_guide->show();
    m_guide->raise();
    return m_guide;
}

bool HelpController::followLink(const QUrl& link) {
    const QString path = link.path();
    if (link.scheme() == QLatin1String("tab")) {
        return m_openTab(path);
    }
    if (link.scheme() != QLatin1String("teach")) {
        return false;
    }
    const QStringList parts = path.split(QLatin1Char('/'));
    bool ok = true;
    const int step = parts.value(1) == QLatin1String("end") ? INT_MAX : parts.value(1).toInt(&ok);
    if (parts.isEmpty() || !ok) {
        return false;
    }
    m_openLesson(parts.front(), step);
    return true;
}

QString HelpController::tabHint(const QString& tab) {
    if (tab == QLatin1String("timeline")) {
        return tr(
            "What am I looking at? One row per slot (map slots above, reduce slots below), "
            "one bar per task in its job's colour, one chart per checked algorithm on one "
            "time axis. Wheel: zoom time; Shift+wheel: zoom slots; drag: pan; click a bar: "
            "highlight its job.");
    }
    if (tab == QLatin1String("stages")) {
        return tr(
            "What am I looking at? Each job's map and reduce stages as blocks ([Verma12] "
            "Figs. 3 and 6): the height is the slots the stage uses, the width its "
            "duration; pooled algorithms show each pool in its own band.");
    }
    if (tab == QLatin1String("comparison")) {
        return tr(
            "What am I looking at? The makespan of every checked algorithm, then the table "
            "of times, utilisation and the difference from the baselines; below, the kept "
            "variants × algorithms and the diff of two variants.");
    }
    if (tab == QLatin1String("johnson")) {
        return tr(
            "What am I looking at? An algorithm taught step by step on these jobs "
            "(→ / ← step, Home / End, Space plays), or the exercise: put the jobs in your "
            "own order and compare it with Johnson's and the best.");
    }
    if (tab == QLatin1String("sweep")) {
        return tr(
            "What am I looking at? The makespan of the checked algorithms as the cluster "
            "grows ([Verma12] Figs. 7–9), with the lower bound no schedule can beat.");
    }
    if (tab == QLatin1String("deadlines")) {
        return tr(
            "What am I looking at? Deadline schedulers as the load grows ([Verma12b] Figs. "
            "1–4): missed deadlines, how late, and how many slots they use.");
    }
    if (tab.startsWith(QLatin1String("cost"))) {
        return tr(
            "What am I looking at? LiPS ([Ehsan13]): what running a cost model's jobs and "
            "data on its machines costs in dollars, per algorithm, and how the epoch length "
            "changes it.");
    }
    return {};
}

QString HelpController::guideHtml() {
    return tr(
        "<h2>How a MapReduce batch runs</h2>"
        "<h3>Map and reduce stages</h3>"
        "<p>A job is a number of <b>map tasks</b> (each reads a block of input) and of <b>reduce "
        "tasks</b> (each combines what the maps produced). The cluster has a fixed number of map "
        "slots and reduce slots (nodes × slots per node); a slot runs one task at a time. The "
        "<a href='tab:timeline'>Timeline</a> draws one row per slot and one bar per task.</p>"
        "<h3>The barrier</h3>"
        "<p>A job's reduce tasks may start only when <i>all</i> its map tasks are done (seeds "
        "000 and 001). So a job has two stages, one after the other: while its maps run, the "
        "reduce slots serve other jobs, and the other way round. Ordering jobs well keeps both "
        "kinds of slots busy.</p>"
        "<h3>The two-stage abstraction</h3>"
        "<p>[Verma12] §III treats each job as two numbers: <b>m</b>, how long its map stage takes "
        "on the whole cluster, and <b>r</b>, its reduce stage. The cluster becomes two machines "
        "(map, reduce) and scheduling becomes the two-machine flow shop, which <b>Johnson's "
        "rule</b> solves exactly: jobs with m ≤ r first by growing m, the others last by "
        "shrinking r. See it <a href='teach:johnson/1'>from the first step</a> to "
        "<a href='teach:johnson/end'>the finished order</a>; or "
        "<a href='teach:your-order/0'>try your own order</a> against it.</p>"
        "<h3>Where it breaks</h3>"
        "<p>The abstraction assumes a job's stage uses the whole cluster. A job with fewer tasks "
        "than slots (20 tasks on 30 slots) leaves slots idle that another job could use, and the "
        "simulation then differs from the formula: the Johnson lesson's "
        "<a href='teach:johnson/end'>last step</a> shows both side by side on [Verma12]'s Figure "
        "4, scenario 2 (File &gt; Samples).</p>"
        "<h3>Pools</h3>"
        "<p><b>BalancedPools</b> ([Verma12] Alg. 2) stops small jobs from waiting behind big "
        "ones: it sorts the jobs by map tasks, cuts the list into a pool of small jobs and one "
        "of big jobs, each on its own nodes with Johnson's order inside, and binary-searches "
        "the node count that balances the two pools' ends. Walk through it: "
        "<a href='teach:balanced-pools/1'>the sort</a>, <a href='teach:balanced-pools/2'>the "
        "plan to beat</a>, <a href='teach:balanced-pools/end'>the plan chosen</a>.</p>"
        "<h3>Re-splitting</h3>"
        "<p><b>HScheduler</b> ([Tian16]) makes jobs elastic: each job's work is re-split over "
        "all slots, m = Σmap / SM and r = Σreduce / SR, so every stage fills the cluster for "
        "one wave and the two-stage model holds exactly; Johnson's order is then optimal. See "
        "<a href='teach:hscheduler/1'>the fixed jobs</a>, <a href='teach:hscheduler/2'>a job "
        "re-split</a>, <a href='teach:hscheduler/end'>why elastic jobs win</a>. "
        "<b>OnHScheduler</b> serves the re-split jobs as they arrive "
        "(<a href='teach:online-hscheduler/end'>its result</a>; open the sample "
        "example3-online for [Tian16]'s Example 3).</p>"
        "<h3>Beyond order</h3>"
        "<p>Deadline schedulers ([Verma12b], the <a href='tab:deadlines'>Deadlines</a> tab) give "
        "each job the fewest slots that meet its deadline; LiPS ([Ehsan13], the "
        "<a href='tab:cost'>Cost</a> tab) places data and tasks for the lowest dollar cost. "
        "Help &gt; Algorithms lists every algorithm with its reference.</p>");
}

}  // namespace mr::ui
