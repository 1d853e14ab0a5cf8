// GanttAxes — the slot timeline's axes and overlay labels, readable at every size
//: slot labels ("M12", "R3") thinned to what fits however many rows there are, time
// labels in one plain notation (never "1·10^6" next to "200000"), and labels stacked so that
// they never overlap.
#pragma once

#include <utility>
#include <vector>

#include <qcustomplot.h>

namespace mr::ui {

// Ticks on the slot axis: rows 0..SM−1 are map slots, row SM is empty, rows SM+1.. are reduce
// slots. Labels go on round steps (1, 2, 5, 10, ...) of slots, at least minSpacing pixels apart;
// near the lane boundary a map label gives way to the first reduce label.
class SlotAxisTicker : public QCPAxisTicker {
public:
    explicit SlotAxisTicker(QCPAxis* axis) : m_axis(axis) {}
    void setSlots(int mapSlots, int reduceSlots);
    void setMinSpacing(double pixels) { m_minSpacing = pixels; }

    // The tick rows for `range` when a row is `pixelsPerRow` tall.
    static QVector<double> ticks(int mapSlots, int reduceSlots, const QCPRange& range,
                                 double pixelsPerRow, double minSpacing);
    static QString label(int mapSlots, double row);

protected:
    QVector<double> createTickVector(double tickStep, const QCPRange& range) override;
    QString getTickLabel(double tick, const QLocale& locale, QChar formatChar,
                         int precision) override;
    int getSubTickCount(double) override { return 0; }

private:
    QCPAxis* m_axis;
    int m_mapSlots = 0;
    int m_reduceSlots = 0;
    double m_minSpacing = 18.0;
};

// Ticks on the time axis, all in fixed notation with as many decimals as the step needs, about
// one per `spacing` pixels of the axis: in seconds, or in hours (steps of 1, 2, 3, 6, 12, 24 h
// and whole days) once a step would be half an hour or more — a cluster's day reads "0 24 48",
// not "0 100000 200000". The axis title says which (timeUnit()).
class TimeAxisTicker : public QCPAxisTicker {
public:
    explicit TimeAxisTicker(QCPAxis* axis) : m_axis(axis) {}
    void setSpacing(double pixels) { m_spacing = pixels; }
    // "s" or "h": the unit of the labels of the last tick computation.
    QString timeUnit() const { return m_hours ? QStringLiteral("h") : QStringLiteral("s"); }

    static QString format(double seconds, double step);
    // The step (seconds) for a range of `seconds` shown with about `count` ticks; sets `hours`
    // when the labels are to be in hours.
    static double step(double seconds, double count, bool* hours);

protected:
    double getTickStep(const QCPRange& range) override;
    QString getTickLabel(double tick, const QLocale& locale, QChar formatChar,
                         int precision) override;

private:
    QCPAxis* m_axis;
    double m_spacing = 110.0;
    double m_step = 1.0;
    bool m_hours = false;
};

// Places labels as near their wanted rectangles as possible without overlapping: sorted by
// their wanted top, each goes below the one before it (a `gap` apart), and the stack is pushed
// up to stay above `bottom`; labels that still do not fit between `top` and `bottom` get an
// empty rectangle (hide them). Returns the rectangles in the input's order.
std::vector<QRectF> stackLabels(const std::vector<QRectF>& wanted, double top, double bottom,
                                double gap = 2.0);

// Pixel spans along an axis that a label must not cover (a marker line, deadline triangles).
using Span = std::pair<double, double>;
// The left edge for a label `width` pixels wide that wants to start at `wanted`, within
// [from, to]: moved the least so that it covers none of `blocked` (a `gap` apart); `wanted`
// kept inside [from, to] when no free place is found.
double avoidSpans(double wanted, double width, double from, double to,
                  const std::vector<Span>& blocked, double gap = 2.0);

}  // namespace mr::ui
