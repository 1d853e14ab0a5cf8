#include "widgets/JobTableView.h"

#include <QItemEditorFactory>
#include <QLineEdit>
#include <QStyledItemDelegate>

namespace mr::ui {

namespace {

class JobCellDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    // Every cell edits as text, whatever the type of its value: the model reads what is typed
    // and refuses it with the reason. Qt's editor for a number is a spin box, which clamps or
    // drops what lies outside its range ("-" below a minimum of 0, the "e" of "1e30") without a
    // word.
    QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem&,
                          const QModelIndex&) const override {
        const QItemEditorFactory* factory =
            itemEditorFactory() ? itemEditorFactory() : QItemEditorFactory::defaultFactory();
        QWidget* editor = factory->createEditor(QMetaType::QString, parent);
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
