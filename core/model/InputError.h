// InputError — the one exception type for bad user input (files, command-line values).
// It carries the file, the job and the field so that every front end can print one clear line.
#pragma once

#include <stdexcept>
#include <string>

namespace mr {

class InputError : public std::runtime_error {
public:
    // Any of file, job, field may be empty; what() joins the non-empty parts:
    // "FILE: job 'J3': field 'map_duration': must be a finite number >= 0 (got -1)".
    // `itemKind` names what `job` is in other file formats ("machine 'A'", "store 's1'").
    InputError(std::string file, std::string job, std::string field, std::string message,
               std::string itemKind = "job");

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

}  // namespace mr
