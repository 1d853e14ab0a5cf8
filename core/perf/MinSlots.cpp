#include "perf/MinSlots.h"
#include "model/Tolerance.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <tuple>

namespace mr {

double CompletionForm::predict(double mapSlots, double reduceSlots) const {
    double t = c;
    if (a > 0.0) {
        t += a / mapSlots;
    }
    if (b > 0.0) {
        t += b / reduceSlots;
    }
    return t;
}

CompletionForm ariaForm(const AriaStats& s, Bound bound) {
    const double nm = s.maps;
    const double nr = s.reduces;
    CompletionForm low{nm * s.mapAvg, 0.0, 0.0};
    CompletionForm up{(nm - 1.0) * s.mapAvg, 0.0, s.mapMax};
    if (s.reduces > 0) {
        low.b = nr * (s.typicalShuffleAvg + s.reduceAvg);
        low.c += s.firstShuffleAvg - s.typicalShuffleAvg;
        up.b = (nr - 1.0) * (s.typicalShuffleAvg + s.reduceAvg);
        up.c += s.firstShuffleMax - s.typicalShuffleAvg + s.typicalShuffleMax + s.reduceMax;
    }
    switch (bound) {
        case Bound::Low:
            return low;
        case Bound::Up:
            return up;
        case Bound::Avg:
            break;
    }
    return {0.5 * (low.a + up.a), 0.5 * (low.b + up.b), 0.5 * (low.c + up.c)};
}

CompletionForm eq10Form(int maps, int reduces, double mapTaskTime, double reduceTaskTime,
                        double copyTime) {
    return {maps * mapTaskTime, reduces * reduceTaskTime,
            static_cast<double>(maps) * reduces * copyTime};
}

namespace {

bool meets(double value, double budget) {
    return withinDuration(value, budget);
}

// Whether a total of `s` slots misses for certain, without splitting it: `minimum` is the
// continuous minimum total, below which nothing meets (two stages: A/x + B/y >= (√A + √B)² / s
// for x + y = s, Cauchy–Schwarz); `s` must lie below it by far more than the slack of meets()
// and the rounding of the divisions.
bool belowMinimum(long long s, double minimum) {
    constexpr double kMargin = 1e-8;  // ten times meets()' relative slack
    return static_cast<double>(s) * (1.0 + kMargin) <= minimum;
}

// A split of a total: x map slots, its two terms A/x and B/(s − x), and their sum.
struct Split {
    int map = -1;
    double mapTerm = 0.0;
    double reduceTerm = 0.0;
    double value = std::numeric_limits<double>::infinity();
};

// The best split of a total of s slots between maps and reduces (A/x + B/(s − x) smallest): the
// integers around the convex optimum, within the caps. (map -1, value infinity) when s cannot be
// split.
Split bestSplit(const CompletionForm& form, double sa, double sb, int maxMap, int maxReduce,
                long long s) {
    const long long lo = std::max<long long>(1, s - maxReduce);
    const long long hi = std::min<long long>(maxMap, s - 1);
    if (lo > hi) {
        return {};
    }
    const double ideal =
        (sa + sb) > 0.0 ? static_cast<double>(s) * sa / (sa + sb) : static_cast<double>(lo);
    const long long f = std::clamp<long long>(static_cast<long long>(std::floor(ideal)), lo, hi);
    const long long cl = std::clamp<long long>(static_cast<long long>(std::ceil(ideal)), lo, hi);
    const auto split = [&](long long x) {
        const double mapTerm = form.a / static_cast<double>(x);
        const double reduceTerm = form.b / static_cast<double>(s - x);
        return Split{static_cast<int>(x), mapTerm, reduceTerm, mapTerm + reduceTerm};
    };
    Split best;
    for (long long x : {f, cl}) {
        const Split candidate = split(x);
        if (candidate.value < best.value) {
            best = candidate;
        }
        if (cl == f) {
            break;  // an integer optimum, or both clamped to one cap (a stage at its cap)
        }
    }
    return best;
}

// form.predict(x, y) from the split's terms, already divided: the same sum in the same order.
double predictSplit(const CompletionForm& form, const Split& split) {
    double t = form.c;
    if (form.a > 0.0) {
        t += split.mapTerm;
    }
    if (form.b > 0.0) {
        t += split.reduceTerm;
    }
    return t;
}

// No reduce stage: the fewest map slots with A/sm <= D − C; nullopt when even maxMap misses.
std::optional<int> mapOnlySlots(const CompletionForm& form, double budget, int maxMap) {
    int sm = 1;
    if (form.a > 0.0) {
        sm = static_cast<int>(std::min<double>(maxMap, std::ceil(form.a / budget)));
        sm = std::max(sm, 1);
        while (sm > 1 && !belowMinimum(sm - 1, form.a / budget) &&
               meets(form.a / (sm - 1), budget)) {
            --sm;  // guard against ceil() rounding up a value that was exact
        }
        if (!meets(form.a / sm, budget)) {
            return std::nullopt;
        }
    }
    return sm;
}

// The smallest real total x + y with A/x + B/y <= budget: (sa + sb)^2 / budget, or with the
// split's reduce (map) share beyond its cap, that cap plus the other stage's need beside it.
double guessTotal(const CompletionForm& form, double sa, double sb, double budget, int maxMap,
                  int maxReduce) {
    const double total = (sa + sb) * (sa + sb) / budget;
    const double map = sa + sb > 0.0 ? total * sa / (sa + sb) : 0.0;
    if (total - map > maxReduce && budget > form.b / maxReduce) {
        return maxReduce + form.a / (budget - form.b / maxReduce);
    }
    if (map > maxMap && budget > form.a / maxMap) {
        return maxMap + form.b / (budget - form.a / maxMap);
    }
    return total;
}

// With `meetsTotal` monotone on [lo, hi] and hi meeting: the range that still holds the smallest
// total that meets, after at most four steps from `from` toward it ([s, s]: found). `belowMisses`:
// from − 1 is known to miss.
template <class Meets>
std::pair<long long, long long> walkToBoundary(const Meets& meetsTotal, long long from,
                                               long long lo, long long hi, bool belowMisses) {
    if (from > lo && !belowMisses && meetsTotal(from - 1)) {
        long long s = from - 1;  // meets: walk down
        for (int step = 0; step < 4 && s > lo; ++step, --s) {
            if (!meetsTotal(s - 1)) {
                return {s, s};
            }
        }
        return {lo, s};
    }
    for (long long s = from; s < std::min(from + 4, hi); ++s) {  // from - 1 misses: walk up
        if (meetsTotal(s)) {
            return {s, s};
        }
    }
    return {std::min(from + 4, hi), hi};
}

}  // namespace

SlotQuota minimalSlots(const CompletionForm& form, double deadline, int maxMap, int maxReduce) {
    SlotQuota q = minimalIntegerSlots(form, deadline, maxMap, maxReduce);
    const double budget = deadline - form.c;
    if (budget > 0.0) {
        const double sa = std::sqrt(std::max(form.a, 0.0));
        const double sb = maxReduce > 0 ? std::sqrt(std::max(form.b, 0.0)) : 0.0;
        q.lagrangeMap = sa * (sa + sb) / budget;
        q.lagrangeReduce = sb * (sa + sb) / budget;
    }
    return q;
}

SlotQuota minimalIntegerSlots(const CompletionForm& form, double deadline, int maxMap,
                              int maxReduce) {
    maxMap = std::max(maxMap, 1);
    maxReduce = std::max(maxReduce, 0);
    const double budget = deadline - form.c;  // D − C
    // Without reduce tasks the reduce term does not apply (B is 0 for such jobs anyway).
    const auto predict = [&](double sm, double sr) {
        return maxReduce == 0 ? form.c + (form.a > 0.0 ? form.a / sm : 0.0) : form.predict(sm, sr);
    };
    // Infeasible: the maximum allocation (its prediction only then: two divisions saved).
    const auto most = [&]() {
        return SlotQuota{maxMap, maxReduce, predict(maxMap, maxReduce), false, 0.0, 0.0};
    };
    const double sa = std::sqrt(std::max(form.a, 0.0));
    const double sb = maxReduce > 0 ? std::sqrt(std::max(form.b, 0.0)) : 0.0;
    if (budget <= 0.0 && !(budget == 0.0 && sa == 0.0 && sb == 0.0)) {
        return most();  // the constant part alone misses the deadline
    }

    if (maxReduce == 0) {
        const std::optional<int> sm = mapOnlySlots(form, budget, maxMap);
        if (!sm) {
            return most();
        }
        return {*sm, 0, predict(*sm, 0), true, 0.0, 0.0};
    }
    // Every total tried goes through meetsTotal; the last one that met is kept with its split, so
    // that neither the split at the answer nor the whole cluster's feasibility is evaluated twice.
    long long metTotal = -1;
    Split met;
    const auto meetsTotal = [&](long long s) {
        const Split split = mr::bestSplit(form, sa, sb, maxMap, maxReduce, s);
        if (!meets(split.value, budget)) {
            return false;
        }
        metTotal = s;
        met = split;
        return true;
    };
    const long long sMax = static_cast<long long>(maxMap) + maxReduce;
    long long lo = 2;
    long long hi = sMax;
    // Bisection is exact but costs log2(sMax) splits per call, and a run recomputes a quota at
    // every task end. The continuous solution (guessTotal) is almost always within a few slots
    // of the smallest feasible total: walk from it to the boundary (s - 1 misses, s meets) and
    // bisect only what the walk leaves. The total found is the one the bisection over
    // [2, sMax] gives: the smallest feasible one. The walk presumes sMax feasible; when it ends
    // on a total that met, it is, and otherwise sMax is checked before the bisection.
    if (budget > 0.0) {
        const double guess = guessTotal(form, sa, sb, budget, maxMap, maxReduce);
        const long long from = std::clamp<long long>(
            static_cast<long long>(std::ceil(std::min(guess, 9.0e18))), lo, hi);
        const bool belowMisses = form.a >= 0.0 && form.b >= 0.0 &&
                                 belowMinimum(from - 1, (sa + sb) * (sa + sb) / budget);
        std::tie(lo, hi) = walkToBoundary(meetsTotal, from, lo, hi, belowMisses);
    }
    if (metTotal != hi && !meetsTotal(sMax)) {
        return most();
    }
    while (lo < hi) {
        const long long mid = lo + (hi - lo) / 2;
        if (meetsTotal(mid)) {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    // hi is the last total that met (each narrowing of the range ends on one).
    const int x = met.map;
    const int y = static_cast<int>(hi - x);
    return {x, y, predictSplit(form, met), true, 0.0, 0.0};
}

}  // namespace mr
