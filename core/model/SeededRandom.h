// SeededRandom — the project's one source of random draws (workload and cost-model generators,
// arrivals and deadlines, block placement, the random order), the same with every standard
// library: std::mt19937_64 is fully specified by the standard, the distributions of <random> are
// not (libstdc++ and libc++ turn the same engine output into different normal or uniform draws).
// So the same seed gives the same workload file with any compiler (given a libm whose log, sin
// and cos round alike, as glibc's do on every IEEE-754 machine we know of).
// Changing a draw? Bump kGeneratorRevision (model/Revisions.h).
#pragma once

#include <cstdint>
#include <random>
#include <vector>

namespace mr {

class SeededRandom {
public:
    explicit SeededRandom(std::uint64_t seed) : m_engine(seed) {}

    // The engine's next 64 bits (std::mt19937_64's: the same with every library), for draws
    // whose small modulo bias does not matter (`next() % 4` in a test's random case).
    std::uint64_t next() { return m_engine(); }
    // Uniform in [0, 1), 53 random bits.
    double uniform01();
    // Uniform real in [low, high).
    double uniform(double low, double high);
    // Uniform integer in [low, high] (no modulo bias).
    int uniformInt(int low, int high);
    // Normal with mean `mean` and standard deviation `sd` (Box–Muller).
    double normal(double mean, double sd);
    // Exponential with mean `mean` (inversion).
    double exponential(double mean);
    // LogNormal: exp of a normal with mean `mu` and standard deviation `sigma`.
    double lognormal(double mu, double sigma);
    // A normal draw conditioned on being >= `minimum` (drawn again until it is): the truncated
    // normal distribution. Requires a reasonable chance of success (checked by the caller's
    // parameters; the generators' bounds accept at least 40% of draws).
    double truncatedNormal(double mean, double sd, double minimum);
    // Fisher–Yates shuffle.
    template <typename T>
    void shuffle(std::vector<T>& items) {
        for (int i = static_cast<int>(items.size()) - 1; i > 0; --i) {
            std::swap(items[static_cast<std::size_t>(i)],
                      items[static_cast<std::size_t>(uniformInt(0, i))]);
        }
    }

private:
    std::mt19937_64 m_engine;
    bool m_hasSpare = false;
    double m_spare = 0.0;
};

}  // namespace mr
