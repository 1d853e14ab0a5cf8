#include "costtab/CostChartStyle.h"

#include <qcustomplot.h>

#include <cmath>

#include "charts/TextFit.h"

namespace mr::ui::costchart {

QCPTextElement* decorate(QCustomPlot* plot, const QString& title) {
    auto* text = new QCPTextElement(plot, title, QFont(plot->font().family(), 10, QFont::Bold));
    plot->plotLayout()->insertRow(0);
    plot->plotLayout()->addElement(0, 0, text);
    plot->axisRect()->insetLayout()->take(plot->legend);
    plot->plotLayout()->addElement(plot->plotLayout()->rowCount(), 0, plot->legend);
    plot->plotLayout()->setRowStretchFactor(plot->plotLayout()->rowCount() - 1, 0.001);
    plot->legend->setWrap(4);  // four entries per line
    plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    plot->legend->setBorderPen(Qt::NoPen);
    plot->legend->setMargins(QMargins(4, 0, 4, 2));
    plot->legend->setVisible(true);
    // The chart's own minimum (its title's and legend's width) must not widen the window: it
    // draws in whatever room it gets from here down.
    plot->setMinimumSize(320, 240);
    return text;
}

QColor dataTransferColour() {
    return {142, 103, 189};
}
QColor executionColour() {
    return {70, 120, 190};
}
QColor runtimeTransferColour() {
    return {232, 140, 48};
}
QColor costLineColour() {
    return {40, 90, 170};
}
QColor timeLineColour() {
    return {205, 75, 40};
}

QColor machineGroupColour(int index) {
    static const QColor colours[] = {{70, 120, 190},  {60, 160, 90}, {232, 140, 48},
                                     {142, 103, 189}, {200, 70, 80}, {40, 160, 170}};
    return colours[index % 6];
}

QString money(double value) {
    const double a = std::abs(value);
    int decimals = 0;
    for (double limit = 1000.0; a < limit && decimals < 8 && a > 0.0; limit /= 10.0) {
        ++decimals;
    }
    return QString::number(value, 'f', decimals);
}

QString savingText(double saving, const QString& baseline) {
    if (std::abs(saving) < 0.05) {  // would print as 0.0%
        return QObject::tr("same as %1").arg(baseline);
    }
    return saving >= 0.0
               ? QObject::tr("saves %1% vs %2").arg(saving, 0, 'f', 1).arg(baseline)
               : QObject::tr("costs %1% more than %2").arg(-saving, 0, 'f', 1).arg(baseline);
}

QString compactSavingText(double saving, const QString& baseline) {
    if (std::abs(saving) < 0.05) {
        return QObject::tr("= %1").arg(baseline);
    }
    // A saving is a lower cost: minus.
    return QObject::tr("%1%2% vs %3")
        .arg(saving >= 0.0 ? QStringLiteral("−") : QStringLiteral("+"))
        .arg(std::abs(saving), 0, 'f', 1)
        .arg(baseline);
}

QString wrapText(const QString& text, const QFont& font, int width, int maxLines) {
    QStringList lines;
    QString line;
    const QStringList words = text.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    for (qsizetype i = 0; i < words.size(); ++i) {
        const QString longer = line.isEmpty() ? words[i] : line + QLatin1Char(' ') + words[i];
        if (line.isEmpty() || textFits(font, longer, width)) {
            line = longer;
            continue;
        }
        lines << line;
        line = words[i];
        if (lines.size() == maxLines - 1) {  // the rest goes on the last line, elided
            line = words.mid(i).join(QLatin1Char(' '));
            break;
        }
    }
    lines << fitText(font, line, width);
    return lines.join(QLatin1Char('\n'));
}

QString signedPercent(double percent) {
    return std::abs(percent) < 0.05 ? QStringLiteral("0.0%")
                                    : QString::asprintf("%+.1f%%", percent);
}

void showMessage(QCustomPlot* plot, QCPAxisRect* rect, const QString& text) {
    auto* item = new QCPItemText(plot);
    item->setClipToAxisRect(false);
    item->position->setType(QCPItemPosition::ptAxisRectRatio);
    item->position->setAxisRect(rect);
    item->position->setCoords(0.5, 0.45);
    item->setPositionAlignment(Qt::AlignCenter);
    item->setTextAlignment(Qt::AlignCenter);
    item->setText(text);
    item->setFont(QFont(plot->font().family(), 11));
    item->setColor(QColor(150, 40, 30));
    item->setPadding(QMargins(10, 6, 10, 6));
    item->setBrush(QColor(255, 245, 240));
    item->setPen(QPen(QColor(220, 170, 160)));
}

}  // namespace mr::ui::costchart
