// Csv — the one way the program writes CSV (RFC 4180): fields quoted when needed, numbers as the
// shortest text that reads back exactly.
#pragma once

#include <string>
#include <vector>

namespace mr {

std::string csvField(const std::string& text);  // quoted when it holds , " CR or LF
std::string csvNumber(double value);            // "47", "35.666666666666664"
// The fields quoted as needed, joined by commas, ended by "\n".
std::string csvRow(const std::vector<std::string>& fields);

}  // namespace mr
