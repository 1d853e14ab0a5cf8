// JsonParse — JSON text to a value, strictly, for every JSON file we read (workloads, cost
// models, sessions). Beyond the JSON grammar it refuses, each as one InputError naming the file,
// the item (job, machine, ...) when known, the key's path and the line:
//   * nesting deeper than kMaxJsonDepth (deep nesting would overflow the stack later, in any
//     recursive walk over the value);
//   * a key repeated in one object (the JSON standard leaves it open; silently keeping the last
//     would change the data);
//   * a number too large for a double ("1e999").
// A UTF-8 byte-order mark at the start is accepted (and skipped).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace mr {

// Our formats nest 6 levels at most; this leaves room for unknown keys kept on a round trip.
inline constexpr int kMaxJsonDepth = 128;

// Throws InputError naming `file`.
nlohmann::json parseJsonText(const std::string& text, const std::string& file);

// Parse a file's text that must be one JSON object whose "format" and "version" are `format` and
// `version` (InputError naming `file` and the field otherwise).
nlohmann::json parseFormattedDocument(const std::string& text, const std::string& file,
                                      const std::string& format, int version);

}  // namespace mr
