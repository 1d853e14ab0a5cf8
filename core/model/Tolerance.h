// Tolerance — the one rule for comparing times and durations. No other file writes
// its own epsilon for a time.
//
// Times are sums of durations (a task ends at its start plus its duration; a job arrives at its
// arrival), so the same durations added in another order differ in the last bits, and a
// comparison must not let that flip a result. Two amounts are taken as equal when they differ by
// no more than
//     kDurationTolerance · |the durations compared|  +  kClockRounding · |the clock reading|
// The first term is relative to the durations, never to the clock: a deadline missed by 1 s is
// missed at t = 0 and at t = 1e10. The second is the rounding of a double at that clock reading
// (256 units in the last place, 5.7e-14 relative): times closer than that cannot be told apart
// at all. It is 0.006 s at t = 1e11, so events 1 s apart stay apart up to t ≈ 1e13 s (300 000
// years); every published number (small integer and 1/3 times) is exact either way.
//
// The engine's instant: events no further apart than kInstant (a nanosecond — traces record
// milliseconds) plus the clock's rounding happen at the same instant: ending tasks free their
// slots before any slot is assigned (docs/simulator.md).
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>

namespace mr {

inline constexpr double kDurationTolerance = 1e-9;
inline constexpr double kClockRounding = 256.0 * std::numeric_limits<double>::epsilon();
inline constexpr double kInstant = 1e-9;  // seconds

// The slack when comparing durations of about `scale` seconds measured at clock time `clock`
// (0 when they are not clock readings).
inline double timeSlack(double scale, double clock = 0.0) {
    return kDurationTolerance * std::fabs(scale) + kClockRounding * std::fabs(clock);
}

// The largest duration clearly shorter than `limit`: a probe must end below it to beat `limit`.
inline double clearlyBelow(double limit, double clock = 0.0) {
    return std::isinf(limit) ? limit : limit - timeSlack(limit, clock);
}

// Duration `a` is shorter than `b` by more than rounding (makespans, stage times, budgets).
inline bool clearlyShorter(double a, double b, double clock = 0.0) {
    if (std::isinf(b)) {
        return a < b;
    }
    return a < b - timeSlack(std::max(std::fabs(a), std::fabs(b)), clock);
}

// Duration `amount` is within `limit` up to rounding (a deadline met, a capacity not exceeded).
inline bool withinDuration(double amount, double limit, double clock = 0.0) {
    return amount <= limit + timeSlack(limit, clock);
}

// The last time that still belongs to the engine's instant `t`.
inline double sameInstantLimit(double t) {
    return t + kInstant + kClockRounding * std::fabs(t);
}

// Clock readings `a` and `b` are the same instant.
inline bool sameInstant(double a, double b) {
    return std::fabs(a - b) <= kInstant + kClockRounding * std::max(std::fabs(a), std::fabs(b));
}

// Clock reading `a` is a different, earlier instant than `b` (a task starting before the one
// before it on its slot has ended; a reduce starting before its job's last map has ended).
inline bool earlierInstant(double a, double b) {
    return a < b && !sameInstant(a, b);
}

// Durations `a` and `b` (measured at clock time `clock`) are equal up to rounding.
inline bool sameDuration(double a, double b, double clock = 0.0) {
    return std::fabs(a - b) <= timeSlack(std::max(std::fabs(a), std::fabs(b)), clock);
}

}  // namespace mr
