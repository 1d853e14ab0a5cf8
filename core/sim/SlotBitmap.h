// SlotBitmap — the engine's free slots of one kind: one bit per slot, and a second level of one
// bit per non-empty word, so that finding the next free slot skips 64 full words per step. At
// 3000 nodes × 4 slots a busy cluster is 188 words of busy slots; the deadline policies look for
// a free slot at every one of their millions of instants a day, mostly on a nearly full cluster.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

namespace mr {

class SlotBitmap {
public:
    // `size` slots, all set.
    explicit SlotBitmap(int size = 0)
        : m_words((static_cast<std::size_t>(size) + 63) / 64, ~std::uint64_t{0}),
          m_summary((m_words.size() + 63) / 64, 0) {
        if (size % 64 != 0) {
            m_words.back() = (std::uint64_t{1} << (size % 64)) - 1;
        }
        for (std::size_t w = 0; w < m_words.size(); ++w) {
            m_summary[w >> 6] |= summaryBit(w);
        }
    }

    // Slots slot..slot+count−1 become `value`.
    void assign(int slot, int count, bool value) {
        const int last = slot + count;
        for (int s = slot; s < last;) {
            const int inWord = std::min(64 - (s & 63), last - s);
            const std::size_t w = static_cast<std::size_t>(s) >> 6;
            const std::uint64_t mask = wordMask(s, inWord);
            m_words[w] = value ? (m_words[w] | mask) : (m_words[w] & ~mask);
            if (m_words[w] != 0) {
                m_summary[w >> 6] |= summaryBit(w);
            } else {
                m_summary[w >> 6] &= ~summaryBit(w);
            }
            s += inWord;
        }
    }

    // The first set slot in [from, end), or -1.
    int next(int from, int end) const {
        if (from >= end) {
            return -1;
        }
        std::size_t w = static_cast<std::size_t>(from) >> 6;
        const std::uint64_t bits = m_words[w] & (~std::uint64_t{0} << (from & 63));
        if (bits == 0) {
            w = nextWord(w + 1);
            if (w == kNone) {
                return -1;
            }
        }
        const std::uint64_t found = bits != 0 ? bits : m_words[w];
        const int slot = static_cast<int>(w * 64) + std::countr_zero(found);
        return slot < end ? slot : -1;
    }

    // The first slot at or after `from` (and before `end`) that is not set; `end` if none.
    int runEnd(int from, int end) const {
        std::size_t w = static_cast<std::size_t>(from) >> 6;
        std::uint64_t unset = ~m_words[w] & (~std::uint64_t{0} << (from & 63));
        while (true) {
            if (unset != 0) {
                return std::min(end, static_cast<int>(w * 64) + std::countr_zero(unset));
            }
            if (++w >= m_words.size() || static_cast<int>(w * 64) >= end) {
                return end;
            }
            unset = ~m_words[w];
        }
    }

    // Set slots in [first, end).
    int count(int first, int end) const {
        int n = 0;
        for (int s = first; s < end;) {
            const int inWord = std::min(64 - (s & 63), end - s);
            n += std::popcount(m_words[static_cast<std::size_t>(s) >> 6] & wordMask(s, inWord));
            s += inWord;
        }
        return n;
    }

private:
    static constexpr std::size_t kNone = static_cast<std::size_t>(-1);

    static std::uint64_t summaryBit(std::size_t w) { return std::uint64_t{1} << (w & 63u); }
    // The bits of slots s..s+n−1 within their word (n <= 64 − s % 64).
    static std::uint64_t wordMask(int s, int n) {
        return (n == 64 ? ~std::uint64_t{0} : ((std::uint64_t{1} << n) - 1)) << (s & 63);
    }
    // The first non-empty word at or after `w`, or kNone.
    std::size_t nextWord(std::size_t w) const {
        std::size_t s = w >> 6;
        if (s >= m_summary.size()) {
            return kNone;
        }
        std::uint64_t words = m_summary[s] & (~std::uint64_t{0} << (w & 63u));
        while (words == 0) {
            if (++s == m_summary.size()) {
                return kNone;
            }
            words = m_summary[s];
        }
        return s * 64 + static_cast<std::size_t>(std::countr_zero(words));
    }

    std::vector<std::uint64_t> m_words;
    std::vector<std::uint64_t> m_summary;  // bit w: m_words[w] != 0
};

}  // namespace mr
