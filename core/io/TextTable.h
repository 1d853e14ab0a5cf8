// TextTable — tables and short values for people (the CLI's text output): columns padded to the
// widest cell, percentages, long name lists abbreviated.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace mr {

// Rows as text, columns padded to their widest cell (counted in characters, not bytes: "§"
// is one); `align` has one letter per column, 'l' (left) or 'r' (right, the default).
std::string textTable(const std::vector<std::vector<std::string>>& rows, const std::string& align);

// "58.1%" for 0.581.
std::string percentText(double fraction);
// "+36.5%", "-5.4%", "0.0%" for a value already in percent.
std::string signedPercentText(double percent);

// The names separated by `separator`.
std::string joinedNames(const std::vector<std::string>& names, const char* separator = " ");
// At most `limit` names, then "... (+N more)": tables stay readable for 1000-job batches.
std::string abbreviatedNames(const std::vector<std::string>& names, std::size_t limit);

}  // namespace mr
