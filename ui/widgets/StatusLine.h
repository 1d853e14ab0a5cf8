// StatusLine — the status bar's line: what the last run did (run/RunSummary.h), why an edit was
// refused until the value is corrected, and the one-line messages of the files, the sessions and
// the variants. It takes the width the status bar gives it: a message too long for it is drawn
// shortened with "…" (whole in the tooltip), never over the texts beside it.
#pragma once

#include <QLabel>

namespace mr::ui {

struct RunSet;

class StatusLine : public QLabel {
    Q_OBJECT
public:
    explicit StatusLine(QWidget* parent = nullptr);

    // The run's summary (ends a refusal shown).
    void showRun(const RunSet& results);
    void showRejected(const QString& reason);
    // An edit was accepted: a refusal shown gives way to `pending` (another value still
    // refused), else to the summary of `results`, else to nothing — never a reason that no
    // longer holds.
    void showAccepted(const QString& pending, const RunSet* results);
    // Whether the text is longer than the line's width (then drawn shortened with "…").
    bool isShortened() const;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    bool m_rejection = false;
};

}  // namespace mr::ui
