// VariantExport — the per-variant part of `mrx SESSION.mrxs --export-all DIR`:
// one folder per variant, named after it, with that variant's charts and CSVs, written by the
// window's own File > Export entries (the "workload" group, ExportController::exportAll) while
// the window shows that variant's run (MainWindow::setShownResults) — the same code path as the
// workload's own export, never a renderer of its own. variants.csv (one row per variant ×
// algorithm) goes at the top of DIR with the "variants" group.
#pragma once

#include <QSize>
#include <QStringList>

namespace mr::ui {

class MainWindow;
class VariantStore;

// A folder name for a variant: its name with the characters a file name cannot hold (/ \ : * ?
// " < > | and control characters) as '-', no leading dot or trailing space, "variant" when
// nothing is left; " (2)", " (3)", ... when an earlier variant's folder has that name (compared
// case-insensitively, as some file systems do).
QString variantFolderName(const QString& name, const QStringList& taken);

// Processes events until every variant's run has finished.
void waitForVariants(VariantStore& variants);

struct VariantExportReport {
    QStringList folders;  // one per variant, in variant order
    QStringList written;  // every file
};

// Waits for the variants' runs, then writes each variant's charts (PNG, SVG, PDF at `size`) and
// CSVs into DIR/<folder>; the Johnson timelines at `johnsonStep` (-1: the last step, the whole
// schedule). The window shows the workload being edited again afterwards. Throws InputError
// (naming the file) when a folder or file cannot be written.
VariantExportReport exportVariants(MainWindow& window, const QString& dir, QSize size,
                                   int johnsonStep = -1);

}  // namespace mr::ui
