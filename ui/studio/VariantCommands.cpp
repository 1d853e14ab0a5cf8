#include "studio/VariantCommands.h"

#include <QObject>

#include "studio/VariantStore.h"

namespace mr::ui {

InsertVariantCommand::InsertVariantCommand(VariantStore* store, int index, Variant variant,
                                           JobColours colours, bool insert)
    : QUndoCommand(
          insert ? QObject::tr("Keep as variant %1").arg(QString::fromStdString(variant.name))
                 : QObject::tr("Remove variant %1").arg(QString::fromStdString(variant.name))),
      m_store(store),
      m_index(index),
      m_variant(std::move(variant)),
      m_colours(std::move(colours)),
      m_reference(store->reference()),
      m_insert(insert) {}

void InsertVariantCommand::apply(bool insert) {
    if (insert) {
        m_store->insertAt(m_index, m_variant, m_colours);
        if (!m_insert) {
            m_store->applyReference(m_reference);  // undoing a removal: the reference as it was
        }
    } else {
        m_store->removeAt(m_index);
    }
}

RenameVariantCommand::RenameVariantCommand(VariantStore* store, int index, std::string before,
                                           std::string after)
    : QUndoCommand(QObject::tr("Rename variant %1 to %2")
                       .arg(QString::fromStdString(before), QString::fromStdString(after))),
      m_store(store),
      m_index(index),
      m_before(std::move(before)),
      m_after(std::move(after)) {}

void RenameVariantCommand::undo() {
    m_store->renameAt(m_index, m_before);
}

void RenameVariantCommand::redo() {
    m_store->renameAt(m_index, m_after);
}

SetReferenceCommand::SetReferenceCommand(VariantStore* store, QString before, QString after)
    : QUndoCommand(after.isEmpty() ? QObject::tr("Compare against no variant")
                                   : QObject::tr("Compare against variant %1").arg(after)),
      m_store(store),
      m_before(std::move(before)),
      m_after(std::move(after)) {}

void SetReferenceCommand::undo() {
    m_store->applyReference(m_before);
}

void SetReferenceCommand::redo() {
    m_store->applyReference(m_after);
}

}  // namespace mr::ui
