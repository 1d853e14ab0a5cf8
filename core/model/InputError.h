// InputError — the one exception type for bad user input (files, command-line values).
// It carries the file, the job and the field so that every front end can print one clear line.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

namespace mr {

class InputError : public std::runtime_error {
public:
    // Any of file, job, field may be empty; what() joins the non-empty parts:
    // "FILE: job 'J3': field 'map_duration': must be a finite number >= 0 (got -1)".
    // `itemKind` names what `job` is in other file formats ("machine 'A'", "store 's1'").
    // what() is always one line of valid UTF-8: see escapeForMessage().
    InputError(std::string file, std::string job, std::string field, std::string message,
               std::string itemKind = "job");

    // The parts as given (not escaped).
    const std::string& file() const { return m_file; }
    const std::string& job() const { return m_job; }
    const std::string& field() const { return m_field; }
    const std::string& message() const { return m_message; }
    const std::string& itemKind() const { return m_itemKind; }

    // The same error attributed to a file (used when a parser did not know the file name).
    InputError withFile(const std::string& file) const;

private:
    std::string m_file;
    std::string m_job;
    std::string m_field;
    std::string m_message;
    std::string m_itemKind;
};

// The line what() prints, for messages that are not errors (a loader's warnings, an importer's
// notes): the same parts, the same escaping.
std::string inputMessage(const std::string& file, const std::string& job, const std::string& field,
                         const std::string& message, const std::string& itemKind = "job");

// `text` made safe for a one-line message: control characters (newline, tab, escape, ...), the
// Unicode line and paragraph separators and DEL become C-style escapes (\n, \t, \x1b, \u2028),
// and bytes that are not valid UTF-8 become \xNN. Printable text, including any other Unicode,
// stays as it is.
std::string escapeForMessage(std::string_view text);

// Whether `text` is well-formed UTF-8 (no overlong forms, surrogates or code points past U+10FFFF).
bool isValidUtf8(std::string_view text);

}  // namespace mr
