#include "charts/TimeText.h"

#include <cmath>

#include "model/Numbers.h"

namespace mr::ui {

namespace {

// Sixths as vulgar fractions: 1/6 ⅙, 2/6 ⅓, 4/6 ⅔, 5/6 ⅚ (3/6 is 0.5, exact in decimals).
const char16_t* const kSixths[] = {nullptr, u"⅙", u"⅓", nullptr, u"⅔", u"⅚"};

}  // namespace

QString timeText(double seconds) {
    const double sixths = seconds * 6.0;
    const double whole = std::round(sixths);
    const bool exact = std::isfinite(seconds) && std::fabs(seconds) < 1e6 &&
                       std::fabs(sixths - whole) <= 1e-9 * std::max(1.0, std::fabs(sixths));
    const auto part = static_cast<long long>(std::fabs(whole)) % 6;
    if (!exact || kSixths[part] == nullptr) {
        return QString::fromStdString(formatTime(seconds));
    }
    const long long units = static_cast<long long>(std::fabs(whole)) / 6;
    const QString sign = whole < 0 ? QStringLiteral("-") : QString();
    const QString fraction = QString::fromUtf16(kSixths[part]);
    return units == 0 ? sign + fraction : sign + QString::number(units) + fraction;
}

}  // namespace mr::ui
