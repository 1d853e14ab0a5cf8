#include "io/TextFile.h"

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "io/NumberFormat.h"
#include "model/InputError.h"

namespace mr {

namespace fs = std::filesystem;

namespace {

std::string mebibytes(std::uint64_t bytes) {
    return formatNumber(static_cast<double>(bytes) / (1024.0 * 1024.0)) + " MiB";
}

}  // namespace

std::ifstream openInputFile(const std::string& path) {
    std::error_code ec;
    const fs::file_status status = fs::status(path, ec);
    if (fs::is_directory(status)) {
        throw InputError(path, "", "", "is a directory, not a file");
    }
    errno = 0;
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        const int error = errno;
        throw InputError(path, "", "",
                         std::string("cannot open the file for reading") +
                             (error != 0 ? std::string(": ") + std::strerror(error) : ""));
    }
    return in;
}

std::string readTextFile(const std::string& path, std::uint64_t maxBytes) {
    std::ifstream in = openInputFile(path);
    std::string text;
    std::error_code ec;
    if (fs::is_regular_file(path, ec)) {
        const std::uintmax_t size = fs::file_size(path, ec);
        if (!ec && size > maxBytes) {
            throw InputError(path, "", "",
                             "the file holds " + mebibytes(size) + "; at most " +
                                 mebibytes(maxBytes) + " are read");
        }
        text.reserve(ec ? 0 : static_cast<std::size_t>(size));
    }
    try {
        char chunk[1 << 16];
        while (in) {
            in.read(chunk, sizeof chunk);
            text.append(chunk, static_cast<std::size_t>(in.gcount()));
            if (text.size() > maxBytes) {
                throw InputError(path, "", "",
                                 "more than " + mebibytes(maxBytes) +
                                     " to read (a device or a pipe that does not end?)");
            }
        }
    } catch (const std::ios_base::failure& e) {  // libstdc++ throws from a failing read(2)
        throw InputError(path, "", "", std::string("error while reading the file: ") + e.what());
    }
    if (in.bad()) {
        throw InputError(path, "", "", "error while reading the file");
    }
    return text;
}

}  // namespace mr
