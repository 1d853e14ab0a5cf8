// StepControls — the Teach tab's stepping row: first / previous / play / next / last, "Step k of
// n", and what the keys a teacher uses in front of a class do (→ / ← step, Home / End, Space plays
// or pauses); the Teach tab passes them on from whichever of its widgets has the focus.
#pragma once

#include <QWidget>

class QKeyEvent;
class QLabel;
class QPushButton;
class QTimer;

namespace mr::ui {

class StepControls : public QWidget {
    Q_OBJECT
public:
    explicit StepControls(QWidget* parent = nullptr);

    int step() const { return m_step; }
    int count() const { return m_count; }
    // Steps are 0 (nothing done yet) .. count (the last one done).
    void setCount(int count);
    void setStep(int step);  // clamped; emits stepChanged when it changes
    bool isPlaying() const;
    void setPlaying(bool playing);
    // → ← Home End Space without modifiers; other keys are not these controls' (false).
    static bool isStepKey(const QKeyEvent& key);
    // Steps as the key says; true when it was a step key.
    bool stepByKey(const QKeyEvent& key);
    // The buttons' icons at `factor` times their size (presentation zoom).
    void setIconScale(double factor);

signals:
    void stepChanged(int step);

private:
    void refresh();

    QPushButton* m_first;
    QPushButton* m_prev;
    QPushButton* m_play;
    QPushButton* m_next;
    QPushButton* m_last;
    QLabel* m_label;
    QTimer* m_timer;
    int m_step = 0;
    int m_count = 0;
};

}  // namespace mr::ui
