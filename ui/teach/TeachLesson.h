// TeachLesson — what the Teach tab asks of a lesson page (the HScheduler lessons and the "your
// order" exercise; Johnson's and BalancedPools' steppers came first and are driven by name): it
// follows the window's results, has a step the session keeps, and charts File > Export writes.
#pragma once

#include <QWidget>
#include <memory>

class QCustomPlot;

namespace mr::ui {

struct RunSet;

class TeachLesson : public QWidget {
    Q_OBJECT
public:
    using QWidget::QWidget;

    virtual void setResults(const std::shared_ptr<const RunSet>& results) = 0;
    virtual int step() const = 0;
    // The step to show once its results are in (a session opened before them).
    virtual void restoreStep(int step) = 0;
    // Go to `step` now (clamped), or as soon as the lesson is computed.
    virtual void showStep(int step) = 0;
    virtual QList<QCustomPlot*> plots() const = 0;
    // The explanation shown (tests, the Guide's links).
    virtual QString explanation() const = 0;
};

}  // namespace mr::ui
