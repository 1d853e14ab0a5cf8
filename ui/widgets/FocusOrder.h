// FocusOrder — Tab moves through a page's controls in the order its layout shows them (left to
// right, top to bottom as laid out), whichever object created them first: a control built by a
// shared helper (a sweep runner's Run and Cancel buttons) otherwise comes first in the focus
// chain, before the fields a user fills in above or beside it.
#pragma once

class QWidget;

namespace mr::ui {

// Orders the Tab chain of every focusable widget in `page`'s layout (nested layouts included;
// a widget's own children are left as they are) as the layout lists them.
void focusInLayoutOrder(QWidget* page);

}  // namespace mr::ui
