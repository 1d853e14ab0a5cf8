// JobBitset — a set of small integers (positions in a policy's order) with a fast "first member
// at or after i": the policies' ready lists. 1000 jobs are 16 machine words.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

namespace mr {

class JobBitset {
public:
    explicit JobBitset(int size = 0) : m_words((static_cast<std::size_t>(size) + 63) / 64, 0) {}

    void set(int i) {
        m_words[word(i)] |= bit(i);
        m_firstWord = std::min(m_firstWord, word(i));
    }
    void clear(int i) { m_words[word(i)] &= ~bit(i); }
    bool test(int i) const { return (m_words[word(i)] & bit(i)) != 0; }

    // First member >= from, or -1.
    int next(int from) const {
        std::size_t w = word(from);
        if (w >= m_words.size()) {
            return -1;
        }
        std::uint64_t bits =
            m_words[w] & (~std::uint64_t{0} << (static_cast<unsigned>(from) & 63u));
        while (true) {
            if (bits != 0) {
                return static_cast<int>(w * 64 + static_cast<std::size_t>(std::countr_zero(bits)));
            }
            if (++w == m_words.size()) {
                return -1;
            }
            bits = m_words[w];
        }
    }
    // First member, or -1. Amortised O(1): the words before m_firstWord are known to be empty.
    int first() const {
        while (m_firstWord < m_words.size() && m_words[m_firstWord] == 0) {
            ++m_firstWord;
        }
        if (m_firstWord == m_words.size()) {
            return -1;
        }
        return static_cast<int>(m_firstWord * 64 +
                                static_cast<std::size_t>(std::countr_zero(m_words[m_firstWord])));
    }

private:
    static std::size_t word(int i) { return static_cast<std::size_t>(i) >> 6; }
    static std::uint64_t bit(int i) { return std::uint64_t{1} << (static_cast<unsigned>(i) & 63u); }

    std::vector<std::uint64_t> m_words;
    mutable std::size_t m_firstWord = 0;  // no member lies in a word before this one
};

}  // namespace mr
