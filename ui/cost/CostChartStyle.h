// CostChartStyle — what the Cost tab's charts and tables share: a chart with a title row and a
// legend row under the plot, the colours of the cost parts, number formats for money and
// percentages, and a message drawn across an empty chart ("no schedule", "open a model").
#pragma once

#include <QColor>
#include <QFont>
#include <QString>

class QCustomPlot;
class QCPAxisRect;
class QCPTextElement;

namespace mr::ui::costchart {

// Puts a bold title above and the legend (four entries per line) below the plot's axis rect.
QCPTextElement* decorate(QCustomPlot* plot, const QString& title);

// Cost parts of [Ehsan13] (6)–(8) and the series of the epoch sweep.
QColor dataTransferColour();
QColor executionColour();
QColor runtimeTransferColour();
QColor costLineColour();
QColor timeLineColour();
// Colour of machine group `index` (machines of one type), distinct for the first six.
QColor machineGroupColour(int index);

// Money in the model's currency with four significant digits and no exponent (3.268, 0.6770).
QString money(double value);
// A saving of `saving` percent against `baseline`: "saves 40.5% vs delay", "costs 12.0% more
// than delay" or, within ±0.05 %, "same as delay".
QString savingText(double saving, const QString& baseline);
// The same in few characters for a narrow bar: "−65.7% vs hadoop-default", "+35.1% vs delay".
QString compactSavingText(double saving, const QString& baseline);
// `text` broken into lines at most `width` pixels wide, the last of `maxLines` elided.
QString wrapText(const QString& text, const QFont& font, int width, int maxLines);
// "+40.5%", "-12.0%", "0.0%" (never "-0.0%").
QString signedPercent(double percent);

// A message in the middle of `rect` (removed by clearItems()).
void showMessage(QCustomPlot* plot, QCPAxisRect* rect, const QString& text);

}  // namespace mr::ui::costchart
