#include "io/RumenAttemptChain.h"

#include <algorithm>

namespace mr {

namespace {

// Ran at some moment while the successful attempt ran.
bool beside(const ChainAttempt& a, const ChainAttempt& success) {
    return a.start < success.finish && a.finish > success.start;
}

}  // namespace

std::optional<std::vector<TracedDraft>> attemptChain(TaskKind kind, int index,
                                                     const ChainAttempt& success,
                                                     std::vector<ChainAttempt> others,
                                                     int untimed) {
    if (untimed > 0) {
        return std::nullopt;
    }
    std::sort(others.begin(), others.end(), [](const ChainAttempt& x, const ChainAttempt& y) {
        return x.start != y.start ? x.start < y.start : x.finish < y.finish;
    });
    std::vector<ChainAttempt> chain;
    std::optional<ChainAttempt> race;
    for (const ChainAttempt& a : others) {
        if (!beside(a, success)) {
            chain.push_back(a);
        } else if (race || a.result != TracedResult::Killed) {
            return std::nullopt;  // a second attempt beside the success, or one that failed
        } else {
            race = a;
        }
    }
    const long long raceStart = race ? std::min(race->start, success.start) : success.start;
    std::vector<TracedDraft> out;
    for (std::size_t i = 0; i < chain.size(); ++i) {
        const long long next = i + 1 < chain.size() ? chain[i + 1].start : raceStart;
        if (chain[i].finish > next) {
            return std::nullopt;  // overlaps the next attempt, or came after the success
        }
        out.push_back(TracedDraft{kind, index, chain[i].start, chain[i].finish, next, chain[i].host,
                                  chain[i].result});
    }
    if (race) {
        out.push_back(TracedDraft{kind, index, race->start, race->finish, 0, race->host,
                                  TracedResult::Speculative, success.start, success.host});
    }
    return out;
}

}  // namespace mr
