// VariantCommands — the undo steps of the variant strip (undo covers variant
// operations): keep, remove, rename a variant and choose the comparison's reference. Each keeps
// what it needs to go both ways; a removed variant comes back at its place and runs again.
#pragma once

#include <QUndoCommand>

#include "document/JobPalette.h"
#include "experiments/Session.h"

namespace mr::ui {

class VariantStore;

class InsertVariantCommand : public QUndoCommand {
public:
    // `insert`: keeping a variant; else removing the one at `index`.
    InsertVariantCommand(VariantStore* store, int index, Variant variant, JobColours colours,
                         bool insert);
    void undo() override { apply(!m_insert); }
    void redo() override { apply(m_insert); }

private:
    void apply(bool insert);
    VariantStore* m_store;
    int m_index;
    Variant m_variant;
    JobColours m_colours;
    QString m_reference;  // the reference before a removal (it may be the removed one)
    bool m_insert;
};

class RenameVariantCommand : public QUndoCommand {
public:
    RenameVariantCommand(VariantStore* store, int index, std::string before, std::string after);
    void undo() override;
    void redo() override;

private:
    VariantStore* m_store;
    int m_index;
    std::string m_before;
    std::string m_after;
};

class SetReferenceCommand : public QUndoCommand {
public:
    SetReferenceCommand(VariantStore* store, QString before, QString after);
    void undo() override;
    void redo() override;

private:
    VariantStore* m_store;
    QString m_before;
    QString m_after;
};

}  // namespace mr::ui
