#include "charts/ChartExport.h"

#include <qcustomplot.h>
#include <QBuffer>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QSvgGenerator>

#include "io/AtomicFile.h"
#include "model/InputError.h"

namespace mr::ui {

namespace {

// Paint the charts stacked into `painter`, which covers width × height device pixels.
void paintStack(QCPPainter& painter, const QList<QCustomPlot*>& plots, int width, int height) {
    const int each = height / std::max<qsizetype>(1, plots.size());
    for (qsizetype i = 0; i < plots.size(); ++i) {
        painter.save();
        painter.translate(0, static_cast<double>(i * each));
        plots[i]->toPainter(&painter, width, each);
        painter.restore();
    }
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

void exportCharts(const QList<QCustomPlot*>& plots, const QString& path, QSize size) {
    if (plots.isEmpty()) {
        fail(path, QObject::tr("there is no chart to export"));
    }
    if (!size.isValid() || size.width() < 16 || size.height() < 16) {
        fail(path, QObject::tr("invalid size %1x%2").arg(size.width()).arg(size.height()));
    }
    const QString suffix = QFileInfo(path).suffix().toLower();
    QByteArray bytes;
    QBuffer file(&bytes);
    file.open(QIODevice::WriteOnly);
    if (suffix == QLatin1String("png")) {
        QImage image(size, QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::white);
        {
            QCPPainter painter(&image);
            painter.setRenderHint(QPainter::Antialiasing, true);
            paintStack(painter, plots, size.width(), size.height());
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
        paintStack(painter, plots, size.width(), size.height());
    } else if (suffix == QLatin1String("pdf")) {
        QPdfWriter pdf(&file);
        pdf.setCreator(QStringLiteral("MR Schedule Explorer"));
        pdf.setResolution(96);
        pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
        pdf.setPageSize(QPageSize(QSizeF(size.width() * 72.0 / 96.0, size.height() * 72.0 / 96.0),
                                  QPageSize::Point));
        QCPPainter painter(&pdf);
        paintStack(painter, plots, size.width(), size.height());
    } else {
        fail(path, QObject::tr("unknown image format '%1' (use .png, .svg or .pdf)").arg(suffix));
    }
    file.close();
    saveFileAtomically(path, bytes);
}

}  // namespace mr::ui
