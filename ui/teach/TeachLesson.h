// TeachLesson — what the Teach tab asks of a lesson (Johnson's rule, BalancedPools, the two
// HScheduler lessons, the "your order" exercise): its id and title, the window's results to
// follow, a step the session keeps, the charts File > Export writes, and the explanation shown
// under its controls — one widget, the same for every lesson.
#pragma once

#include <QWidget>
#include <memory>

class QCustomPlot;
class QLabel;
class QTableView;

namespace mr::ui {

struct RunSet;

class TeachLesson : public QWidget {
    Q_OBJECT
public:
    using QWidget::QWidget;

    // The id a session and the Guide's links use ("johnson", "your-order"); for a lesson that
    // teaches an algorithm, the registry's AlgorithmInfo::lesson of that algorithm.
    virtual QString id() const = 0;
    virtual QString title() const = 0;  // the Teach tab's choice
    // A lesson whose charts are exported with every run follows every result; the others
    // compute only while shown, and catch up when chosen.
    virtual bool followsEveryResult() const { return false; }
    virtual void setResults(const std::shared_ptr<const RunSet>& results) = 0;
    virtual int step() const = 0;
    // The step to show once its results are in (a session opened before them).
    virtual void restoreStep(int step) = 0;
    // Go to `step` now (clamped), or as soon as the lesson is computed.
    virtual void showStep(int step) = 0;
    // Back to the first step (another workload: a step of the last one means nothing for it).
    virtual void resetStep() { showStep(0); }
    virtual QList<QCustomPlot*> plots() const = 0;
    // The explanation shown (tests, the Guide's links).
    virtual QString explanation() const = 0;

protected:
    // The lesson's explanation box, in its own colours (readable in dark mode too).
    QLabel* createExplanation(int minimumHeight = 64);
    // Keeps the lesson's job table tall enough for all its rows, up to `most` (the chart below
    // gives way; the page scrolls), at every presentation zoom: call again after the rows
    // change.
    static void keepRowsSeen(QTableView* table, int most = 10);
};

}  // namespace mr::ui
