#include "widgets/FocusOrder.h"

#include <QLayout>
#include <QWidget>
#include <vector>

namespace mr::ui {

namespace {

void collect(QLayout* layout, std::vector<QWidget*>& out) {
    for (int i = 0; i < layout->count(); ++i) {
        QLayoutItem* item = layout->itemAt(i);
        if (QLayout* inner = item->layout()) {
            collect(inner, out);
        } else if (QWidget* w = item->widget(); w && (w->focusPolicy() & Qt::TabFocus) != 0) {
            out.push_back(w);
        }
    }
}

}  // namespace

void focusInLayoutOrder(QWidget* page) {
    std::vector<QWidget*> widgets;
    if (page->layout() != nullptr) {
        collect(page->layout(), widgets);
    }
    for (std::size_t i = 1; i < widgets.size(); ++i) {
        QWidget::setTabOrder(widgets[i - 1], widgets[i]);
    }
}

}  // namespace mr::ui
