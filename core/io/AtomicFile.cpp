#include "io/AtomicFile.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <random>

#include "model/InputError.h"

namespace mr {

namespace fs = std::filesystem;

AtomicFileWriter::AtomicFileWriter(std::string path) : m_path(std::move(path)) {
    const fs::path target(m_path);
    const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
    std::random_device rd;
    m_temp = (dir / (std::string(".") + target.filename().string() + ".tmp" +
                     std::to_string(rd() % 1000000)))
                 .string();
    m_file = std::fopen(m_temp.c_str(), "wb");
    if (m_file == nullptr) {
        throw InputError(m_path, "", "", std::string("cannot write: ") + std::strerror(errno));
    }
}

AtomicFileWriter::~AtomicFileWriter() {
    discard();
}

void AtomicFileWriter::discard() {
    if (m_file != nullptr) {
        std::fclose(m_file);
        m_file = nullptr;
        std::error_code ignored;
        fs::remove(m_temp, ignored);
    }
}

void AtomicFileWriter::write(std::string_view text) {
    if (m_file == nullptr) {
        throw InputError(m_path, "", "", "write after the file was committed");
    }
    if (std::fwrite(text.data(), 1, text.size(), m_file) != text.size()) {
        discard();
        throw InputError(m_path, "", "", "cannot write (disk full?); the old file was kept");
    }
}

void AtomicFileWriter::commit() {
    if (m_file == nullptr) {
        throw InputError(m_path, "", "", "the file was already committed");
    }
    const bool flushed = std::fflush(m_file) == 0;
    const bool closed = std::fclose(m_file) == 0;
    m_file = nullptr;
    std::error_code ec;
    if (!flushed || !closed) {
        fs::remove(m_temp, ec);
        throw InputError(m_path, "", "", "cannot write (disk full?); the old file was kept");
    }
    fs::rename(m_temp, m_path, ec);
    if (ec) {
        std::error_code ignored;
        fs::remove(m_temp, ignored);
        throw InputError(m_path, "", "", "cannot replace the file: " + ec.message());
    }
}

void writeFileAtomically(const std::string& path, const std::string& contents) {
    AtomicFileWriter writer(path);
    writer.write(contents);
    writer.commit();
}

}  // namespace mr
