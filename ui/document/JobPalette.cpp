#include "document/JobPalette.h"

#include <cmath>

namespace mr::ui {

QColor JobPalette::base(int job) {
    constexpr double kGoldenAngle = 137.50776405;
    const double hue = std::fmod(job * kGoldenAngle + 210.0, 360.0);
    // Three tiers so that hues that come round again differ in lightness too.
    static constexpr int kSaturation[] = {170, 210, 120};
    static constexpr int kLightness[] = {120, 95, 150};
    const int tier = (job / 3) % 3;
    return QColor::fromHsl(static_cast<int>(hue), kSaturation[tier], kLightness[tier]);
}

QColor JobPalette::reduceShade(int job) {
    const QColor c = base(job);
    return QColor::fromHsl(c.hslHue(), c.hslSaturation(), std::min(225, c.lightness() + 60));
}

QColor JobPalette::faded(const QColor& color) {
    const int gray = qGray(color.rgb());
    const auto mix = [&](int channel) { return (channel + 3 * ((gray + 3 * 235) / 4)) / 4; };
    return QColor(mix(color.red()), mix(color.green()), mix(color.blue()));
}

QColor JobPalette::textOn(const QColor& background) {
    return qGray(background.rgb()) > 140 ? QColor(20, 20, 20) : QColor(250, 250, 250);
}

}  // namespace mr::ui
