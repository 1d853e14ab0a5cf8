#include "io/AtomicFile.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <random>

#include "model/InputError.h"

namespace mr {

void writeFileAtomically(const std::string& path, const std::string& contents) {
    namespace fs = std::filesystem;
    const fs::path target(path);
    const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
    std::random_device rd;
    const fs::path temp = dir / (std::string(".") + target.filename().string() + ".tmp" +
                                 std::to_string(rd() % 1000000));

    std::FILE* out = std::fopen(temp.c_str(), "wb");
    if (out == nullptr) {
        throw InputError(path, "", "", std::string("cannot write: ") + std::strerror(errno));
    }
    const bool written = std::fwrite(contents.data(), 1, contents.size(), out) == contents.size();
    const bool flushed = std::fflush(out) == 0;
    const bool closed = std::fclose(out) == 0;
    if (!written || !flushed || !closed) {
        std::error_code ignored;
        fs::remove(temp, ignored);
        throw InputError(path, "", "", "cannot write (disk full?); the old file was kept");
    }
    std::error_code ec;
    fs::rename(temp, target, ec);
    if (ec) {
        fs::remove(temp, ec);
        throw InputError(path, "", "", "cannot replace the file: " + ec.message());
    }
}

}  // namespace mr
