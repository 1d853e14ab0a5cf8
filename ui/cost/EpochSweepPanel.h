// EpochSweepPanel — [Ehsan13] Fig. 8: lips-online's total cost and execution time (makespan)
// against the epoch length, from CostSweeps' sweepEpochs. The sweep runs off the GUI thread with a
// progress bar and a Cancel button (a cancelled sweep shows the points it finished); a new model
// drops a running sweep and its result.
#pragma once

#include <QWidget>
#include <memory>
#include <vector>

#include "cost/CostSweeps.h"

class QCustomPlot;
class QCPGraph;
class QCPItemStraightLine;
class QDoubleSpinBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QTimer;

namespace mr::ui {

class BackgroundJob;

class EpochSweepPanel : public QWidget {
    Q_OBJECT
public:
    explicit EpochSweepPanel(QWidget* parent = nullptr);

    // A new model: a running sweep is dropped, the chart emptied.
    void setModel(std::shared_ptr<const cost::CostModel> model);
    // The epoch length the other views use, marked on the chart.
    void setCurrentEpoch(double epochS);
    void setEpochRange(double from, double to, double step);
    // Starts a sweep over the spin boxes' range (returns false with a message when it is bad).
    bool start();
    void cancel();
    // Shows an epoch sweep read from a results file (File > Open sweep results…): `asked` are
    // its epoch lengths, `points` those with a result; a missing one is a gap in the curves. A
    // running sweep is dropped. `status` says where it came from.
    void showPoints(const std::vector<double>& asked, std::vector<cost::EpochPoint> points,
                    const QString& status);
    bool isRunning() const;
    void waitForIdle();

    QCustomPlot* chart() const { return m_chart; }
    QCPGraph* costGraph() const { return m_cost; }
    QCPGraph* makespanGraph() const { return m_makespan; }
    const std::vector<cost::EpochPoint>& points() const { return m_points; }
    QString status() const;
    QString csv() const;  // as `mrsim cost-sweep --epochs … --csv`

signals:
    void progressed(int done, int total);  // while it runs (polled a few times a second)
    void sweepFinished();

private:
    struct Progress;
    struct Outcome;
    void showOutcome(const std::shared_ptr<const Outcome>& outcome);
    void draw();
    void pollProgress();

    std::shared_ptr<const cost::CostModel> m_model;
    std::vector<cost::EpochPoint> m_points;
    std::vector<double> m_asked;  // a results file's epoch lengths: those without a point are gaps
    std::shared_ptr<Progress> m_progress;
    BackgroundJob* m_job;
    QTimer* m_poll;
    QDoubleSpinBox* m_from;
    QDoubleSpinBox* m_to;
    QDoubleSpinBox* m_step;
    QPushButton* m_run;
    QPushButton* m_cancel;
    QProgressBar* m_bar;
    QLabel* m_status;
    QCustomPlot* m_chart;
    QCPGraph* m_cost;
    QCPGraph* m_makespan;
    QCPItemStraightLine* m_current;
    double m_currentEpoch = 600.0;
};

}  // namespace mr::ui
