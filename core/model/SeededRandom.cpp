#include "model/SeededRandom.h"

#include <cmath>
#include <numbers>

namespace mr {

double SeededRandom::uniform01() {
    return static_cast<double>(m_engine() >> 11) * 0x1.0p-53;
}

double SeededRandom::uniform(double low, double high) {
    return low + (high - low) * uniform01();
}

int SeededRandom::uniformInt(int low, int high) {
    const std::uint64_t range =
        static_cast<std::uint64_t>(static_cast<std::int64_t>(high) - low) + 1;
    // Reject the top partial block of 2^64 so that every value is equally likely.
    const std::uint64_t limit = UINT64_MAX - UINT64_MAX % range;
    std::uint64_t x = m_engine();
    while (x >= limit) {
        x = m_engine();
    }
    return static_cast<int>(static_cast<std::int64_t>(low) + static_cast<std::int64_t>(x % range));
}

double SeededRandom::normal(double mean, double sd) {
    if (m_hasSpare) {
        m_hasSpare = false;
        return mean + sd * m_spare;
    }
    // Box–Muller: two uniforms give two independent standard normals; keep the second.
    const double u1 = 1.0 - uniform01();  // (0, 1]: log is finite
    const double u2 = uniform01();
    const double radius = std::sqrt(-2.0 * std::log(u1));
    const double angle = 2.0 * std::numbers::pi * u2;
    m_spare = radius * std::sin(angle);
    m_hasSpare = true;
    return mean + sd * radius * std::cos(angle);
}

double SeededRandom::exponential(double mean) {
    return -mean * std::log(1.0 - uniform01());  // 1 - u in (0, 1]: log is finite
}

double SeededRandom::lognormal(double mu, double sigma) {
    return std::exp(normal(mu, sigma));
}

double SeededRandom::truncatedNormal(double mean, double sd, double minimum) {
    double x = normal(mean, sd);
    while (x < minimum) {
        x = normal(mean, sd);
    }
    return x;
}

}  // namespace mr
