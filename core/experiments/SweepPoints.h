// SweepPoints — what the three sweeps (`sweep`, `sweep-load`, `cost-sweep`) share.
// A sweep is a list of points numbered 0 … count−1 in one documented order (each sweep's header
// says which); a point's result depends only on the sweep's definition and its index. Points are
// grouped: the points of a group share one generated input (a run's workload, a random cost
// model), and a group's points are adjacent in the order. A shard is a contiguous block of
// indices; runPoints() computes a list of points on the shared ThreadPool, making each group's
// input once and dropping it after the group's last point, so memory stays at about
// (threads + 1) inputs whatever the number of points.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "model/Cancelled.h"

namespace mr {

// At most this many points in one sweep: its summary (and a merge) keeps one small record per
// point in memory (24 to 120 bytes: 1 000 000 points stay near 100 MB at most).
inline constexpr std::size_t kMaxSweepPoints = 1'000'000;

// The run, x value and algorithm of point `index` of a run-major sweep (sweep-load, sweep-faults):
//   index = (run · values + value) · algorithms + algorithm
struct RunMajorPoint {
    std::size_t run = 0;
    std::size_t value = 0;
    std::size_t algorithm = 0;
};
RunMajorPoint runMajorPoint(std::size_t index, std::size_t values, std::size_t algorithms);

// Throws InputError (naming `field`) when `points` is 0 or above kMaxSweepPoints.
void checkPointCount(double points, const std::string& field);

// Shard I of N (0 <= I < N).
struct Shard {
    int index = 0;
    int count = 1;
};

// "I/N" with 0 <= I < N <= 100000; throws InputError (field "shard") otherwise.
Shard parseShard(std::string_view text);

struct PointRange {
    std::size_t begin = 0;  // first index
    std::size_t end = 0;    // one past the last
};

// Shard I of N holds the contiguous block [⌊I·P/N⌋, ⌊(I+1)·P/N⌋): the blocks cover every point
// once and differ in size by at most one. Contiguous rather than modulo: a block needs each
// group's input at most once (modulo would make every shard generate every run's workload), and
// a modulo stride in step with the points of a run (N = algorithms + 1, say) would hand one shard
// every point of the slowest algorithm.
PointRange shardRange(std::size_t points, Shard shard);

// The indices of `range` that are not in `done` (sorted ascending; `done` may hold any index).
std::vector<std::size_t> pointsToRun(PointRange range, const std::vector<std::size_t>& done);

// A sweep's estimated work against the cap of one machine: throws InputError (field "force")
// naming the estimate, the cap and the ways out (--shard, --force) when `work` > `cap`.
// `what` describes the work ("simulated tasks"), `detail` how it was counted.
void checkWorkCap(double work, double cap, const std::string& what, const std::string& detail,
                  bool force);

struct PointRunOptions {
    int threads = 0;                     // 0: the shared pool's threads
    const CancelFlag* cancel = nullptr;  // set -> Cancelled is thrown once running points return
    // After each point, one call at a time: (points done, points in the list).
    std::function<void(std::size_t done, std::size_t total)> progress;
};

// Computes `indices` (ascending) on the shared ThreadPool: compute(index, input) with the input
// of the point's group (index / pointsPerGroup), made by makeInput(group) once, by the first point
// of the group that runs, and released after the group's last point in `indices`. compute may be
// called from several threads at once. Exceptions: as parallelFor (the lowest failing index's).
using GroupInput = std::shared_ptr<const void>;
void runPointsErased(const std::vector<std::size_t>& indices, std::size_t pointsPerGroup,
                     const std::function<GroupInput(std::size_t group)>& makeInput,
                     const std::function<void(std::size_t index, const void* input)>& compute,
                     const PointRunOptions& options);

template <class Input>
void runPoints(const std::vector<std::size_t>& indices, std::size_t pointsPerGroup,
               const std::function<Input(std::size_t group)>& makeInput,
               const std::function<void(std::size_t index, const Input& input)>& compute,
               const PointRunOptions& options) {
    runPointsErased(
        indices, pointsPerGroup,
        [&](std::size_t group) -> GroupInput {
            return std::make_shared<const Input>(makeInput(group));
        },
        [&](std::size_t index, const void* input) {
            compute(index, *static_cast<const Input*>(input));
        },
        options);
}

}  // namespace mr
