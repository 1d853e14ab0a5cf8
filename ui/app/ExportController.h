// ExportController — File > Export: every chart to PNG, SVG or PDF at a chosen size, and the
// tables to CSV. Each entry names its charts (or its CSV text) through a function that first
// brings its tab up to the newest results, so an export never depends on the tab having been
// shown. The menu's dialogs, `mrx FILE --export-all DIR` and the older
// `--export-gantt` flags all write through write() — one code path. Errors: a message box in
// the menu, InputError (naming the file) everywhere else.
#pragma once

#include <QList>
#include <QObject>
#include <QSize>
#include <QStringList>
#include <functional>

class QAction;
class QMenu;
class QWidget;
class QCustomPlot;

namespace mr::ui {

struct ExportEntry {
    enum Kind { Chart, Csv };
    QString title;  // the menu text
    QString stem;   // the file name without suffix (export-all writes DIR/stem.png, …)
    std::function<QList<QCustomPlot*>()> charts;  // a chart entry (several are stacked)
    std::function<QString()> csv;                 // or a CSV entry; empty text: nothing yet
    // For export-all: one file per item (e.g. per algorithm) instead of the single one; each
    // item is a file stem and its charts or CSV.
    struct Item {
        QString stem;
        QList<QCustomPlot*> charts;
        QString csv;
    };
    std::function<QList<Item>()> each;
    QString group;  // what it belongs to: workload, sweep, deadlines, cost (export-all picks)
    bool isChart() const { return static_cast<bool>(charts); }
};

class ExportController : public QObject {
    Q_OBJECT
public:
    explicit ExportController(QWidget* window);

    // Where the file dialogs start: `folder()` (the workload's folder) when it is not empty,
    // else the last export folder, else the home folder — never "/".
    void setDefaultDirectory(std::function<QString()> folder);
    QString startDirectory() const;

    // The group of the entries added from now on.
    void setGroup(const QString& group) { m_group = group; }
    // A menu entry (with a file dialog and a size prompt) that exports the charts `charts()`
    // returns. `each`: what export-all writes instead (optional).
    QAction* addChartExport(QMenu* menu, const QString& title, const QString& stem,
                            std::function<QList<QCustomPlot*>()> charts,
                            std::function<QList<ExportEntry::Item>()> each = {});
    // A menu entry that writes `text()` (CSV) to a file.
    void addCsvExport(QMenu* menu, const QString& title, const QString& stem,
                      std::function<QString()> text,
                      std::function<QList<ExportEntry::Item>()> each = {});

    const QList<ExportEntry>& entries() const { return m_entries; }
    // The entry of this kind with this stem (a chart and a CSV may share one), or null.
    const ExportEntry* entry(const QString& stem, ExportEntry::Kind kind) const;

    // Writes an entry's charts (format from the suffix of `path`: .png, .svg, .pdf) or CSV to
    // `path`. Throws InputError naming the file when there is nothing to export yet or the file
    // cannot be written. Returns the image's size: `size`, or taller when its charts need more
    // height to stay readable (exportCharts); an invalid size for a CSV.
    QSize write(const ExportEntry& entry, const QString& path, QSize size) const;

    struct Report {
        QStringList written;        // file paths
        QStringList skipped;        // the titles of the entries with nothing to export
        QStringList skippedGroups;  // the groups of those entries
        QStringList taller;         // "stem (WxH)": images made taller than asked, to be readable
    };
    // Every entry of `groups` into `dir`: each chart as PNG, SVG and PDF at `size`, each CSV;
    // entries with nothing to export are skipped and reported. Throws InputError on a write
    // error.
    Report exportAll(const QString& dir, QSize size, const QStringList& groups) const;

private:
    void runChartDialog(const ExportEntry& entry);
    void runCsvDialog(const ExportEntry& entry);

    QWidget* m_window;
    QList<ExportEntry> m_entries;
    std::function<QString()> m_defaultDirectory;
    QString m_group;
};

}  // namespace mr::ui
