// TimelineRaster — one frame of a slot timeline as pixels, for schedules too large to draw task
// by task. The rows are the Gantt's: map slots 0..SM−1, one empty row, then
// reduce slots (row r spans [r − ½, r + ½)); each pixel covers a range of rows and of time and
// gets the job that occupies most of it, and how busy it is.
//
// Where a TimelineSummary level has cells no larger than the pixels, each pixel takes the cell at
// its centre (the cell's dominant job is exact, the pixel spans one to two cells per direction).
// Where the pixels are finer than every level, the pixels are computed from the records
// themselves when the view holds at most `recordBudget` of them — or up to four times as many
// when the nearest level's cells would span four pixels or more — (per pixel: the job with the
// most slot-seconds among up to four jobs tracked, exact whenever a pixel holds at most four
// jobs); beyond that, the level whose cells are the least stretched is used.
#pragma once

#include <cstdint>
#include <vector>

#include "timeline/TimelineSummary.h"

namespace mr {

// The Gantt's rows: map slots, one empty row, reduce slots.
struct TimelineRows {
    int mapSlots = 0;
    int reduceSlots = 0;

    int count() const { return mapSlots + 1 + reduceSlots; }
    int row(TaskKind kind, int slot) const {
        return kind == TaskKind::Map ? slot : mapSlots + 1 + slot;
    }
    int firstRow(TaskKind kind) const { return kind == TaskKind::Map ? 0 : mapSlots + 1; }
    int slotsOf(TaskKind kind) const { return kind == TaskKind::Map ? mapSlots : reduceSlots; }
};

struct RasterPixel {
    std::int32_t job = -1;  // -1: idle
    TaskKind kind = TaskKind::Map;
    std::uint8_t fill = 0;  // busy share in 1/TimelineCell::kFillSteps (0: idle)
};

struct RasterView {
    double timeFrom = 0.0;         // time at the left edge of pixel column 0
    double secondsPerPixel = 1.0;  // > 0
    int width = 0;
    double rowFrom = 0.0;       // row coordinate at the top edge of pixel row 0
    double rowsPerPixel = 1.0;  // > 0 (rows grow downwards)
    int height = 0;
};

// How a frame was drawn, per slot kind.
enum class RasterSource : std::uint8_t { None, Summary, Records, CoarserSummary };

struct RasterStats {
    RasterSource source[2] = {RasterSource::None, RasterSource::None};  // map, reduce
    std::size_t recordsVisited = 0;
};

// Fills `pixels` (resized to width × height, row major) for `view`.
RasterStats rasterizeTimeline(const TimelineIndex& index, const TimelineSummary& summary,
                              const TimelineRows& rows, const RasterView& view,
                              std::vector<RasterPixel>& pixels,
                              std::size_t recordBudget = TimelineSummary::kRecordBudget);

}  // namespace mr
