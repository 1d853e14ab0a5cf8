// The engine's free-slot bitmap (SlotBitmap) and task-end queue (EventQueue), and the policies'
// ready sets (JobBitset), against the plainest containers: a std::vector<bool> of free slots
// searched slot by slot, a std::set of events ordered by (time, slot), a std::set of positions.
// Random sequences with a fixed seed, printed on failure.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "model/SeededRandom.h"
#include "sim/EventQueue.h"
#include "sim/JobBitset.h"
#include "sim/SlotBitmap.h"

namespace mr {
namespace {

int firstFree(const std::vector<bool>& free, int from, int end) {
    for (int s = from; s < end; ++s) {
        if (free[static_cast<std::size_t>(s)]) {
            return s;
        }
    }
    return -1;
}

int runEnd(const std::vector<bool>& free, int from, int end) {
    int s = from;
    while (s < end && free[static_cast<std::size_t>(s)]) {
        ++s;
    }
    return s;
}

TEST(SlotBitmap, SearchesMatchASlotBySlotScanAfterRandomRuns) {
    const std::uint64_t seed = 7;
    SeededRandom rng(seed);
    // Past 64 words, so that searches cross summary words; not a multiple of 64.
    constexpr int kSlots = 64 * 70 + 13;
    SlotBitmap bits(kSlots);
    std::vector<bool> free(kSlots, true);
    for (int step = 0; step < 20000; ++step) {
        SCOPED_TRACE("seed " + std::to_string(seed) + ", step " + std::to_string(step));
        const int slot = static_cast<int>(rng.next() % kSlots);
        const int count = std::min(kSlots - slot, 1 + static_cast<int>(rng.next() % 150));
        // Mostly taken, so that long busy stretches are common (a full cluster).
        const bool value = rng.next() % 4 == 0;
        bits.assign(slot, count, value);
        for (int s = slot; s < slot + count; ++s) {
            free[static_cast<std::size_t>(s)] = value;
        }
        const int from = static_cast<int>(rng.next() % kSlots);
        const int end = from + static_cast<int>(rng.next() % (kSlots - from + 1));
        ASSERT_EQ(bits.next(from, end), firstFree(free, from, end));
        ASSERT_EQ(bits.runEnd(from, end), runEnd(free, from, end));
        ASSERT_EQ(bits.count(from, end),
                  static_cast<int>(std::count(free.begin() + from, free.begin() + end, true)));
    }
}

TEST(SlotBitmap, StartsWithEverySlotFreeAndNoneBeyond) {
    SlotBitmap bits(130);
    EXPECT_EQ(bits.count(0, 130), 130);
    EXPECT_EQ(bits.next(129, 130), 129);
    EXPECT_EQ(bits.runEnd(0, 130), 130);
    bits.assign(0, 130, false);
    EXPECT_EQ(bits.next(0, 130), -1);
    EXPECT_EQ(bits.count(0, 130), 0);
}

TEST(JobBitset, FirstAndNextMatchASetAfterRandomSetsAndClears) {
    const std::uint64_t seed = 13;
    SeededRandom rng(seed);
    // Past 64 summary words (4096 positions each), so that searches cross them.
    constexpr int kSize = 4096 * 70 + 13;
    JobBitset bits(kSize);
    std::set<int> members;
    for (int step = 0; step < 200000; ++step) {
        SCOPED_TRACE("seed " + std::to_string(seed) + ", step " + std::to_string(step));
        // Far apart and often emptied again (a policy's set at most instants), then and now
        // the same position twice.
        const int i = static_cast<int>(rng.next() % kSize);
        if (rng.next() % 2 == 0 && members.size() < 8) {
            bits.set(i);
            members.insert(i);
        } else if (!members.empty()) {
            const int member = rng.next() % 4 == 0 ? i : *members.begin();
            bits.clear(member);
            members.erase(member);
        }
        ASSERT_EQ(bits.first(), members.empty() ? -1 : *members.begin());
        const int from = static_cast<int>(rng.next() % kSize);
        const auto after = members.lower_bound(from);
        ASSERT_EQ(bits.next(from), after == members.end() ? -1 : *after);
    }
}

TEST(EventQueue, TakesInstantsInTimeThenSlotOrderAfterRandomPushes) {
    const std::uint64_t seed = 11;
    SeededRandom rng(seed);
    EventQueue queue;
    std::multiset<std::tuple<double, std::uint32_t, std::uint32_t>> reference;
    double now = 0.0;
    std::vector<TaskEndEvent> taken;
    for (int step = 0; step < 100000; ++step) {
        SCOPED_TRACE("seed " + std::to_string(seed) + ", step " + std::to_string(step));
        const int action = static_cast<int>(rng.next() % 4);
        if (action < 2 || queue.empty()) {
            // Few distinct times, so that ties broken by the slot are common, some of them a few
            // picoseconds apart (the same cell of the queue); now and then one before the last
            // instant taken (the queue files everything again then).
            const double ahead = static_cast<double>(rng.next() % 40) * 0.25 +
                                 static_cast<double>(rng.next() % 3) * 1e-12;
            const double time = rng.next() % 50 == 0 ? now - ahead : now + ahead;
            const TaskEndEvent e{time, static_cast<std::uint32_t>(rng.next() % 5000),
                                 static_cast<std::uint32_t>(step)};
            queue.push(e);
            reference.insert({e.time, e.slot, e.generation});
        } else {
            ASSERT_EQ(queue.earliest(), std::get<0>(*reference.begin()));
            const double limit = queue.earliest() + static_cast<double>(rng.next() % 3) * 0.25 +
                                 static_cast<double>(rng.next() % 2) * 1e-12;
            taken.clear();
            queue.popUntil(limit, taken);
            for (const TaskEndEvent& e : taken) {
                ASSERT_FALSE(reference.empty());
                // (time, slot) decides; the generation only tells equal pairs apart.
                ASSERT_EQ(e.time, std::get<0>(*reference.begin()));
                ASSERT_EQ(e.slot, std::get<1>(*reference.begin()));
                const auto found = reference.find({e.time, e.slot, e.generation});
                ASSERT_NE(found, reference.end());
                reference.erase(found);
            }
            ASSERT_TRUE(reference.empty() || std::get<0>(*reference.begin()) > limit);
            now = limit;
        }
        ASSERT_EQ(queue.size(), reference.size());
    }
}

}  // namespace
}  // namespace mr
