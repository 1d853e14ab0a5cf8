// Page — one tab of the explorer's window, after Qt Creator's IOptionsPage: its name, its title
// and widget, what it shows for a result set, its File > Export entries and its "what am I
// looking at" line. The window, File > Export, Help and `mrx`'s command line all read the one
// list of pages (Pages.h), so a tab's name is written in its page alone.
#pragma once

#include <QObject>
#include <QStringList>
#include <functional>
#include <memory>

class QCustomPlot;
class QMenu;
class QWidget;

namespace mr::ui {

struct RunSet;
class ExportController;

class Page : public QObject {
    Q_OBJECT
public:
    // What the pages show: the workload's newest results, or a variant's run while the window
    // shows one (null before the first run).
    using Results = std::function<std::shared_ptr<const RunSet>()>;
    Page(Results results, QObject* parent);

    // The name showTab(), `mrx --tab`, a session's view and Help's "tab:" links use.
    virtual QString name() const = 0;
    // More names, each showing one view of the page (the Cost tab's "cost-cpu"); see showView.
    virtual QStringList viewNames() const { return {}; }
    // Shows the view of `name` (name() or one of viewNames()).
    virtual void showView(const QString& name) { Q_UNUSED(name); }
    virtual QString title() const = 0;  // the tab's text
    virtual QString hint() const = 0;   // the line above the tabs saying what the page shows
    virtual QWidget* widget() const = 0;
    // A page larger than the room it gets sits in a scroll area, unless it scrolls itself.
    virtual bool scrollsItself() const { return false; }
    // Why the workload's panel greys while the page is shown: it works on a document of its own
    // (the Cost tab's cost model). Empty for a page that shows the workload.
    virtual QString ownDocument() const { return {}; }
    // The page became the current tab.
    virtual void shown() {}
    virtual void setSelectedJob(int job) { Q_UNUSED(job); }
    // File > Export lists every page's charts, then every page's tables; each entry first
    // brings its page up to the newest results (refresh), so an export never depends on the tab
    // having been shown.
    virtual void addChartExports(ExportController& exports, QMenu* menu) = 0;
    virtual void addCsvExports(ExportController& exports, QMenu* menu) = 0;
    // What `--export-all` needs for this page's group when it wrote nothing of it ("the sweep
    // (add --sweep FROM:TO:STEP)"); empty when its charts come with every run.
    virtual QString exportNeeds() const { return {}; }
    // The export group of the page's own entries (export-all picks groups).
    virtual QString exportGroup() const { return QStringLiteral("workload"); }

    // Shows the newest results unless it shows them already: only the visible tab redraws on
    // new results, the others catch up when shown or exported.
    void refresh();
    // The next refresh redraws (new colours, another run shown).
    virtual void invalidate() { m_shown.reset(); }

protected:
    // Draws `results` (never null).
    virtual void showResults(const std::shared_ptr<const RunSet>& results) { Q_UNUSED(results); }
    // The results the page shows now (null before the first run).
    const std::shared_ptr<const RunSet>& shownResults() const { return m_shown; }
    // An export's charts: none before the first run.
    QList<QCustomPlot*> chartsIfResults(QList<QCustomPlot*> charts) const;

private:
    Results m_results;
    std::shared_ptr<const RunSet> m_shown;
};

}  // namespace mr::ui
