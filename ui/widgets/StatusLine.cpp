#include "widgets/StatusLine.h"

#include <QFontMetricsF>
#include <QPainter>

#include "run/RunSummary.h"

namespace mr::ui {

StatusLine::StatusLine(QWidget* parent) : QLabel(parent) {
    // Any width the status bar can give: a long message is shortened here (the whole of it in
    // the tooltip) rather than pushing into the permanent texts beside it.
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    setMinimumWidth(1);
    setTextFormat(Qt::PlainText);
}

bool StatusLine::isShortened() const {
    return QFontMetricsF(font()).horizontalAdvance(text()) > contentsRect().width() + 0.5;
}

void StatusLine::paintEvent(QPaintEvent* event) {
    // The tooltip follows what is drawn (setText is not virtual: painting is where it shows).
    const QString tip = isShortened() ? text() : QString();
    if (toolTip() != tip) {
        setToolTip(tip);
    }
    if (tip.isEmpty()) {
        QLabel::paintEvent(event);
        return;
    }
    QPainter painter(this);
    painter.setPen(palette().color(foregroundRole()));
    const QRect room = contentsRect();
    painter.drawText(room, static_cast<int>(alignment() | Qt::AlignVCenter),
                     QFontMetricsF(font()).elidedText(text(), Qt::ElideRight, room.width()));
}

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
