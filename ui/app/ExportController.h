// ExportController — File > Export: any chart to PNG, SVG or PDF at a chosen size, and the
// comparison table to CSV. Errors appear in a message box.
#pragma once

#include <QObject>
#include <functional>

class QAction;
class QMenu;
class QWidget;
class QCustomPlot;

namespace mr::ui {

class ExportController : public QObject {
    Q_OBJECT
public:
    explicit ExportController(QWidget* window);

    // Where the file dialogs start: `folder()` (the workload's folder) when it is not empty,
    // else the last export folder, else the home folder — never "/".
    void setDefaultDirectory(std::function<QString()> folder);
    QString startDirectory() const;

    // A menu entry that exports the charts `plots()` returns (several are stacked).
    QAction* addChartExport(QMenu* menu, const QString& title, const QString& fileStem,
                            std::function<QList<QCustomPlot*>()> plots);
    // A menu entry that writes `text()` (CSV) to a file; an empty text: nothing to export yet.
    void addCsvExport(QMenu* menu, const QString& title, std::function<QString()> text);

private:
    QWidget* m_window;
    std::function<QString()> m_defaultDirectory;
};

}  // namespace mr::ui
