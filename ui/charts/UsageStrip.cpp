#include "charts/UsageStrip.h"

#include <qcustomplot.h>
#include <QFontMetricsF>
#include <QLocale>
#include <cmath>

#include "charts/ChartLayout.h"
#include "charts/TimeText.h"

namespace mr::ui {

namespace {

const QColor kMapBusy(66, 133, 244, 110);
// Hatched with thin vertical lines (drawn, not a pattern brush: PDF and SVG exports keep them),
// so the map share stays visible under it.
const QColor kReduceBusy(230, 130, 0);
constexpr int kHatchStep = 6;  // pixels between the hatch's lines
const QColor kMapWaiting(20, 50, 140);
const QColor kReduceWaiting(180, 60, 0);

// A task count as a mean over a pixel: whole above ten, one decimal below.
QString countText(double value) {
    return value >= 10.0 ? QLocale().toString(std::llround(value))
                         : QLocale().toString(value, 'f', 1);
}

// The right axis' top for a largest waiting count: 1, 2 or 5 times a power of ten above it.
double niceUpper(double value) {
    if (!(value > 0.0)) {
        return 1.0;
    }
    const double power = std::pow(10.0, std::floor(std::log10(value)));
    for (double f : {1.0, 2.0, 5.0, 10.0}) {
        if (f * power >= value * 1.05) {
            return f * power;
        }
    }
    return 10.0 * power;
}

// Task counts on the right axis, short: 250k, 1.5M.
class CountTicker : public QCPAxisTicker {
protected:
    QString getTickLabel(double tick, const QLocale& locale, QChar, int) override {
        const double magnitude = std::abs(tick);
        if (magnitude >= 1e6) {
            return locale.toString(tick / 1e6, 'g', 3) + QStringLiteral("M");
        }
        if (magnitude >= 1e3) {
            return locale.toString(tick / 1e3, 'g', 3) + QStringLiteral("k");
        }
        return locale.toString(tick, 'g', 3);
    }
};

// Draws the strip's samples: an item (not a plottable), so the chart layout's rule for plot
// areas (ChartLayout.h) keeps the strip at its own small height.
class UsageItem : public QCPAbstractItem {
public:
    UsageItem(QCustomPlot* plot, UsageStrip* strip) : QCPAbstractItem(plot), m_strip(strip) {
        // The key stands in the strip's top margin: the series clip themselves to the area.
        setClipToAxisRect(false);
        setSelectable(false);
        setLayer(QStringLiteral("main"));
    }
    double selectTest(const QPointF&, bool, QVariant*) const override { return -1.0; }

protected:
    void draw(QCPPainter* painter) override;

private:
    // A step line of one value per pixel column, for `value` in the axis' coordinates.
    template <class Value>
    QPolygonF steps(const QCPAxis* axis, Value&& value) const;
    void drawBusy(QCPPainter* painter);
    void drawWaiting(QCPPainter* painter);
    void drawKey(QCPPainter* painter);

    UsageStrip* m_strip;
};

template <class Value>
QPolygonF UsageItem::steps(const QCPAxis* axis, Value&& value) const {
    const QRect area = m_strip->axisRect()->rect();
    const auto& samples = m_strip->samples();
    QPolygonF line;
    line.reserve(static_cast<int>(samples.size()) * 2);
    double previous = std::nan("");
    for (std::size_t i = 0; i < samples.size(); ++i) {
        const double y = axis->coordToPixel(value(samples[i]));
        const double x = area.left() + static_cast<double>(i);
        if (y != previous) {
            if (!line.isEmpty()) {
                line << QPointF(x, previous);
            }
            line << QPointF(x, y);
            previous = y;
        }
    }
    line << QPointF(area.left() + static_cast<double>(samples.size()), previous);
    return line;
}

void UsageItem::draw(QCPPainter* painter) {
    // Laid out anew since the replot began (a resize, an export): the samples for this layout.
    if (!m_strip->samplesCurrent()) {
        m_strip->resample(false);
    }
    if (m_strip->samples().empty() || m_strip->series() == nullptr) {
        return;
    }
    painter->save();
    painter->setClipRect(m_strip->axisRect()->rect().adjusted(0, -1, 0, 1));
    drawBusy(painter);
    drawWaiting(painter);
    painter->restore();
    drawKey(painter);
}

void UsageItem::drawBusy(QCPPainter* painter) {
    const QCPAxis* left = m_strip->axisRect()->axis(QCPAxis::atLeft);
    const UsageSeries& s = *m_strip->series();
    const double zero = left->coordToPixel(0.0);
    const double mapSlots = std::max(1, s.mapSlots());
    const double reduceSlots = std::max(1, s.reduceSlots());
    const QPolygonF map =
        steps(left, [&](const UsageSample& u) { return 100.0 * u.mapRunning / mapSlots; });
    const QPolygonF reduce =
        steps(left, [&](const UsageSample& u) { return 100.0 * u.reduceRunning / reduceSlots; });
    const auto area = [zero](QPolygonF line) {  // the filled region under a step line
        line.prepend(QPointF(line.first().x(), zero));
        line.append(QPointF(line.last().x(), zero));
        return line;
    };
    painter->setPen(Qt::NoPen);
    painter->setBrush(kMapBusy);
    painter->drawPolygon(area(map));
    painter->setBrush(Qt::NoBrush);
    painter->setPen(QPen(kReduceBusy, 1.0));
    const auto& samples = m_strip->samples();
    const double x0 = m_strip->axisRect()->rect().left();
    QVector<QLineF> hatch;
    for (std::size_t i = 0; i < samples.size(); i += kHatchStep) {
        const double y = left->coordToPixel(100.0 * samples[i].reduceRunning / reduceSlots);
        if (y < zero - 0.5) {
            const double x = x0 + static_cast<double>(i) + 0.5;
            hatch.append(QLineF(x, zero, x, y));
        }
    }
    painter->drawLines(hatch);
    painter->drawPolyline(reduce);
}

void UsageItem::drawWaiting(QCPPainter* painter) {
    const QCPAxis* right = m_strip->axisRect()->axis(QCPAxis::atRight);
    painter->setBrush(Qt::NoBrush);
    painter->setPen(QPen(kMapWaiting, 1.5));
    painter->drawPolyline(steps(right, [](const UsageSample& u) { return u.mapWaiting; }));
    painter->setPen(QPen(kReduceWaiting, 1.5));
    painter->drawPolyline(steps(right, [](const UsageSample& u) { return u.reduceWaiting; }));
}

// What each mark means, at the strip's top left.
void UsageItem::drawKey(QCPPainter* painter) {
    QFont font = mParentPlot->font();
    font.setPointSizeF(8.0);
    painter->setFont(font);
    const QFontMetricsF metrics(font);
    const QRect area = m_strip->axisRect()->rect();
    const double h = metrics.height();
    struct Key {
        QString text;
        QString shortText;
        QColor colour;
        bool filled;
        bool hatched;
    };
    Key keys[] = {
        {UsageStrip::tr("map slots busy"), UsageStrip::tr("map"), kMapBusy, true, false},
        {UsageStrip::tr("reduce slots busy"), UsageStrip::tr("reduce"), kReduceBusy, true, true},
        {UsageStrip::tr("map tasks waiting"), UsageStrip::tr("map waiting"), kMapWaiting, false,
         false},
        {UsageStrip::tr("reduce tasks waiting"), UsageStrip::tr("reduce waiting"), kReduceWaiting,
         false, false}};
    // The long wording when it fits the strip's width.
    double width = 0.0;
    for (const Key& k : keys) {
        width += h + 3.0 + metrics.horizontalAdvance(k.text) + 8.0;
    }
    if (width > area.width()) {
        for (Key& k : keys) {
            k.text = k.shortText;
        }
    }
    double x = area.left();
    const double y = area.top() - h - 2.0;
    for (const auto& k : keys) {
        const QRectF mark(x, y + 1.0 + h * 0.2, h, h * 0.6);
        painter->setPen(k.filled ? QPen(k.colour, 1.0) : QPen(k.colour, 2.0));
        painter->setBrush(k.filled && !k.hatched ? QBrush(k.colour) : QBrush(Qt::NoBrush));
        if (k.filled) {
            painter->drawRect(mark);
            for (double hx = mark.left() + 2.5; k.hatched && hx < mark.right(); hx += 3.0) {
                painter->drawLine(QPointF(hx, mark.top()), QPointF(hx, mark.bottom()));
            }
        } else {
            painter->drawLine(QPointF(mark.left(), mark.center().y()),
                              QPointF(mark.right(), mark.center().y()));
        }
        x += h + 3.0;
        painter->setPen(QColor(60, 60, 60));
        painter->drawText(QPointF(x, y + 1.0 + metrics.ascent()), k.text);
        x += metrics.horizontalAdvance(k.text) + 8.0;
    }
}

}  // namespace

UsageStrip::UsageStrip(QCustomPlot* plot, QCPAxisRect* timeline)
    : QObject(plot), m_plot(plot), m_timeline(timeline), m_rect(new QCPAxisRect(plot)) {
    m_rect->setMinimumSize(0, kHeight);
    // Room above the plot area for the key (drawn by UsageItem).
    QFont key = plot->font();
    key.setPointSizeF(8.0);
    m_rect->setMinimumMargins(QMargins(0, static_cast<int>(QFontMetricsF(key).height()) + 4, 0, 0));
    m_rect->setMaximumSize(QWIDGETSIZE_MAX, kHeight);
    auto* margins = new QCPMarginGroup(plot);
    m_timeline->setMarginGroup(QCP::msLeft | QCP::msRight, margins);
    m_rect->setMarginGroup(QCP::msLeft | QCP::msRight, margins);

    QCPAxis* time = timeAxis();
    QCPAxis* source = m_timeline->axis(QCPAxis::atBottom);
    time->setTicker(source->ticker());
    time->setTickLabels(false);
    time->grid()->setPen(source->grid()->pen());
    time->setRange(source->range());
    connect(source, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), time,
            qOverload<const QCPRange&>(&QCPAxis::setRange));
    // The waiting axis fits the view as soon as the view moves: before any layout, also an
    // export's (which draws without a replot).
    connect(time, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, [this] { resample(); });

    // Small type: the strip is low, and its key says what the marks mean.
    QFont small = plot->font();
    small.setPointSizeF(7.5);
    QCPAxis* busy = m_rect->axis(QCPAxis::atLeft);
    busy->setRange(0.0, 100.0);
    busy->setLabel(tr("busy %"));
    auto fixed = QSharedPointer<QCPAxisTickerFixed>::create();
    fixed->setTickStep(50.0);
    fixed->setScaleStrategy(QCPAxisTickerFixed::ssNone);
    busy->setTicker(fixed);
    busy->setSubTicks(false);
    busy->grid()->setPen(QPen(QColor(225, 225, 225), 1, Qt::DotLine));
    QCPAxis* waiting = m_rect->axis(QCPAxis::atRight);
    waiting->setVisible(true);
    waiting->setLabel(tr("waiting"));
    waiting->setSubTicks(false);
    auto counts = QSharedPointer<CountTicker>::create();
    counts->setTickCount(2);
    waiting->setTicker(counts);
    for (QCPAxis* axis : {busy, waiting}) {
        axis->setTickLabelFont(small);
        axis->setLabelFont(small);
        axis->setLabelPadding(2);
        axis->setTickLabelPadding(2);
    }
    m_rect->axis(QCPAxis::atTop)->setVisible(false);

    // A drag or the wheel over the strip moves the timeline's time axis (this one follows it).
    m_rect->setRangeDrag(Qt::Horizontal);
    m_rect->setRangeZoom(Qt::Horizontal);
    m_rect->setRangeDragAxes(source, nullptr);
    m_rect->setRangeZoomAxes(source, nullptr);

    new UsageItem(plot, this);
    connect(plot, &QCustomPlot::beforeReplot, this, &UsageStrip::alignMargins);
    connect(plot, &QCustomPlot::afterLayout, this, &UsageStrip::fitHeight);
    connect(plot, &QCustomPlot::beforeReplot, this, [this] { resample(); });
    setVisible(true);
}

UsageStrip::~UsageStrip() = default;

QCPAxis* UsageStrip::timeAxis() const {
    return m_rect->axis(QCPAxis::atBottom);
}

void UsageStrip::setRun(std::shared_ptr<const ChartTimeline> timeline) {
    m_shown = std::move(timeline);
    m_samples.clear();
}

void UsageStrip::setVisible(bool visible) {
    m_wanted = visible;
    place(visible);
}

void UsageStrip::setStepsAside(bool stepsAside) {
    m_stepsAside = stepsAside;
    place(m_wanted);
}

void UsageStrip::fitHeight() {
    if (!m_wanted || !m_stepsAside || m_fitting) {
        return;
    }
    const int timeline = m_timeline->rect().height();
    const bool shown = isVisible();
    if (shown) {
        m_outerHeight = m_rect->outerRect().height();
    }
    const bool show =
        shown ? timeline >= kMinPlotHeight : timeline - m_outerHeight >= kMinPlotHeight;
    if (show == shown) {
        return;
    }
    m_fitting = true;
    place(show);
    QCPLayoutGrid* layout = m_plot->plotLayout();
    for (auto phase : {QCPLayoutElement::upPreparation, QCPLayoutElement::upMargins,
                       QCPLayoutElement::upLayout}) {
        layout->update(phase);
    }
    m_fitting = false;
}

void UsageStrip::place(bool visible) {
    QCPLayoutGrid* layout = m_plot->plotLayout();
    const bool inLayout = m_rect->layout() != nullptr;
    if (visible && !inLayout) {
        int row = 0;
        while (row < layout->rowCount() && layout->element(row, 0) != m_timeline) {
            ++row;
        }
        layout->insertRow(row + 1);
        layout->addElement(row + 1, 0, m_rect);
        layout->setRowStretchFactor(row + 1, 0.001);
    } else if (!visible && inLayout) {
        layout->take(m_rect);
        layout->simplify();
    }
    m_rect->setVisible(visible);
}

bool UsageStrip::isVisible() const {
    return m_rect->layout() != nullptr && m_rect->visible();
}

void UsageStrip::alignMargins() {
    // The timeline reserves room for its widest slot label (a minimum margin, which a margin
    // group does not share): the same room here.
    const QMargins wanted = m_timeline->minimumMargins();
    QMargins own = m_rect->minimumMargins();
    own.setLeft(wanted.left());
    own.setRight(wanted.right());
    if (own != m_rect->minimumMargins()) {
        m_rect->setMinimumMargins(own);
    }
}

void UsageStrip::resample(bool fitWaitingAxis) {
    const int width = m_rect->rect().width();
    if (!series() || !isVisible()) {
        m_samples.clear();
        return;
    }
    if (width > 0) {
        m_sampled = pixelTimes();
        series()->sample(m_sampled.first, m_sampled.second, width, m_samples);
    } else {
        m_samples.clear();
    }
    if (!fitWaitingAxis) {
        return;
    }
    // Not laid out yet (a chart exported before it was ever shown): the view in fine steps.
    std::vector<UsageSample> fine;
    if (width <= 0) {
        const QCPRange view = timeAxis()->range();
        series()->sample(view.lower, view.size() / kUnlaidSamples, kUnlaidSamples, fine);
    }
    double top = 0.0;
    for (const UsageSample& s : width > 0 ? m_samples : fine) {
        top = std::max({top, s.mapWaiting, s.reduceWaiting});
    }
    m_rect->axis(QCPAxis::atRight)->setRange(0.0, niceUpper(top));
}

std::pair<double, double> UsageStrip::pixelTimes() const {
    const QRect area = m_rect->rect();
    const QCPAxis* time = timeAxis();
    const double from = time->pixelToCoord(area.left());
    return {from, (time->pixelToCoord(area.right() + 1) - from) / std::max(area.width(), 1)};
}

bool UsageStrip::samplesCurrent() const {
    return static_cast<int>(m_samples.size()) == m_rect->rect().width() &&
           m_sampled == pixelTimes();
}

double UsageStrip::upperWaiting() const {
    return m_rect->axis(QCPAxis::atRight)->range().upper;
}

QString UsageStrip::tooltipAt(const QPointF& pixel) const {
    if (!series() || !isVisible() || !m_rect->rect().contains(pixel.toPoint())) {
        return QString();
    }
    const QCPAxis* time = timeAxis();
    const double x = std::floor(pixel.x());
    const double from = time->pixelToCoord(x);
    const double to = time->pixelToCoord(x + 1.0);
    const UsageSample s = series()->mean(from, to);
    const auto busy = [](double running, int slotCount) {
        return tr("%1 % (%2 of %3 slots)")
            .arg(slotCount > 0 ? 100.0 * running / slotCount : 0.0, 0, 'f', 1)
            .arg(countText(running))
            .arg(QLocale().toString(slotCount));
    };
    return tr("<b>%1 → %2 s</b> (means over this pixel)<br>map busy %3<br>reduce busy %4<br>"
              "waiting: %5 map, %6 reduce tasks")
        .arg(timeText(from), timeText(to), busy(s.mapRunning, series()->mapSlots()),
             busy(s.reduceRunning, series()->reduceSlots()), countText(s.mapWaiting),
             countText(s.reduceWaiting));
}

}  // namespace mr::ui
