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

// A count of deadlines outside the view at one end of the strip, on a light box: where the
// deadlines crowd, the triangles under it would make it unreadable.
void drawCount(QCPPainter* painter, const QRectF& strip, Qt::Alignment side, const QString& text) {
    const QRectF box =
        painter->boundingRect(strip, side | Qt::AlignVCenter, text).adjusted(-2, 0, 2, 0);
    painter->setPen(Qt::NoPen);
    painter->setBrush(QColor(255, 255, 255, 215));
    painter->drawRect(box);
    painter->setPen(QColor(90, 90, 90));
    painter->drawText(strip, side | Qt::AlignVCenter, text);
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
    const int count = static_cast<int>(m_markers.size());
    m_lastLate.assign(m_markers.size(), -1);
    m_lastOnTime.assign(m_markers.size(), -1);
    m_markerOfJob.clear();
    int late = -1;
    int onTime = -1;
    for (int i = 0; i < count; ++i) {
        (m_markers[i].late ? late : onTime) = i;
        m_lastLate[i] = late;
        m_lastOnTime[i] = onTime;
        const int job = std::max(0, m_markers[i].job);
        if (job >= static_cast<int>(m_markerOfJob.size())) {
            m_markerOfJob.resize(job + 1, -1);
        }
        m_markerOfJob[job] = i;
    }
}

std::pair<int, int> DeadlineMarkersPlottable::visibleRange() const {
    if (!mKeyAxis) {
        return {0, 0};
    }
    const QCPRange keys = mKeyAxis->range();
    const double lower = std::min(keys.lower, keys.upper);
    const double upper = std::max(keys.lower, keys.upper);
    const auto first =
        std::lower_bound(m_markers.begin(), m_markers.end(), lower,
                         [](const DeadlineMarker& m, double t) { return m.due < t; });
    const auto last = std::upper_bound(first, m_markers.end(), upper,
                                       [](double t, const DeadlineMarker& m) { return t < m.due; });
    return {static_cast<int>(first - m_markers.begin()),
            static_cast<int>(last - m_markers.begin())};
}

template <class Each>
void DeadlineMarkersPlottable::forEachColumn(Each each) const {
    const auto [first, last] = visibleRange();
    if (first >= last) {
        return;
    }
    const QCPRange keys = mKeyAxis->range();
    const double lower = std::min(keys.lower, keys.upper);
    const int columns = std::max(1, mKeyAxis->axisRect()->width());
    const double step = std::abs(keys.upper - keys.lower) / columns;
    const auto end = m_markers.begin() + last;
    for (int begin = first; begin < last;) {
        const double column = step > 0.0 ? std::floor((m_markers[begin].due - lower) / step) : 0.0;
        const double edge = lower + (column + 1.0) * step;
        const auto next =
            step > 0.0
                ? std::lower_bound(m_markers.begin() + begin + 1, end, edge,
                                   [](const DeadlineMarker& m, double t) { return m.due < t; })
                : end;
        const int stop = static_cast<int>(next - m_markers.begin());
        each(begin, stop);
        begin = stop;
    }
}

int DeadlineMarkersPlottable::lastOfKind(int index, bool late) const {
    const std::vector<int>& last = late ? m_lastLate : m_lastOnTime;
    int i = index >= 0 ? last[index] : -1;
    if (i >= 0 && m_markers[i].job == m_selectedJob) {
        i = i > 0 ? last[i - 1] : -1;  // a job has one deadline: the one before is another's
    }
    return i;
}

std::vector<int> DeadlineMarkersPlottable::drawnMarkers() const {
    std::vector<int> drawn;
    forEachColumn([&](int begin, int end) {
        const int late = lastOfKind(end - 1, true);
        const int onTime = lastOfKind(end - 1, false);
        for (int i : {std::min(late, onTime), std::max(late, onTime)}) {
            if (i >= begin) {
                drawn.push_back(i);
            }
        }
    });
    return drawn;
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
    // Only the deadlines within reach of the pixel: a binary search for them.
    const double a = mKeyAxis->pixelToCoord(pixel.x() - kHit - 1.0);
    const double b = mKeyAxis->pixelToCoord(pixel.x() + kHit + 1.0);
    const auto from = std::lower_bound(m_markers.begin(), m_markers.end(), std::min(a, b),
                                       [](const DeadlineMarker& m, double t) { return m.due < t; });
    const auto to = std::upper_bound(from, m_markers.end(), std::max(a, b),
                                     [](double t, const DeadlineMarker& m) { return t < m.due; });
    const DeadlineMarker* best = nullptr;
    double bestDistance = kHit + 1.0;
    for (auto m = from; m != to; ++m) {
        const double distance = std::fabs(mKeyAxis->coordToPixel(m->due) - pixel.x());
        if (distance < bestDistance) {
            bestDistance = distance;
            best = &*m;
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
    const auto later = static_cast<int>(m_markers.size()) - visibleRange().second;
    return later > 0 ? QStringLiteral("+%1 ▸").arg(later) : QString();
}

std::vector<std::pair<double, double>> DeadlineMarkersPlottable::markerSpans() const {
    // One span per pixel column with deadlines, from its first triangle to its last: the same
    // pixels as one span per triangle, in as many spans as the view has columns.
    std::vector<std::pair<double, double>> spans;
    const double half = kSelected * 0.6;  // the largest a triangle gets (selected)
    forEachColumn([&](int begin, int end) {
        const double a = mKeyAxis->coordToPixel(m_markers[begin].due);
        const double b = mKeyAxis->coordToPixel(m_markers[end - 1].due);
        spans.emplace_back(std::min(a, b) - half, std::max(a, b) + half);
    });
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
    painter->setRenderHint(QPainter::Antialiasing, true);

    const auto [first, last] = visibleRange();
    const int earlier = first;
    const int later = static_cast<int>(m_markers.size()) - last;
    for (int i : drawnMarkers()) {
        drawMarker(painter, m_markers[i], m_selectedJob >= 0);
    }
    const int selectedIndex =
        m_selectedJob >= 0 && m_selectedJob < static_cast<int>(m_markerOfJob.size())
            ? m_markerOfJob[m_selectedJob]
            : -1;
    // Drawn last, on top.
    const DeadlineMarker* selected =
        selectedIndex >= first && selectedIndex < last ? &m_markers[selectedIndex] : nullptr;

    // Deadlines outside the view are counted at its edges, compactly (the makespan label
    // shares the strip).
    painter->setFont(QFont(painter->font().family(), kStripFontSize));
    const QRectF strip(plotArea.left() + 2, plotArea.top() - kSelected - 3, plotArea.width() - 4,
                       kSelected + 2);
    if (later > 0) {
        drawCount(painter, strip, Qt::AlignRight, laterText());
    }
    if (earlier > 0) {
        drawCount(painter, strip, Qt::AlignLeft, QStringLiteral("◂ +%1").arg(earlier));
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
