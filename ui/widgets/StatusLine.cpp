#include "widgets/StatusLine.h"

#include "run/RunSummary.h"

namespace mr::ui {

StatusLine::StatusLine(QWidget* parent) : QLabel(parent) {}

void StatusLine::showRun(const RunSet& results) {
    setText(runSummary(results));
    m_rejection = false;
}

void StatusLine::showRejected(const QString& reason) {
    setText(tr("Not accepted — %1").arg(reason));
    m_rejection = true;
}

void StatusLine::showAccepted(const QString& pending, const RunSet* results) {
    if (!m_rejection) {
        return;
    }
    m_rejection = false;
    if (!pending.isEmpty()) {
        showRejected(pending);
    } else if (results != nullptr) {
        showRun(*results);
    } else {
        clear();
    }
}

}  // namespace mr::ui
