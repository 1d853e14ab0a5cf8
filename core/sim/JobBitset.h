// JobBitset — a set of small integers (positions in a policy's order) with a fast "first member
// at or after i": the policies' ready lists. 1000 jobs are 16 machine words. A second level holds
// one bit per non-empty word, so that a search skips 4096 absent positions per step: a month of a
// production cluster (733 260 jobs, a few hundred active at a time) is 11 458 words, 180 summary
// words, and a search costs the same on the first day and the last (it stops at the highest word
// ever set).
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

namespace mr {

class JobBitset {
public:
    explicit JobBitset(int size = 0)
        : m_words((static_cast<std::size_t>(size) + 63) / 64, 0),
          m_summary((m_words.size() + 63) / 64, 0) {}

    void set(int i) {
        const std::size_t w = word(i);
        m_count += (m_words[w] & bit(i)) == 0 ? 1 : 0;
        m_words[w] |= bit(i);
        m_summary[w >> 6] |= std::uint64_t{1} << (w & 63u);
        m_firstWord = std::min(m_firstWord, w >> 6);
        m_summaryEnd = std::max(m_summaryEnd, (w >> 6) + 1);
    }
    void clear(int i) {
        const std::size_t w = word(i);
        m_count -= (m_words[w] & bit(i)) != 0 ? 1 : 0;
        m_words[w] &= ~bit(i);
        if (m_words[w] == 0) {
            m_summary[w >> 6] &= ~(std::uint64_t{1} << (w & 63u));
        }
    }
    bool test(int i) const { return (m_words[word(i)] & bit(i)) != 0; }

    // First member >= from, or -1.
    int next(int from) const {
        const std::size_t w = word(from);
        if (w >= m_words.size()) {
            return -1;
        }
        const std::uint64_t bits =
            m_words[w] & (~std::uint64_t{0} << (static_cast<unsigned>(from) & 63u));
        if (bits != 0) {
            return at(w, bits);
        }
        return firstFromWord(w + 1);
    }
    // First member, or -1. Amortised O(1): the summary words before m_firstWord are known to be
    // empty. An empty set answers at once: a policy asks an empty set at most of a busy cluster's
    // instants, and a scan to the highest position ever set crosses every word between the jobs
    // running now and the job with the latest deadline yet (tens of words at a week).
    int first() const {
        if (m_count == 0) {
            return -1;
        }
        while (m_firstWord < m_summaryEnd && m_summary[m_firstWord] == 0) {
            ++m_firstWord;
        }
        return firstFromWord(m_firstWord * 64);
    }

private:
    static std::size_t word(int i) { return static_cast<std::size_t>(i) >> 6; }
    static std::uint64_t bit(int i) { return std::uint64_t{1} << (static_cast<unsigned>(i) & 63u); }
    static int at(std::size_t w, std::uint64_t bits) {
        return static_cast<int>(w * 64 + static_cast<std::size_t>(std::countr_zero(bits)));
    }
    // The first member in word `w` or after it, or -1, through the summary.
    int firstFromWord(std::size_t w) const {
        std::size_t s = w >> 6;
        if (s >= m_summaryEnd) {
            return -1;
        }
        std::uint64_t words = m_summary[s] & (~std::uint64_t{0} << (w & 63u));
        while (words == 0) {
            if (++s == m_summaryEnd) {
                return -1;
            }
            words = m_summary[s];
        }
        const std::size_t found = s * 64 + static_cast<std::size_t>(std::countr_zero(words));
        return at(found, m_words[found]);
    }

    std::vector<std::uint64_t> m_words;
    std::vector<std::uint64_t> m_summary;  // bit w: m_words[w] != 0
    mutable std::size_t m_firstWord = 0;   // no member lies under a summary word before this one
    // Nor at or after this one: the policies' sets fill in rank order as jobs arrive, so a search
    // that finds nothing stops at the last arrived job, not at the end of a month.
    std::size_t m_summaryEnd = 0;
    int m_count = 0;  // members
};

}  // namespace mr
