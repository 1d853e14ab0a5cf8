// Helpers shared by the Qt Test programs of tests/ui: sample paths, a window's results once its
// background run has finished, answering a modal message box, counting drawn pixels, and
// checking an exported chart's size in each format.
#pragma once

#include <QApplication>
#include <QCoreApplication>
#include <QFile>
#include <QImage>
#include <QMessageBox>
#include <QSvgRenderer>
#include <QTimer>
#include <QtTest>
#include <memory>

#include "app/MainWindow.h"
#include "app/Samples.h"
#include "pages/ComparisonPage.h"
#include "pages/CostPage.h"
#include "pages/DeadlinesPage.h"
#include "pages/Pages.h"
#include "pages/StagesPage.h"
#include "pages/SweepPage.h"
#include "pages/TeachPage.h"
#include "pages/TimelinePage.h"
#include "run/RunController.h"
#include "teach/TeachTab.h"

namespace mr::ui::test {

inline QString sample(const char* name) {
    return samplesDirectory() + QLatin1Char('/') + QLatin1String(name);
}

// Runs `action`, during which a modal message box is expected; returns its text (and accepts
// it, so the action can return).
template <class Action>
QString messageOf(Action action) {
    QString shown;
    QTimer::singleShot(0, [&shown] {
        for (QWidget* w : QApplication::topLevelWidgets()) {
            if (auto* box = qobject_cast<QMessageBox*>(w); box && box->isVisible()) {
                shown = box->text();
                box->accept();
            }
        }
    });
    action();
    return shown;
}

// How many pixels of every second row and column are not (near) white.
inline int inkedPixels(const QImage& image) {
    int inked = 0;
    for (int y = 0; y < image.height(); y += 2) {
        for (int x = 0; x < image.width(); x += 2) {
            if (qGray(image.pixel(x, y)) < 200) {
                ++inked;
            }
        }
    }
    return inked;
}

// The file at `path` is a PNG, SVG or PDF (by `suffix`) of `size` pixels (PDF: at 96 dpi).
// Returns the PNG's image (null for the other formats) for further checks.
inline QImage verifyExportedSize(const QString& path, const QString& suffix, QSize size) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        QTest::qFail(qPrintable(path + QStringLiteral(": not written")), __FILE__, __LINE__);
        return {};
    }
    const QByteArray bytes = file.readAll();
    if (suffix == QLatin1String("png")) {
        const QImage image = QImage::fromData(bytes, "PNG");
        QTest::qCompare(image.size(), size, "image.size()", "size", __FILE__, __LINE__);
        return image;
    }
    if (suffix == QLatin1String("svg")) {
        QSvgRenderer svg(bytes);
        QTest::qVerify(svg.isValid(), "svg.isValid()", "", __FILE__, __LINE__);
        QTest::qCompare(svg.viewBox().size(), size, "svg.viewBox().size()", "size", __FILE__,
                        __LINE__);
        return {};
    }
    QTest::qVerify(bytes.startsWith("%PDF-"), "a PDF", "", __FILE__, __LINE__);
    const QByteArray box = QStringLiteral("/MediaBox [0 0 %1 %2]")
                               .arg(size.width() * 0.75, 0, 'f', 6)
                               .arg(size.height() * 0.75, 0, 'f', 6)
                               .toLatin1();
    QTest::qVerify(bytes.contains(box), box.constData(), "", __FILE__, __LINE__);
    return {};
}

// Results of the latest request, waiting for the background run.
inline std::shared_ptr<const RunSet> results(MainWindow& window) {
    window.runController()->waitForLatest();
    QCoreApplication::processEvents();
    return window.runController()->latest();
}

}  // namespace mr::ui::test
