#include "charts/ElidedLabel.h"

#include <QFontMetrics>

namespace mr::ui {

ElidedLabel::ElidedLabel(QWidget* parent) : QLabel(parent) {
    // Its minimum is one character's room, not its text's width: the layout decides the width.
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    setMinimumWidth(fontMetrics().averageCharWidth());
    setTextFormat(Qt::PlainText);
}

void ElidedLabel::setFullText(const QString& text) {
    m_full = text;
    elide();
}

void ElidedLabel::setPlainToolTip(const QString& tip) {
    m_tip = tip;
    elide();
}

void ElidedLabel::resizeEvent(QResizeEvent* event) {
    QLabel::resizeEvent(event);
    elide();
}

void ElidedLabel::elide() {
    const QString shown = fontMetrics().elidedText(m_full, Qt::ElideRight, contentsRect().width());
    if (shown != text()) {
        setText(shown);
    }
    const QString tip = shown != m_full ? m_full : m_tip;
    if (tip != toolTip()) {
        setToolTip(tip);
    }
}

}  // namespace mr::ui
