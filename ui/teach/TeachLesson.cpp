#include "teach/TeachLesson.h"

#include <QHeaderView>
#include <QLabel>
#include <QScrollBar>
#include <QTableView>
#include <algorithm>

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

void TeachLesson::keepRowsSeen(QTableView* table, int most) {
    // PresentationMode reads it when it zooms: its row heights are the zoomed font's.
    table->setProperty("mrxRowsSeen", most);
    const int rows = table->model() ? std::min(table->model()->rowCount(), most) : 0;
    int height = 2 * table->frameWidth() + table->horizontalHeader()->sizeHint().height() +
                 table->horizontalScrollBar()->sizeHint().height();
    for (int r = 0; r < rows; ++r) {
        height += table->rowHeight(r);
    }
    table->setMinimumHeight(height);
}

}  // namespace mr::ui
