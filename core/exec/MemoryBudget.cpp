#include "exec/MemoryBudget.h"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <limits>

#include "model/InputError.h"

namespace mr {

namespace {

std::atomic<std::uint64_t> g_override{0};

constexpr std::uint64_t kUnlimited = std::numeric_limits<std::uint64_t>::max();

// "2G", "1536M", "123456": bytes; 0 when unreadable.
std::uint64_t parseSize(const std::string& text) {
    char* end = nullptr;
    const double value = std::strtod(text.c_str(), &end);
    if (end == text.c_str() || !std::isfinite(value) || value <= 0.0) {
        return 0;
    }
    double scale = 1.0;
    switch (*end) {
        case 'k':
        case 'K':
            scale = 1024.0;
            ++end;
            break;
        case 'm':
        case 'M':
            scale = 1024.0 * 1024;
            ++end;
            break;
        case 'g':
        case 'G':
            scale = 1024.0 * 1024 * 1024;
            ++end;
            break;
        case 't':
        case 'T':
            scale = 1024.0 * 1024 * 1024 * 1024;
            ++end;
            break;
        default:
            break;
    }
    if (*end == 'B' || *end == 'b') {
        ++end;
    }
    const double bytes = value * scale;
    return *end != '\0' || bytes >= 1.8e19 ? 0 : static_cast<std::uint64_t>(bytes);
}

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
            const std::uint64_t bytes = parseSize(text);
            if (bytes > 0) {
                return bytes;
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

std::uint64_t memoryLimit() {
    if (const std::uint64_t set = g_override.load(); set > 0) {
        return set;
    }
    if (const char* env = std::getenv("MRX_MEMORY_LIMIT")) {
        if (const std::uint64_t bytes = parseSize(env); bytes > 0) {
            return bytes;
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
