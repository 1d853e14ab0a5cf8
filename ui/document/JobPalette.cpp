#include "document/JobPalette.h"

#include <QSettings>
#include <algorithm>
#include <atomic>
#include <cmath>

namespace mr::ui {

namespace {

constexpr const char* kSettingsKey = "view/palette";

std::atomic<int>& currentScheme() {
    static std::atomic<int> scheme{
        QSettings().value(kSettingsKey).toString() == QLatin1String("colour-blind-safe") ? 1 : 0};
    return scheme;
}

// Paul Tol, "Colour schemes and templates" (SRON/EPS/TN/09-002), qualitative "muted".
constexpr QRgb kMuted[] = {0xCC6677, 0x332288, 0xDDCC77, 0x117733, 0x88CCEE,
                           0x882255, 0x44AA99, 0x999933, 0xAA4499};
constexpr int kMutedCount = static_cast<int>(std::size(kMuted));

QColor standard(int slot) {
    constexpr double kGoldenAngle = 137.50776405;
    const double hue = std::fmod(slot * kGoldenAngle + 210.0, 360.0);
    // Three tiers so that hues that come round again differ in lightness too.
    static constexpr int kSaturation[] = {170, 210, 120};
    static constexpr int kLightness[] = {120, 95, 150};
    const int tier = (slot / 3) % 3;
    return QColor::fromHsl(static_cast<int>(hue), kSaturation[tier], kLightness[tier]);
}

QColor colourBlindSafe(int slot) {
    const QColor c = QColor::fromRgb(kMuted[slot % kMutedCount]);
    switch ((slot / kMutedCount) % 3) {
        case 1:
            return c.darker(135);
        case 2:
            return c.lighter(125);
        default:
            return c;
    }
}

}  // namespace

JobPalette::Scheme JobPalette::scheme() {
    return currentScheme().load() == 1 ? Scheme::ColourBlindSafe : Scheme::Standard;
}

void JobPalette::setScheme(Scheme scheme) {
    if (scheme == JobPalette::scheme()) {
        return;
    }
    currentScheme().store(scheme == Scheme::ColourBlindSafe ? 1 : 0);
    QSettings().setValue(kSettingsKey, scheme == Scheme::ColourBlindSafe
                                           ? QStringLiteral("colour-blind-safe")
                                           : QStringLiteral("standard"));
    emit JobPaletteNotifier::instance()->schemeChanged();
}

JobPaletteNotifier* JobPaletteNotifier::instance() {
    static JobPaletteNotifier notifier;
    return &notifier;
}

QColor JobPalette::base(int slot) {
    slot = std::max(0, slot);
    return scheme() == Scheme::ColourBlindSafe ? colourBlindSafe(slot) : standard(slot);
}

QColor JobPalette::reduceShade(int slot) {
    const QColor c = base(slot);
    if (scheme() == Scheme::ColourBlindSafe) {
        // Halfway to white keeps the hue recognisable and the map shade clearly darker.
        return QColor((c.red() + 255) / 2, (c.green() + 255) / 2, (c.blue() + 255) / 2);
    }
    return QColor::fromHsl(c.hslHue(), c.hslSaturation(), std::min(225, c.lightness() + 60));
}

QColor JobPalette::faded(const QColor& color) {
    const int gray = qGray(color.rgb());
    const auto mix = [&](int channel) { return (channel + 3 * ((gray + 3 * 235) / 4)) / 4; };
    return QColor(mix(color.red()), mix(color.green()), mix(color.blue()));
}

QColor JobPalette::selectedOutline(const QColor& fill) {
    return qGray(fill.rgb()) > 110 ? fill.darker(190) : fill.lighter(190);
}

QColor JobPalette::textOn(const QColor& background) {
    return qGray(background.rgb()) > 140 ? QColor(20, 20, 20) : QColor(250, 250, 250);
}

}  // namespace mr::ui
