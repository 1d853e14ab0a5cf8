#include "charts/GanttAxes.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace mr::ui {

namespace {

// The smallest of 1, 2, 5, 10, 20, 50, ... that is at least `value`.
double niceStepAtLeast(double value) {
    if (!(value > 1.0)) {
        return 1.0;
    }
    const double magnitude = std::pow(10.0, std::floor(std::log10(value)));
    for (double m : {1.0, 2.0, 5.0, 10.0}) {
        if (m * magnitude >= value) {
            return m * magnitude;
        }
    }
    return 10.0 * magnitude;
}

}  // namespace

void SlotAxisTicker::setSlots(int mapSlots, int reduceSlots) {
    m_mapSlots = mapSlots;
    m_reduceSlots = reduceSlots;
}

QVector<double> SlotAxisTicker::ticks(int mapSlots, int reduceSlots, const QCPRange& range,
                                      double pixelsPerRow, double minSpacing) {
    QVector<double> map;
    QVector<double> reduce;
    if (!(pixelsPerRow > 0.0) || !std::isfinite(pixelsPerRow)) {
        return map;
    }
    const double step = niceStepAtLeast(minSpacing / pixelsPerRow);
    const auto addLane = [&](QVector<double>& out, int base, int count) {
        const double from = std::max(0.0, std::ceil((range.lower - base) / step) * step);
        for (double s = from; s < count && base + s <= range.upper; s += step) {
            out.push_back(base + s);
        }
    };
    addLane(map, 0, mapSlots);
    addLane(reduce, mapSlots + 1, reduceSlots);
    // The first reduce label keeps its place; map labels too close above it give way.
    while (!reduce.isEmpty() && !map.isEmpty() &&
           (reduce.front() - map.back()) * pixelsPerRow < minSpacing) {
        map.pop_back();
    }
    return map + reduce;
}

QString SlotAxisTicker::label(int mapSlots, double row) {
    const int r = static_cast<int>(std::lround(row));
    return r < mapSlots ? QStringLiteral("M%1").arg(r)
                        : QStringLiteral("R%1").arg(r - mapSlots - 1);
}

QVector<double> SlotAxisTicker::createTickVector(double, const QCPRange& range) {
    const double height = m_axis && m_axis->axisRect() ? m_axis->axisRect()->height() : 0.0;
    return ticks(m_mapSlots, m_reduceSlots, range, height / range.size(), m_minSpacing);
}

QString SlotAxisTicker::getTickLabel(double tick, const QLocale&, QChar, int) {
    return label(m_mapSlots, tick);
}

QString TimeAxisTicker::format(double seconds, double step) {
    const int decimals =
        step >= 1.0 ? 0 : std::min(9, static_cast<int>(std::ceil(-std::log10(step) - 1e-9)));
    QString text = QString::number(seconds, 'f', decimals);
    if (text.startsWith(QLatin1Char('-')) && text.toDouble() == 0.0) {
        text.remove(0, 1);  // "-0"
    }
    return text;
}

namespace {

// 1, 2 or 5 times a power of ten, the smallest not below `raw`.
double niceStep(double raw) {
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 5.0}) {
        if (m * magnitude >= raw) {
            return m * magnitude;
        }
    }
    return 10.0 * magnitude;
}

constexpr double kHour = 3600.0;

}  // namespace

double TimeAxisTicker::step(double seconds, double count, bool* hours) {
    const double raw = seconds / std::max(count, 1.0);
    *hours = raw >= kHour / 2.0;
    if (!*hours) {
        return niceStep(raw);
    }
    for (double h : {1.0, 2.0, 3.0, 6.0, 12.0, 24.0}) {
        if (h * kHour >= raw) {
            return h * kHour;
        }
    }
    return 24.0 * kHour * niceStep(raw / (24.0 * kHour));  // whole days
}

double TimeAxisTicker::getTickStep(const QCPRange& range) {
    const double width = m_axis && m_axis->axisRect() ? m_axis->axisRect()->width() : 600.0;
    m_step = step(range.size(), std::max(3.0, width / m_spacing), &m_hours);
    return m_step;
}

QString TimeAxisTicker::getTickLabel(double tick, const QLocale&, QChar, int) {
    return m_hours ? format(tick / kHour, m_step / kHour) : format(tick, m_step);
}

std::vector<QRectF> stackLabels(const std::vector<QRectF>& wanted, double top, double bottom,
                                double gap) {
    std::vector<std::size_t> order(wanted.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&wanted](std::size_t a, std::size_t b) {
        return wanted[a].top() < wanted[b].top();
    });
    std::vector<QRectF> placed = wanted;
    // Down: each below the previous one.
    double next = top;
    for (std::size_t i : order) {
        placed[i].moveTop(std::max(wanted[i].top(), next));
        next = placed[i].bottom() + gap;
    }
    // Up: the stack above `bottom`.
    double limit = bottom;
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
        QRectF& r = placed[*it];
        if (r.bottom() > limit) {
            r.moveBottom(limit);
        }
        limit = r.top() - gap;
    }
    // Whatever now pokes out at the top does not fit: hidden, and the stack below it keeps its
    // places (they are all within bounds and apart).
    for (std::size_t i : order) {
        if (placed[i].top() < top) {
            placed[i] = QRectF();
        }
    }
    return placed;
}

double avoidSpans(double wanted, double width, double from, double to,
                  const std::vector<Span>& blocked, double gap) {
    // The blocked spans widened by the gap, sorted and merged where they overlap: a chart can
    // block a place per deadline (a week's 171 000), and few free places are left between them.
    std::vector<Span> spans;
    spans.reserve(blocked.size());
    for (const Span& b : blocked) {
        spans.emplace_back(b.first - gap, b.second + gap);
    }
    std::sort(spans.begin(), spans.end());
    std::vector<Span> merged;
    for (const Span& s : spans) {
        if (!merged.empty() && s.first < merged.back().second) {
            merged.back().second = std::max(merged.back().second, s.second);
        } else {
            merged.push_back(s);
        }
    }
    const auto fits = [&](double left) {
        if (left < from - 1e-9 || left + width > to + 1e-9) {
            return false;
        }
        // The first merged span ending after `left` is the only one that could cover it.
        const auto next = std::upper_bound(merged.begin(), merged.end(), left,
                                           [](double x, const Span& s) { return x < s.second; });
        return next == merged.end() || !(left + width > next->first);
    };
    // The candidates: where it wants to be, or just beside a blocked span; the nearest that
    // fits, the leftmost of equally near ones.
    double best = std::clamp(wanted, from, std::max(from, to - width));
    double bestMove = std::numeric_limits<double>::infinity();
    const auto consider = [&](double c) {
        const double move = std::abs(c - wanted);
        if ((move < bestMove || (move == bestMove && c < best)) && fits(c)) {
            best = c;
            bestMove = move;
        }
    };
    consider(wanted);
    for (const Span& s : merged) {
        consider(s.first - width);
        consider(s.second);
    }
    return best;
}

}  // namespace mr::ui
