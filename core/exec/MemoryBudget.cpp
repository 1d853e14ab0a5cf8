#include "exec/MemoryBudget.h"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <limits>

#include "model/InputError.h"
#include "model/Numbers.h"

namespace mr {

namespace {

std::atomic<std::uint64_t> g_override{0};

constexpr std::uint64_t kUnlimited = std::numeric_limits<std::uint64_t>::max();

std::uint64_t physicalMemory() {
    const long pages = ::sysconf(_SC_PHYS_PAGES);
    const long size = ::sysconf(_SC_PAGE_SIZE);
    return pages > 0 && size > 0
               ? static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(size)
               : kUnlimited;
}

std::uint64_t cgroupLimit() {
    for (const char* path :
         {"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"}) {
        std::ifstream in(path);
        std::string text;
        if (in >> text && text != "max") {
            if (const auto bytes = parseByteSize(text)) {
                return *bytes;
            }
        }
    }
    return kUnlimited;
}

std::uint64_t rlimitOf(int resource) {
    rlimit limit{};
    return ::getrlimit(resource, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY
               ? static_cast<std::uint64_t>(limit.rlim_cur)
               : kUnlimited;
}

}  // namespace

std::optional<std::uint64_t> parseByteSize(std::string_view text) {
    if (!text.empty() && (text.back() == 'B' || text.back() == 'b')) {
        text.remove_suffix(1);
    }
    double scale = 1.0;
    if (!text.empty()) {
        switch (text.back()) {
            case 'k':
            case 'K':
                scale = 1024.0;
                break;
            case 'm':
            case 'M':
                scale = 1024.0 * 1024;
                break;
            case 'g':
            case 'G':
                scale = 1024.0 * 1024 * 1024;
                break;
            case 't':
            case 'T':
                scale = 1024.0 * 1024 * 1024 * 1024;
                break;
            default:
                break;
        }
        if (scale > 1.0) {
            text.remove_suffix(1);
        }
    }
    const std::optional<double> value = parseDouble(text);  // the one number parser: no locale
    if (!value || *value <= 0.0 || *value * scale >= 1.8e19) {
        return std::nullopt;
    }
    return static_cast<std::uint64_t>(*value * scale);
}

std::uint64_t memoryLimit() {
    if (const std::uint64_t set = g_override.load(); set > 0) {
        return set;
    }
    if (const char* env = std::getenv("MRX_MEMORY_LIMIT")) {
        if (const auto bytes = parseByteSize(env)) {
            return *bytes;
        }
    }
    const std::uint64_t available =
        std::min({physicalMemory(), cgroupLimit(), rlimitOf(RLIMIT_AS), rlimitOf(RLIMIT_DATA)});
    return available == kUnlimited ? kUnlimited : available / 4 * 3;
}

void setMemoryLimit(std::uint64_t bytes) {
    g_override.store(bytes);
}

std::string formatBytes(std::uint64_t bytes) {
    static const char* const units[] = {"bytes", "KB", "MB", "GB", "TB", "PB", "EB"};
    double value = static_cast<double>(bytes);
    std::size_t unit = 0;
    while (value >= 1024.0 && unit + 1 < std::size(units)) {
        value /= 1024.0;
        ++unit;
    }
    char text[32];
    if (unit == 0) {
        std::snprintf(text, sizeof text, "%llu bytes", static_cast<unsigned long long>(bytes));
    } else {
        std::snprintf(text, sizeof text,
                      value < 10    ? "%.2f %s"
                      : value < 100 ? "%.1f %s"
                                    : "%.0f %s",
                      value, units[unit]);
    }
    return text;
}

void checkMemory(std::uint64_t estimate, const std::string& what, const std::string& field) {
    const std::uint64_t limit = memoryLimit();
    if (estimate > limit) {
        throw InputError("", "", field,
                         what + " needs about " + formatBytes(estimate) +
                             " of memory; the limit is " + formatBytes(limit) +
                             " (MRX_MEMORY_LIMIT)");
    }
}

}  // namespace mr
