#include "charts/TaskBarsPlottable.h"

#include <algorithm>
#include <cmath>

#include "document/JobPalette.h"

namespace mr::ui {

namespace {

constexpr double kHalfBar = 0.42;  // a bar fills 84 % of its row
constexpr int kMaxLabels = 4000;   // labels per frame (only when zoomed in that far)

QRgb darker(QRgb c) {
    return qRgb(qRed(c) * 3 / 4, qGreen(c) * 3 / 4, qBlue(c) * 3 / 4);
}

}  // namespace

TaskBarsPlottable::TaskBarsPlottable(QCPAxis* keyAxis, QCPAxis* valueAxis)
    : QCPAbstractPlottable(keyAxis, valueAxis) {
    setSelectable(QCP::stNone);
    setAntialiasedFill(false);
}

void TaskBarsPlottable::setRows(std::vector<std::vector<TaskBar>> rows, QStringList names,
                                const JobColours& colours) {
    m_rows = std::move(rows);
    m_names = std::move(names);
    const int jobs = static_cast<int>(m_names.size());
    m_map.resize(static_cast<std::size_t>(jobs));
    m_reduce.resize(m_map.size());
    m_mapFaded.resize(m_map.size());
    m_reduceFaded.resize(m_map.size());
    for (int j = 0; j < jobs; ++j) {
        const auto u = static_cast<std::size_t>(j);
        m_map[u] = colours.mapShade(j).rgb();
        m_reduce[u] = colours.reduceShade(j).rgb();
        m_mapFaded[u] = JobPalette::faded(colours.mapShade(j)).rgb();
        m_reduceFaded[u] = JobPalette::faded(colours.reduceShade(j)).rgb();
    }
    m_maxEnd = 0.0;
    for (const auto& row : m_rows) {
        if (!row.empty()) {
            m_maxEnd = std::max(m_maxEnd, row.back().end);
        }
    }
}

void TaskBarsPlottable::setSelectedJob(int job) {
    m_selectedJob = job;
}

QRgb TaskBarsPlottable::colourOf(const TaskBar& bar) const {
    const auto j = static_cast<std::size_t>(bar.job);
    const bool faded = m_selectedJob >= 0 && bar.job != m_selectedJob;
    if (bar.kind == TaskKind::Map) {
        return faded ? m_mapFaded[j] : m_map[j];
    }
    return faded ? m_reduceFaded[j] : m_reduce[j];
}

const TaskBar* TaskBarsPlottable::barAt(const QPointF& pixel) const {
    double key = 0.0;
    double value = 0.0;
    pixelsToCoords(pixel, key, value);
    const int row = static_cast<int>(std::lround(value));
    if (row < 0 || row >= rowCount() || std::fabs(value - row) > kHalfBar) {
        return nullptr;
    }
    const auto& bars = m_rows[static_cast<std::size_t>(row)];
    // Bars in a row do not overlap: the first one ending after `key` is the candidate.
    const auto it = std::lower_bound(bars.begin(), bars.end(), key,
                                     [](const TaskBar& b, double k) { return b.end < k; });
    if (it == bars.end() || it->start > key) {
        return nullptr;
    }
    return &*it;
}

double TaskBarsPlottable::selectTest(const QPointF& pos, bool onlySelectable,
                                     QVariant* details) const {
    if (onlySelectable && mSelectable == QCP::stNone) {
        return -1;
    }
    const TaskBar* bar = barAt(pos);
    if (bar && details) {
        details->setValue(bar->job);
    }
    return bar ? 0.0 : -1.0;
}

QCPRange TaskBarsPlottable::getKeyRange(bool& foundRange, QCP::SignDomain) const {
    foundRange = !m_rows.empty();
    return QCPRange(0.0, std::max(m_maxEnd, 1e-9));
}

QCPRange TaskBarsPlottable::getValueRange(bool& foundRange, QCP::SignDomain,
                                          const QCPRange&) const {
    foundRange = !m_rows.empty();
    return QCPRange(-0.5, static_cast<double>(m_rows.size()) - 0.5);
}

void TaskBarsPlottable::draw(QCPPainter* painter) {
    if (m_rows.empty() || !mKeyAxis || !mValueAxis) {
        return;
    }
    const QRect clip = clipRect();
    const int width = clip.width();
    if (width <= 0) {
        return;
    }
    m_buffer.assign(static_cast<std::size_t>(width), 0);
    m_lateBuffer.assign(static_cast<std::size_t>(width), 0);
    const bool anyLate = std::find(m_late.begin(), m_late.end(), true) != m_late.end();
    const QCPRange keys = mKeyAxis->range();
    const QCPRange values = mValueAxis->range();
    const int firstRow = std::max(0, static_cast<int>(std::floor(values.lower)));
    const int lastRow = std::min(rowCount() - 1, static_cast<int>(std::ceil(values.upper)));
    painter->setPen(Qt::NoPen);
    painter->setRenderHint(QPainter::Antialiasing, false);

    struct Label {
        QRectF rect;
        int job;
        QRgb colour;
    };
    std::vector<Label> labels;
    std::vector<QRectF> killed;
    std::vector<QRectF> selected;
    std::vector<QRectF> lateRuns;
    const QFontMetrics metrics(painter->font());

    for (int row = firstRow; row <= lastRow; ++row) {
        const double ya = mValueAxis->coordToPixel(row - kHalfBar);
        const double yb = mValueAxis->coordToPixel(row + kHalfBar);
        const double top = std::min(ya, yb);
        const double height = std::max(1.0, std::fabs(yb - ya));
        const auto& bars = m_rows[static_cast<std::size_t>(row)];
        auto it = std::lower_bound(bars.begin(), bars.end(), keys.lower,
                                   [](const TaskBar& b, double k) { return b.end < k; });
        int touchedFrom = width;
        int touchedTo = 0;
        for (; it != bars.end() && it->start <= keys.upper; ++it) {
            const double x0 = mKeyAxis->coordToPixel(it->start) - clip.left();
            const double x1 = mKeyAxis->coordToPixel(it->end) - clip.left();
            int ix0 = static_cast<int>(std::floor(x0));
            int ix1 = std::max(ix0 + 1, static_cast<int>(std::lround(x1)));
            ix0 = std::clamp(ix0, 0, width);
            ix1 = std::clamp(ix1, 0, width);
            if (ix0 >= ix1) {
                continue;
            }
            const QRgb colour = colourOf(*it);
            std::fill(m_buffer.begin() + ix0, m_buffer.begin() + ix1, colour);
            if (ix1 - ix0 >= 4) {
                m_buffer[static_cast<std::size_t>(ix1 - 1)] = darker(colour);  // task border
            }
            // While a job is selected only its own bars keep the late frame (the rest fade).
            if (anyLate && isLate(it->job) && (m_selectedJob < 0 || it->job == m_selectedJob)) {
                std::fill(m_lateBuffer.begin() + ix0, m_lateBuffer.begin() + ix1, 1);
            }
            touchedFrom = std::min(touchedFrom, ix0);
            touchedTo = std::max(touchedTo, ix1);
            const QRectF rect(clip.left() + x0, top, x1 - x0, height);
            if (it->killed) {
                killed.push_back(rect);
            }
            if (it->job == m_selectedJob && m_selectedJob >= 0) {
                selected.push_back(rect);
            }
            if (m_labels && x1 - x0 > 24 && labels.size() < kMaxLabels) {
                labels.push_back({rect, it->job, colour});
            }
        }
        // Runs of equal colour become one rectangle each.
        int x = touchedFrom;
        while (x < touchedTo) {
            const QRgb colour = m_buffer[static_cast<std::size_t>(x)];
            int end = x + 1;
            while (end < touchedTo && m_buffer[static_cast<std::size_t>(end)] == colour) {
                ++end;
            }
            if (colour != 0) {
                painter->fillRect(QRectF(clip.left() + x, top, end - x, height),
                                  QColor::fromRgb(colour));
            }
            x = end;
        }
        std::fill(m_buffer.begin() + touchedFrom,
                  m_buffer.begin() + std::max(touchedFrom, touchedTo), 0);
        // Runs of late pixels become one outline each (bounded by pixels, like the fill).
        for (x = touchedFrom; anyLate && x < touchedTo;) {
            if (m_lateBuffer[static_cast<std::size_t>(x)] == 0) {
                ++x;
                continue;
            }
            int end = x + 1;
            while (end < touchedTo && m_lateBuffer[static_cast<std::size_t>(end)] != 0) {
                ++end;
            }
            lateRuns.emplace_back(clip.left() + x, top, end - x, height);
            x = end;
        }
        if (anyLate) {
            std::fill(m_lateBuffer.begin() + touchedFrom,
                      m_lateBuffer.begin() + std::max(touchedFrom, touchedTo), 0);
        }
    }

    if (!killed.empty()) {
        painter->setBrush(QBrush(QColor(40, 40, 40), Qt::BDiagPattern));
        for (const QRectF& r : killed) {
            painter->drawRect(r);
        }
    }
    if (!lateRuns.empty()) {
        // A red frame; a white line inside it where there is room, so that it shows on red bars.
        painter->setBrush(Qt::NoBrush);
        const QPen red(JobPalette::late(), 2.0);
        const QPen white(QColor(255, 255, 255, 220), 1.0);
        for (const QRectF& r : lateRuns) {
            if (r.width() < 4.0 || r.height() < 4.0) {
                // Too small for a frame: a red underline keeps the job's colour readable when
                // hundreds of bars are on screen.
                if (r.height() >= 2.5) {
                    painter->fillRect(QRectF(r.left(), r.bottom() - 1.0, r.width(), 1.0),
                                      JobPalette::late());
                }
                continue;
            }
            painter->setPen(red);
            painter->drawRect(r.adjusted(1.0, 1.0, -1.0, -1.0));
            if (r.width() >= 8.0 && r.height() >= 8.0) {
                painter->setPen(white);
                painter->drawRect(r.adjusted(2.5, 2.5, -2.5, -2.5));
            }
        }
        painter->setPen(Qt::NoPen);
    }
    if (!selected.empty()) {
        painter->setBrush(Qt::NoBrush);
        painter->setPen(QPen(QColor(20, 20, 20), 1.5));
        for (const QRectF& r : selected) {
            painter->drawRect(r.adjusted(0.5, 0.5, -0.5, -0.5));
        }
        painter->setPen(Qt::NoPen);
    }
    // A wave of one job fills several neighbouring rows with the same bar: merge such bars
    // vertically, so thin rows still get a name on the block they form together.
    std::sort(labels.begin(), labels.end(), [](const Label& a, const Label& b) {
        if (a.job != b.job) {
            return a.job < b.job;
        }
        if (a.rect.left() != b.rect.left()) {
            return a.rect.left() < b.rect.left();
        }
        if (a.rect.right() != b.rect.right()) {
            return a.rect.right() < b.rect.right();
        }
        return a.rect.top() < b.rect.top();
    });
    std::vector<Label> blocks;
    for (const Label& l : labels) {
        Label* last = blocks.empty() ? nullptr : &blocks.back();
        if (last && last->job == l.job && last->rect.left() == l.rect.left() &&
            last->rect.right() == l.rect.right() &&
            l.rect.top() - last->rect.bottom() < 0.5 * l.rect.height()) {
            last->rect.setBottom(l.rect.bottom());
        } else {
            blocks.push_back(l);
        }
    }
    for (const Label& l : blocks) {
        const QString& name = m_names[l.job];
        if (metrics.horizontalAdvance(name) + 6 > l.rect.width() ||
            metrics.height() > l.rect.height() + 2) {
            continue;
        }
        painter->setPen(JobPalette::textOn(QColor::fromRgb(l.colour)));
        painter->drawText(l.rect, Qt::AlignCenter, name);
    }
}

void TaskBarsPlottable::drawLegendIcon(QCPPainter* painter, const QRectF& rect) const {
    painter->fillRect(
        rect.adjusted(0, rect.height() * 0.2, -rect.width() / 2, -rect.height() * 0.2),
        JobPalette::mapShade(0));
    painter->fillRect(rect.adjusted(rect.width() / 2, rect.height() * 0.2, 0, -rect.height() * 0.2),
                      JobPalette::reduceShade(0));
}

}  // namespace mr::ui
