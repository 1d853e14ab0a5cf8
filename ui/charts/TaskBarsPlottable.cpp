#include "charts/TaskBarsPlottable.h"

#include <algorithm>
#include <cmath>
#include <tuple>

#include "charts/Hatch.h"
#include "document/JobPalette.h"
#include "schedulers/Algorithm.h"
#include "timeline/AttemptMarks.h"

namespace mr::ui {

namespace {

constexpr double kHalfBar = 0.42;          // a bar fills 84 % of its row
constexpr double kBarRowPixels = 3.0;      // rows at least this tall can show bars...
constexpr std::size_t kBarBudget = 30000;  // ...when at most this many records are in view
constexpr int kMaxLabels = 4000;           // labels per frame
constexpr double kOutlineMin = 6.0;        // smaller selected blocks are not outlined (they would
                                           // turn into a dark smear on thin rows)

QRgb darker(QRgb c) {
    return qRgb(qRed(c) * 3 / 4, qGreen(c) * 3 / 4, qBlue(c) * 3 / 4);
}

// A pixel's busy share as the job's colour mixed with white, in proportion above a floor: a
// square-root scale from 60 % made the FB-2010 day, its map slots a quarter busy, look solid. A
// sliver (one fifteenth, the smallest step) keeps a third of the colour, so that one long task in
// a pixel row of forty slots still shows (it may be what sets the makespan); a full pixel is the
// colour itself.
QRgb shaded(QRgb c, int fill) {
    const double share = static_cast<double>(fill) / TimelineCell::kFillSteps;
    const int k = static_cast<int>(std::lround(70.0 + 185.0 * share));
    const auto mix = [k](int v) { return 255 - (255 - v) * k / 255; };
    return qRgb(mix(qRed(c)), mix(qGreen(c)), mix(qBlue(c)));
}

// Rectangles of one job that touch vertically and span the same columns, as one block (a wave
// of one job over many thin rows gets one label and one outline).
struct Block {
    QRectF rect;
    int job;
    QRgb colour;
};

std::vector<Block> mergeVertically(std::vector<Block> blocks) {
    std::sort(blocks.begin(), blocks.end(), [](const Block& a, const Block& b) {
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
    std::vector<Block> merged;
    for (const Block& b : blocks) {
        Block* last = merged.empty() ? nullptr : &merged.back();
        if (last && last->job == b.job && last->rect.left() == b.rect.left() &&
            last->rect.right() == b.rect.right() &&
            b.rect.top() - last->rect.bottom() <= 1.5) {  // thin rows: gaps under 2 px
            last->rect.setBottom(std::max(last->rect.bottom(), b.rect.bottom()));
        } else {
            merged.push_back(b);
        }
    }
    return merged;
}

// The bars of stopped executions, hatched: failed attempts cross-hatched, the others (lost with
// their node, beaten by another attempt, preempted) with single diagonals.
void hatchStopped(QCPPainter* painter, const std::vector<QRectF>& rects, HatchStyle style) {
    drawHatch(painter, rects, style, kHatchColour);
    painter->setPen(Qt::NoPen);
}

// Speculative copies, framed with a dashed dark line (inside the bar, so that neighbours keep
// their own edges).
void frameSpeculative(QCPPainter* painter, const std::vector<QRectF>& copies) {
    if (copies.empty()) {
        return;
    }
    painter->setBrush(Qt::NoBrush);
    painter->setPen(QPen(QColor(20, 20, 20), 1.5, Qt::DashLine));
    for (const QRectF& r : copies) {
        if (r.width() >= 3.0 && r.height() >= 3.0) {
            painter->drawRect(r.adjusted(0.75, 0.75, -0.75, -0.75));
        }
    }
    painter->setPen(Qt::NoPen);
}

// The bars of jobs that missed their deadline, framed.
void frameLate(QCPPainter* painter, const std::vector<QRectF>& late) {
    if (late.empty()) {
        return;
    }
    // A red frame; a white line inside it where there is room, so that it shows on red bars.
    painter->setBrush(Qt::NoBrush);
    const QPen red(JobPalette::late(), 2.0);
    const QPen white(QColor(255, 255, 255, 220), 1.0);
    for (const QRectF& r : late) {
        if (r.width() < 4.0 || r.height() < 4.0) {
            // Too small for a frame: a red underline keeps the job's colour readable.
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

// The selected job's bars, outlined.
void outlineSelected(QCPPainter* painter, std::vector<Block> selected) {
    if (selected.empty()) {
        return;
    }
    // Outlined as blocks (bars of neighbouring rows together), and only where the block is
    // large enough for the outline to frame its colour rather than cover it.
    painter->setBrush(Qt::NoBrush);
    for (const Block& b : mergeVertically(std::move(selected))) {
        if (b.rect.width() >= kOutlineMin && b.rect.height() >= kOutlineMin) {
            painter->setPen(QPen(JobPalette::selectedOutline(QColor::fromRgb(b.colour)), 1.5));
            painter->drawRect(b.rect.adjusted(0.75, 0.75, -0.75, -0.75));
        }
    }
    painter->setPen(Qt::NoPen);
}

// Blocks of one job that sit side by side on the same rows (consecutive waves), as one: "J5" once
// over its three waves, not "J5 J5 J5".
std::vector<Block> mergeHorizontally(std::vector<Block> blocks) {
    std::sort(blocks.begin(), blocks.end(), [](const Block& a, const Block& b) {
        return std::tuple(a.job, a.rect.top(), a.rect.bottom(), a.rect.left()) <
               std::tuple(b.job, b.rect.top(), b.rect.bottom(), b.rect.left());
    });
    std::vector<Block> merged;
    for (const Block& b : blocks) {
        Block* last = merged.empty() ? nullptr : &merged.back();
        if (last && last->job == b.job && last->rect.top() == b.rect.top() &&
            last->rect.bottom() == b.rect.bottom() && b.rect.left() - last->rect.right() <= 1.5) {
            last->rect.setRight(std::max(last->rect.right(), b.rect.right()));
        } else {
            merged.push_back(b);
        }
    }
    return merged;
}

// Each job's name on its blocks of bars where it fits.
void nameBars(QCPPainter* painter, std::vector<Block> labels, const QStringList& names) {
    const QFontMetrics metrics(painter->font());
    for (const Block& l : mergeHorizontally(mergeVertically(std::move(labels)))) {
        const QString name = names.value(l.job);
        if (metrics.horizontalAdvance(name) + 6 > l.rect.width() ||
            metrics.height() > l.rect.height() + 2) {
            continue;
        }
        painter->setPen(JobPalette::textOn(QColor::fromRgb(l.colour)));
        painter->drawText(l.rect, Qt::AlignCenter, name);
    }
}

// A raster frame's job names go where a job forms a compact block on screen: from every fourth
// pixel in each direction, per job and kind, the connected blocks of its sampled pixels (a job
// split over two slot ranges, or that also runs elsewhere, gets each block named on its own) and
// each block's bounding box; a box that the job fills at least half of and that holds the name
// gets it (largest first, no overlaps), and only where most pixels under the name are the job's.
constexpr int kLabelStep = 4;

// A connected block of one job's sampled pixels of one kind (key: job × 2 + (reduce ? 1 : 0)):
// how many, and their bounding box in image pixels.
struct JobBox {
    std::int64_t key = 0;
    int count = 0;
    int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
};

std::int64_t keyOf(const RasterPixel& p) {
    return p.job < 0 ? -1
                     : static_cast<std::int64_t>(p.job) * 2 + (p.kind == TaskKind::Map ? 0 : 1);
}

std::vector<JobBox> jobBoxes(const std::vector<RasterPixel>& pixels, const RasterView& rv) {
    // The sample lattice, and its cells joined to their right and lower neighbours of the same
    // key (union-find): each root then gathers one block.
    const int cols =
        rv.width > kLabelStep / 2 ? (rv.width - kLabelStep / 2 - 1) / kLabelStep + 1 : 0;
    const int rows =
        rv.height > kLabelStep / 2 ? (rv.height - kLabelStep / 2 - 1) / kLabelStep + 1 : 0;
    const auto pixelAt = [&](int c, int r) -> const RasterPixel& {
        const int x = kLabelStep / 2 + c * kLabelStep;
        const int y = kLabelStep / 2 + r * kLabelStep;
        return pixels[static_cast<std::size_t>(y) * rv.width + x];
    };
    std::vector<std::int64_t> keys(static_cast<std::size_t>(cols) * rows);
    std::vector<int> parent(keys.size());
    for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < cols; ++c) {
            const auto i = static_cast<std::size_t>(r) * cols + c;
            keys[i] = keyOf(pixelAt(c, r));
            parent[i] = static_cast<int>(i);
        }
    }
    const auto root = [&parent](int i) {
        while (parent[static_cast<std::size_t>(i)] != i) {
            i = parent[static_cast<std::size_t>(i)] =
                parent[static_cast<std::size_t>(parent[static_cast<std::size_t>(i)])];
        }
        return i;
    };
    for (int i = 0; i < static_cast<int>(keys.size()); ++i) {
        const auto k = keys[static_cast<std::size_t>(i)];
        for (const int j : {i % cols + 1 < cols ? i + 1 : -1,
                            i + cols < static_cast<int>(keys.size()) ? i + cols : -1}) {
            if (k >= 0 && j >= 0 && keys[static_cast<std::size_t>(j)] == k) {
                parent[static_cast<std::size_t>(root(j))] = root(i);
            }
        }
    }
    std::vector<int> boxOf(keys.size(), -1);
    std::vector<JobBox> boxes;
    for (int i = 0; i < static_cast<int>(keys.size()); ++i) {
        if (keys[static_cast<std::size_t>(i)] < 0) {
            continue;
        }
        const int x = kLabelStep / 2 + (i % cols) * kLabelStep;
        const int y = kLabelStep / 2 + (i / cols) * kLabelStep;
        int& b = boxOf[static_cast<std::size_t>(root(i))];
        if (b < 0) {
            b = static_cast<int>(boxes.size());
            boxes.push_back({keys[static_cast<std::size_t>(i)], 0, x, y, x, y});
        }
        JobBox& box = boxes[static_cast<std::size_t>(b)];
        ++box.count;
        box.x0 = std::min(box.x0, x);
        box.x1 = std::max(box.x1, x);
        box.y0 = std::min(box.y0, y);
        box.y1 = std::max(box.y1, y);
    }
    return boxes;
}

// Whether most of the image pixels under `text` (plot pixels) are of the job and kind `key`.
bool mostlyOf(const std::vector<RasterPixel>& pixels, const RasterView& rv, std::int64_t key,
              const QRectF& text, QPointF origin, double scale) {
    const int x0 = std::max(0, static_cast<int>((text.left() - origin.x()) * scale));
    const int x1 = std::min(rv.width, static_cast<int>((text.right() - origin.x()) * scale) + 1);
    const int y0 = std::max(0, static_cast<int>((text.top() - origin.y()) * scale));
    const int y1 = std::min(rv.height, static_cast<int>((text.bottom() - origin.y()) * scale) + 1);
    int own = 0;
    int all = 0;
    for (int y = y0; y < y1; y += 2) {
        for (int x = x0; x < x1; x += 2) {
            ++all;
            own += keyOf(pixels[static_cast<std::size_t>(y) * rv.width + x]) == key ? 1 : 0;
        }
    }
    return all > 0 && own >= 0.8 * all;
}

struct LabelCandidate {
    QRectF rect;  // the box, in plot pixels
    std::int64_t key;
    int count;
    bool upright;  // a tall, narrow block (a wave over many slots) reads its name upwards
};

// The boxes that are dense enough and hold their job's name, largest first.
std::vector<LabelCandidate> labelCandidates(const std::vector<JobBox>& boxes,
                                            const QStringList& names, const QFontMetricsF& metrics,
                                            QPointF origin, double scale) {
    std::vector<LabelCandidate> candidates;
    for (const JobBox& b : boxes) {
        const double w = (b.x1 - b.x0 + kLabelStep) / scale;
        const double h = (b.y1 - b.y0 + kLabelStep) / scale;
        const double cells = static_cast<double>(b.x1 - b.x0 + kLabelStep) *
                             (b.y1 - b.y0 + kLabelStep) / (kLabelStep * kLabelStep);
        const double length = metrics.horizontalAdvance(names.value(static_cast<int>(b.key / 2)));
        if (b.count < 0.5 * cells) {
            continue;
        }
        const bool across = w >= length + 6 && h >= metrics.height();
        const bool upright = !across && h >= length + 6 && w >= metrics.height() + 3;
        if (across || upright) {
            candidates.push_back({QRectF(origin.x() + (b.x0 - kLabelStep / 2) / scale,
                                         origin.y() + (b.y0 - kLabelStep / 2) / scale, w, h),
                                  b.key, b.count, upright});
        }
    }
    std::sort(candidates.begin(), candidates.end(),
              [](const LabelCandidate& a, const LabelCandidate& b) { return a.count > b.count; });
    return candidates;
}

}  // namespace

struct TaskBarsPlottable::View {
    QRect clip;
    double timeFrom = 0.0;
    double timeTo = 0.0;
    double rowFrom = 0.0;  // row coordinate at the top edge
    double rowTo = 0.0;    // at the bottom edge
    double secondsPerPixel() const { return (timeTo - timeFrom) / clip.width(); }
    double rowsPerPixel() const { return (rowTo - rowFrom) / clip.height(); }
    // Slots of a kind whose rows are (partly) in view.
    std::pair<int, int> slotRange(const TimelineRows& rows, TaskKind kind) const {
        const int first = rows.firstRow(kind);
        const int from = std::max(0, static_cast<int>(std::floor(rowFrom + 0.5)) - first);
        const int to =
            std::min(rows.slotsOf(kind) - 1, static_cast<int>(std::ceil(rowTo - 0.5)) - first);
        return {from, to};
    }
};

TaskBarsPlottable::TaskBarsPlottable(QCPAxis* keyAxis, QCPAxis* valueAxis)
    : QCPAbstractPlottable(keyAxis, valueAxis) {
    setSelectable(QCP::stNone);
    setAntialiasedFill(false);
}

TaskBarsPlottable::~TaskBarsPlottable() = default;

void TaskBarsPlottable::setRun(const Workload& workload, std::shared_ptr<const RunResult> run,
                               QStringList names, const JobColours& colours,
                               std::shared_ptr<const ChartTimeline> timeline) {
    m_names = std::move(names);
    if (run != m_run || !run) {
        // A new schedule (the same one again, e.g. redrawn in other colours, keeps its index).
        // The old index refers to the old run: drop both before keeping the new one.
        m_summary = nullptr;
        m_index = nullptr;
        m_timeline.reset();
        m_run = std::move(run);
        m_selectedRecordsOf = -1;
        m_selectedRecords.clear();
        m_rows = {};
    }
    if (m_run && !m_index) {
        m_timeline = timeline && timeline->run == m_run
                         ? std::move(timeline)
                         : std::make_shared<const ChartTimeline>(workload, m_run);
        m_index = &m_timeline->index;
        m_summary = &m_timeline->summary;
        m_rows = {m_index->slotCount(TaskKind::Map), m_index->slotCount(TaskKind::Reduce)};
    }
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
}

const TaskRecords& TaskBarsPlottable::records() const {
    static const TaskRecords none;
    return m_run ? m_run->sim.tasks : none;
}

long long TaskBarsPlottable::taskCount() const {
    return m_index ? m_index->taskCount(TaskKind::Map) + m_index->taskCount(TaskKind::Reduce) : 0;
}

double TaskBarsPlottable::maxEnd() const {
    return m_index ? m_index->end() : 0.0;
}

std::size_t TaskBarsPlottable::memoryBytes() const {
    return (m_index ? m_index->memoryBytes() : 0) + (m_summary ? m_summary->memoryBytes() : 0);
}

void TaskBarsPlottable::setSelectedJob(int job) {
    m_selectedJob = job;
}

QRgb TaskBarsPlottable::colourOf(int job, TaskKind kind, bool faded) const {
    const auto j = static_cast<std::size_t>(job);
    if (j >= m_map.size()) {
        return qRgb(128, 128, 128);  // a record of a job without a name (never in a real run)
    }
    if (kind == TaskKind::Map) {
        return faded ? m_mapFaded[j] : m_map[j];
    }
    return faded ? m_reduceFaded[j] : m_reduce[j];
}

const std::vector<std::uint32_t>& TaskBarsPlottable::selectedRecords() const {
    if (m_selectedRecordsOf != m_selectedJob) {
        m_selectedRecords.clear();
        const auto& all = records();
        for (std::size_t i = 0; i < all.size(); ++i) {
            if (all[i].job == m_selectedJob) {
                m_selectedRecords.push_back(static_cast<std::uint32_t>(i));
            }
        }
        m_selectedRecordsOf = m_selectedJob;
    }
    return m_selectedRecords;
}

TaskBarsPlottable::View TaskBarsPlottable::view() const {
    View v;
    v.clip = clipRect();
    v.timeFrom = mKeyAxis->pixelToCoord(v.clip.left());
    v.timeTo = mKeyAxis->pixelToCoord(v.clip.left() + v.clip.width());
    v.rowFrom = mValueAxis->pixelToCoord(v.clip.top());
    v.rowTo = mValueAxis->pixelToCoord(v.clip.top() + v.clip.height());
    return v;
}

QRectF TaskBarsPlottable::barRect(const TaskRecord& r) const {
    const int first = m_rows.row(r.kind, r.slot);
    const int last = first + r.count - 1;
    const double x0 = mKeyAxis->coordToPixel(r.start);
    const double x1 = mKeyAxis->coordToPixel(r.end);
    const double ya = mValueAxis->coordToPixel(first - kHalfBar);
    const double yb = mValueAxis->coordToPixel(last + kHalfBar);
    return QRectF(QPointF(std::min(x0, x1), std::min(ya, yb)),
                  QPointF(std::max(x0, x1), std::max(ya, yb)));
}

TaskHit TaskBarsPlottable::taskAt(const QPointF& pixel) const {
    TaskHit hit;
    if (!m_index || !mKeyAxis || !mValueAxis) {
        return hit;
    }
    const double time = mKeyAxis->pixelToCoord(pixel.x());
    const double value = mValueAxis->pixelToCoord(pixel.y());
    const int row = static_cast<int>(std::lround(value));
    if (row < 0 || row >= rowCount() || row == m_rows.mapSlots) {
        return hit;
    }
    const TaskKind kind = row < m_rows.mapSlots ? TaskKind::Map : TaskKind::Reduce;
    const int slot = row - m_rows.firstRow(kind);
    if (const TaskRecord* r = m_index->at(kind, slot, time)) {
        hit = {r, slot, r->task + (slot - r->slot)};
    }
    return hit;
}

double TaskBarsPlottable::selectTest(const QPointF& pos, bool onlySelectable,
                                     QVariant* details) const {
    if (onlySelectable && mSelectable == QCP::stNone) {
        return -1;
    }
    const TaskHit hit = taskAt(pos);
    if (hit.record && details) {
        details->setValue(hit.record->job);
    }
    return hit.record ? 0.0 : -1.0;
}

QCPRange TaskBarsPlottable::getKeyRange(bool& foundRange, QCP::SignDomain) const {
    foundRange = m_index != nullptr;
    return QCPRange(0.0, std::max(maxEnd(), 1e-9));
}

QCPRange TaskBarsPlottable::getValueRange(bool& foundRange, QCP::SignDomain,
                                          const QCPRange&) const {
    foundRange = m_index != nullptr;
    return QCPRange(-0.5, rowCount() - 0.5);
}

void TaskBarsPlottable::draw(QCPPainter* painter) {
    m_rasterLabels.clear();
    if (!m_index || !mKeyAxis || !mValueAxis) {
        return;
    }
    const View v = view();
    if (v.clip.width() <= 0 || v.clip.height() <= 0 || !(v.timeTo > v.timeFrom) ||
        !(v.rowTo > v.rowFrom)) {
        return;
    }
    std::size_t inView = 0;
    for (TaskKind kind : {TaskKind::Map, TaskKind::Reduce}) {
        const auto [from, to] = v.slotRange(m_rows, kind);
        inView += m_index->estimate(kind, from, to, v.timeFrom, v.timeTo);
    }
    // A vector export (PDF, SVG) is zoomed in by its reader: bars whenever they are few.
    const QPaintEngine* engine = painter->paintEngine();
    const bool vector =
        painter->modes().testFlag(QCPPainter::pmVectorized) ||
        (engine && (engine->type() == QPaintEngine::Pdf || engine->type() == QPaintEngine::SVG));
    if ((vector || 1.0 / v.rowsPerPixel() >= kBarRowPixels) && inView <= kBarBudget) {
        m_lastMode = Mode::Bars;
        drawBars(painter, v);
    } else {
        m_lastMode = Mode::Raster;
        m_lastAttempts = {};
        drawRaster(painter, v);
    }
}

// What drawBars draws over the bars once they are all filled: hatching, frames, outlines and
// names.
struct TaskBarsPlottable::BarMarks {
    std::vector<Block> labels;
    std::vector<Block> selected;
    AttemptRects attempts;
    std::vector<QRectF> late;
};

void TaskBarsPlottable::drawBars(QCPPainter* painter, const View& v) {
    painter->setPen(Qt::NoPen);
    painter->setRenderHint(QPainter::Antialiasing, false);
    BarMarks marks = fillBars(painter, v);
    hatchStopped(painter, marks.attempts.failed, HatchStyle::Cross);
    hatchStopped(painter, marks.attempts.killed, HatchStyle::Diagonal);
    frameSpeculative(painter, marks.attempts.speculative);
    m_lastAttempts = marks.attempts;
    frameLate(painter, marks.late);
    outlineSelected(painter, std::move(marks.selected));
    nameBars(painter, std::move(marks.labels), m_names);
}

TaskBarsPlottable::BarMarks TaskBarsPlottable::fillBars(QCPPainter* painter, const View& v) const {
    const bool anyLate = std::find(m_late.begin(), m_late.end(), true) != m_late.end();
    BarMarks marks;
    const double left = v.clip.left() - 2.0;
    const double right = v.clip.right() + 2.0;
    for (TaskKind kind : {TaskKind::Map, TaskKind::Reduce}) {
        const auto [from, to] = v.slotRange(m_rows, kind);
        m_index->forEach(kind, from, to, v.timeFrom, v.timeTo, [&](const TaskRecord& r) {
            QRectF rect = barRect(r);
            // At least a pixel wide; never far outside the plot (huge coordinates when zoomed).
            if (rect.width() < 1.0) {
                rect.setRight(rect.left() + 1.0);
            }
            rect.setLeft(std::max(rect.left(), left));
            rect.setRight(std::min(rect.right(), right));
            const bool faded = m_selectedJob >= 0 && r.job != m_selectedJob;
            const QRgb colour = colourOf(r.job, kind, faded);
            painter->fillRect(rect, QColor::fromRgb(colour));
            if (rect.width() >= 4.0) {  // a task border
                painter->fillRect(QRectF(rect.right() - 1.0, rect.top(), 1.0, rect.height()),
                                  QColor::fromRgb(darker(colour)));
            }
            markAttempt(marks.attempts, r, rect);
            // While a job is selected only its own bars keep the late frame (the rest fade).
            if (anyLate && isLate(r.job) && (m_selectedJob < 0 || r.job == m_selectedJob)) {
                marks.late.push_back(rect);
            }
            if (r.job == m_selectedJob) {
                marks.selected.push_back({rect, r.job, colour});
            }
            if (m_labels && rect.width() > 24 && marks.labels.size() < kMaxLabels) {
                marks.labels.push_back({rect, r.job, colour});
            }
        });
    }
    return marks;
}

void TaskBarsPlottable::markAttempt(AttemptRects& marks, const TaskRecord& r,
                                    const QRectF& rect) const {
    if (r.killed) {
        (r.cause == AttemptEnd::Failed ? marks.failed : marks.killed).push_back(rect);
    }
    if (hasSpeculative() && isSpeculative(r)) {
        marks.speculative.push_back(rect);
    }
}

bool TaskBarsPlottable::isSpeculative(const TaskRecord& r) const {
    const auto& all = records();
    if (!m_timeline || all.empty() || &r < all.data() || &r >= all.data() + all.size()) {
        return false;
    }
    const auto number = static_cast<std::uint32_t>(&r - all.data());
    const std::vector<std::uint32_t>& copies = m_timeline->speculative;
    return std::binary_search(copies.begin(), copies.end(), number);
}

void TaskBarsPlottable::drawRaster(QCPPainter* painter, const View& v) {
    const double scale = painter->device() ? painter->device()->devicePixelRatioF() : 1.0;
    // QCustomPlot paints with a half-pixel offset (crisp cosmetic lines): device pixel x shows
    // plot coordinates [x − ½, x + ½). The image's pixels are the device's.
    QPointF offset(0.0, 0.0);
    const QTransform& t = painter->transform();
    if (t.type() <= QTransform::TxTranslate) {
        offset = QPointF(t.dx() - std::floor(t.dx()), t.dy() - std::floor(t.dy()));
    }
    RasterView rv;
    rv.width = std::max(1, static_cast<int>(std::lround(v.clip.width() * scale)));
    rv.height = std::max(1, static_cast<int>(std::lround(v.clip.height() * scale)));
    rv.timeFrom = mKeyAxis->pixelToCoord(v.clip.left() - offset.x());
    rv.secondsPerPixel = (v.timeTo - v.timeFrom) / rv.width;
    rv.rowFrom = mValueAxis->pixelToCoord(v.clip.top() - offset.y());
    rv.rowsPerPixel = (v.rowTo - v.rowFrom) / rv.height;
    m_lastStats = rasterizeTimeline(*m_index, *m_summary, m_rows, rv, m_pixels);

    QImage image(rv.width, rv.height, QImage::Format_ARGB32_Premultiplied);
    const bool anySelected = m_selectedJob >= 0;
    for (int y = 0; y < rv.height; ++y) {
        auto* line = reinterpret_cast<QRgb*>(image.scanLine(y));
        const RasterPixel* p = m_pixels.data() + static_cast<std::size_t>(y) * rv.width;
        for (int x = 0; x < rv.width; ++x) {
            line[x] = p[x].job < 0 ? 0u
                                   : shaded(colourOf(p[x].job, p[x].kind,
                                                     anySelected && p[x].job != m_selectedJob),
                                            p[x].fill);
        }
    }
    if (anySelected) {
        paintSelected(image, rv);
    }
    image.setDevicePixelRatio(scale);
    const QPointF origin = QPointF(v.clip.topLeft()) - offset;
    painter->drawImage(origin, image);
    if (m_labels) {
        drawRasterLabels(painter, rv, origin, scale);
    }
}

void TaskBarsPlottable::drawRasterLabels(QCPPainter* painter, const RasterView& rv, QPointF origin,
                                         double scale) {
    const QFontMetricsF metrics(painter->font());
    const std::vector<LabelCandidate> candidates =
        labelCandidates(jobBoxes(m_pixels, rv), m_names, metrics, origin, scale);
    std::vector<QRectF> taken;
    m_rasterLabels.clear();
    for (const LabelCandidate& c : candidates) {
        if (taken.size() >= static_cast<std::size_t>(kMaxLabels)) {
            break;
        }
        const int job = static_cast<int>(c.key / 2);
        const QString& name = m_names.value(job);
        const QSizeF size(metrics.horizontalAdvance(name) + 6, metrics.height());
        const QSizeF extent = c.upright ? size.transposed() : size;
        const QRectF text(c.rect.center() - QPointF(extent.width() / 2, extent.height() / 2),
                          extent);
        if (std::any_of(taken.begin(), taken.end(),
                        [&text](const QRectF& t) { return t.intersects(text); }) ||
            !mostlyOf(m_pixels, rv, c.key, text, origin, scale)) {
            continue;
        }
        taken.push_back(text);
        m_rasterLabels.push_back({job, text, c.upright});
        const bool faded = m_selectedJob >= 0 && job != m_selectedJob;
        const QRgb colour = colourOf(job, c.key % 2 ? TaskKind::Reduce : TaskKind::Map, faded);
        painter->setPen(JobPalette::textOn(QColor::fromRgb(colour)));
        if (!c.upright) {
            painter->drawText(text, Qt::AlignCenter, name);
            continue;
        }
        painter->save();
        painter->translate(text.center());
        painter->rotate(-90.0);
        painter->drawText(QRectF(QPointF(-size.width() / 2, -size.height() / 2), size),
                          Qt::AlignCenter, name);
        painter->restore();
    }
}

void TaskBarsPlottable::paintSelected(QImage& image, const RasterView& rv) const {
    // The selected job over the faded others, at full colour, wherever it runs (in a pixel that
    // another job dominates too).
    const double timeTo = rv.timeFrom + rv.width * rv.secondsPerPixel;
    const double rowTo = rv.rowFrom + rv.height * rv.rowsPerPixel;
    const auto& all = records();
    for (std::uint32_t n : selectedRecords()) {
        const TaskRecord& r = all[n];
        const int first = m_rows.row(r.kind, r.slot);
        if (r.end < rv.timeFrom || r.start > timeTo || first + r.count - 0.5 < rv.rowFrom ||
            first - 0.5 > rowTo) {
            continue;
        }
        const int x0 =
            std::clamp(static_cast<int>(std::floor((r.start - rv.timeFrom) / rv.secondsPerPixel)),
                       0, image.width() - 1);
        const int x1 =
            std::clamp(static_cast<int>(std::ceil((r.end - rv.timeFrom) / rv.secondsPerPixel)),
                       x0 + 1, image.width());
        const int y0 =
            std::clamp(static_cast<int>(std::floor((first - 0.5 - rv.rowFrom) / rv.rowsPerPixel)),
                       0, image.height() - 1);
        const int y1 = std::clamp(
            static_cast<int>(std::ceil((first + r.count - 0.5 - rv.rowFrom) / rv.rowsPerPixel)),
            y0 + 1, image.height());
        const QRgb colour = colourOf(r.job, r.kind, false);
        for (int y = y0; y < y1; ++y) {
            auto* line = reinterpret_cast<QRgb*>(image.scanLine(y));
            std::fill(line + x0, line + x1, colour);
        }
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
