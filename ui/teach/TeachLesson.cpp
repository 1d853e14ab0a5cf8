#include "teach/TeachLesson.h"

#include <QLabel>

namespace mr::ui {

QLabel* TeachLesson::createExplanation(int minimumHeight) {
    auto* explanation = new QLabel(this);
    explanation->setObjectName(QStringLiteral("lessonExplanation"));
    explanation->setWordWrap(true);
    explanation->setTextFormat(Qt::RichText);
    explanation->setMinimumHeight(minimumHeight);
    explanation->setStyleSheet(
        QStringLiteral("QLabel { background: #fff8dc; color: #222; border: 1px solid #e0d090; "
                       "padding: 6px; }"));
    return explanation;
}

}  // namespace mr::ui
