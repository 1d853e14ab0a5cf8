#include "experiments/SweepPoints.h"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <mutex>

#include "exec/ThreadPool.h"
#include "model/InputError.h"
#include "model/Numbers.h"

namespace mr {

RunMajorPoint runMajorPoint(std::size_t index, std::size_t values, std::size_t algorithms) {
    return {index / algorithms / values, index / algorithms % values, index % algorithms};
}

void checkPointCount(double points, const std::string& field) {
    if (points < 1.0) {
        throw InputError("", "", field, "the sweep has no points");
    }
    if (points > static_cast<double>(kMaxSweepPoints)) {
        char text[160];
        std::snprintf(text, sizeof text,
                      "the sweep has %.0f points, more than the %zu one sweep may have (its "
                      "summary keeps every point); split it into several sweeps",
                      points, kMaxSweepPoints);
        throw InputError("", "", field, text);
    }
}

Shard parseShard(std::string_view text) {
    const auto bad = [&] {
        return InputError(
            "", "", "shard",
            "expected I/N with 0 <= I < N <= 100000 (got '" + std::string(text) + "')");
    };
    const std::size_t slash = text.find('/');
    if (slash == std::string_view::npos) {
        throw bad();
    }
    const auto whole = [&](std::string_view part) {
        const std::optional<std::int64_t> value = parseInteger(part);
        if (!value || *value < 0 || *value > 100'000) {
            throw bad();
        }
        return static_cast<int>(*value);
    };
    const Shard shard{whole(text.substr(0, slash)), whole(text.substr(slash + 1))};
    if (shard.count < 1 || shard.count > 100'000 || shard.index < 0 || shard.index >= shard.count) {
        throw bad();
    }
    return shard;
}

PointRange shardRange(std::size_t points, Shard shard) {
    // points <= kMaxSweepPoints and count <= 100000: the product fits 64 bits.
    const auto at = [&](int i) {
        return static_cast<std::size_t>(static_cast<std::uint64_t>(points) *
                                        static_cast<std::uint64_t>(i) /
                                        static_cast<std::uint64_t>(shard.count));
    };
    return {at(shard.index), at(shard.index + 1)};
}

std::vector<std::size_t> pointsToRun(PointRange range, const std::vector<std::size_t>& done) {
    std::vector<std::size_t> sorted = done;
    std::sort(sorted.begin(), sorted.end());
    std::vector<std::size_t> out;
    auto skip = std::lower_bound(sorted.begin(), sorted.end(), range.begin);
    for (std::size_t i = range.begin; i < range.end; ++i) {
        while (skip != sorted.end() && *skip < i) {
            ++skip;
        }
        if (skip == sorted.end() || *skip != i) {
            out.push_back(i);
        }
    }
    return out;
}

void checkWorkCap(double work, double cap, const std::string& what, const std::string& detail,
                  bool force) {
    if (force || work <= cap) {
        return;
    }
    char text[512];
    std::snprintf(text, sizeof text,
                  "this run would compute about %.3g %s (%s), above the cap of %.3g for one "
                  "machine; split it with --shard I/N (see docs/sweeps-on-a-cluster.md) "
                  "or pass --force",
                  work, what.c_str(), detail.c_str(), cap);
    throw InputError("", "", "force", text);
}

namespace {

// One group's input, shared by the group's points while any of them is still to finish.
struct GroupSlot {
    std::mutex mutex;
    GroupInput input;
    std::size_t left = 0;  // points of this group in the list not finished yet
};

}  // namespace

void runPointsErased(const std::vector<std::size_t>& indices, std::size_t pointsPerGroup,
                     const std::function<GroupInput(std::size_t group)>& makeInput,
                     const std::function<void(std::size_t index, const void* input)>& compute,
                     const PointRunOptions& options) {
    if (pointsPerGroup == 0) {
        pointsPerGroup = 1;
    }
    // The groups in the list, ascending (indices are), and how many of their points it holds.
    std::vector<std::size_t> groups;
    for (std::size_t index : indices) {
        if (groups.empty() || groups.back() != index / pointsPerGroup) {
            groups.push_back(index / pointsPerGroup);
        }
    }
    std::vector<GroupSlot> slots(groups.size());
    for (std::size_t index : indices) {
        const auto g = std::lower_bound(groups.begin(), groups.end(), index / pointsPerGroup);
        ++slots[static_cast<std::size_t>(g - groups.begin())].left;
    }

    std::atomic<std::size_t> done{0};
    std::mutex progressMutex;
    parallelFor(indices.size(),
                [&](std::size_t k) {
                    const std::size_t index = indices[k];
                    const std::size_t group = index / pointsPerGroup;
                    GroupSlot& slot = slots[static_cast<std::size_t>(
                        std::lower_bound(groups.begin(), groups.end(), group) - groups.begin())];
                    GroupInput input;
                    {
                        // Made under the group's lock: the group's other points wait for it, the
                        // other groups' points do not.
                        const std::lock_guard lock(slot.mutex);
                        if (!slot.input) {
                            slot.input = makeInput(group);
                        }
                        input = slot.input;
                    }
                    compute(index, input.get());
                    input.reset();
                    {
                        const std::lock_guard lock(slot.mutex);
                        if (--slot.left == 0) {
                            slot.input.reset();  // the group's last point: free its input now
                        }
                    }
                    const std::size_t finished = ++done;
                    if (options.progress) {
                        const std::lock_guard lock(progressMutex);
                        options.progress(finished, indices.size());
                    }
                },
                {.threads = options.threads, .cancel = options.cancel});
}

}  // namespace mr
