// TimeText — a time (or any value in seconds) as the window shows it to people: a value that is
// an exact number of thirds or sixths reads as the papers and the lessons write it — 35⅔, 2⅔,
// 27⅙ — where six rounded digits (35.6667) would hide that it is exact; other values read as
// formatTime writes them. Files (CSV, JSON) keep formatNumber's full digits.
#pragma once

#include <QString>

namespace mr::ui {

QString timeText(double seconds);

}  // namespace mr::ui
