#include "model/InputError.h"

namespace mr {

namespace {

std::string compose(const std::string& file, const std::string& job, const std::string& field,
                    const std::string& message, const std::string& itemKind) {
    std::string text;
    if (!file.empty()) {
        text += file + ": ";
    }
    if (!job.empty()) {
        text += itemKind + " '" + job + "': ";
    }
    if (!field.empty()) {
        text += "field '" + field + "': ";
    }
    return text + message;
}

}  // namespace

InputError::InputError(std::string file, std::string job, std::string field, std::string message,
                       std::string itemKind)
    : std::runtime_error(compose(file, job, field, message, itemKind)),
      m_file(std::move(file)),
      m_job(std::move(job)),
      m_field(std::move(field)),
      m_message(std::move(message)),
      m_itemKind(std::move(itemKind)) {}

InputError InputError::withFile(const std::string& file) const {
    return InputError(file, m_job, m_field, m_message, m_itemKind);
}

}  // namespace mr
