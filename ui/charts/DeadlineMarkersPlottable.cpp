#include "charts/DeadlineMarkersPlottable.h"

#include <algorithm>
#include <cmath>

#include "charts/TimeText.h"
#include "document/JobPalette.h"
#include "model/Numbers.h"

namespace mr::ui {

namespace {

constexpr double kMarker = 8.0;     // triangle height in pixels
constexpr double kLate = 10.0;      // a late job's triangle
constexpr double kSelected = 12.0;  // the selected job's triangle
constexpr double kHit = 6.0;        // pixels around a triangle that still hit it
constexpr int kStripFontSize = 8;   // the counts of deadlines outside the view

QString seconds(double t) {
    return timeText(t);
}

}  // namespace

DeadlineMarkersPlottable::DeadlineMarkersPlottable(QCPAxis* keyAxis, QCPAxis* valueAxis)
    : QCPAbstractPlottable(keyAxis, valueAxis) {
    setSelectable(QCP::stNone);
}

void DeadlineMarkersPlottable::setMarkers(std::vector<DeadlineMarker> markers, QStringList names,
                                          const JobColours& colours) {
    m_colours = colours;
    std::sort(markers.begin(), markers.end(), [](const DeadlineMarker& a, const DeadlineMarker& b) {
        return a.due != b.due ? a.due < b.due : a.job < b.job;
    });
    m_markers = std::move(markers);
    m_names = std::move(names);
}

QPolygonF DeadlineMarkersPlottable::triangle(const DeadlineMarker& marker, double size) const {
    // Points down at the deadline, from the strip above the plot area.
    const double x = mKeyAxis->coordToPixel(marker.due);
    const double tip = mKeyAxis->axisRect()->top();
    const double half = size * 0.6;
    return QPolygonF(
        {QPointF(x - half, tip - size), QPointF(x + half, tip - size), QPointF(x, tip)});
}

QPointF DeadlineMarkersPlottable::markerCentre(const DeadlineMarker& marker) const {
    const double size = marker.job == m_selectedJob ? kSelected : marker.late ? kLate : kMarker;
    return QPointF(mKeyAxis->coordToPixel(marker.due), mKeyAxis->axisRect()->top() - size * 0.6);
}

const DeadlineMarker* DeadlineMarkersPlottable::markerAt(const QPointF& pixel) const {
    if (m_markers.empty() || !mKeyAxis) {
        return nullptr;
    }
    const double top = mKeyAxis->axisRect()->top();
    if (pixel.y() < top - kSelected - kHit || pixel.y() > top + kHit) {
        return nullptr;
    }
    const DeadlineMarker* best = nullptr;
    double bestDistance = kHit + 1.0;
    for (const DeadlineMarker& m : m_markers) {
        const double distance = std::fabs(mKeyAxis->coordToPixel(m.due) - pixel.x());
        if (distance < bestDistance) {
            bestDistance = distance;
            best = &m;
        }
    }
    return best;
}

double DeadlineMarkersPlottable::selectTest(const QPointF& pos, bool onlySelectable,
                                            QVariant* details) const {
    if (onlySelectable && mSelectable == QCP::stNone) {
        return -1;
    }
    const DeadlineMarker* marker = markerAt(pos);
    if (marker && details) {
        details->setValue(marker->job);
    }
    return marker ? 0.0 : -1.0;
}

QCPRange DeadlineMarkersPlottable::getKeyRange(bool& foundRange, QCP::SignDomain) const {
    foundRange = !m_markers.empty();
    return foundRange ? QCPRange(m_markers.front().due, m_markers.back().due) : QCPRange();
}

QCPRange DeadlineMarkersPlottable::getValueRange(bool& foundRange, QCP::SignDomain,
                                                 const QCPRange&) const {
    foundRange = false;  // the markers span the plot's height whatever its range
    return QCPRange();
}

QRect DeadlineMarkersPlottable::clipRect() const {
    // The axis rect and the strip above it, where the triangles sit.
    if (!mKeyAxis) {
        return QRect();
    }
    QCPAxisRect* rect = mKeyAxis->axisRect();
    return rect->rect().adjusted(0, -rect->margins().top(), 0, 0);
}

QString DeadlineMarkersPlottable::laterText() const {
    if (!mKeyAxis) {
        return {};
    }
    const QCPRange keys = mKeyAxis->range();
    const double upper = std::max(keys.lower, keys.upper);
    const auto later = std::count_if(m_markers.begin(), m_markers.end(),
                                     [upper](const DeadlineMarker& m) { return m.due > upper; });
    return later > 0 ? QStringLiteral("+%1 ▸").arg(later) : QString();
}

std::vector<std::pair<double, double>> DeadlineMarkersPlottable::markerSpans() const {
    std::vector<std::pair<double, double>> spans;
    if (!mKeyAxis) {
        return spans;
    }
    const QCPRange view = mKeyAxis->range();
    for (const DeadlineMarker& m : m_markers) {
        if (view.contains(m.due)) {
            const QPointF centre = markerCentre(m);
            const double half = kSelected * 0.6;  // the largest a triangle gets (selected)
            spans.emplace_back(centre.x() - half, centre.x() + half);
        }
    }
    return spans;
}

double DeadlineMarkersPlottable::laterWidth() const {
    const QString text = laterText();
    return text.isEmpty() ? 0.0
                          : QFontMetricsF(QFont(mParentPlot->font().family(), kStripFontSize))
                                    .horizontalAdvance(text) +
                                4.0;
}

void DeadlineMarkersPlottable::draw(QCPPainter* painter) {
    if (m_markers.empty() || !mKeyAxis || !mValueAxis) {
        return;
    }
    const QRect plotArea = mKeyAxis->axisRect()->rect();
    const QCPRange keys = mKeyAxis->range();
    const double lower = std::min(keys.lower, keys.upper);
    const double upper = std::max(keys.lower, keys.upper);
    painter->setRenderHint(QPainter::Antialiasing, true);

    int earlier = 0;
    int later = 0;
    const DeadlineMarker* selected = nullptr;
    for (const DeadlineMarker& m : m_markers) {
        if (m.due < lower) {
            ++earlier;
            continue;
        }
        if (m.due > upper) {
            ++later;
            continue;
        }
        if (m.job == m_selectedJob) {
            selected = &m;  // drawn last, on top
            continue;
        }
        drawMarker(painter, m, m_selectedJob >= 0);
    }

    // Deadlines outside the view are counted at its edges, compactly (the makespan label
    // shares the strip).
    painter->setFont(QFont(painter->font().family(), kStripFontSize));
    const QRectF strip(plotArea.left() + 2, plotArea.top() - kSelected - 3, plotArea.width() - 4,
                       kSelected + 2);
    painter->setPen(QColor(90, 90, 90));
    if (later > 0) {
        painter->drawText(strip, Qt::AlignRight | Qt::AlignVCenter, laterText());
    }
    if (earlier > 0) {
        painter->drawText(strip, Qt::AlignLeft | Qt::AlignVCenter,
                          QStringLiteral("◂ +%1").arg(earlier));
    }

    if (selected != nullptr) {
        const QColor colour = selected->late ? JobPalette::late() : m_colours.base(selected->job);
        const double x = mKeyAxis->coordToPixel(selected->due);
        painter->setPen(QPen(colour.darker(selected->late ? 110 : 140), 1.5, Qt::DashLine));
        painter->drawLine(QPointF(x, plotArea.top()), QPointF(x, plotArea.bottom()));
        drawMarker(painter, *selected, false);
        const QString text = selected->late
                                 ? tr("%1: deadline %2, late by %3")
                                       .arg(m_names.value(selected->job), seconds(selected->due),
                                            seconds(selected->end - selected->due))
                                 : tr("%1: deadline %2, on time")
                                       .arg(m_names.value(selected->job), seconds(selected->due));
        const QFontMetricsF metrics(painter->font());
        const double width = metrics.horizontalAdvance(text) + 8;
        // Beside the line, inside the plot area, on whichever side has room.
        const bool right = x + width + 4 < plotArea.right();
        const QRectF box(right ? x + 4 : x - 4 - width, plotArea.top() + 4, width,
                         metrics.height() + 2);
        painter->setPen(Qt::NoPen);
        painter->setBrush(QColor(255, 255, 255, 215));
        painter->drawRect(box);
        painter->setPen(selected->late ? JobPalette::late().darker(130) : QColor(30, 30, 30));
        painter->drawText(box, Qt::AlignCenter, text);
    }
}

void DeadlineMarkersPlottable::drawMarker(QCPPainter* painter, const DeadlineMarker& m,
                                          bool faded) const {
    const bool selected = m.job == m_selectedJob;
    const double size = selected ? kSelected : m.late ? kLate : kMarker;
    // A late job's triangle is red, larger and outlined in black, so that it differs from a job
    // whose own colour is red.
    QColor fill = m.late ? JobPalette::late() : m_colours.base(m.job);
    QColor edge = m.late ? QColor(20, 20, 20) : fill.darker(170);
    if (faded) {
        fill = JobPalette::faded(fill);
        edge = JobPalette::faded(edge);
    }
    painter->setBrush(fill);
    painter->setPen(QPen(edge, m.late || selected ? 1.2 : 1.0));
    painter->drawPolygon(triangle(m, size));
}

void DeadlineMarkersPlottable::drawLegendIcon(QCPPainter* painter, const QRectF& rect) const {
    painter->setBrush(JobPalette::late());
    painter->setPen(Qt::NoPen);
    painter->drawPolygon(
        QPolygonF({rect.topLeft(), rect.topRight(), QPointF(rect.center().x(), rect.bottom())}));
}

}  // namespace mr::ui
