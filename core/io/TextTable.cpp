#include "io/TextTable.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace mr {

namespace {

// Characters of UTF-8 text: every byte that does not continue a sequence.
std::size_t characters(const std::string& text) {
    return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
        return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    }));
}

}  // namespace

std::string textTable(const std::vector<std::vector<std::string>>& rows, const std::string& align) {
    std::vector<std::size_t> width;
    for (const auto& row : rows) {
        width.resize(std::max(width.size(), row.size()), 0);
        for (std::size_t c = 0; c < row.size(); ++c) {
            width[c] = std::max(width[c], characters(row[c]));
        }
    }
    std::string out;
    for (const auto& row : rows) {
        std::string line;
        for (std::size_t c = 0; c < row.size(); ++c) {
            const std::string pad(width[c] - characters(row[c]), ' ');
            const bool last = c + 1 == row.size();
            if (c < align.size() && align[c] == 'l') {
                line += row[c] + (last ? "" : pad);
            } else {
                line += pad + row[c];
            }
            line += last ? "" : "  ";
        }
        while (!line.empty() && line.back() == ' ') {
            line.pop_back();
        }
        out += line + "\n";
    }
    return out;
}

std::string percentText(double fraction) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.1f%%", fraction * 100.0);
    return buffer;
}

std::string signedPercentText(double percent) {
    if (std::fabs(percent) < 0.05) {
        return "0.0%";
    }
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%+.1f%%", percent);
    return buffer;
}

std::string joinedNames(const std::vector<std::string>& names, const char* separator) {
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i) {
        out += (i == 0 ? "" : separator) + names[i];
    }
    return out;
}

std::string abbreviatedNames(const std::vector<std::string>& names, std::size_t limit) {
    if (names.size() <= limit) {
        return joinedNames(names);
    }
    const std::vector<std::string> head(names.begin(),
                                        names.begin() + static_cast<std::ptrdiff_t>(limit));
    return joinedNames(head) + " ... (+" + std::to_string(names.size() - limit) + " more)";
}

}  // namespace mr
