#include "widgets/JobTableView.h"

#include <QLineEdit>
#include <QStyledItemDelegate>

namespace mr::ui {

namespace {

class JobCellDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem& option,
                          const QModelIndex& index) const override {
        QWidget* editor = QStyledItemDelegate::createEditor(parent, option, index);
        m_editor = editor;
        return editor;
    }

    void setEditorData(QWidget* editor, const QModelIndex& index) const override {
        QStyledItemDelegate::setEditorData(editor, index);
        if (auto* line = qobject_cast<QLineEdit*>(editor)) {
            // An empty edit value with a shown value: "per task (avg …)".
            const QString shown = index.data(Qt::DisplayRole).toString();
            line->setPlaceholderText(line->text().isEmpty() ? shown : QString());
        }
    }

    mutable QPointer<QWidget> m_editor;
};

}  // namespace

JobTableView::JobTableView(QWidget* parent) : QTableView(parent) {
    setItemDelegate(new JobCellDelegate(this));
}

QWidget* JobTableView::openEditor() const {
    auto* delegate = static_cast<JobCellDelegate*>(itemDelegate());
    return state() == EditingState ? delegate->m_editor.data() : nullptr;
}

void JobTableView::commitPendingEdit() {
    if (QWidget* editor = openEditor()) {
        commitData(editor);
        closeEditor(editor, QAbstractItemDelegate::NoHint);
    }
}

}  // namespace mr::ui
