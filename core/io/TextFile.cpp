#include "io/TextFile.h"

#include <algorithm>
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
            const auto got = static_cast<std::size_t>(in.gcount());
            // Text never holds a NUL byte: binary data (/dev/zero, an image) is refused at once,
            // not read up to the limit.
            if (const void* nul = std::memchr(chunk, '\0', got)) {
                throw InputError(
                    path, "", "",
                    "holds binary data (a NUL byte at offset " +
                        std::to_string(text.size() + static_cast<std::size_t>(
                                                         static_cast<const char*>(nul) - chunk)) +
                        "), not text");
            }
            // Refused before it grows past the limit: growth by doubling from 1 MiB ends at the
            // limit itself (std::string's own doubling would ask for twice it at the end).
            if (text.size() + got > maxBytes) {
                throw InputError(path, "", "",
                                 "more than " + mebibytes(maxBytes) +
                                     " to read (a device or a pipe that does not end?)");
            }
            if (text.size() + got > text.capacity()) {
                text.reserve(static_cast<std::size_t>(std::min<std::uint64_t>(
                    std::max<std::uint64_t>(2 * std::max<std::size_t>(text.capacity(), 1 << 19),
                                            text.size() + got),
                    maxBytes)));
            }
            text.append(chunk, got);
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
