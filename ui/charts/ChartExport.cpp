#include "charts/ChartExport.h"

#include <qcustomplot.h>
#include <QBuffer>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QSvgGenerator>

#include <memory>
#include <numeric>
#include <vector>

#include "charts/ChartLayout.h"
#include "io/AtomicFile.h"
#include "model/InputError.h"

namespace mr::ui {

namespace {

// Paint the charts stacked into `painter`, `width` device pixels wide, each as high as its
// entry of `heights`, each laid out at that size first.
void paintStack(QCPPainter& painter, const QList<QCustomPlot*>& plots, int width,
                const QList<int>& heights) {
    int top = 0;
    for (qsizetype i = 0; i < plots.size(); ++i) {
        layOutAt(plots[i], QRect(0, 0, width, heights[i]));
        painter.save();
        painter.translate(0, static_cast<double>(top));
        plots[i]->toPainter(&painter, width, heights[i]);
        painter.restore();
        top += heights[i];
    }
}

// Each chart's share of the height, at least its readable height at this width (laid out at
// its share to measure what its titles, legend and axes take there).
QList<int> stackHeights(const QList<QCustomPlot*>& plots, QSize size) {
    QList<int> heights;
    const auto count = static_cast<int>(std::max<qsizetype>(1, plots.size()));
    for (int i = 0; i < plots.size(); ++i) {
        // The last takes what the division leaves.
        const int share = i + 1 < count ? size.height() / count
                                        : size.height() - (count - 1) * (size.height() / count);
        layOutAt(plots[i], QRect(0, 0, size.width(), share));
        heights << std::max(share, readableHeight(plots[i]));
    }
    // Grown, the image is a whole number of PDF points high (¾ of a pixel at 96 dpi), so that
    // its PNG, SVG and PDF have the same size; the last chart takes the extra pixels.
    const int total = std::accumulate(heights.begin(), heights.end(), 0);
    if (total > size.height() && total % 4 != 0) {
        heights.back() += 4 - total % 4;
    }
    return heights;
}

// Puts every chart back as the screen had it when the export is done.
std::vector<std::unique_ptr<ViewportScope>> scopesOf(const QList<QCustomPlot*>& plots) {
    std::vector<std::unique_ptr<ViewportScope>> scopes;
    for (QCustomPlot* plot : plots) {
        scopes.push_back(std::make_unique<ViewportScope>(plot));
    }
    return scopes;
}

[[noreturn]] void fail(const QString& path, const QString& message) {
    throw InputError(path.toStdString(), "", "", message.toStdString());
}

}  // namespace

QSize parseSize(const QString& text) {
    static const QRegularExpression pattern(QStringLiteral("^(\\d{1,5})x(\\d{1,5})$"));
    const auto m = pattern.match(text.trimmed());
    if (!m.hasMatch()) {
        return {};
    }
    const int w = m.captured(1).toInt();
    const int h = m.captured(2).toInt();
    if (w < 16 || h < 16 || w > 20000 || h > 20000) {
        return {};
    }
    return {w, h};
}

void saveFileAtomically(const QString& path, const QByteArray& bytes) {
    const QByteArray name = QFile::encodeName(path);
    try {
        writeFileAtomically(
            name.toStdString(),
            std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
    } catch (const InputError& e) {
        throw e.withFile(path.toStdString());
    }
}

QString exportFilter() {
    return QObject::tr("PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)");
}

QList<int> exportHeights(const QList<QCustomPlot*>& plots, QSize size) {
    const auto scopes = scopesOf(plots);
    return stackHeights(plots, size);
}

QSize exportCharts(const QList<QCustomPlot*>& plots, const QString& path, QSize requested) {
    if (plots.isEmpty()) {
        fail(path, QObject::tr("there is no chart to export"));
    }
    if (!requested.isValid() || requested.width() < 16 || requested.height() < 16) {
        fail(path,
             QObject::tr("invalid size %1x%2").arg(requested.width()).arg(requested.height()));
    }
    if (QFileInfo(path).isDir()) {
        fail(path, QObject::tr("is a folder, not a file"));
    }
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix != QLatin1String("png") && suffix != QLatin1String("svg") &&
        suffix != QLatin1String("pdf")) {
        fail(path, QObject::tr("unknown image format '%1' (use .png, .svg or .pdf)").arg(suffix));
    }
    const auto scopes = scopesOf(plots);
    const QList<int> heights = stackHeights(plots, requested);
    const QSize size(requested.width(), std::accumulate(heights.begin(), heights.end(), 0));
    QByteArray bytes;
    QBuffer file(&bytes);
    file.open(QIODevice::WriteOnly);
    if (suffix == QLatin1String("png")) {
        QImage image(size, QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::white);
        {
            QCPPainter painter(&image);
            painter.setRenderHint(QPainter::Antialiasing, true);
            paintStack(painter, plots, size.width(), heights);
        }
        if (!image.save(&file, "PNG")) {
            fail(path, QObject::tr("cannot encode the PNG image"));
        }
    } else if (suffix == QLatin1String("svg")) {
        QSvgGenerator svg;
        svg.setOutputDevice(&file);
        // 96 dpi, as a browser lays out CSS pixels: the drawing's width and height are the
        // requested pixels (QSvgGenerator's default of 90 dpi made it 6.7 % larger).
        svg.setResolution(96);
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        svg.setTitle(QStringLiteral("MR Schedule Explorer chart"));
        QCPPainter painter(&svg);
        paintStack(painter, plots, size.width(), heights);
    } else {
        QPdfWriter pdf(&file);
        pdf.setCreator(QStringLiteral("MR Schedule Explorer"));
        pdf.setResolution(96);
        pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
        pdf.setPageSize(QPageSize(QSizeF(size.width() * 72.0 / 96.0, size.height() * 72.0 / 96.0),
                                  QPageSize::Point));
        QCPPainter painter(&pdf);
        paintStack(painter, plots, size.width(), heights);
    }
    file.close();
    saveFileAtomically(path, bytes);
    return size;
}

}  // namespace mr::ui
